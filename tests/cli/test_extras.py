"""A part used without its pip extra says, in one line, which extra to install."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tradingfloor import extras
from tradingfloor.cli.main import app
from tradingfloor.extras import MissingExtra

SERVER_LINE = (
    "error: the web app needs uvicorn, which is not installed: pip install 'tradingfloor[server]'"
)


def hide(monkeypatch: pytest.MonkeyPatch, *modules: str) -> None:
    """Make `modules` unimportable for this test, as if their extra were not installed."""
    for module in modules:
        monkeypatch.setitem(sys.modules, module, None)


def test_require_names_the_extra_and_the_missing_module(monkeypatch: pytest.MonkeyPatch) -> None:
    hide(monkeypatch, "pettingzoo")
    with pytest.raises(MissingExtra) as raised:
        extras.require("rl")
    assert str(raised.value) == (
        "the PettingZoo and Gymnasium environments needs pettingzoo, which is not installed: "
        "pip install 'tradingfloor[rl]'"
    )
    assert raised.value.extra == "rl" and raised.value.name == "pettingzoo"


def test_an_installed_extra_is_required_silently() -> None:
    for extra in extras.EXTRAS:  # the development environment has every extra
        assert extras.missing_module(extra) is None
        extras.require(extra)


def test_an_unknown_extra_is_refused_with_the_extras() -> None:
    with pytest.raises(ValueError, match="unknown extra 'gpu'; the extras are: server, sim, ray"):
        extras.require("gpu")


def test_serve_without_the_server_extra_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hide(monkeypatch, "uvicorn")
    outcome = CliRunner().invoke(app, ["serve"], env={"COLUMNS": "200"})
    assert outcome.exit_code == 2
    assert outcome.output.splitlines() == [SERVER_LINE]


def test_simulate_on_ray_without_ray_says_what_to_install_and_writes_nothing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    hide(monkeypatch, "ray")
    out = tmp_path / "run"
    args = ["simulate", "middleman", "--seats", "random", "--out", str(out), "--ray", "local"]
    outcome = CliRunner().invoke(app, args, env={"COLUMNS": "200"})
    assert outcome.exit_code == 2
    assert outcome.output.splitlines() == [
        "error: playing on Ray needs ray, which is not installed: pip install 'tradingfloor[ray]'"
    ]
    assert not out.exists()


def test_importing_the_rl_adapters_without_pettingzoo_names_the_rl_extra(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hide(monkeypatch, "gymnasium")
    monkeypatch.delitem(sys.modules, "tradingfloor.rl", raising=False)
    with pytest.raises(MissingExtra, match=r"pip install 'tradingfloor\[rl\]'"):
        importlib.import_module("tradingfloor.rl")


def test_importing_the_server_without_its_extra_names_the_server_extra(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hide(monkeypatch, "fastapi")
    monkeypatch.delitem(sys.modules, "tradingfloor.server", raising=False)
    with pytest.raises(MissingExtra, match=r"pip install 'tradingfloor\[server\]'"):
        importlib.import_module("tradingfloor.server")


# The command as installed: a missing extra met deep inside a run (here the lab's Ray backend,
# reached past the command's own check) is still one line, not a traceback.
DEEP_MISSING_RAY = """
import sys
sys.modules["ray"] = None
import tradingfloor.cli.simulate as simulate
simulate.need = lambda extra: None
from tradingfloor.cli.main import main
sys.argv = ["tradingfloor", "simulate", "middleman", "--seats", "random,random", "--games", "1",
            "--reference", "--out", sys.argv[1], "--ray", "local"]
main()
"""


def test_the_command_turns_a_missing_extra_met_deep_inside_into_one_line(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", DEEP_MISSING_RAY, str(tmp_path / "run")],
        capture_output=True,
        text=True,
        timeout=120,
        env={"COLUMNS": "200", "PATH": "/usr/bin:/bin", "PYTHONPATH": ":".join(sys.path)},
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines() == [
        "error: playing on Ray needs ray, which is not installed: pip install 'tradingfloor[ray]'"
    ]
