"""Merlin's terminal in tests: a view drawn to plain text, and a console whose person types
scripted answers into the move menu and its forms."""

from __future__ import annotations

import io

from rich.console import Console

from tradingfloor.games.merlin import terminal

from .helpers import GAME


def text_of(renderable: object, width: int = 200) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None)
    console.print(renderable)
    return console.file.getvalue()  # type: ignore[attr-defined]


def drawn(state: object, seat: int | None, width: int = 200) -> str:
    """The terminal's drawing of `seat`'s view of `state` (None: a spectator's)."""
    return text_of(terminal.render(GAME.view(state, seat)), width)


def scripted(*answers: str) -> Console:
    """A console whose person types `answers`, one per prompt."""
    replies = iter(answers)
    console = Console(file=io.StringIO(), width=200, color_system=None)
    console.input = lambda prompt="": next(replies)  # type: ignore[method-assign]
    return console


def menu_number(legal: object, kind: str) -> str:
    """The number the menu gives the first move of type `kind`."""
    entries = legal.describe()["actions"]  # type: ignore[attr-defined]
    return str(next(i for i, e in enumerate(entries, 1) if e["type"] == kind))
