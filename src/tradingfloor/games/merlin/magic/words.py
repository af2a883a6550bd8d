"""The magic module in words: each part's move labels, form titles, field labels, notes and event
texts, gathered for merlin/words.py and merlin/logbook.py.

Each part (labs.py, spells.py, ...) may define `LABELS` (move type -> label maker), `FORM_TITLES`,
`FIELD_LABELS`, `NOTES` and `EVENTS` (event kind -> text maker), in the draft's terms.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tradingfloor.games.merlin.state import MerlinState

Labeller = Callable[[MerlinState, int, Any], str]
Teller = Callable[[Mapping[str, Any]], str]


@dataclass(frozen=True)
class Words:
    labels: dict[str, Labeller] = field(default_factory=dict)
    form_titles: dict[str, str] = field(default_factory=dict)
    field_labels: dict[str, str] = field(default_factory=dict)
    notes: dict[str, str] = field(default_factory=dict)
    events: dict[str, Teller] = field(default_factory=dict)


def gathered() -> Words:
    """Every part's words in one place."""
    from tradingfloor.games.merlin.magic import (
        crowns,
        decrees,
        exits,
        golem_fights,
        golems,
        labs,
        potions,
        readings,
        shops,
        spells,
        votes,
    )

    return gather(
        (
            exits,
            labs,
            spells,
            potions,
            shops,
            golems,
            golem_fights,
            decrees,
            crowns,
            votes,
            readings,
        )
    )


def gather(parts: Iterable[Any]) -> Words:
    """The LABELS, FORM_TITLES, FIELD_LABELS, NOTES and EVENTS of `parts` (modules), in order:
    a later part's entry replaces an earlier one's."""
    words = Words()
    for part in parts:
        words.labels.update(getattr(part, "LABELS", {}))
        words.form_titles.update(getattr(part, "FORM_TITLES", {}))
        words.field_labels.update(getattr(part, "FIELD_LABELS", {}))
        words.notes.update(getattr(part, "NOTES", {}))
        words.events.update(getattr(part, "EVENTS", {}))
    return words
