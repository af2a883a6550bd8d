"""`tradingfloor replay`: records of the terminal, the lab and the web page, stepped in words."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from tradingfloor.cli.main import app


def run(*args: str) -> tuple[int, str]:
    outcome = CliRunner().invoke(app, list(args))
    return outcome.exit_code, outcome.output


def test_a_terminal_record_replays_its_moves_in_words(tmp_path: Path) -> None:
    record = tmp_path / "merlin.json"
    code, out = run(
        "play", "merlin", "--seats", "heuristic," * 3 + "heuristic", "--seed", "3",
        "-o", "max_orbits=2", "--record", str(record),
    )  # fmt: skip
    assert code == 0, out
    code, out = run("replay", str(record))
    assert code == 0, out
    assert "Seat 1: Bid " in out and " gold for turn order" in out
    assert "Seat 2: End your turn" in out or "Seat 2: Buy the top card" in out
    assert '{"type"' not in out  # moves in words, not JSON
    assert "the orbit cap (2 orbits) ended the game" in out
    assert "won with" in out  # the recap of how each seat finished


def test_the_final_table_and_a_seats_view(tmp_path: Path) -> None:
    record = tmp_path / "merlin.json"
    run("play", "merlin", "--seats", "heuristic,heuristic,heuristic,heuristic", "--seed", "4",
        "-o", "max_orbits=1", "--record", str(record))  # fmt: skip
    code, out = run("replay", str(record), "--final", "--seat", "2")
    assert code == 0, out
    assert "Bid " not in out  # no moves, only the end
    code, out = run("replay", str(record), "--seat", "9")
    assert code != 0 and "this game has seats 1 to 4, not 9" in out


def test_a_lab_row_of_the_rules_engine_replays(tmp_path: Path) -> None:
    code, out = run(
        "simulate", "merlin", "--seats", "heuristic,beginner,heuristic,beginner",
        "--games", "2", "--set", "max_orbits=2", "--out", str(tmp_path), "--no-report",
    )  # fmt: skip
    assert code == 0, out
    code, out = run("replay", str(tmp_path / "games.parquet"), "--game", "1", "--all")
    assert code == 0, out
    assert "gold for turn order" in out and "the result" in out
    code, out = run("replay", str(tmp_path / "games.parquet"), "--game", "7")
    assert code != 0 and "holds no game with index 7" in out


def test_a_bad_file_is_said_plainly(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"game": "merlin"}))
    code, out = run("replay", str(bad))
    assert code != 0 and "not a match record" in out
    code, out = run("replay", str(tmp_path / "missing.json"))
    assert code != 0 and "no such file" in out


def test_a_lab_row_of_the_batch_engine_replays(tmp_path: Path) -> None:
    # Middleman's runs are played by its NumPy batch engine; each row still keeps its record.
    code, out = run(
        "simulate", "middleman", "--seats", "heuristic,random,random",
        "--games", "3", "--out", str(tmp_path), "--no-report",
    )  # fmt: skip
    assert code == 0, out
    code, out = run("replay", str(tmp_path / "games.parquet"), "--game", "2", "--all")
    assert code == 0, out
    assert "Seat 1: " in out and "the result" in out
    assert '{"type"' not in out


def test_a_finished_matchs_web_record_replays(live_app: str, tmp_path: Path) -> None:
    import time

    import httpx

    seats = [{"kind": "heuristic", "name": name} for name in ("Ann", "Ben", "Cy")]
    created = httpx.post(
        f"{live_app}/api/matches",
        json={"game": "middleman", "options": {"players": 3}, "seats": seats},
    ).json()
    deadline = time.monotonic() + 60
    while httpx.get(f"{live_app}/api/matches/{created['id']}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.1)
    download = tmp_path / "record.json"
    download.write_text(httpx.get(f"{live_app}/api/matches/{created['id']}/record").text)
    code, out = run("replay", str(download), "--all")
    assert code == 0, out
    assert "Ann: " in out and "Cy: " in out  # the names at the table
    assert "the result" in out
