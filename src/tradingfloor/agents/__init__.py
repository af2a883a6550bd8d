"""Game-agnostic agents, and the catalogue of every bot kind a game offers."""

from __future__ import annotations

from collections.abc import Callable

from tradingfloor.agents.plugins import plugin_kinds
from tradingfloor.core.agent import Agent, RandomAgent
from tradingfloor.core.game import Game

AgentFactory = Callable[[], Agent]


def kinds(game: Game) -> dict[str, AgentFactory]:
    """Every bot kind available for `game`: the generic agents plus the game's own bots."""
    catalogue: dict[str, AgentFactory] = {"random": RandomAgent}
    catalogue.update(game.bots())
    catalogue["ismcts"] = _ismcts
    catalogue["ismcts-tree"] = _ismcts_tree
    # Trained or third-party agents from files (TRADINGFLOOR_AGENTS) or `register_kind`.
    catalogue.update(plugin_kinds(game))
    return catalogue


def _ismcts() -> Agent:
    """ISMCTS at its default budget (imported on use: search is not needed to list the kinds)."""
    from tradingfloor.agents.ismcts import ISMCTSAgent

    return ISMCTSAgent()


def _ismcts_tree() -> Agent:
    """ISMCTS's tree search at its default budget, even where the game has a prior bot."""
    from tradingfloor.agents.ismcts import ISMCTSAgent

    return ISMCTSAgent(search="tree")


def make_agent(game: Game, kind: str) -> Agent:
    """A fresh agent of `kind` for `game`; an unknown kind raises ValueError listing the kinds."""
    catalogue = kinds(game)
    if kind not in catalogue:
        raise ValueError(
            f"unknown bot kind {kind!r} for {game.id}; choose from {', '.join(catalogue)}"
        )
    return catalogue[kind]()


__all__ = ["Agent", "AgentFactory", "kinds", "make_agent"]
