"""CFR on Middleman's smallest research variant: perfect recall, and NashConv falling."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed: pip install 'tradingfloor[openspiel]'"
)

from open_spiel.python.algorithms import cfr, exploitability  # noqa: E402

from tradingfloor.rl.examples import cfr_middleman  # noqa: E402

SMALLEST = cfr_middleman.SMALLEST


@pytest.fixture(scope="module")
def game() -> Any:
    return pyspiel.convert_to_turn_based(pyspiel.load_game("python_middleman", SMALLEST))


def _decision_points(game: Any) -> list[tuple[int, str, bytes, tuple[Any, ...]]]:
    """Every decision point of the whole tree: the player, its information state (string and
    tensor), and what it saw and did before (its earlier information states and actions)."""
    found = []
    stack: list[tuple[Any, dict[int, tuple[Any, ...]]]] = [(game.new_initial_state(), {})]
    while stack:
        state, past = stack.pop()
        if state.is_terminal():
            continue
        if state.is_chance_node():
            stack += [(state.child(a), past) for a, _ in state.chance_outcomes()]
            continue
        player = state.current_player()
        text = state.information_state_string(player)
        tensor = np.asarray(state.information_state_tensor(player), np.float32).tobytes()
        mine = past.get(player, ())
        found.append((player, text, tensor, mine))
        for action in state.legal_actions():
            stack.append((state.child(action), {**past, player: (*mine, text, action)}))
    return found


def test_the_smallest_variant_is_small_enough_to_enumerate(game: Any) -> None:
    points = _decision_points(game)
    assert len(points) == 564
    assert len({(player, text) for player, text, _, _ in points}) == 292


def test_information_states_have_perfect_recall(game: Any) -> None:
    """An information state always follows the same earlier information states and actions of
    its player, and its string and tensor name the same set of histories."""
    recalled: dict[tuple[int, str], set[tuple[Any, ...]]] = defaultdict(set)
    strings_of_tensor: dict[tuple[int, bytes], set[str]] = defaultdict(set)
    tensors_of_string: dict[tuple[int, str], set[bytes]] = defaultdict(set)
    for player, text, tensor, mine in _decision_points(game):
        recalled[(player, text)].add(mine)
        strings_of_tensor[(player, tensor)].add(text)
        tensors_of_string[(player, text)].add(tensor)
    assert all(len(pasts) == 1 for pasts in recalled.values())
    assert all(len(texts) == 1 for texts in strings_of_tensor.values())
    assert all(len(tensors) == 1 for tensors in tensors_of_string.values())


def test_cfr_lowers_nash_conv(game: Any) -> None:
    solver = cfr.CFRSolver(game)
    figures = [exploitability.nash_conv(game, solver.average_policy())]  # uniform play
    for _ in range(2):
        solver.evaluate_and_update_policy()
    figures.append(exploitability.nash_conv(game, solver.average_policy()))
    assert figures == pytest.approx([0.375, 0.2422619], abs=1e-6)


def test_the_script_writes_its_plot(tmp_path: Any) -> None:
    out = tmp_path / "nashconv.png"
    figures = cfr_middleman.main(["--iterations", "1", "--out", str(out)])
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert figures == pytest.approx([0.375], abs=1e-6)  # the first average policy is uniform
