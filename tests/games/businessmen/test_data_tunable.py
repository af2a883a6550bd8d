"""Businessmen's figures by name (`data.<path>`): listed, honoured by both engines, refused in
words, and the printed game unchanged when none is given."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.games.businessmen.helpers import GAME
from tradingfloor.core.errors import BadOptions
from tradingfloor.games.businessmen import fast
from tradingfloor.games.businessmen.state import BusinessmenState
from tradingfloor.sim.run import prepared, run
from tradingfloor.sim.spec import RunSpec
from tradingfloor.sim.vectorized import vectorized_engine

FIGURES = "games/businessmen/figures.py"
DECKS = "games/businessmen/data/default.toml"
GOODS = "one of oil, wood, metal, meat, grain, fish"


def test_every_figure_is_listed_with_its_default_and_its_file() -> None:
    listed = {name: (default, takes, where) for name, default, takes, where in GAME.data_figures()}
    assert list(listed)[:6] == [
        "data.setup.start_coins",
        "data.setup.start_price",
        "data.setup.supply_per_good",
        "data.setup.rise",
        "data.setup.skip_vp",
        "data.setup.skip_pay",
    ]
    assert listed["data.setup.start_coins"] == (10, "a whole number from 0 to 1,000", FIGURES)
    assert listed["data.setup.start_price"] == (3, "a whole number from 1 to 10", FIGURES)
    assert listed["data.goods_cards.0.oil"] == (6, "a whole number from 1 to 25", DECKS)
    assert listed["data.export_cards.0.goods.2"] == ("grain", GOODS, DECKS)
    assert listed["data.price_wheel.0.up"] == ("fish", GOODS, DECKS)
    assert listed["data.price_wheel.0.up_by"] == (3, "a whole number from 1 to 9", DECKS)
    assert listed["data.price_wheel.2.embargo.1"] == ("wood", GOODS, DECKS)
    assert "data.price_wheel.2.up_by" not in listed  # an embargo moves no price
    assert listed["data.events_wheel.3"][0] == "nothing"
    # The setup's 6; 8 events, 30 cards of 4 goods, 12 exports of 3, 8 shocks x 4, 4 embargoes x 2.
    assert len(listed) == 6 + 8 + 120 + 36 + 40


def round_two(options: dict[str, Any], seed: int = 4) -> BusinessmenState:
    """A two-player game to the start of round 2's buying: seat 0 skips round 1, seat 1 plays
    and passes at every step, so no car is sent and every price moves only by the rules."""
    state = GAME.new({"players": 2, **options}, seed)
    while not (GAME.view(state, None)["round"] == 2 and GAME.view(state, None)["phase"] == "buy"):
        seat = GAME.actors(state)[0]
        menu = [action.to_json() for action in GAME.legal(state, seat).enumerate() or []]
        if GAME.view(state, None)["phase"] == "declare":
            chosen = {"type": "skip" if seat == 0 else "play"}
        else:
            chosen = {"type": "pass"} if {"type": "pass"} in menu else menu[0]
        state = GAME.apply(state, seat, GAME.parse_action(chosen))
    return state


def coins_and_prices(state: BusinessmenState) -> tuple[list[int], dict[str, int]]:
    view = GAME.view(state, None)
    return [player["coins"] for player in view["players"]], view["prices"]


def test_figures_set_by_name_change_a_played_game_as_the_rules_say() -> None:
    # The printed game: 10 coins each, prices at 3. Round 1's price sector (this seed): metal up
    # 3, fish down 5; no car is sent, so every good then rises 3 (fish from the floor of 1).
    printed = coins_and_prices(round_two({}))
    prices = {"oil": 6, "wood": 6, "metal": 9, "meat": 6, "grain": 6, "fish": 4}
    assert printed == ([20, 10], prices)
    figures = {
        "data.setup.start_coins": 15,
        "data.setup.start_price": 2,
        "data.setup.rise": 1,
        "data.setup.skip_pay": 4,
    }
    state = round_two(figures)
    # 15 coins each, and the skipper is paid 4; prices start at 2, the same shock, then rise 1.
    assert coins_and_prices(state) == (
        [19, 15],
        {"oil": 3, "wood": 3, "metal": 6, "meat": 3, "grain": 3, "fish": 2},
    )
    assert GAME.options(figures)["data"] == {
        "setup.start_coins": 15,
        "setup.start_price": 2,
        "setup.rise": 1,
        "setup.skip_pay": 4,
    }


def test_the_words_quote_the_matchs_figures() -> None:
    figures = {"data.setup.rise": 1, "data.setup.skip_vp": 2, "data.setup.skip_pay": 4}
    for options, vp, pay, rise in (({}, 1, 10, 3), (figures, 2, 4, 1)):
        start = GAME.new({"players": 2, **options}, 4)
        assert f"A skip costs {vp} VP now and brings {pay} coins" in GAME.view(start, 0)["help"]
        skip = GAME.parse_action({"type": "skip"})
        assert GAME.move_words(start, 0, skip) == (
            f"Skip this round (−{vp} VP now, +{pay} coins as the next round starts)"
        )
        texts = [event["text"] for event in GAME.view(round_two(options), None)["events"]]
        assert f"{{seat:0}} skipped round 1: −{vp} VP" in texts
        assert any(f"the others rose {rise}): " in text for text in texts)


def test_the_supply_and_a_cards_units_are_the_figures_given() -> None:
    state = GAME.new({"data.setup.supply_per_good": 20, "data.setup.start_coins": 0}, 1)
    view = GAME.view(state, None)
    assert set(view["supply"].values()) == {20}
    assert [player["coins"] for player in view["players"]] == [0] * 4
    changed = GAME.new({"data.goods_cards.0.oil": 2, "data.price_wheel.0.up_by": 7}, 1)
    assert changed.decks.goods_cards[0][0] == 2 and changed.decks.price_wheel[0].up_by == 7
    assert GAME.new({}, 1).decks.goods_cards[0][0] == 6


def test_the_printed_game_reads_as_it_always_has() -> None:
    assert GAME.options({}) == {"players": 4, "goal": 20, "decks": None, "max_rounds": 100}
    assert GAME.new({}, 3) == GAME.new({"data": {}}, 3)


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"data.setup.start_cash": 5}, "no data figure 'data.setup.start_cash'; the setup's are"),
        ({"data.setup.rise": 10}, "data.setup.rise must be a whole number from 0 to 9"),
        ({"data.setup.start_coins": "ten"}, "data.setup.start_coins must be a whole number"),
        ({"data.goods_cards.0.fish": 3}, "no data figure 'data.goods_cards.0.fish'"),
        ({"data.goods_cards.0.oil": 26}, "data.goods_cards.0.oil: must be a whole number from 1"),
        ({"data.goods_cards.0": 3}, "'data.goods_cards.0' names several figures, not one"),
        ({"data.events_wheel.0": "bank"}, "data.events_wheel.0: must be one of warehouse"),
        ({"data.price_wheel.0.up": "wood"}, "a shock raises one good and lowers another"),
    ],
)
def test_a_bad_figure_is_refused_in_words(options: dict[str, Any], words: str) -> None:
    with pytest.raises(BadOptions, match=re.escape(words)) as refused:
        GAME.options(options)
    if "no data figure" in words:
        assert "tradingfloor data businessmen" in str(refused.value)


def test_the_lean_engine_plays_changed_figures_as_the_rules_engine_does() -> None:
    options = {
        "players": 3,
        "goal": 8,
        "data.setup.start_coins": 14,
        "data.setup.start_price": 4,
        "data.setup.rise": 2,
        "data.setup.skip_vp": 2,
        "data.setup.skip_pay": 6,
        "data.setup.supply_per_good": 18,
        "data.goods_cards.0.oil": 2,
        "data.price_wheel.0.up_by": 5,
    }
    spec = RunSpec("businessmen", ("heuristic",) * 3, 12, seed=5, options=options)
    tasks = prepared(spec).tasks()
    assert vectorized_engine("businessmen", tasks) is fast.run_rows
    reference = run(spec, reference=True)
    rows = fast.run_rows(tasks)
    assert rows[0]["options"]["data"]["setup.start_coins"] == 14
    for mine, theirs in zip(rows, reference, strict=True):
        assert mine == theirs, f"game {theirs['index']} (seed {theirs['seed']})"
    printed = run(RunSpec("businessmen", ("heuristic",) * 3, 12, seed=5, options={"goal": 8}))
    assert [row["record"] for row in rows] != [row["record"] for row in printed]
