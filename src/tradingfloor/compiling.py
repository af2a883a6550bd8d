"""Builds the compiled engine: `python -m tradingfloor.compiling SOURCE.py ...` (`make compiled`).

Each source under src/ is compiled with mypyc into build/compiled/, with the manifest of their
sha256 that `tradingfloor.compiled` checks before it uses the build. Without a C compiler or
Python's headers it warns and builds nothing: the pure Python runs, the same engine.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import json
import os
import shlex
import shutil
import sys
import sysconfig
import tempfile
from collections.abc import Sequence
from pathlib import Path

from tradingfloor.compiled import BUILD, MANIFEST, SOURCES, Manifest, sha256

CACHE = BUILD.with_name(
    "compiled-cache"
)  # mypyc's C and the compiler's output, kept for the next build


def build(paths: Sequence[Path], target: Path = BUILD, cache: Path = CACHE) -> None:
    """Compile the modules at `paths` (files under src/) with mypyc into `target`, manifest too.

    Each module is its own extension (mypyc's separate compilation), compiled on every core, in
    `cache`, which later builds reuse: mypyc rewrites only the C files whose code changed, and
    only their extensions are compiled again (a first build of every module takes minutes, an
    edit of one seconds). The build is put together beside `target` and then moved into its
    place, so that a process running the old build keeps its files and a failed build leaves no
    half of one."""
    from mypyc.build import mypycify  # the build's tools are needed only here
    from setuptools import setup  # type: ignore[import-untyped]  # no stubs; only here

    target.parent.mkdir(parents=True, exist_ok=True)
    sources = {_module_of(path): sha256(path) for path in paths}  # as they are when compiled
    # mypy starts afresh each build: read from its cache, a module that was not edited (a Python
    # class in `core.rng`) came back described wrongly, and an edited neighbour's C called code
    # that did not exist. C files and objects stay cached: only changed C is compiled again.
    types = cache / "mypy"
    shutil.rmtree(types, ignore_errors=True)
    options = [f"--cache-dir={types}"]
    extensions = mypycify(
        [*options, *map(str, paths)], opt_level="3", separate=True, target_dir=str(cache / "c")
    )
    jobs = str(os.cpu_count() or 1)
    places = ["-b", str(cache / "lib"), "-t", str(cache / "objects")]
    setup(
        name="tradingfloor-compiled",
        packages=[],
        ext_modules=extensions,
        script_args=["-q", "build_ext", "-j", jobs, *places],
    )
    work = Path(tempfile.mkdtemp(prefix="compiled-", dir=target.parent))
    try:
        manifest = Manifest(
            suffix=importlib.machinery.EXTENSION_SUFFIXES[0],
            sources=sources,
            runtime=[e.name for e in extensions if e.name not in sources],
        )
        for module in [*manifest["sources"], *manifest["runtime"]]:  # not a module since dropped
            _copy(cache / "lib", work, module.replace(".", "/") + manifest["suffix"])
        (work / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n", "utf-8")
        _replace(work, target)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _copy(source: Path, target: Path, name: str) -> None:
    (target / name).parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(source / name, target / name)


def missing_tools() -> str | None:
    """What the build lacks here (mypyc, a C compiler, Python's headers), or None."""
    if importlib.util.find_spec("mypyc") is None:
        return "no mypyc (it comes with mypy, in the dev extra)"
    compiler = shlex.split(os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc")
    if not compiler or shutil.which(compiler[0]) is None:
        return f"no C compiler ({' '.join(compiler) or 'CC'})"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file():
        return "no Python headers (Python.h; on Debian: apt install python3-dev)"
    return None


def _module_of(path: Path) -> str:
    return ".".join(path.resolve().relative_to(SOURCES).with_suffix("").parts)


def _replace(new: Path, target: Path) -> None:
    """Move the directory `new` to `target`: the old one renamed away first, then removed."""
    old = target.with_name(target.name + ".old")
    shutil.rmtree(old, ignore_errors=True)
    if target.exists():
        target.rename(old)
    new.rename(target)
    shutil.rmtree(old, ignore_errors=True)


def main(args: Sequence[str]) -> int:
    lacking = missing_tools()
    if lacking:
        print(f"warning: {lacking}: the engine runs as pure Python (slower)", file=sys.stderr)
        return 0
    build([Path(arg) for arg in args])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
