"""Game-agnostic agents, and the catalogue of every bot kind a game offers."""

from __future__ import annotations

from collections.abc import Callable

from tradingfloor.agents.plugins import plugin_kinds
from tradingfloor.core.agent import Agent, RandomAgent
from tradingfloor.core.game import Game

AgentFactory = Callable[[], Agent]

# The generic kinds in a person's words: (title, one line on how strong they play).
GENERIC_WORDS: dict[str, tuple[str, str]] = {
    "random": ("Random", "Any legal move, no plan: the easiest to beat"),
    "ismcts": (
        "Searcher",
        "Strong: plays out sampled futures of its choices before every move, guided by the "
        "game's own best bot; thinks a while",
    ),
    "ismcts-tree": (
        "Tree searcher",
        "Searches a tree of 100 sampled futures a move, with no bot to guide it; thinks a while",
    ),
}


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


def bot_words(game: Game) -> dict[str, dict[str, str]]:
    """Each bot kind of `game` for people: {kind: {"title": "Beginner", "strength": "..."}}.

    A kind's factory may say it with class attributes `title` and `strength`; the generic kinds
    have their own words; any other kind is named after its id."""
    words: dict[str, dict[str, str]] = {}
    for kind, factory in kinds(game).items():
        title, strength = GENERIC_WORDS.get(kind, (None, None))
        title = getattr(factory, "title", None) or title
        strength = getattr(factory, "strength", None) or strength
        words[kind] = {
            "title": str(title) if title else _named(kind),
            "strength": str(strength) if strength else "",
        }
    return words


def _named(kind: str) -> str:
    text = kind.replace("_", " ").replace("-", " ").strip()
    return text[:1].upper() + text[1:]


def make_agent(game: Game, kind: str) -> Agent:
    """A fresh agent of `kind` for `game`; an unknown kind raises ValueError listing the kinds."""
    catalogue = kinds(game)
    if kind not in catalogue:
        raise ValueError(
            f"unknown bot kind {kind!r} for {game.id}; choose from {', '.join(catalogue)}"
        )
    return catalogue[kind]()


def with_time_limit(agent: Agent, seconds: float) -> Agent:
    """`agent` bounded to `seconds` a decision where it takes a bound (a searching agent's
    `time_limit`: it stops there with what it has); any other agent as it is."""
    if hasattr(agent, "time_limit"):
        agent.time_limit = seconds
    return agent


__all__ = ["Agent", "AgentFactory", "bot_words", "kinds", "make_agent", "with_time_limit"]
