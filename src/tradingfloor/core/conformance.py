"""The conformance suite: the checks that every registered game must pass.

Like OpenSpiel's `random_sim_test` and PettingZoo's `api_test`, it plays random games and checks the
contract at every step. Each check raises AssertionError with what went wrong and where.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from tradingfloor.core.errors import IllegalAction
from tradingfloor.core.game import Game, State
from tradingfloor.core.record import MatchRecord, Move, replay

MAX_ACTIONS = 200_000
MALFORMED: tuple[Any, ...] = (None, "buy", 7, [], {}, {"type": "no-such-action"})


@dataclass
class Trajectory:
    """A random game: every state in order and the moves between them."""

    options: dict[str, Any]
    seed: int
    states: list[State] = field(default_factory=list)
    moves: list[Move] = field(default_factory=list)
    actions: list[tuple[int, Any]] = field(default_factory=list)


def secret_seed(index: int) -> int:
    """A seed with enough digits that finding it in a view cannot be a coincidence."""
    return 7_310_000_000_000 + 7919 * index


def random_trajectory(game: Game, options: Mapping[str, Any], seed: int) -> Trajectory:
    """Play random legal actions from `seed` until the game ends."""
    rng = random.Random(seed)
    trajectory = Trajectory(dict(options), seed)
    state = game.new(options, seed)
    trajectory.states.append(state)
    while actors := game.actors(state):
        assert len(trajectory.moves) < MAX_ACTIONS, f"no end after {MAX_ACTIONS} actions"
        seat = actors[rng.randrange(len(actors))]
        space = game.legal(state, seat)
        assert not space.empty, f"seat {seat} is an actor but has no legal action"
        action = space.sample(rng)
        assert space.contains(action), f"sample() gave an action its own space refuses: {action}"
        state = game.apply(state, seat, action)
        trajectory.states.append(state)
        trajectory.moves.append(Move.of(seat, action))
        trajectory.actions.append((seat, action))
    return trajectory


def check_random_play_ends(game: Game, t: Trajectory) -> None:
    """Random legal play ends, with a well-formed result."""
    final = t.states[-1]
    result = game.result(final)
    assert result is not None, "the game has no actors but no result"
    n = game.players(final)
    assert len(result.scores) == n and len(result.ranks) == n, "result does not cover every seat"
    assert all(0 <= s < n for s in result.winners), f"winners out of range: {result.winners}"
    json.dumps(result.to_json())
    for state in t.states[:-1]:
        assert game.result(state) is None, "a game with actors already has a result"


def check_apply_is_pure(game: Game, t: Trajectory) -> None:
    """`apply` (and `redetermine`) never change the state they are given."""
    for index, (seat, action) in enumerate(t.actions):
        state = t.states[index]
        before = copy.deepcopy(state)
        game.apply(state, seat, action)
        assert state == before, f"apply mutated its input at step {index}"
        game.redetermine(state, seat, random.Random(index))
        assert state == before, f"redetermine mutated its input at step {index}"


def check_illegal_actions_change_nothing(game: Game, t: Trajectory) -> None:
    """Malformed, out-of-turn and illegal actions raise IllegalAction and change nothing."""
    for obj in MALFORMED:
        _expect_illegal(partial(game.parse_action, obj), f"parse_action({obj!r})")
    pool: list[Any] = []
    for index, (seat, action) in enumerate(t.actions):
        state = t.states[index]
        before = copy.deepcopy(state)
        _try_out_of_turn(game, state, action)
        space = game.legal(state, seat)
        for candidate in pool[-12:]:
            if space.contains(candidate):
                game.apply(state, seat, candidate)
            else:
                _expect_illegal(partial(game.apply, state, seat, candidate), f"{candidate}")
        assert state == before, f"an illegal action changed the state at step {index}"
        if action not in pool:
            pool.append(action)


def _try_out_of_turn(game: Game, state: State, action: Any) -> None:
    """Every seat that is not an actor, and a seat that does not exist, is refused."""
    players = game.players(state)
    for other in range(players):
        if other not in game.actors(state):
            _expect_illegal(partial(game.apply, state, other, action), f"seat {other} out of turn")
    _expect_illegal(partial(game.apply, state, players, action), "a seat that does not exist")


def _expect_illegal(attempt: Callable[[], Any], what: str) -> None:
    try:
        attempt()
    except IllegalAction as err:
        assert str(err), f"{what}: IllegalAction without a message"
        return
    raise AssertionError(f"{what} was accepted but should raise IllegalAction")


def check_replay(game: Game, t: Trajectory) -> None:
    """The match record survives JSON and replays to the identical state."""
    record = MatchRecord.start(game, t.options, t.seed).extend(t.moves)
    again = MatchRecord.loads(json.dumps(record.to_json()))
    assert again == record, "the match record does not round-trip through JSON"
    assert replay(again) == t.states[-1], "replay does not give back the final state"
    for move in t.moves[:25]:
        parsed = game.parse_action(move.action)
        assert parsed.to_json() == move.action, f"action JSON does not round-trip: {move.action}"


def check_views_are_json(game: Game, t: Trajectory) -> None:
    """Every view, for every seat and for spectators, round-trips through JSON unchanged."""
    for index, state in enumerate(t.states):
        for seat in [None, *range(game.players(state))]:
            view = game.view(state, seat)
            assert json.loads(json.dumps(view)) == view, (
                f"view of {seat} at step {index} is not JSON"
            )


def check_secrets(game: Game, t: Trajectory) -> None:
    """No view holds the seed; a seat's view is unchanged by `redetermine` for that seat."""
    rng = random.Random(t.seed)
    for index, state in enumerate(t.states):
        players = game.players(state)
        spectator = game.view(state, None)
        for seat in range(players):
            view = game.view(state, seat)
            assert str(t.seed) not in json.dumps(view), f"seat {seat} can see the seed"
            other = game.redetermine(state, seat, rng)
            assert game.view(other, seat) == view, (
                f"redetermine for seat {seat} changed what it sees at step {index}"
            )
            assert game.view(other, None) == spectator, (
                f"redetermine for seat {seat} changed what a spectator sees at step {index}"
            )
            assert game.actors(other) == game.actors(state), "redetermine changed whose turn it is"
            assert game.legal(other, seat).describe() == game.legal(state, seat).describe(), (
                f"redetermine for seat {seat} changed its legal actions at step {index}"
            )
            if index % 17 == 0:
                _play_on(game, other, rng)
        assert str(t.seed) not in json.dumps(spectator), "a spectator can see the seed"


def _play_on(game: Game, state: State, rng: random.Random) -> None:
    for _ in range(MAX_ACTIONS):
        actors = game.actors(state)
        if not actors:
            assert game.result(state) is not None
            return
        seat = actors[0]
        state = game.apply(state, seat, game.legal(state, seat).sample(rng))
    raise AssertionError("a redetermined state does not play to an end")


CHECKS: dict[str, Callable[[Game, Trajectory], None]] = {
    "random play ends": check_random_play_ends,
    "apply is pure": check_apply_is_pure,
    "illegal actions change nothing": check_illegal_actions_change_nothing,
    "replay gives the same state": check_replay,
    "views are JSON": check_views_are_json,
    "secrets stay secret": check_secrets,
}


def run(game: Game, games_per_option: int = 3) -> None:
    """Every check on random games of every option set that the game offers."""
    for options in game.conformance_options():
        for index in range(games_per_option):
            trajectory = random_trajectory(game, options, secret_seed(index))
            for check in CHECKS.values():
                check(game, trajectory)
