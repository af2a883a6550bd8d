"""What a game tells people before they play: its short guide, a line about it, its rules notes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

# The rules notes' one home is the repository's docs/rules/; a wheel carries them beside the code,
# in tradingfloor/rules_notes/ (setup.py), where a source checkout has no such folder.
_SHIPPED = Path(__file__).resolve().parents[1] / "rules_notes"
_SOURCE = Path(__file__).resolve().parents[3] / "docs" / "rules"
RULES_DIR = _SHIPPED if _SHIPPED.is_dir() else _SOURCE


def how_to_play(game: Any) -> str | None:
    """The game's short player's guide (Markdown), where it has one."""
    guide = getattr(game, "how_to_play", None)
    return guide() if callable(guide) else None


def blurb(game: Any) -> str:
    """A paragraph about the game: its guide's first paragraph, else its docstring's first line."""
    for paragraph in (how_to_play(game) or "").split("\n\n"):
        text = " ".join(line.strip() for line in paragraph.strip().splitlines())
        if text and not text.startswith(("#", "-", "*", "|")):
            return text
    doc = (type(game).__doc__ or "").strip()
    return doc.splitlines()[0] if doc else ""


def rules_notes(game_id: str) -> str | None:
    """The game's rules notes (Markdown, every ruling), where this install has them."""
    if not game_id.replace("-", "_").isidentifier():
        return None  # a game id, never a path
    notes = RULES_DIR / f"{game_id}.md"
    return notes.read_text(encoding="utf-8") if notes.is_file() else None
