"""What insurance covers: the forms a quote pays on, the sets of numbers offered, and their words
(MERLIN-MODULES.md §3.5), for insurance.py (writing and buying) and payouts.py (paying out).

Insurance: "Selling insurance on statistical chances can be as simple as "If the next roll is a
2,3, or 5. Pays 3:1" to more complex derivatives like "If a spell is played to block production of
souls on your property and the number on the land is rolled. Pays 14:3""
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tradingfloor.games.merlin.words import goods

EVENT_FORMS: tuple[str, ...] = ("spell_on_buyer", "golem_damage_on_buyer", "land_blocked")
"""The forms that pay on what happens to the buyer (the others pay on the dice)."""
PAYS_ON = ("numbers", "seven", *EVENT_FORMS)
NUMBER_SETS: tuple[tuple[int, ...], ...] = (
    (),
    *((n,) for n in range(2, 13)),
    (2, 3, 5),  # Insurance: "If the next roll is a 2,3, or 5. Pays 3:1"
    (2, 12),
    (3, 11),
    (4, 10),
    (5, 9),
    (6, 8),
    (2, 3, 12),
)
"""The sets of numbers a form offers (a move given as JSON may name any set)."""


def numbers_words(numbers: Sequence[int]) -> str:
    """ "5", "2 or 3", "2, 3 or 5"."""
    texts = [str(n) for n in numbers]
    if len(texts) <= 1:
        return "".join(texts) or "nothing"
    return f"{', '.join(texts[:-1])} or {texts[-1]}"


def cover_words(numbers: Sequence[int], form: str | None, commodity: str | None, rolls: int) -> str:
    """What insurance pays on: "the next roll is a 2, 3 or 5", "a spell is cast at the buyer
    this turn or in the next 3 turns"."""
    if form not in EVENT_FORMS:
        said = numbers_words(numbers)
        if rolls == 1:
            return f"the next roll is a {said}"
        return f"one of the next {rolls} rolls is a {said}"
    while_ = "this turn or the next" if rolls == 1 else f"this turn or in the next {rolls} turns"
    if form == "spell_on_buyer":
        return f"a spell is cast at the buyer {while_}"
    if form == "golem_damage_on_buyer":
        return f"a golem damages one of the buyer's properties {while_}"
    name = goods(commodity) if commodity else "commodity"
    return f"a spell blocks one of the buyer's {name} lands {while_}"


PAYS_ON_WORDS = {
    "numbers": "the numbers named",
    "seven": "a 7",
    "spell_on_buyer": "a spell cast at the buyer",
    "golem_damage_on_buyer": "a golem's damage to the buyer's property",
    "land_blocked": "a spell blocking the buyer's land of the commodity named",
}


def choice_words(field: str, value: Any) -> str | None:
    """A form choice of insurance in words (for merlin/words.py), or None when the field is not
    insurance's: what a quote pays on, a set of numbers, a quote."""
    if field == "event" and value in PAYS_ON_WORDS:
        return PAYS_ON_WORDS[value]
    if field == "numbers" and isinstance(value, (tuple, list)):
        return numbers_words(value) if value else "none (it pays on an event)"
    if field == "quote" and isinstance(value, int):
        return f"No. {value}"
    return None
