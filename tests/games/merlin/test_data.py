"""The draft's figures, as the default data files give them."""

from __future__ import annotations

from collections import Counter

import pytest

from tradingfloor.core.errors import BadOptions
from tradingfloor.games.merlin import content as content_files
from tradingfloor.games.merlin.state import Stack

from .helpers import GAME, act, after_auction, arrange, end_turn_rolling

DEFAULT = content_files.load(None)


def test_property_values_are_the_drafts_table() -> None:
    # Property Value: "2 3 4,10 5,9 6,8 / 5 4 3 2 1"
    assert dict(DEFAULT.property_value) == {2: 5, 3: 4, 4: 3, 10: 3, 5: 2, 9: 2, 6: 1, 8: 1}


def test_land_commodities_and_yields() -> None:
    # Diamonds: "2, 3, 4 – Souls 5, 6 – Elixir Oil 8, 9, 10 - Essence Grain"
    assert dict(DEFAULT.land_commodity) == {
        2: "souls",
        3: "souls",
        4: "souls",
        5: "elixir_oil",
        6: "elixir_oil",
        8: "essence_grain",
        9: "essence_grain",
        10: "essence_grain",
    }
    # Dice: "will receive one of the corresponding resources"
    assert set(DEFAULT.land_yield.values()) == {1}


def test_the_turns_figures() -> None:
    # Game Loop: "Last place gets half the pot ... If there are more than 4 players the last two";
    # Blind Rank Auctioning: "at least one gold for each rank"; Dice: "If a 7 is rolled, the cost of
    # research will increase by one"; Clubs: "The invested gold is doubled"; Taxes: "the tax rate
    # plus the tax rate multiplied by ...", "by one"; Bankruptcy: "by the same time next year".
    assert (DEFAULT.pot_divisor, DEFAULT.last_two_above, DEFAULT.rank_minimum) == (2, 4, 1)
    assert (DEFAULT.seven, DEFAULT.seven_research_step, DEFAULT.investment_multiplier) == (7, 1, 2)
    assert (DEFAULT.tax_base_units, DEFAULT.tax_vote_step, DEFAULT.tax_counter_step) == (1, 1, 1)
    assert DEFAULT.bankruptcy_years == 1


def test_the_turns_figures_are_data() -> None:
    state = after_auction(**{"data.turn.dice.investment_multiplier": 3})
    state = arrange(state, tableaux=[[Stack("6C", invested=2)], [], [], []], gold=[10] * 4, bank=20)
    state = end_turn_rolling(state, (2, 4))
    assert state.core.gold[0] == 10 + 6 + 1  # three times the stake, and the property's 1
    # 5 players, and the last two share only from 6 on: the last alone takes the half
    state = GAME.new({"players": 5, "data.turn.auction.last_two_above": 5}, 5)
    for seat, amount in enumerate([5, 4, 3, 2, 1]):
        state = act(state, seat, {"type": "turn_bid", "amount": amount})
    assert state.core.gold[4] == 9 + 7


def test_setup_counters() -> None:
    # Game Setup: "... reset to 'the start of summer', 1, and 2 respectively." "Every player
    # receives 10 gold." The tax rate starts at 2 and never falls below 1 (docs/rules/merlin.md:
    # "There are no guarantees in life other than beath and tages"; both chosen by the lab).
    state = GAME.new({"players": 4}, 3)
    counters = state.core.counters
    assert (counters.research_cost, counters.cost_of_living, counters.tax_rate) == (1, 2, 2)
    assert state.config.content.floors["tax_rate"] == 1
    assert (counters.year, counters.portion, counters.climate) == (1, 0, 0)
    assert DEFAULT.wheels[0].portions[0] == "summer"
    assert state.core.gold == (10, 10, 10, 10)
    assert (state.core.ledger.bank, state.core.ledger.row) == (0, 0)


def test_economy_deck() -> None:
    # "Playing card without the jokers"; spades, hearts and court cards belong to the magic module.
    state = GAME.new({"players": 4}, 3)
    deck = state.economy.deck
    assert len(deck) == 20 and len(set(deck)) == 20
    suits = Counter(card[-1] for card in deck)
    assert suits == {"C": 10, "D": 10}
    # Property: "there are only 8 usable property cards in the game"
    assert sorted(c for c in deck if c.endswith("C") and c[:-1] not in ("A", "7")) == sorted(
        f"{n}C" for n in (2, 3, 4, 5, 6, 8, 9, 10)
    )


def test_deck_is_shuffled_from_the_seed() -> None:
    assert GAME.new({}, 1).economy.deck == GAME.new({}, 1).economy.deck
    assert GAME.new({}, 1).economy.deck != GAME.new({}, 2).economy.deck


def test_seasons_multipliers_and_wheels() -> None:
    # Season Wheel: "no commodities during Winter and ... double commodities during Spring"
    assert dict(DEFAULT.multiplier) == {"summer": 1, "autumn": 1, "winter": 0, "spring": 2}
    lengths = {len(w.portions) for w in DEFAULT.wheels}
    assert lengths == {12}
    winters = [w.portions.count("winter") for w in DEFAULT.wheels]
    assert winters == sorted(winters) and winters[0] < winters[-1]  # climate makes it harsher


def test_options_defaults_and_refusals() -> None:
    options = GAME.options({})
    assert options["players"] == 4 and options["modules"] == ["economy"]
    assert options["volatility"] == 1 and options["max_orbits"] == 200
    for bad in ({"players": 7}, {"players": 1}, {"modules": ["magic"]}, {"modules": []}, {"x": 1}):
        with pytest.raises(BadOptions):
            GAME.new(bad, 1)
    with pytest.raises(BadOptions):
        GAME.new({"content": "/no/such/folder"}, 1)


def test_two_or_three_players_only_by_an_option_not_the_designers_intent() -> None:
    # Game Loop: "The game starts with at least 4 players. The optimal play would be 4 - 6 players."
    assert GAME.options({})["few_players"] is False
    for players in (2, 3):
        with pytest.raises(
            BadOptions, match=r"Few players \(few_players: true\), which is not the designer's"
        ):
            GAME.new({"players": players}, 1)
        state = GAME.new({"players": players, "few_players": True}, 1)
        assert state.players == players
    for players in (4, 5, 6):
        assert GAME.new({"players": players}, 1).players == players
    schema = GAME.schemas()["options"]["properties"]["few_players"]
    assert "not the designer's intent" in schema["description"]
    with pytest.raises(BadOptions):
        GAME.new({"players": 1, "few_players": True}, 1)


def test_content_folder_replaces_a_file(tmp_path: object) -> None:
    from pathlib import Path

    folder = Path(str(tmp_path))
    (folder / "setup.toml").write_text(
        (content_files.DATA / "setup.toml")
        .read_text()
        .replace("starting_gold = 10", "starting_gold = 25")
    )
    state = GAME.new({"content": str(folder)}, 1)
    assert state.core.gold == (25, 25, 25, 25)
    assert dict(state.config.content.property_value) == dict(DEFAULT.property_value)


def test_uploaded_data_files_replace_theirs() -> None:
    # The lobby uploads a designer's files as text, never a path on the server.
    setup = (content_files.DATA / "setup.toml").read_text()
    uploaded = {"files": {"setup.toml": setup.replace("starting_gold = 10", "starting_gold = 7")}}
    state = GAME.new({"content": uploaded}, 1)
    assert state.core.gold == (7, 7, 7, 7)
    with pytest.raises(BadOptions, match=r"no data file called notes\.toml"):
        GAME.new({"content": {"files": {"notes.toml": "a = 1"}}}, 1)
    with pytest.raises(BadOptions, match=r"setup\.toml of the uploaded files is not valid TOML"):
        GAME.new({"content": {"files": {"setup.toml": "starting_gold = ["}}}, 1)
    assert GAME.schemas()["options"]["properties"]["content"]["examples"] == ["quick"]


def test_single_numbers_are_reachable_as_options() -> None:
    # The lab's --set and --sweep: data.<file>.<path>=value changes one number of the data files.
    state = GAME.new({"data.cards.property_value.2": 6, "data.seasons.wheels.1.from_climate": 3}, 1)
    assert state.config.content.property_value[2] == 6
    assert state.config.content.wheels[1].from_climate == 3
    assert GAME.options({"data.market.stimulus_bids": 2})["data"] == {"market.stimulus_bids": 2}
    with pytest.raises(BadOptions, match="no number at data path"):
        GAME.new({"data.cards.no_such_table": 1}, 1)
