"""The package as a researcher gets it: a wheel, installed with its base dependencies only.

The sdist is built from a copy of the project's files and the wheel from the unpacked sdist (as
`python -m build` does), then installed in a new virtual environment, with the pins of
requirements/constraints.txt, from the package registry (or pip's cache).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import venv
import zipfile
from collections.abc import Iterator
from email.parser import Parser
from pathlib import Path

import pytest
from packaging.requirements import Requirement

import tradingfloor

# One worker builds and installs once for every test here (make pytest runs --dist loadgroup).
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("packaging")]

REPO = Path(__file__).resolve().parents[1]
# Everything the build reads: a new input missing here fails the build, it is not left out quietly.
BUILD_INPUTS = ("pyproject.toml", "setup.py", "README.md", "LICENSE", "requirements", "src")
NOTES = "docs/rules"
VERSION = tradingfloor.__version__
NOT_BASE = ("fastapi", "uvicorn", "pyarrow", "matplotlib", "ray", "pettingzoo", "pyspiel", "torch")


def clean_env() -> dict[str, str]:
    """This environment without what would lead Python to the source tree or another venv."""
    dropped = ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTHONSTARTUP")
    return {key: value for key, value in os.environ.items() if key not in dropped} | {
        "COLUMNS": "100"
    }


def call(*command: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run `command` in the clean environment; its exit code, stdout and stderr."""
    return subprocess.run(
        [str(part) for part in command],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=clean_env(),
        timeout=300,
    )


def checked(*command: str | Path, cwd: Path | None = None) -> str:
    """Run `command`; its stdout, or a failure carrying what it printed."""
    done = call(*command, cwd=cwd)
    assert done.returncode == 0, f"{command}:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel, built from the sdist of a copy of the project's files."""
    root = tmp_path_factory.mktemp("package")
    project = root / "project"
    for name in (*BUILD_INPUTS, NOTES):
        source = REPO / name
        (project / name).parent.mkdir(parents=True, exist_ok=True)
        if source.is_dir():
            ignored = shutil.ignore_patterns("__pycache__", "*.egg-info")
            shutil.copytree(source, project / name, ignore=ignored)
        else:
            shutil.copy2(source, project / name)
    build_sdist = "from setuptools import build_meta; print(build_meta.build_sdist('dist'))"
    sdist = project / "dist" / checked(sys.executable, "-c", build_sdist, cwd=project).split()[-1]
    with tarfile.open(sdist) as archive:
        archive.extractall(root / "sdist", filter="data")
    unpacked = root / "sdist" / f"tradingfloor-{VERSION}"
    pip_wheel = ("-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation")
    checked(sys.executable, *pip_wheel, "-w", root / "wheels", unpacked)
    return next((root / "wheels").glob("tradingfloor-*.whl"))


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The bin folder of a new virtual environment holding the wheel and its base dependencies."""
    home = tmp_path_factory.mktemp("clean") / "venv"
    venv.EnvBuilder(with_pip=False).create(home)  # this pip installs there: no pip of its own
    constraints = REPO / "requirements" / "constraints.txt"
    pip_there = (sys.executable, "-m", "pip", "--python", home / "bin" / "python")
    checked(*pip_there, "install", "-q", "-c", constraints, wheel)
    yield home / "bin"
    shutil.rmtree(home)


def test_the_wheel_declares_ranges_every_extra_and_the_licence(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        metadata = Parser().parsestr(
            archive.read(f"tradingfloor-{VERSION}.dist-info/METADATA").decode()
        )
        licence = archive.read(f"tradingfloor-{VERSION}.dist-info/licenses/LICENSE").decode()
    assert metadata["Version"] == VERSION
    assert metadata["License-Expression"] == "MIT"
    assert "Copyright (c) 2026 the tradingfloor authors" in licence
    extras = set(metadata.get_all("Provides-Extra") or [])
    assert extras == {"server", "sim", "ray", "rl", "openspiel", "train", "bench", "dev"}
    requirements = [Requirement(line) for line in metadata.get_all("Requires-Dist") or []]
    base = {r.name for r in requirements if r.marker is None or "extra" not in str(r.marker)}
    assert base == {"pydantic", "typer", "rich", "numpy"}
    for requirement in requirements:  # a range with a lower bound, never one exact version
        operators = {spec.operator for spec in requirement.specifier}
        assert ">=" in operators and not operators & {"==", "==="}, requirement
    in_extra = {(r.name, str(r.marker).split("extra == ")[-1].strip('"')) for r in requirements}
    assert {("open_spiel", "openspiel"), ("ray", "ray"), ("torch", "train")} <= in_extra


def test_the_wheel_carries_every_file_of_the_package_and_the_rules_notes(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        shipped = set(archive.namelist())
    source = REPO / "src"
    expected = {
        path.relative_to(source).as_posix()
        for path in source.joinpath("tradingfloor").rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }
    notes = {f"tradingfloor/rules_notes/{path.name}" for path in (REPO / NOTES).glob("*.md")}
    assert "tradingfloor/py.typed" in expected and "tradingfloor/web/index.html" in expected
    assert len(notes) == 3
    assert sorted((expected | notes) - shipped) == []


def test_the_installed_package_is_the_wheel_with_base_dependencies_only(installed: Path) -> None:
    where = (
        "import importlib.metadata, tradingfloor;"
        "print(tradingfloor.__file__, importlib.metadata.version('tradingfloor'))"
    )
    file, version = checked(installed / "python", "-c", where).split()
    assert Path(file).is_relative_to(installed.parent) and version == VERSION
    absent = "import importlib.util as u, sys; print([m for m in sys.argv[1:] if u.find_spec(m)])"
    assert checked(installed / "python", "-c", absent, *NOT_BASE).strip() == "[]"


def test_version_prints_the_package_version(installed: Path) -> None:
    assert checked(installed / "tradingfloor", "--version") == f"tradingfloor {VERSION}\n"


def test_rules_prints_the_short_rules_and_the_rules_notes(installed: Path) -> None:
    assert "How to play Middleman" in checked(installed / "tradingfloor", "rules", "middleman")
    notes = checked(installed / "tradingfloor", "rules", "middleman", "--notes")
    title = (REPO / NOTES / "middleman.md").read_text(encoding="utf-8").splitlines()[0]
    assert title.lstrip("# ") in notes


def test_a_game_between_bots_plays_to_its_end(installed: Path) -> None:
    seats = ("--seats", "heuristic,random", "--seed", "3")
    assert "wins" in checked(installed / "tradingfloor", "play", "middleman", *seats)


@pytest.mark.parametrize(
    ("command", "extra"),
    [
        (("tradingfloor", "serve"), "server"),
        (("tradingfloor", "simulate", "middleman", "--seats", "random", "--out", "x"), "sim"),
        (("python", "-c", "import tradingfloor.rl"), "rl"),
    ],
)
def test_a_missing_extra_says_what_to_install(
    installed: Path, tmp_path: Path, command: tuple[str, ...], extra: str
) -> None:
    done = call(installed / command[0], *command[1:], cwd=tmp_path)
    assert done.returncode != 0
    assert f"pip install 'tradingfloor[{extra}]'" in done.stderr.splitlines()[-1]
    if command[0] == "tradingfloor":  # the command: one line, no traceback
        assert len(done.stderr.splitlines()) == 1, done.stderr
    assert not list(tmp_path.iterdir())
