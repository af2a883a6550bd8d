"""The errors every game and service raises, each with a message a person can act on."""

from __future__ import annotations

from typing import Any


class TradingfloorError(Exception):
    """Base of every error the project raises on purpose."""


class IllegalAction(TradingfloorError):
    """An action that the rules refuse; the state it was tried on is unchanged."""

    def __init__(self, why: str, seat: int | None = None, action: Any = None) -> None:
        super().__init__(why)
        self.why = why
        self.seat = seat
        self.action = action

    def __str__(self) -> str:
        who = "" if self.seat is None else f"seat {self.seat}: "
        return f"{who}{self.why}"


class BadOptions(TradingfloorError):
    """Match options that the game does not accept."""

    plain = False
    """Whether the message was made by `core.plain` (in words, from the options' titles)."""


class UnknownGame(TradingfloorError):
    """A game id that is not registered."""


class BadRecord(TradingfloorError):
    """A match record that cannot be read or replayed."""
