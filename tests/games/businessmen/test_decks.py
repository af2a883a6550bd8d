"""The decks data file: the default's balance, and bad files refused with the line named."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

import tradingfloor
from tradingfloor.core.errors import BadOptions
from tradingfloor.games.businessmen.decks import DeckError, load_decks, parse_decks
from tradingfloor.games.businessmen.names import GOODS

GOOD_FILE = """\
events_wheel = ["nothing"]

[[goods_cards]]
oil = 6

[[export_cards]]
goods = ["oil"]

[[price_wheel]]
up = "fish"
down = "wood"
"""


def test_default_goods_cards_are_balanced() -> None:
    decks = load_decks()
    assert len(decks.goods_cards) == 30
    per_good: Counter[tuple[int, int]] = Counter()
    for card in decks.goods_cards:
        assert sorted(q for q in card if q) == [3, 4, 5, 6]  # 4 goods with 6, 5, 4, 3
        per_good.update((g, q) for g, q in enumerate(card) if q)
    assert all(per_good[g, q] == 5 for g in range(6) for q in (3, 4, 5, 6))
    assert (6, 5, 4, 3, 0, 0) in decks.goods_cards  # the rule text's example card


def test_default_export_cards_are_balanced() -> None:
    decks = load_decks()
    assert len(decks.export_cards) == 12
    assert all(len(card) == 3 for card in decks.export_cards)
    counts = Counter(g for card in decks.export_cards for g in card)
    assert set(counts.values()) == {6} and len(counts) == 6


def test_default_wheels() -> None:
    decks = load_decks()
    shocks = [s for s in decks.price_wheel if not s.embargo]
    embargoes = [s for s in decks.price_wheel if s.embargo]
    assert len(shocks) == 8 and len(embargoes) == 4
    assert all(s.up_by == 3 and s.down_by == 5 for s in shocks)
    # "each one good up 3 and another down 5"; "each naming two goods"
    assert all(s.up is not None and s.down is not None and s.up != s.down for s in shocks)
    assert all(len(set(s.embargo)) == 2 for s in embargoes)
    assert all(s.up is None and s.down is None for s in embargoes)
    assert Counter(decks.events_wheel) == {0: 2, 1: 2, 2: 2, None: 2}  # warehouse, loader, manager
    fish, wood, metal = (GOODS.index(n) for n in ("fish", "wood", "metal"))
    assert any(s.up == fish and s.down == wood for s in shocks)  # the text's option 1
    assert any(set(s.embargo) == {metal, wood} for s in embargoes)  # the text's option 2


def test_a_good_file_loads() -> None:
    decks = parse_decks(GOOD_FILE)
    assert decks.goods_cards == ((6, 0, 0, 0, 0, 0),)
    assert decks.events_wheel == (None,)


@pytest.mark.parametrize(
    ("broken", "line", "words"),
    [
        (
            GOOD_FILE.replace("oil = 6", "oil = 0"),
            4,
            "goods_cards 1, oil: must be a whole number from 1 to 25",
        ),
        (GOOD_FILE.replace('down = "wood"', 'down = "tea"'), 11, "down"),
        (GOOD_FILE.replace('"nothing"', '"weather"'), 1, "events_wheel"),
        (GOOD_FILE.replace('goods = ["oil"]', 'goods = ["oil", "oil"]'), 6, "at most once"),
        (GOOD_FILE.replace('down = "wood"', 'embargo = ["wood"]'), 9, "not both"),
        (GOOD_FILE.replace("oil = 6", "oil = = 6"), 4, "not valid TOML"),
        (GOOD_FILE.replace('down = "wood"', 'down = "fish"'), 9, "not the same one"),
        (GOOD_FILE.replace('up = "fish"\ndown = "wood"', 'embargo = ["oil", "oil"]'), 9, "once"),
    ],
)
def test_a_bad_file_names_its_line(broken: str, line: int, words: str) -> None:
    with pytest.raises(DeckError) as caught:
        parse_decks(broken, "my.toml")
    message = str(caught.value)
    assert f"line {line}" in message and words in message and "my.toml" in message


def test_the_decks_option_replaces_the_default(tmp_path: Path) -> None:
    game = tradingfloor.make("businessmen")
    path = tmp_path / "decks.toml"
    path.write_text(GOOD_FILE)
    state = game.new({"players": 2, "decks": str(path)}, seed=1)
    assert state.decks.goods_cards == ((6, 0, 0, 0, 0, 0),)
    path.write_text(GOOD_FILE.replace("oil = 6", "oil = -1"))
    with pytest.raises(BadOptions, match="line 4"):
        game.new({"players": 2, "decks": str(path)}, seed=1)
    with pytest.raises(BadOptions, match="no decks called"):
        game.new({"players": 2, "decks": "/etc/passwd"}, seed=1)
    with pytest.raises(BadOptions, match="cannot read"):
        game.new({"players": 2, "decks": str(tmp_path / "missing.toml")}, seed=1)


def test_shipped_variants_are_named_in_the_options_schema() -> None:
    game = tradingfloor.make("businessmen")
    decks = game.schemas()["options"]["properties"]["decks"]
    assert decks["title"] == "Cards and roulettes" and decks["designer"] is True
    assert decks["examples"] == ["default", "gentle"]
    # The gentle roulette: half its 12 sectors do nothing; the rest is the default file.
    gentle = game.new({"players": 2, "decks": "gentle"}, seed=1).decks
    assert len(gentle.events_wheel) == 12 and gentle.events_wheel.count(None) == 6
    assert gentle.goods_cards == load_decks().goods_cards
    assert gentle.price_wheel == load_decks().price_wheel
    assert game.new({"players": 2, "decks": "default"}, seed=1).decks == load_decks()


def test_an_uploaded_decks_file_is_sent_as_text() -> None:
    game = tradingfloor.make("businessmen")
    state = game.new({"players": 2, "decks": {"files": {"mine.toml": GOOD_FILE}}}, seed=1)
    assert state.decks.goods_cards == ((6, 0, 0, 0, 0, 0),)
    broken = {"files": {"mine.toml": GOOD_FILE.replace("oil = 6", "oil = 0")}}
    with pytest.raises(BadOptions, match=r"mine\.toml, line 4 \(goods_cards 1, oil\)|mine\.toml"):
        game.new({"players": 2, "decks": broken}, seed=1)
    with pytest.raises(BadOptions, match="upload one decks file"):
        game.new({"players": 2, "decks": {"files": {"a.toml": GOOD_FILE, "b.toml": GOOD_FILE}}})
    with pytest.raises(BadOptions, match=r"a \.toml file"):
        game.new({"players": 2, "decks": {"files": {"cards.txt": GOOD_FILE}}})
    # What the lobby sends replays from the record: the options hold the text itself.
    assert game.options({"decks": {"files": {"mine.toml": GOOD_FILE}}})["decks"] == {
        "files": {"mine.toml": GOOD_FILE}
    }


def test_a_folder_typed_at_the_command_line_holds_decks_toml(tmp_path: Path) -> None:
    game = tradingfloor.make("businessmen")
    (tmp_path / "decks.toml").write_text(GOOD_FILE)
    state = game.new({"players": 2, "decks": str(tmp_path)}, seed=1)
    assert state.decks.events_wheel == (None,)


def test_bad_options_are_refused_in_words() -> None:
    game = tradingfloor.make("businessmen")
    cases = {
        "Players must be at most 4": {"players": 5},
        "Victory points to win must be a whole number, 1 or more": {"goal": 0},
        "Businessmen has no option called 'colour'": {"colour": "red"},
        "Most rounds must be a whole number": {"max_rounds": 2.5},
        "there are no decks called 'nonesuch'": {"decks": "nonesuch"},
    }
    for words, options in cases.items():
        with pytest.raises(BadOptions) as refused:
            game.new(options, seed=1)
        assert words in str(refused.value), (options, str(refused.value))
        assert "Input should" not in str(refused.value)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (("oil = 6", "oil = 26"), "goods_cards 1, oil: must be a whole number from 1 to 25"),
        (("oil = 6", "oil = 1000000000000000000"), "oil: must be a whole number from 1 to 25"),
        (("oil = 6", "oil = 6.0"), "oil: must be a whole number from 1 to 25"),
        (("oil = 6", "oil = true"), "oil: must be a whole number from 1 to 25"),
        (("oil = 6", 'oil = "6"'), "oil: must be a whole number from 1 to 25"),
        (("oil = 6", "oil = nan"), "oil: must be a whole number from 1 to 25"),
        (('down = "wood"', 'down = "wood"\ndown_by = 10'), "price_wheel 1, down_by: must be"),
        (
            ('down = "wood"', 'down = "wood"\nup_by = 0'),
            "up_by: must be a whole number from 1 to 9",
        ),
    ],
)
def test_every_number_of_a_decks_file_is_bounded(change: tuple[str, str], words: str) -> None:
    # The bounds are the project's (docs/rules/businessmen.md, "The decks are data").
    with pytest.raises(DeckError) as caught:
        parse_decks(GOOD_FILE.replace(*change), "mine.toml")
    assert words in str(caught.value) and "mine.toml, line" in str(caught.value)


def test_the_bounds_of_a_decks_file_fit_the_table() -> None:
    from tradingfloor.games.businessmen import decks
    from tradingfloor.games.businessmen.state import PRICE_MAX, PRICE_MIN, SUPPLY_PER_GOOD

    assert decks.UNITS == (1, SUPPLY_PER_GOOD)  # no card brings more than a good's supply
    assert decks.MOVE == (1, PRICE_MAX - PRICE_MIN)  # a shock crosses the whole scale at most
    default = load_decks()
    assert max(max(card) for card in default.goods_cards) <= decks.UNITS[1]
    assert len(default.goods_cards) <= decks.MOST_CARDS


def test_a_decks_file_has_bounded_size_and_counts() -> None:
    game = tradingfloor.make("businessmen")
    many = GOOD_FILE + "\n[[goods_cards]]\noil = 1\n" * 100
    with pytest.raises(DeckError, match=r"goods_cards: holds at most 100 entries"):
        parse_decks(many, "mine.toml")
    sectors = GOOD_FILE.replace('["nothing"]', "[" + ", ".join(['"nothing"'] * 61) + "]")
    with pytest.raises(DeckError, match=r"events_wheel: holds at most 60 entries"):
        parse_decks(sectors, "mine.toml")
    with pytest.raises(DeckError, match=r"mine\.toml: its lists are nested too deeply"):
        parse_decks("a = " + "[" * 5000, "mine.toml")
    with pytest.raises(DeckError, match=r"mine\.toml: cannot be read"):
        parse_decks("a = " + "9" * 5000, "mine.toml")
    huge = {"files": {"mine.toml": GOOD_FILE + "#" * 50_000}}
    with pytest.raises(BadOptions, match="at most 50000 characters"):
        game.options({"decks": huge})
    for absurd in ({"goal": 10**18}, {"max_rounds": 1e18}, {"players": 10**18}):
        with pytest.raises(BadOptions, match="must be"):
            game.new(absurd, seed=1)
        with pytest.raises(BadOptions, match="must be"):
            game.options(absurd)
