"""Bot kinds from files: a trained agent (or any agent) seated by a path, with no code to edit.

`TRADINGFLOOR_AGENTS="name=path/to/agent.py[,other=path/to/other.py]"` adds each `name` to the bot
kinds of the games its file plays. The file defines `GAMES` (the game ids it plays) and
`make_agent()`, which returns an `Agent`. `register_kind` does the same from code.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from tradingfloor.core.agent import Agent
from tradingfloor.core.game import Game

ENV = "TRADINGFLOOR_AGENTS"
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
    """The kinds registered from code and from the files named in TRADINGFLOOR_AGENTS."""
    out = {name: factory for (game_id, name), factory in _registered.items() if game_id == game.id}
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
