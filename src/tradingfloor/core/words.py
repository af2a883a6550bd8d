"""Seats in a game's words: every game writes a seat as `{seat:N}` (or `{seat:N}'s`), and each
interface puts in the name it knows (the web page the names at the table, the terminal "you" or
"seat N"). The games write their texts; `fill` names the seats."""

from __future__ import annotations

import re
from collections.abc import Callable

SEAT = re.compile(r"\{seat:(-?\d+)\}('s)?")


def seat(number: int) -> str:
    """A seat in a text, for the interface to name."""
    return f"{{seat:{number}}}"


def fill(text: str, name: Callable[[int], str], me: int | None = None) -> str:
    """`text` with every seat named: `name(seat)`, and "you"/"your" for `me`."""

    def one(match: re.Match[str]) -> str:
        number, possessive = int(match.group(1)), match.group(2)
        if number == me:
            return "your" if possessive else "you"
        return name(number) + (possessive or "")

    return SEAT.sub(one, text)


def capital(text: str) -> str:
    """`text` with its first letter in capitals (a line may start with "you")."""
    return text[:1].upper() + text[1:]
