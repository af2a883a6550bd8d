"""Merlin's encoding: a fixed catalogue whose mask holds only legal actions (every one it can
express, where the space is small enough to list), and a named observation within [-1, 1]."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import tradingfloor
from tradingfloor.core.agent import Decision
from tradingfloor.games.merlin.actions import ACTION_TYPES, TurnBid
from tradingfloor.games.merlin.heuristic import MerlinHeuristic
from tradingfloor.games.merlin.spaces import StepSpace
from tradingfloor.rl.encoding import encoder_for
from tradingfloor.rl.merlin import MerlinEncoder
from tradingfloor.rl.merlin.catalogue import ENTRIES, FAMILIES, FAMILY, INDEX, SIZE, entry_words
from tradingfloor.rl.merlin.context import ViewDigest
from tradingfloor.rl.merlin.graded import GRADERS
from tradingfloor.rl.merlin.listed import LISTERS
from tradingfloor.rl.merlin.menu import MerlinMenu

GAME = tradingfloor.make("merlin")
ENCODER = MerlinEncoder()
ALL_MODULES = {"players": 4, "modules": ["economy", "magic", "finance"], "max_orbits": 12}
SIX_PLAYERS = {"players": 6, "modules": ["economy", "magic", "finance"], "max_orbits": 8}
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
    masked = _checked_game(SIX_PLAYERS, 5, heuristic=True, steps=500)
    assert {"fund_lab", "play_decree", "propose", "list_item"} <= masked


def test_an_economy_game_masks_only_economy_actions() -> None:
    masked = _checked_game({"players": 4, "max_orbits": 12}, 6, heuristic=True, steps=300)
    assert masked and {FAMILY[kind].module for kind in masked} == {"economy"}
    state = GAME.new({"players": 4}, 6)
    value = dict(zip(ENCODER.feature_names, ENCODER.observe(GAME.view(state, 0)), strict=True))
    assert value["magic: magic is on"] == 0 and value["finance: finance is on"] == 0


def test_the_environment_plays_through_the_catalogue() -> None:
    from tradingfloor.rl.pettingzoo_env import aec_env

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
