"""The finance module in words: each part's move labels, form titles, field labels, notes and
event texts, gathered for merlin/words.py and merlin/logbook.py (as magic/words.py does)."""

from __future__ import annotations

from tradingfloor.games.merlin.magic.words import Words, gather


def gathered() -> Words:
    """Every part's words in one place."""
    from tradingfloor.games.merlin.finance import module

    return gather(module.WORDS)
