"""A seat's (or a spectator's) view drawn as text by the game's own terminal renderer."""

from __future__ import annotations

import importlib
import io
from collections.abc import Callable, Mapping
from typing import Any

from rich.console import Console, RenderableType
from rich.pretty import Pretty

WIDTH = 120  # characters a line: the terminal renderers' tables fit in it

Renderer = Callable[[Mapping[str, Any]], RenderableType]


def renderer(game_id: str) -> Renderer:
    """`tradingfloor.games.<id>.terminal.render`, or a pretty-printed view for a game without."""
    name = f"tradingfloor.games.{game_id}.terminal"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name != name:
            raise
        return Pretty
    draw: Renderer = module.render
    return draw


def as_text(drawing: RenderableType, width: int = WIDTH) -> str:
    """What a terminal `width` characters wide would show, without colours or styles."""
    console = Console(file=io.StringIO(), width=width, color_system=None, force_terminal=False)
    console.print(drawing)
    text: str = console.file.getvalue()  # type: ignore[attr-defined]
    return text
