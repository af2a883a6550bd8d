"""The rule text's worked examples, figure for figure (Olya 0, Nazar 1, Marta 2, Anton 3)."""

from __future__ import annotations

import pytest

from tests.games.businessmen.helpers import (
    ANTON,
    GAME,
    MARTA,
    NAZAR,
    OLYA,
    OPTION_1,
    OPTION_2,
    act,
    conserved,
    forced_decks,
    menu,
    tablet,
)
from tradingfloor.core.errors import IllegalAction
from tradingfloor.games.businessmen.scenario import build
from tradingfloor.games.businessmen.state import BusinessmenState


def test_phase_1_buying() -> None:
    # Olya starts; her Manager is level 2 (4 units), Anton's too; Nazar's and Marta's level 1.
    state = build(
        first=OLYA,
        phase="buy",
        decks=forced_decks(),
        seats={OLYA: {"levels": (1, 1, 2)}, ANTON: {"levels": (1, 1, 2)}},
    )
    view = GAME.view(state, None)
    assert view["market"] == {"oil": 6, "wood": 5, "metal": 4, "meat": 3, "grain": 0, "fish": 0}
    assert view["export_card"] == ["oil", "wood", "grain"]
    with pytest.raises(IllegalAction, match="at most 4 units"):
        GAME.apply(state, OLYA, GAME.parse_action({"type": "buy", "good": "wood", "units": 5}))
    state = act(state, OLYA, {"type": "buy", "good": "wood", "units": 4})
    assert tablet(state, OLYA)["coins"] == 6 and tablet(state, OLYA)["temp"] == {"wood": 4}
    with pytest.raises(IllegalAction, match="at most 3 units"):
        GAME.apply(state, NAZAR, GAME.parse_action({"type": "buy", "good": "oil", "units": 4}))
    state = act(state, NAZAR, {"type": "buy", "good": "oil", "units": 3})
    state = act(state, MARTA, {"type": "buy", "good": "meat", "units": 3})
    state = act(state, ANTON, {"type": "buy", "good": "metal", "units": 4})
    assert GAME.view(state, None)["market"]["oil"] == 3
    assert GAME.view(state, None)["market"]["wood"] == 1
    # "Since Olya already bought a Tree, she can only buy oil."
    assert {a.get("good") for a in menu(state, OLYA)} == {"oil", None}
    with pytest.raises(IllegalAction, match="already bought wood"):
        GAME.apply(state, OLYA, GAME.parse_action({"type": "buy", "good": "wood", "units": 1}))
    state = act(state, OLYA, {"type": "buy", "good": "oil", "units": 3})
    state = act(state, NAZAR, {"type": "pass"})
    state = act(state, MARTA, {"type": "buy", "good": "wood", "units": 1})
    # The market is empty: Phase 1 ends and loading begins left of Olya, with Nazar.
    assert not any(GAME.view(state, None)["market"].values())
    assert state.phase == "load" and GAME.actors(state) == (NAZAR,)
    assert [tablet(state, s)["temp"] for s in range(4)] == [
        {"wood": 4, "oil": 3},
        {"oil": 3},
        {"meat": 3, "wood": 1},
        {"metal": 4},
    ]
    assert [tablet(state, s)["coins"] for s in range(4)] == [3, 7, 6, 6]
    conserved(state)


def loading_table(sector: str = OPTION_1) -> BusinessmenState:
    """The table of the Phase 2 example, as loading begins.

    The yellow car holds 4 of Anton's fish, not the text's "5": Anton later adds one fish to it
    and is paid for 5 (RULINGS Businessmen 4; see docs/rules/businessmen.md). Round-start prices
    (the text's picture is lost) are chosen so that Phase 3's figures come out: fish 1 (+3 = 4),
    grain 5, metal 4, wood 3 (-5 stops at 1).
    """
    return build(
        first=OLYA,
        phase="load",
        decks=forced_decks(sector),
        seats={
            OLYA: {"levels": (2, 1, 2), "main": {"grain": 2}, "temp": {"wood": 4, "oil": 3}},
            NAZAR: {"levels": (1, 1, 1), "main": {"oil": 3}, "temp": {"oil": 3, "metal": 4}},
            MARTA: {
                "levels": (2, 2, 1),
                "main": {"metal": 2},
                "temp": {"grain": 5, "meat": 3, "wood": 1},
            },
            ANTON: {"levels": (2, 1, 2), "main": {"fish": 4}, "temp": {"metal": 4}},
        },
        cars={"yellow": ("fish", {ANTON: 4})},
        prices={"fish": 1, "grain": 5, "metal": 4, "wood": 3, "oil": 3, "meat": 3},
    )


def load_as_in_the_text(state: BusinessmenState) -> BusinessmenState:
    """Phase 2's loading, move by move."""
    assert GAME.actors(state) == (NAZAR,)
    state = act(state, NAZAR, {"type": "load", "car": "green", "good": "metal"})
    assert GAME.view(state, None)["cars"][2]["units"] == [0, 4, 0, 0]  # his Loader's limit, 4
    state = act(state, MARTA, {"type": "load", "car": "blue", "good": "grain"})
    assert GAME.view(state, None)["cars"][1]["units"] == [0, 0, 5, 0]
    # Anton could load yellow or green; he loads his metal first: 3 units fill the green car.
    assert {(a.get("car"), a.get("good")) for a in menu(state, ANTON)} == {
        ("yellow", "fish"),
        ("green", "metal"),
        (None, None),
    }
    state = act(state, ANTON, {"type": "load", "car": "green", "good": "metal"})
    assert GAME.view(state, None)["cars"][2]["units"] == [0, 4, 0, 3]
    # "She can only load her car (6) with one unit of grain."
    assert menu(state, OLYA) == [{"type": "load", "car": "blue", "good": "grain"}, {"type": "pass"}]
    state = act(state, OLYA, {"type": "load", "car": "blue", "good": "grain"})
    # Nazar and Marta have no options and pass; Anton loads his last fish into yellow.
    state = act(state, ANTON, {"type": "load", "car": "yellow", "good": "fish"})
    forced = [e for e in GAME.view(state, None)["events"] if e["kind"] == "pass" and e["forced"]]
    assert [e["seat"] for e in forced][:2] == [NAZAR, MARTA]
    cars = GAME.view(state, None)["cars"]
    assert [(c["good"], c["load"]) for c in cars] == [("fish", 5), ("grain", 6), ("metal", 7)]
    return state


def store_as_in_the_text(state: BusinessmenState) -> BusinessmenState:
    """Olya drops her grain; Marta abandons her wood; Nazar and Anton store everything."""
    assert state.phase == "store" and GAME.actors(state) == (OLYA,)
    assert tablet(state, OLYA)["main"] == {"wood": 4, "oil": 3, "grain": 1}
    with pytest.raises(IllegalAction, match="keeps 2 types"):
        GAME.apply(state, OLYA, GAME.parse_action({"type": "store", "keep": ["wood"]}))
    state = act(state, OLYA, {"type": "store", "keep": ["wood", "oil"]})
    assert tablet(state, NAZAR)["main"] == {"oil": 6}
    state = act(state, MARTA, {"type": "store", "keep": ["meat", "metal"]})
    return state


def test_phase_2_loading_and_storing() -> None:
    state = load_as_in_the_text(loading_table())
    state = store_as_in_the_text(state)
    assert tablet(state, OLYA)["main"] == {"wood": 4, "oil": 3}
    assert tablet(state, NAZAR)["main"] == {"oil": 6}
    assert tablet(state, MARTA)["main"] == {"metal": 2, "meat": 3}
    assert tablet(state, ANTON)["main"] == {"metal": 1, "fish": 3}
    assert all(not tablet(state, s)["temp"] for s in range(4))
    conserved(state)


def test_phase_3_option_1_shock_payouts_prices_and_exports() -> None:
    table = loading_table(OPTION_1)
    coins = [tablet(table, s)["coins"] for s in range(4)]
    state = store_as_in_the_text(load_as_in_the_text(table))
    view = GAME.view(state, None)
    sends = {e["car"]: e for e in view["events"] if e["kind"] == "send"}
    # Fish +3 to 4, wood -5 stops at 1; the cars are paid at those prices.
    wheel = next(e for e in view["events"] if e["kind"] == "price-wheel")
    assert wheel["up"] == {"good": "fish", "by": 3} and wheel["down"] == {"good": "wood", "by": 5}
    assert wheel["prices"]["fish"] == 4  # "now this product is worth 4 coins"
    assert wheel["prices"]["wood"] == 1  # "the price of the goods Tree is 1 coin"
    assert sends["yellow"]["price"] == 4 and sends["yellow"]["paid"] == {"3": 20}
    assert sends["blue"]["price"] == 5 and sends["blue"]["paid"] == {"2": 25, "0": 5}
    assert sends["green"]["price"] == 4 and sends["green"]["paid"] == {"1": 16, "3": 12}
    gained = [tablet(state, s)["coins"] - coins[s] for s in range(4)]
    assert gained == [5, 16, 25, 20 + 12]
    # 1 VP to Anton for the yellow car filled with his goods alone; the others were shared.
    assert sends["yellow"]["alone"] == ANTON and sends["yellow"]["vp"] == 1
    assert sends["blue"]["alone"] is None and sends["green"]["alone"] is None
    # Prices: fish -5, grain -6, metal -7 (all stop at 1); meat, oil and wood +3.
    assert view["prices"] == {"oil": 6, "wood": 4, "metal": 1, "meat": 6, "grain": 1, "fish": 1}
    assert all(car["load"] == 0 for car in view["cars"])
    # Exports: Olya's 4 wood for 1 VP, Nazar's 6 oil for 2 VP (he could also have sent 4).
    assert state.phase == "export" and GAME.actors(state) == (OLYA,)
    assert {a.get("units") for a in menu(state, NAZAR) if a["type"] == "export"} == set()
    state = act(state, OLYA, {"type": "export", "good": "wood", "units": 4})
    assert {a.get("units") for a in menu(state, NAZAR) if a["type"] == "export"} == {4, 6}
    state = act(state, NAZAR, {"type": "export", "good": "oil", "units": 6})
    assert [tablet(state, s)["vp"] for s in range(4)] == [1, 2, 0, 1]
    assert tablet(state, OLYA)["main"] == {"oil": 3} and tablet(state, NAZAR)["main"] == {}
    assert state.phase == "improve"
    conserved(state)


def tablet_prices(state: BusinessmenState) -> dict[str, int]:
    """The price table as a spectator sees it."""
    prices: dict[str, int] = GAME.view(state, None)["prices"]
    return prices


def test_phase_3_option_2_embargo_on_metal_and_wood() -> None:
    table = loading_table(OPTION_2)
    coins = [tablet(table, s)["coins"] for s in range(4)]
    state = store_as_in_the_text(load_as_in_the_text(table))
    view = GAME.view(state, None)
    assert view["embargo"] == ["metal", "wood"]
    assert view["price_wheel"][view["price_spin"]] == {"embargo": ["metal", "wood"]}
    wheel = next(e for e in view["events"] if e["kind"] == "price-wheel")
    assert wheel["prices"] == tablet_prices(table)  # an embargo moves no price before sending
    # The green car (metal) stays loaded; yellow and blue go at unchanged prices.
    assert [(c["good"], c["load"]) for c in view["cars"]] == [(None, 0), (None, 0), ("metal", 7)]
    gained = [tablet(state, s)["coins"] - coins[s] for s in range(4)]
    assert gained == [5, 0, 25, 5]
    # "Metal, Meat, Oil and Wood ... risen in price by 3 marks"; fish and grain fell.
    assert view["prices"] == {"oil": 6, "wood": 6, "metal": 7, "meat": 6, "grain": 1, "fish": 1}
    # Olya's wood is embargoed, so she has no export; Nazar exports his 6 oil for 2 VP.
    assert GAME.actors(state) == (NAZAR,)
    with pytest.raises(IllegalAction, match="wood is under embargo"):
        GAME.apply(state, NAZAR, GAME.parse_action({"type": "export", "good": "wood", "units": 4}))
    state = act(state, NAZAR, {"type": "export", "good": "oil", "units": 6})
    assert [tablet(state, s)["vp"] for s in range(4)] == [0, 2, 0, 1]
    conserved(state)


def test_phase_4_two_levels_for_30_coins_and_3_vp() -> None:
    state = build(first=OLYA, phase="improve", decks=forced_decks(), seats={OLYA: {"coins": 35}})
    state = act(state, OLYA, {"type": "improve", "characteristic": "warehouse"})
    assert tablet(state, OLYA)["coins"] == 25 and tablet(state, OLYA)["vp"] == 1
    state = act(state, OLYA, {"type": "improve", "characteristic": "warehouse"})
    me = tablet(state, OLYA)
    assert me["coins"] == 5 and me["vp"] == 3 and me["levels"]["warehouse"] == 3
    assert me["limits"]["types"] == 3
    conserved(state)


def test_loading_the_mandatory_maximum() -> None:
    # "Suppose that the green machine (7) is loaded with 1 Fish unit ... his Level 2 Loader ...
    # He is obliged to load all 5 units of fish."
    state = build(
        2,
        first=1,
        phase="load",
        decks=forced_decks(),
        seats={0: {"levels": (2, 2, 1), "main": {"fish": 3}, "temp": {"fish": 3}}},
        cars={"green": ("fish", {1: 1})},
    )
    assert menu(state, 0) == [
        {"type": "load", "car": "yellow", "good": "fish"},
        {"type": "load", "car": "blue", "good": "fish"},
        {"type": "load", "car": "green", "good": "fish"},
        {"type": "pass"},
    ]
    state = act(state, 0, {"type": "load", "car": "green", "good": "fish"})
    assert GAME.view(state, None)["cars"][2]["units"] == [5, 1]
    assert tablet(state, 0)["temp"] == {} and tablet(state, 0)["main"] == {"fish": 1}
