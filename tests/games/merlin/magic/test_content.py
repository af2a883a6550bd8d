"""The magic module's content files: the defaults load, every card cites the draft, and a bad file
is refused with the file, the line and what is wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.games.merlin.helpers import GAME
from tradingfloor.core.errors import BadOptions
from tradingfloor.games.merlin.magic.content import DATA, load

MAGIC = ["economy", "magic"]


def upload(name: str, text: str) -> dict[str, object]:
    return {"players": 4, "modules": MAGIC, "content": {"files": {name: text}}}


def test_the_default_content_has_every_card_of_the_design() -> None:
    """MERLIN-MODULES.md §2.10: 10 spells, 8 recipes, 10 readings (2 copies each), 8 regulations;
    RULINGS Merlin 1: every card "with the draft sentence that motivated it"."""
    content = load(None)
    assert len(content.deck_of("spells")) == 20 and len(content.deck_of("potions")) == 16
    assert len(content.deck_of("readings")) == 20 and len(content.regulations) == 8
    cards = [*content.spells.values(), *content.potions.values(), *content.readings.values()]
    assert all(card.draft for card in [*cards, *content.regulations.values()])


def test_the_full_deck_has_52_cards_and_the_jokers_come_with_the_option() -> None:
    """Game Setup: "Playing card without the jokers"; Jokers (Optional)."""
    assert len(GAME.new({"players": 4, "modules": MAGIC}, 1).economy.deck) == 52
    assert len(GAME.new({"players": 4, "modules": MAGIC, "jokers": True}, 1).economy.deck) == 54
    with pytest.raises(BadOptions, match="magic module"):
        GAME.new({"players": 4, "jokers": True}, 1)


def test_a_bad_spell_is_refused_with_its_file_line_and_fault() -> None:
    text = (DATA / "spells.toml").read_text(encoding="utf-8")
    bad = text.replace('target = "player"', 'target = "everyone"', 1)
    line = bad.splitlines().index('target = "everyone"') + 1
    with pytest.raises(BadOptions) as refused:
        GAME.new(upload("spells.toml", bad), 1)
    said = str(refused.value)
    assert said.startswith(f"spells.toml, line {line} (the spell Pickpocket): target")
    assert "'player'" in said


def test_a_crystal_ball_that_is_easily_waived_is_refused() -> None:
    """Future reading cards: "Crystal Ball predictions have a higher chance of occurring"."""
    text = (DATA / "readings.toml").read_text(encoding="utf-8")
    bad = text.replace("waived_by = [2, 12]", "waived_by = [6, 8]", 1)
    with pytest.raises(
        BadOptions, match=r"readings.toml, line \d+ \(the reading Merchant Subsidy\)"
    ):
        GAME.new(upload("readings.toml", bad), 1)


def test_toml_that_does_not_parse_is_refused_by_name() -> None:
    with pytest.raises(BadOptions, match=r"potions\.toml is not valid TOML"):
        GAME.new(upload("potions.toml", "[[potion]\nname ="), 1)


def test_a_content_folder_replaces_a_file_and_keeps_the_others(tmp_path: Path) -> None:
    text = (DATA / "magic.toml").read_text(encoding="utf-8").replace("per_turn = 1", "per_turn = 2")
    (tmp_path / "magic.toml").write_text(text, encoding="utf-8")
    content = load(str(tmp_path))
    assert content.figures.readings.per_turn == 2 and len(content.spells) == 10


def test_a_drought_must_name_its_commodity() -> None:
    text = (DATA / "readings.toml").read_text(encoding="utf-8")
    bad = text.replace('commodity = "essence_grain"\n', "", 1)
    with pytest.raises(BadOptions, match=r"\(the reading Drought\): a drought card names"):
        GAME.new(upload("readings.toml", bad), 1)
