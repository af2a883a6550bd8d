"""The fast lab engine against the rules engine: the same seeds give the same rows, move for move.

The lab plays heuristic-only runs on `fast.py`; `--reference` (here `reference=True`) plays them
on the rules engine with `bots.HeuristicAgent` in every seat. Every column of every row must
agree, the match record (every move, in order) included.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from tradingfloor.core.agent import decision_for
from tradingfloor.core.record import MatchRecord, replay
from tradingfloor.core.registry import make
from tradingfloor.games.businessmen import decks, fast
from tradingfloor.games.businessmen.bots import BOTS, HeuristicAgent
from tradingfloor.games.businessmen.fast_heuristic import FastHeuristic
from tradingfloor.games.businessmen.fast_playout import table_of
from tradingfloor.games.businessmen.state import BusinessmenState
from tradingfloor.sim.run import prepared, run
from tradingfloor.sim.spec import RunSpec
from tradingfloor.sim.vectorized import vectorized_engine

GENTLE = (Path(decks.__file__).parent / "data" / "variants" / "gentle.toml").read_text()
# (options, games): every player count, the shipped variant and an uploaded file, short goals,
# a long goal (the decks run out and are reshuffled) and a round limit.
CASES: list[tuple[dict[str, Any], int]] = [
    ({"players": 4}, 120),
    ({"players": 3, "goal": 12}, 60),
    ({"players": 2, "goal": 10}, 60),
    ({"players": 4, "decks": "gentle", "goal": 14}, 40),
    ({"players": 3, "decks": {"files": {"mine.toml": GENTLE}}, "goal": 9}, 10),
    ({"players": 4, "goal": 60}, 5),
    ({"players": 3, "max_rounds": 4}, 40),
]


def _spec(options: dict[str, Any], games: int, seed: int = 3) -> RunSpec:
    seats = ("heuristic",) * options["players"]
    return RunSpec("businessmen", seats, games, seed=seed, options=options)


@pytest.mark.parametrize(("options", "games"), CASES)
def test_fast_engine_plays_the_reference_games(options: dict[str, Any], games: int) -> None:
    spec = _spec(options, games)
    reference = run(spec, reference=True)
    rows = fast.run_rows(prepared(spec).tasks())
    assert len(rows) == len(reference) == games
    for mine, theirs in zip(rows, reference, strict=True):
        assert mine == theirs, f"game {theirs['index']} (seed {theirs['seed']})"


def test_the_lab_plays_heuristic_runs_on_the_fast_engine() -> None:
    tasks = prepared(_spec({"players": 4}, 2)).tasks()
    assert vectorized_engine("businessmen", tasks) is fast.run_rows
    mixed = RunSpec("businessmen", ("heuristic", "random"), 2, seed=1, options={"players": 2})
    assert vectorized_engine("businessmen", prepared(mixed).tasks()) is None


def test_a_fast_row_replays_to_its_result() -> None:
    row = run(_spec({"players": 3, "goal": 8}, 1, seed=11))[0]
    record = MatchRecord.loads(row["record"])
    final = replay(record)
    result = make("businessmen").result(final)
    assert result is not None
    assert [list(result.scores), list(result.winners)] == [row["scores"], row["winners"]]
    assert (
        len(record.moves)
        == row["length"]
        == sum(sum(row[column]) for column in row if column.startswith("actions."))
    )
    assert row["options"]["goal"] == 8


def test_two_workers_share_a_run_and_give_the_same_rows() -> None:
    spec = _spec({"players": 3, "goal": 6}, 5, seed=2)
    assert run(spec, workers=2) == run(spec, workers=1) == run(spec, reference=True)


def _fast_choice(state: BusinessmenState, seat: int) -> dict[str, Any]:
    """The fast heuristic's move in `state`, as the action's JSON."""
    table = table_of(state)
    chooser = FastHeuristic(table)
    phase = "store" if state.phase == "discard" else state.phase
    picked = getattr(chooser, phase)(table, seat)
    if phase == "declare":
        kind, picked = ("skip" if picked else "play"), None
    elif picked is None:
        kind = "pass"
    else:
        kind = phase
    return dict(fast._action(kind, picked).to_json())


def test_the_fast_heuristic_chooses_as_the_bot_from_random_positions() -> None:
    """Positions the heuristic's own games seldom reach: random and beginners' play."""
    game: Any = make("businessmen")
    phases: set[str] = set()
    for seed in range(12):
        players = 2 + seed % 3
        state = game.new({"players": players, "goal": 12}, seed)
        rng = random.Random(seed)
        bots = [BOTS["random" if seed % 2 else "beginner"](), BOTS["random"]()]
        while actors := game.actors(state):
            seat = actors[0]
            decision = decision_for(game, state, seat)
            expected = HeuristicAgent().act(decision, rng).to_json()
            assert _fast_choice(state, seat) == expected, (seed, state.phase)
            phases.add(state.phase)
            state = game.apply(state, seat, bots[seat % 2].act(decision, rng))
    assert phases == {"declare", "buy", "load", "store", "export", "improve", "discard", "insure"}
