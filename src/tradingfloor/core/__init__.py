"""The game-agnostic contract: games, actions, spaces, chance, records, registry, conformance."""

from tradingfloor.core.actions import Action, ActionCodec
from tradingfloor.core.agent import Agent, Decision, RandomAgent, decision_for
from tradingfloor.core.errors import (
    BadOptions,
    BadRecord,
    IllegalAction,
    TradingfloorError,
    UnknownGame,
)
from tradingfloor.core.game import Event, Game, Result, State, visible_events
from tradingfloor.core.record import MatchRecord, Move, replay
from tradingfloor.core.registry import games, make, register
from tradingfloor.core.rng import Rng, RngCursor
from tradingfloor.core.spaces import ActionSpace, ChoiceSpace, NoActions, UnionSpace

__all__ = [
    "Action",
    "ActionCodec",
    "ActionSpace",
    "Agent",
    "BadOptions",
    "BadRecord",
    "ChoiceSpace",
    "Decision",
    "Event",
    "Game",
    "IllegalAction",
    "MatchRecord",
    "Move",
    "NoActions",
    "RandomAgent",
    "Result",
    "Rng",
    "RngCursor",
    "State",
    "TradingfloorError",
    "UnionSpace",
    "UnknownGame",
    "decision_for",
    "games",
    "make",
    "register",
    "replay",
    "visible_events",
]
