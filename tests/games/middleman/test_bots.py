"""Middleman's bots and market forecasts, through the public contract."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tradingfloor
from tradingfloor.agents import kinds, make_agent
from tradingfloor.core.agent import Agent, Decision, decision_for
from tradingfloor.core.playout import play_out
from tradingfloor.games.middleman import forecast
from tradingfloor.games.middleman.actions import Buy, Rows, Sell
from tradingfloor.games.middleman.bots import BOTS, HeuristicBot, plan_buy, plan_rows, plan_sell

GAME = tradingfloor.make("middleman")


def play(kinds_by_seat: list[str], seed: int, observe: Any = None) -> Any:
    """A whole game between the named bot kinds; returns the final state."""
    agents = [make_agent(GAME, kind) for kind in kinds_by_seat]
    state = GAME.new({"players": len(kinds_by_seat)}, seed=seed)
    return play_out(GAME, state, agents, random.Random(seed), observe=observe)


def test_bot_catalogue_offers_random_a_beginner_and_heuristic() -> None:
    assert list(BOTS) == ["random", "beginner", "heuristic"]
    # The lobby's default opponent is the game's first own bot: the beginner.
    assert list(kinds(GAME))[:3] == ["random", "beginner", "heuristic"]
    assert isinstance(make_agent(GAME, "heuristic"), Agent)
    assert isinstance(make_agent(GAME, "beginner"), Agent)


def test_every_bot_says_who_it_is_in_words() -> None:
    titles = {kind: factory.title for kind, factory in BOTS.items()}
    assert titles == {"random": "Random", "beginner": "Beginner", "heuristic": "Forecaster"}
    for factory in BOTS.values():
        assert 20 < len(factory.strength) < 150 and "_" not in factory.strength


def test_unseen_digits_are_the_rest_of_the_row() -> None:
    assert forecast.unseen([3, 0, 9]) == (1, 2, 4, 5, 6, 7, 8)
    assert forecast.unseen(range(10)) == ()


def test_market_distribution_adds_one_digit_from_each_unknown_row() -> None:
    dist = forecast.market_distribution(3, [(0, 1), (2,)])
    assert dist == pytest.approx({5: 0.5, 6: 0.5})
    assert forecast.mean(dist) == pytest.approx(5.5)
    assert forecast.quantile(dist, 0.5) == 5
    assert forecast.scenarios(dist, (0.1, 0.9)) == [5, 6]


def test_a_fresh_game_forecasts_the_average_digit_for_every_opponent() -> None:
    state = GAME.new({"players": 3}, seed=1)
    state = GAME.apply(state, 0, Rows(a=tuple(range(10)), d=tuple(range(9, -1, -1))))
    state = GAME.apply(state, 1, plan_rows(random.Random(1)))
    state = GAME.apply(state, 2, plan_rows(random.Random(2)))
    view = GAME.view(state, 0)
    # Round 4: my A digit is 3, each opponent's unknown digit averages 4.5.
    assert forecast.mean(forecast.market_of_view(view, 4, "buy")) == pytest.approx(3 + 9)
    assert forecast.mean(forecast.market_of_view(view, 4, "sell")) == pytest.approx(6 + 9)
    assert forecast.remaining_total_of_view(view, "sell") == 3 * 45
    outlook = forecast.outlook_of_view(view)
    assert [o.round for o in outlook] == list(range(1, 11))
    assert outlook[0].market == "seller's market"  # my A is 0 and my D is 9 in round 1
    assert outlook[9].market == "buyer's market"


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 5), stop=st.integers(0, 20))
def test_the_true_market_is_always_a_forecast_possibility(
    seed: int, players: int, stop: int
) -> None:
    rng = random.Random(seed)
    state = GAME.new({"players": players}, seed=seed)
    state = GAME.apply(state, 0, plan_rows(rng))
    for other in range(1, players):
        state = GAME.apply(state, other, GAME.legal(state, other).sample(rng))
    for _ in range(stop):  # play on with zero orders so nobody goes out
        if state.phase == "over":
            break
        kind = Buy if state.phase == "buy" else Sell
        for seat in GAME.actors(state):
            state = GAME.apply(state, seat, kind(tins=0, price=0))
    if state.phase == "over":
        return
    view = GAME.view(state, 0)
    for r in range(state.round, 11):
        for side, rows in (("buy", state.rows_a), ("sell", state.rows_d)):
            truth = sum(row[r - 1] for row in rows)
            assert forecast.market_of_view(view, r, side).get(truth, 0) > 0
    # Whether buying or selling, the D columns of this round and the later ones are still hidden.
    truth_left = sum(sum(row[state.round - 1 :]) for row in state.rows_d)
    assert forecast.remaining_total_of_view(view, "sell") == truth_left


def test_heuristic_acts_from_its_view_and_legal_actions_only() -> None:
    state = GAME.new({"players": 3}, seed=4)
    bot = HeuristicBot()
    rng = random.Random(4)
    while GAME.actors(state):
        for seat in GAME.actors(state):
            full = decision_for(GAME, state, seat)

            def no_peeking(_: random.Random) -> Any:
                raise AssertionError("the heuristic bot must not sample hidden worlds")

            blind = Decision(GAME, seat, full.view, full.legal, no_peeking)
            state = GAME.apply(state, seat, bot.act(blind, rng))
    assert GAME.result(state) is not None


@pytest.mark.parametrize("seed", range(6))
def test_heuristic_never_offers_more_than_its_cash(seed: int) -> None:
    orders: list[tuple[int, int, int]] = []

    def watch(before: Any, seat: int, action: Any, after: Any) -> None:
        if seat == 0 and isinstance(action, Buy):
            orders.append((action.tins, action.price, before.cash[0]))

    final = play(["heuristic", "random", "heuristic"], seed, observe=watch)
    assert not final.out[0] and not final.out[2]
    assert orders and all(tins * price <= cash for tins, price, cash in orders)


@pytest.mark.parametrize("players", [2, 8])
def test_heuristic_plays_every_table_size_to_the_end(players: int) -> None:
    final = play(["heuristic"] * players, seed=players)
    result = GAME.result(final)
    assert result is not None and result.reason.startswith("after round 10")
    assert not any(final.out)


def win_share(field: list[str], games: int) -> float:
    """The share of games won by the one bot of kind field[0], seats rotated; shared wins split."""
    won = 0.0
    for game_index in range(games):
        turn = game_index % len(field)
        seats = field[turn:] + field[:turn]
        result = GAME.result(play(seats, seed=1000 + game_index))
        assert result is not None
        if seats.index(field[0]) in result.winners:
            won += 1 / len(result.winners)
    return won / games


def test_heuristic_clearly_beats_two_random_bots() -> None:
    # Measured: 300 of 300 games (see the report of `tradingfloor` issue 2); lenient here.
    assert win_share(["heuristic", "random", "random"], 60) >= 0.5


class CautiousRandom:
    """A sterner baseline than "random": random orders, but never one the cash cannot pay for."""

    name = "cautious"

    def act(self, decision: Decision, rng: random.Random) -> Any:
        view = decision.view
        if view["phase"] != "buy":
            return decision.legal.sample(rng)
        cash = view["players"][decision.seat]["cash"]
        price = rng.randint(0, min(cash, 10))
        most = 9 * len(view["players"])
        return Buy(tins=rng.randint(0, min(most, cash // price if price else most)), price=price)


def test_heuristic_beats_random_bots_that_never_overspend() -> None:
    # Random bots go out within a round or two; these stay in, so all ten rounds are traded.
    # Measured: 98% of 300 games (issue 2's report); lenient here.
    won = 0.0
    for game_index in range(24):
        seat = game_index % 3
        agents: list[Agent] = [CautiousRandom(), CautiousRandom(), CautiousRandom()]
        agents[seat] = HeuristicBot()
        state = GAME.new({"players": 3}, seed=3000 + game_index)
        final = play_out(GAME, state, agents, random.Random(game_index))
        result = GAME.result(final)
        assert result is not None and not final.out[seat]
        won += (seat in result.winners) / len(result.winners)
    assert won / 24 >= 0.5


def test_heuristic_holds_its_own_against_itself() -> None:
    # Three identical bots, seats rotated: every game is played to round 10, nobody goes out.
    for seed in range(6):
        final = play(["heuristic"] * 3, seed=2000 + seed)
        assert final.round == 11 and not any(final.out)
        assert max(final.cash) > 30  # someone trades at a profit


def test_heuristic_plans_are_legal_even_when_few_are_left_in() -> None:
    # 8 seats with 6 reckless random bots: they go out, and the heuristic's share of the demand
    # to come grows past what any round can supply; its own plans (not a fallback) stay legal.
    planned = 0

    def check(before: Any, seat: int, action: Any, after: Any) -> None:
        nonlocal planned
        if seat in (0, 1) and before.phase in ("buy", "sell"):
            plan = plan_buy if before.phase == "buy" else plan_sell
            order = plan(GAME.view(before, seat), seat)
            assert GAME.legal(before, seat).check(order) is None
            assert order == action
            planned += 1

    for seed in range(4):
        final = play(["heuristic", "heuristic", *["random"] * 6], seed, observe=check)
        assert not final.out[0] and not final.out[1]
    assert planned > 40


# The beginner: a first game's mistakes, but not a random player's.


def test_the_beginner_acts_from_its_view_and_legal_actions_only() -> None:
    from tradingfloor.games.middleman.beginner import BeginnerBot

    state = GAME.new({"players": 3}, seed=8)
    bot, rng = BeginnerBot(), random.Random(8)
    while GAME.actors(state):
        for seat in GAME.actors(state):
            full = decision_for(GAME, state, seat)

            def no_peeking(_: random.Random) -> Any:
                raise AssertionError("the beginner must not sample hidden worlds")

            blind = Decision(GAME, seat, full.view, full.legal, no_peeking)
            state = GAME.apply(state, seat, bot.act(blind, rng))
    assert GAME.result(state) is not None


def out_rounds(kinds_by_seat: list[str], games: int, guarded: bool = False) -> list[int | None]:
    """For each game and each beginner seat: the round it went out in, or None."""
    rounds: list[int | None] = []
    for seed in range(games):
        agents = [make_agent(GAME, kind) for kind in kinds_by_seat]
        state = GAME.new({"players": len(kinds_by_seat), "guarded": guarded}, seed=seed)
        final = play_out(GAME, state, agents, random.Random(seed))
        for seat, kind in enumerate(kinds_by_seat):
            if kind == "beginner":
                step = next((st for st in final.history if seat in st.went_out), None)
                rounds.append(None if step is None else step.round)
    return rounds


def test_the_beginner_never_throws_the_game_in_round_one_but_sometimes_goes_out() -> None:
    rounds = out_rounds(["beginner", "beginner", "beginner"], 60)
    assert 1 not in rounds, "a beginner checks its first order against its cash"
    out = [r for r in rounds if r is not None]
    assert 0 < len(out) < len(rounds) * 0.3, "now and then it forgets what an order could cost"


def test_careful_mode_keeps_the_beginner_in() -> None:
    assert set(out_rounds(["beginner", "heuristic", "beginner"], 15, guarded=True)) == {None}


def test_the_beginner_beats_random_play_and_loses_to_the_heuristic() -> None:
    wins = {"random": 0, "heuristic": 0}
    for seed in range(20):
        for rival in wins:
            final = play(["beginner", rival, rival], seed)
            result = GAME.result(final)
            wins[rival] += 0 in result.winners
    assert wins["random"] >= 16
    assert wins["heuristic"] <= 4
