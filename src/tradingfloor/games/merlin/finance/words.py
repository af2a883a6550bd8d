"""The finance module in words: each part's move labels, form titles, field labels, notes and
event texts, gathered for merlin/words.py and merlin/logbook.py (as magic/words.py does)."""

from __future__ import annotations

from tradingfloor.games.merlin.magic.words import Words


def gathered() -> Words:
    """Every part's words in one place."""
    from tradingfloor.games.merlin.finance import module

    words = Words()
    for part in module.WORDS:
        words.labels.update(getattr(part, "LABELS", {}))
        words.form_titles.update(getattr(part, "FORM_TITLES", {}))
        words.field_labels.update(getattr(part, "FIELD_LABELS", {}))
        words.notes.update(getattr(part, "NOTES", {}))
        words.events.update(getattr(part, "EVENTS", {}))
    return words
