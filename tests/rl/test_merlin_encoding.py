"""Merlin's encoding: a fixed catalogue whose mask holds only legal actions (every one it can
express, where the space is small enough to list), and a named observation within [-1, 1]."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import tradingfloor
from tests.games.merlin.magic.tables import credit, give, table
from tradingfloor.core.agent import Decision
from tradingfloor.games.merlin.actions import ACTION_TYPES, TurnBid
from tradingfloor.games.merlin.heuristic import MerlinHeuristic
from tradingfloor.games.merlin.magic.state import Lab
from tradingfloor.games.merlin.spaces import StepSpace
from tradingfloor.games.merlin.state import Stack
from tradingfloor.rl.encoding import encoder_for
from tradingfloor.rl.merlin import MerlinEncoder
from tradingfloor.rl.merlin.catalogue import ENTRIES, FAMILIES, FAMILY, INDEX, SIZE, entry_words
from tradingfloor.rl.merlin.context import ViewDigest
from tradingfloor.rl.merlin.graded import GRADERS
from tradingfloor.rl.merlin.listed import LISTERS
from tradingfloor.rl.merlin.menu import MerlinMenu
from tradingfloor.rl.pettingzoo_env import aec_env

GAME = tradingfloor.make("merlin")
ENCODER = MerlinEncoder()
ALL_MODULES = {"players": 4, "modules": ["economy", "magic", "finance"], "max_orbits": 12}
SIX_PLAYERS = {"players": 6, "modules": ["economy", "magic", "finance"], "max_orbits": 30}
LISTED_AT_MOST = 300
"""Spaces of at most this many actions are listed whole and checked against the mask."""


def test_the_catalogue_is_fixed_and_its_entries_distinct() -> None:
    assert SIZE == 3397 == len(ENTRIES) == len(set(ENTRIES))
    assert len({entry_words(i) for i in range(SIZE)}) == SIZE
    assert INDEX[("turn_bid", (0.0,))] == 0
    assert INDEX[("end_turn", ())] == 563
    assert INDEX[("cast_spell", ("pickpocket", ("seat", 0), False))] == 580
    assert INDEX[("redeem_note", (5,))] == SIZE - 1
    types = {kind.model_fields["type"].default for kind in ACTION_TYPES}
    assert types == set(FAMILY) and len(FAMILIES) == 66
    assert {family.type for family in FAMILIES if family.graded} == set(GRADERS)
    assert {family.type for family in FAMILIES if not family.graded} == set(LISTERS)


def test_the_encoder_is_merlins_and_names_every_feature() -> None:
    assert isinstance(encoder_for(GAME), MerlinEncoder)
    names = ENCODER.feature_names
    assert len(names) == ENCODER.features == 1505 == len(set(names))
    assert names[0] == "game: step is auction_blind"


def test_the_first_decision_offers_turn_bids_at_their_levels() -> None:
    state = GAME.new(ALL_MODULES, 0)
    view, legal = GAME.view(state, 0), GAME.legal(state, 0)
    menu = ENCODER.menu(view, legal, random.Random(0))
    # 10 gold: 0%, 12.5%, 25%, 50%, 75% and 100% of 0..10, rounded half to even.
    assert [menu.action(i) for i in range(6)] == [TurnBid(amount=a) for a in (0, 1, 2, 5, 8, 10)]
    assert int(menu.mask.sum()) == 6
    with pytest.raises(ValueError, match=r"action 563 \(end the turn\) is not legal now"):
        menu.action(563)
    with pytest.raises(ValueError, match="not in Merlin's catalogue"):
        menu.action(SIZE)


def test_the_first_observation_reads_the_table() -> None:
    state = GAME.new(ALL_MODULES, 0)
    observation = ENCODER.observe(GAME.view(state, 2))
    value = dict(zip(ENCODER.feature_names, observation.tolist(), strict=True))
    assert value["game: I am player 2"] == 1 and value["game: I am player 0"] == 0
    assert value["game: players / 6"] == pytest.approx(4 / 6)
    assert value["counters: cost of the living, squashed (size 5)"] == pytest.approx(2 / 7)
    assert value["player 2: gold, squashed (size 20)"] == pytest.approx(10 / 30)
    assert value["player 2: is me"] == 1 and value["player 4: is seated"] == 0
    assert value["magic: magic is on"] == 1 and value["finance: finance is on"] == 1


def test_a_seat_with_nothing_to_do_has_an_empty_menu() -> None:
    menu = ENCODER.menu({}, GAME.legal(GAME.new(ALL_MODULES, 0), 9), random.Random(0))
    assert isinstance(menu, MerlinMenu) and not menu.mask.any()


def _decisions(options: dict[str, Any], seed: int, heuristic: bool, steps: int) -> Iterator[Any]:
    """(view, legal space) of the seat to act at each step of a seeded game: heuristic bots, or
    random picks from the encoder's own mask (so the game goes where an agent would take it)."""
    rng = random.Random(seed)
    state = GAME.new(options, seed)
    bots = [MerlinHeuristic() for _ in range(6)]
    for _ in range(steps):
        if GAME.result(state) is not None:
            return
        seat = GAME.actors(state)[0]
        view, legal = GAME.view(state, seat), GAME.legal(state, seat)
        menu = yield view, legal
        if heuristic:
            decision = Decision(GAME, seat, view, legal, lambda _, now=state: now)
            action = bots[seat].act(decision, rng)
        else:
            action = menu.action(rng.choice(np.flatnonzero(menu.mask).tolist()))
        state = GAME.apply(state, seat, action)


def _checked_game(options: dict[str, Any], seed: int, heuristic: bool, steps: int) -> set[str]:
    """Plays a game through the encoder, checking each decision; the action types masked."""
    masked: set[str] = set()
    decisions = _decisions(options, seed, heuristic, steps)
    decision = next(decisions, None)
    while decision is not None:
        view, legal = decision
        menu = ENCODER.menu(view, legal, random.Random(0))
        _check_mask(menu, view, legal)
        _check_observation(ENCODER.observe(view))
        masked.update(ENTRIES[i][0] for i in np.flatnonzero(menu.mask))
        try:
            decision = decisions.send(menu)
        except StopIteration:
            decision = None
    return masked


def _check_mask(menu: Any, view: Any, legal: StepSpace) -> None:
    masked = np.flatnonzero(menu.mask)
    assert masked.size, f"nothing masked at step {legal.step}"
    for index in masked.tolist():
        action = menu.action(index)
        assert ENTRIES[index][0] == action.type
        assert legal.contains(action), (entry_words(index), action, legal.check(action))
    if legal.count() <= LISTED_AT_MOST:
        expressed = _expressible(view, legal)
        for action in legal.enumerate() or ():
            indices = expressed.get(action, [])
            assert not indices or menu.mask[indices].any(), (action, entry_words(indices[0]))


def _expressible(view: Any, legal: StepSpace) -> dict[Any, list[int]]:
    """Each legal action the catalogue can express, with the indices that express it: listed
    types by their key, graded types where an entry's level gives exactly that action."""
    digest = ViewDigest(view)
    out: dict[Any, list[int]] = {}
    for kind, rule in legal.rules.items():
        if kind in LISTERS:
            for action in rule.choices(legal.state, legal.seat):
                ranked = LISTERS[kind](action, digest)
                index = None if ranked is None else INDEX.get((kind, ranked[0]))
                if index is not None:
                    out.setdefault(action, []).append(index)
            continue
        fields = {} if kind == "rank_bid" else rule.fields(legal.state, legal.seat)
        for key, made, terms in GRADERS[kind](fields, digest):
            out.setdefault(made(**terms), []).append(INDEX[(kind, key)])
    return out


def _check_observation(observation: np.ndarray) -> None:
    assert observation.shape == (ENCODER.features,) and observation.dtype == np.float32
    assert np.isfinite(observation).all()
    assert observation.min() >= -1 and observation.max() <= 1


@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_mask_only_legal_actions(seed: int) -> None:
    masked = _checked_game(ALL_MODULES, seed, heuristic=False, steps=400)
    assert {"turn_bid", "end_turn", "want", "magic_vote"} <= masked


def test_heuristic_games_mask_only_legal_actions() -> None:
    masked = set().union(*(_checked_game(ALL_MODULES, s, True, 600) for s in (3, 4)))
    assert {"place", "cast_spell", "play_golem", "propose_trade", "auction_property"} <= masked


def test_six_players_mask_only_legal_actions() -> None:
    masked = _checked_game(SIX_PLAYERS, 9, heuristic=True, steps=1500)
    chauffeurs = {"store", "take_back", "write_insurance", "reprice", "withdraw_quote"}
    securities = {"issue_bonds", "issue_stock", "issue_notes", "redeem_note"}
    assert chauffeurs | securities | {"play_decree", "propose"} <= masked


def test_an_economy_game_masks_only_economy_actions() -> None:
    masked = _checked_game({"players": 4, "max_orbits": 12}, 6, heuristic=True, steps=300)
    assert masked and {FAMILY[kind].module for kind in masked} == {"economy"}
    state = GAME.new({"players": 4}, 6)
    value = dict(zip(ENCODER.feature_names, ENCODER.observe(GAME.view(state, 0)), strict=True))
    assert value["magic: magic is on"] == 0 and value["finance: finance is on"] == 0


def test_the_environment_plays_through_the_catalogue() -> None:
    env = aec_env("merlin", ALL_MODULES)
    env.reset(seed=7)
    assert env.action_space("player_0").n == SIZE + 1
    rng = random.Random(7)
    for _agent in env.agent_iter(max_iter=200):
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        assert legal.size
        env.step(int(legal[rng.randrange(len(legal))]))


TABLE_VIEW: dict[str, Any] = {
    "seat": 0,
    "counters": {"cost_of_living": 2, "portion": 1, "portions": 12, "year": 1},
    "commodities": ["souls", "elixir_oil", "essence_grain"],
    "market": {"souls": {"bids": [{"order": 3, "price": 2}], "asks": []}},
    "players": [{"gold": 20, "tableau": [{"card": "2C", "stored": 10}]}],
    "finance": {
        "bushel": 3,
        "futures": [{"id": 4, "commodity": "elixir_oil", "price": 6, "long": None, "short": 0}],
        "quotes": [{"id": 7, "writer": 0}, {"id": 9, "writer": 1}],
        "securities": [{"kind": "note", "issuer": 3, "ids": [11, 12]}],
        "listings": [{"id": 21, "item": "note", "ref": "12", "price": 5, "seller": 3}],
        "wanted": [],
        "debts": [],
    },
}
"""A hand-made view with a bid, a future, insurance quotes and a note for sale."""


@pytest.mark.parametrize(
    "action, key",
    [
        ({"type": "brew", "recipe": "growth_tonic.2"}, ("growth_tonic",)),
        ({"type": "set_potion", "potion": "iron_skin.1", "on": "5S"}, ("iron_skin", "5S")),
        ({"type": "set_potion", "potion": "warding_draught.1"}, ("warding_draught", None)),
        ({"type": "found_shop", "lab": "3S", "on": "4C"}, ("3S", "4C")),
        ({"type": "sell_spell", "spell": "rot.1", "shop": "4C", "seat": 1}, ("rot", "4C")),
        ({"type": "open_shop", "shop": "4C", "fee": 5}, ("4C", 5)),
        ({"type": "open_shop", "shop": "4C", "fee": 7}, None),
        ({"type": "sell_to", "order": 3}, (0,)),
        ({"type": "deliver", "future": 4}, (1,)),
        ({"type": "withdraw_quote", "quote": 7}, (0,)),
        ({"type": "buy_insurance", "quote": 9}, (1,)),
        ({"type": "buy_listing", "listing": 21}, ("note", 3)),
        ({"type": "redeem_note", "issuer": 3}, (3,)),
    ],
)
def test_listed_actions_find_their_entries(action: dict[str, Any], key: Any) -> None:
    typed = GAME.parse_action(action)
    ranked = LISTERS[typed.type](typed, ViewDigest(TABLE_VIEW))
    found = None if ranked is None else ranked[0]
    if key is None:  # a fee between the catalogue's levels has no entry
        assert found is None or (typed.type, found) not in INDEX
    else:
        assert found == key and (typed.type, key) in INDEX


def test_cast_spells_name_their_target() -> None:
    digest = ViewDigest(TABLE_VIEW)
    cast = GAME.parse_action({"type": "cast_spell", "spell": "blight.2", "seat": 2, "card": "3D"})
    assert LISTERS["cast_spell"](cast, digest) == (("blight", ("card", "3D"), False), 0.0)
    at = GAME.parse_action({"type": "cast_spell", "spell": "pickpocket.1", "seat": 4})
    assert LISTERS["cast_spell"](at, digest) == (("pickpocket", ("seat", 4), False), 0.0)


def _graded_at(kind: str, fields: dict[str, Any]) -> dict[Any, Any]:
    return {
        key: made(**terms) for key, made, terms in GRADERS[kind](fields, ViewDigest(TABLE_VIEW))
    }


def test_graded_levels_resolve_to_exact_figures() -> None:
    loans = _graded_at(
        "offer_loan",
        {"to": [1], "card": ["2C"], "principal": range(1, 11), "repay": range(1, 21)},
    )
    # Cost of the living 2: principal 2 x 2 = 4, repaid 1.25 x 4 = 5; 10 x 2 = 20 > 10 stored.
    assert loans[(1, 2.0, 1.25, 1)].model_dump() == {
        "type": "offer_loan",
        "to": 1,
        "card": "2C",
        "principal": 4,
        "repay": 5,
        "orbits": 1,
    }
    assert len(loans) == 2 * 2 * 2
    reprices = _graded_at("reprice", {"quote": [7], "premium": range(1, 31)})
    assert reprices[(0, 2.0)].premium == 4 and len(reprices) == 4
    taken = _graded_at("take_back", {"card": ["2C"], "amount": range(1, 30)})
    # At most the 10 stored: half way through 1..10, rounded half to even, is the 5th: 5.
    assert taken[("2C", 0.5)].amount == 5 and taken[("2C", 1.0)].amount == 10
    futures = _graded_at(
        "write_future",
        {"commodity": ["souls"], "price": range(1, 61), "year": range(1, 6), "portion": range(12)},
    )
    # Portion 1 of year 1, 12 portions ahead: portion 1 of year 2; 3 units at 2 x 2 gold.
    assert futures[(0, 2.0, 12)].model_dump() == {
        "type": "write_future",
        "commodity": "souls",
        "price": 12,
        "year": 2,
        "portion": 1,
    }


def test_a_magic_workshop_masks_its_potions_shops_and_mead() -> None:
    """Seat 0 with a free property, a Spell Shop, a Brewery, a funded successful lab, a recipe it
    can brew, a spell and a potion: each of those actions at its own index."""
    state = table(
        tableaux=[["4C", Stack("5C", top="9S"), Stack("6C", top="9H")], [], [], []],
        labs=[Lab("8S", 0, grant=2)],
        gold=[9, 9, 9, 9],
        goods=[(1, 0, 3), (0, 0, 0), (0, 0, 0), (0, 0, 0)],
        bank=10,
    )
    state = credit(state, "8S", "rot.2", "siphon.1", "siphon.2")
    state = give(state, "recipes", 0, "growth_tonic.1")
    state = give(state, "spells", 0, "rot.1")
    state = give(state, "potions", 0, "iron_skin.1")
    view, legal = GAME.view(state, 0), GAME.legal(state, 0)
    menu = ENCODER.menu(view, legal, random.Random(0))
    _check_mask(menu, view, legal)
    masked = {i: menu.action(i).model_dump() for i in np.flatnonzero(menu.mask).tolist()}
    assert masked[1380] == {"type": "brew", "recipe": "growth_tonic.1"}
    assert [masked[i]["on"] for i in (1441, 1442, 1443)] == ["4C", "5C", "6C"]  # Iron Skin
    assert masked[1630] == {"type": "found_shop", "lab": "8S", "on": "4C"}
    assert masked[1743] == {"type": "sell_spell", "spell": "rot.1", "shop": "5C", "seat": 0}
    assert [masked[i]["fee"] for i in range(1818, 1824)] == [0, 1, 2, 3, 5, 10]
    assert 1817 not in masked  # the shop is not open: it cannot be closed
    assert masked[1852] == {"type": "sell_mead"}
