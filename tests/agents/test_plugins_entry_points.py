"""Agent plugins from installed packages' entry points (group `tradingfloor.agents`).

Each test installs a small package the way pip would leave it: a module and a `.dist-info`
directory with its `entry_points.txt`, in a folder put on `sys.path`.
"""

from __future__ import annotations

import random
import uuid
from pathlib import Path

import pytest

import tradingfloor
from tradingfloor.agents import kinds, make_agent
from tradingfloor.agents.plugins import GROUP, entry_point_plugins
from tradingfloor.core.playout import play_out

GAME = tradingfloor.make("middleman")
AGENT_MODULE = """
from tradingfloor.core.agent import RandomAgent

GAMES = ("middleman",)


class Zero:
    name = "zero"

    def act(self, decision, rng):
        return decision.legal.sample(rng) if decision.view["phase"] == "rows" else type(
            decision.legal.sample(rng)
        )(tins=0, price=0)


def make_agent():
    return Zero()


class Namespace:
    GAMES = ("middleman", "businessmen")

    @staticmethod
    def make_agent():
        return RandomAgent()
"""


def install(site: Path, package: str, entry_points: dict[str, str], module: str = "") -> str:
    """Install `package` in `site`: a module of that name (unique per test) and its metadata."""
    name = f"{package}_{uuid.uuid4().hex[:8]}"
    (site / f"{name}.py").write_text(module)
    info = site / f"{name}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    lines = [f"{kind} = {value.format(module=name)}" for kind, value in entry_points.items()]
    (info / "entry_points.txt").write_text(f"[{GROUP}]\n" + "\n".join(lines) + "\n")
    return name


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.syspath_prepend(str(tmp_path))
    return tmp_path


def test_an_installed_module_becomes_a_bot_kind_of_the_games_it_plays(site: Path) -> None:
    install(site, "zero_agent", {"zero": "{module}"}, AGENT_MODULE)
    assert "zero" in kinds(GAME)
    assert "zero" not in kinds(tradingfloor.make("businessmen"))
    agents = [make_agent(GAME, "zero"), make_agent(GAME, "random")]
    final = play_out(GAME, GAME.new({"players": 2}, 1), agents, random.Random(1))
    assert GAME.result(final) is not None
    assert final.cash[0] == 20  # ordering nothing keeps the starting cash


def test_an_object_in_a_module_is_a_plugin_too(site: Path) -> None:
    install(site, "agents", {"anyone": "{module}:Namespace"}, AGENT_MODULE)
    assert "anyone" in kinds(GAME)
    assert "anyone" in kinds(tradingfloor.make("businessmen"))
    assert make_agent(GAME, "anyone").name == "random"


def test_the_plugins_go_when_their_package_leaves_the_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with monkeypatch.context() as patched:
        patched.syspath_prepend(str(tmp_path))
        install(tmp_path, "zero_agent", {"zero": "{module}"}, AGENT_MODULE)
        assert "zero" in entry_point_plugins()
    assert "zero" not in entry_point_plugins()


@pytest.mark.parametrize(
    ("entry", "module", "message"),
    [
        (
            "{module}",
            "raise ImportError('needs torch')",
            "failed to load: ImportError: needs torch",
        ),
        ("{module}", "def make_agent(): pass", "has no GAMES"),
        ("{module}", "GAMES = 'middleman'\ndef make_agent(): pass", "has no GAMES"),
        ("{module}", "GAMES = ('middleman',)", "has no make_agent"),
        ("{module}:Missing", "GAMES = ()", "failed to load: AttributeError"),
    ],
)
def test_a_broken_plugin_is_refused_naming_it_and_its_package(
    site: Path, entry: str, module: str, message: str
) -> None:
    name = install(site, "broken", {"broken": entry}, module)
    with pytest.raises(ValueError, match=message) as refused:
        kinds(GAME)
    assert f"agent plugin 'broken' ({name}" in str(refused.value)
    assert f"from the package {name} 1.0" in str(refused.value)


def test_two_packages_defining_one_kind_are_refused(site: Path) -> None:
    first = install(site, "one", {"twin": "{module}"}, AGENT_MODULE)
    second = install(site, "two", {"twin": "{module}"}, AGENT_MODULE)
    with pytest.raises(ValueError, match="'twin' is defined twice") as refused:
        kinds(GAME)
    assert first in str(refused.value) and second in str(refused.value)
