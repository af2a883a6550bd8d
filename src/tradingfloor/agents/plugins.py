"""Bot kinds from plugins: a trained agent (or any agent) seated with no code of ours to edit.

A plugin is anything with `GAMES` (the game ids it plays) and `make_agent()`, which returns an
`Agent`. It comes from one of three places, later ones taking precedence for the same name:
- an installed package's entry point in the group `tradingfloor.agents`: its name is the kind, its
  value a module (`"mypkg.ppo_agent"`) or an object in one (`"mypkg.agents:PPO"`) with those two;
- `register_kind`, from code, for the running process;
- `TRADINGFLOOR_AGENTS="name=path/to/agent.py[,other=path/to/other.py]"`: files defining both.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import os
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from tradingfloor.core.agent import Agent
from tradingfloor.core.game import Game

ENV = "TRADINGFLOOR_AGENTS"
GROUP = "tradingfloor.agents"
AgentFactory = Callable[[], Agent]

_registered: dict[tuple[str, str], AgentFactory] = {}
_loaded: dict[tuple[str, float], ModuleType] = {}


def register_kind(game_id: str, name: str, factory: AgentFactory) -> None:
    """Add bot kind `name` to game `game_id` for this process."""
    _registered[(game_id, name)] = factory


def unregister_kind(game_id: str, name: str) -> None:
    _registered.pop((game_id, name), None)


def registered_in_code(game_id: str, name: str) -> bool:
    """Whether `name` was added with `register_kind` in this process (no other process knows it)."""
    return (game_id, name) in _registered


def plugin_kinds(game: Game) -> dict[str, AgentFactory]:
    """The kinds of installed entry points, of code, and of the files in TRADINGFLOOR_AGENTS."""
    out = {
        name: plugin.make_agent
        for name, plugin in entry_point_plugins().items()
        if game.id in plugin.GAMES
    }
    out.update(
        {name: factory for (game_id, name), factory in _registered.items() if game_id == game.id}
    )
    for name, path in _entries(os.environ.get(ENV, "")):
        module = load_agent_file(path)
        if game.id in getattr(module, "GAMES", ()):
            out[name] = module.make_agent
    return out


def _entries(setting: str) -> list[tuple[str, str]]:
    entries = []
    for item in filter(None, (part.strip() for part in setting.split(","))):
        name, sep, path = item.partition("=")
        if not sep or not name.strip() or not path.strip():
            raise ValueError(f"{ENV} entries are name=path/to/agent.py, not {item!r}")
        entries.append((name.strip(), path.strip()))
    return entries


def load_agent_file(path: str) -> ModuleType:
    """The agent file at `path`, imported once per version of the file."""
    file = Path(path).expanduser().resolve()
    if not file.is_file():
        raise ValueError(f"{ENV}: no agent file at {path}")
    key = (str(file), file.stat().st_mtime)
    if key not in _loaded:
        spec = importlib.util.spec_from_file_location(f"tradingfloor_agent_{len(_loaded)}", file)
        if spec is None or spec.loader is None:
            raise ValueError(f"{ENV}: {path} is not a Python file")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        if not callable(getattr(module, "make_agent", None)):
            raise ValueError(f"{ENV}: {path} defines no make_agent()")
        _loaded[key] = module
    return _loaded[key]


_discovered: dict[tuple[str, ...], dict[str, Any]] = {}


def entry_point_plugins() -> dict[str, Any]:
    """The installed packages' agent plugins by kind, loaded once per search path.

    A plugin that fails to load, or lacks `GAMES` or `make_agent`, raises ValueError naming the
    entry point and its package."""
    key = tuple(sys.path)
    if key not in _discovered:
        found: dict[str, Any] = {}
        owners: dict[str, str] = {}
        for point in importlib.metadata.entry_points(group=GROUP):
            owner = _owner(point)
            if point.name in found:
                raise ValueError(
                    f"agent plugin {point.name!r} is defined twice: by {owners[point.name]} and "
                    f"by {owner}; uninstall one of them"
                )
            found[point.name] = _loaded_plugin(point, owner)
            owners[point.name] = owner
        _discovered.clear()  # one search path remembered: a changed sys.path searches again
        _discovered[key] = found
    return _discovered[key]


def _owner(point: importlib.metadata.EntryPoint) -> str:
    dist = point.dist
    return f"the package {dist.name} {dist.version}" if dist is not None else "an unknown package"


def _loaded_plugin(point: importlib.metadata.EntryPoint, owner: str) -> Any:
    where = f"agent plugin {point.name!r} ({point.value}, from {owner})"
    try:
        plugin = point.load()
    except Exception as error:  # any import-time failure of third-party code
        raise ValueError(f"{where} failed to load: {type(error).__name__}: {error}") from error
    games = getattr(plugin, "GAMES", None)
    if isinstance(games, str) or not isinstance(games, tuple | list | set | frozenset):
        raise ValueError(f"{where} has no GAMES: a tuple of the game ids it plays")
    if not callable(getattr(plugin, "make_agent", None)):
        raise ValueError(f"{where} has no make_agent(): a function that returns the agent")
    return plugin
