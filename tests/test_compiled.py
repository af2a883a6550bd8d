"""The compiled engine: used only while its manifest matches every source, else the pure Python."""

from __future__ import annotations

import importlib
import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import tradingfloor
from tradingfloor import compiled
from tradingfloor.compiled import BUILD, MANIFEST, PURE, SOURCES, engine, refusal, sha256
from tradingfloor.compiling import missing_tools

SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def _toy_build(root: Path) -> tuple[Path, Path]:
    """Sources of a package `toy` and a build whose manifest matches them (its extensions are
    empty files: `refusal` reads no extension, it only sees that each is there)."""
    sources, build = root / "src", root / "build"
    (sources / "toy").mkdir(parents=True)
    (sources / "toy" / "rules.py").write_text("ROUNDS = 10\n", encoding="utf-8")
    (sources / "toy" / "state.py").write_text("PHASES = ('buy', 'sell')\n", encoding="utf-8")
    (build / "toy").mkdir(parents=True)
    for extension in ("toy/rules", "toy/state", "abc__mypyc"):
        (build / (extension + SUFFIX)).touch()
    manifest = {
        "suffix": SUFFIX,
        "sources": {m: sha256(sources / "toy" / f"{m[4:]}.py") for m in ("toy.rules", "toy.state")},
        "runtime": ["abc__mypyc"],
    }
    (build / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    return build, sources


def test_a_build_that_matches_its_sources_is_used(tmp_path: Path) -> None:
    build, sources = _toy_build(tmp_path)
    assert refusal(build, sources) is None


def test_a_build_is_refused_once_a_source_is_edited(tmp_path: Path) -> None:
    build, sources = _toy_build(tmp_path)
    edited = sources / "toy" / "state.py"
    edited.write_text("PHASES = ('buy', 'sell', 'over')\n", encoding="utf-8")
    assert refusal(build, sources) == f"{edited} is not the source the build was made from"


def test_a_build_is_refused_once_a_source_is_gone(tmp_path: Path) -> None:
    build, sources = _toy_build(tmp_path)
    (sources / "toy" / "rules.py").unlink()
    assert refusal(build, sources) is not None


def test_a_build_lacking_an_extension_or_its_manifest_is_refused(tmp_path: Path) -> None:
    build, sources = _toy_build(tmp_path)
    (build / ("abc__mypyc" + SUFFIX)).unlink()
    assert "lacks" in (refusal(build, sources) or "")
    (build / MANIFEST).unlink()
    assert "no build" in (refusal(build, sources) or "")


@pytest.mark.parametrize(
    "garbled",
    ["[1, 2]", "{not json", '{"suffix": "", "sources": [], "runtime": []}', '{"sources": {}}'],
)
def test_a_build_whose_manifest_is_garbled_is_refused(tmp_path: Path, garbled: str) -> None:
    build, sources = _toy_build(tmp_path)
    (build / MANIFEST).write_text(garbled, encoding="utf-8")
    assert "no build" in (refusal(build, sources) or "")


def test_a_build_for_another_python_is_refused(tmp_path: Path) -> None:
    build, sources = _toy_build(tmp_path)
    manifest = json.loads((build / MANIFEST).read_text(encoding="utf-8"))
    manifest["suffix"] = ".cpython-39-x86_64-linux-gnu.so"
    (build / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    assert "another Python" in (refusal(build, sources) or "")


def _skip_without_a_build() -> None:
    if missing_tools():
        pytest.skip(f"the compiled engine cannot be built here: {missing_tools()}")
    if not (BUILD / MANIFEST).is_file():
        pytest.skip(f"no compiled build in {BUILD}: `make compiled` builds it (make test does)")


def test_the_dev_environment_runs_the_compiled_modules() -> None:
    """`make` builds the engine and every module it compiled is imported from the build."""
    _skip_without_a_build()
    if os.environ.get(PURE, "") not in ("", "0"):
        pytest.skip(f"{PURE} is set: this run tests the pure Python")
    assert refusal(BUILD, SOURCES) is None, "the build is stale: run `make compiled`"
    manifest = json.loads((BUILD / MANIFEST).read_text(encoding="utf-8"))
    for module in manifest["sources"]:
        file = Path(importlib.import_module(module).__file__ or "")
        assert file.is_relative_to(BUILD) and file.name.endswith(SUFFIX), module
    for package in ("tradingfloor.games.middleman", "tradingfloor.games.businessmen"):
        assert engine() == engine(package) == "compiled", package


def _engine_of(sources: Path, pure: bool = False) -> list[str]:
    """What a fresh process importing the package from `sources` runs: the engine and the file
    of Middleman's rules."""
    env = {**os.environ, "PYTHONPATH": str(sources)}
    env.pop(PURE, None)
    if pure:
        env[PURE] = "1"
    code = (
        "from tradingfloor import compiled; import tradingfloor.games.middleman.rules as r;"
        "print(compiled.engine(), r.__file__)"
    )
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    return out.stdout.split()


def test_a_checkout_whose_rules_are_edited_runs_the_edited_python(tmp_path: Path) -> None:
    """A copy of this checkout's sources and build: compiled as built, pure once a compiled
    source is edited (the edit is what runs), and pure whenever TRADINGFLOOR_PURE is set."""
    _skip_without_a_build()
    if refusal(BUILD, SOURCES):
        pytest.skip(f"the build is stale ({refusal(BUILD, SOURCES)}): `make compiled`")
    sources = tmp_path / "src"
    shutil.copytree(SOURCES / "tradingfloor", sources / "tradingfloor")
    shutil.copytree(BUILD, tmp_path / "build" / "compiled")
    rules = sources / "tradingfloor" / "games" / "middleman" / "rules.py"
    assert _engine_of(sources)[0] == "compiled"
    assert _engine_of(sources, pure=True) == ["pure", str(rules)]
    rules.write_text(rules.read_text(encoding="utf-8") + "# edited\n", encoding="utf-8")
    assert _engine_of(sources) == ["pure", str(rules)]


def test_the_engine_says_pure_for_a_package_it_did_not_compile() -> None:
    assert engine("tradingfloor.agents") == "pure"
    assert compiled.engine("tradingfloor.nothing") == "pure"


def test_the_reference_rows_say_which_engine_they_ran() -> None:
    from benchmarks import reference

    for game_id in ("middleman", "businessmen"):
        sample = reference._playout_sample(tradingfloor.make(game_id), {"players": 3}, 1)
        assert sample.extra["engine"] == engine(f"tradingfloor.games.{game_id}")
