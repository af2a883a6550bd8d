"""The compiled engine: rules modules built with mypyc, used only while they match their sources.

The Python source is the engine. `make compiled` builds some of its modules with mypyc into
`build/compiled/` (outside src/, so that a stale extension never sits beside an edited .py, where
Python's import system would prefer it), with a manifest of each compiled source's sha256. At
`import tradingfloor`, before any other module of the package, `install()` puts that build ahead
of src/ on the import path, but only when every hash matches the source there today; otherwise,
or with TRADINGFLOOR_PURE=1, the pure Python is imported as always. `engine()` says which runs.
The build itself is `tradingfloor/compiling.py`.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from importlib.abc import MetaPathFinder
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType
from typing import Literal, TypedDict

SOURCES = Path(__file__).resolve().parents[1]  # src/ in a checkout: where the .py files are
BUILD = SOURCES.parent / "build" / "compiled"  # the checkout's build (none in an installed wheel)
MANIFEST = "manifest.json"
PURE = "TRADINGFLOOR_PURE"  # set (not "0"): the pure Python, for profiling and debugging
Engine = Literal["compiled", "pure"]


class Manifest(TypedDict):
    """What a build holds: the sha256 of each compiled module's source, and mypyc's runtime."""

    suffix: str  # the extension files' suffix: the Python they were built for
    sources: dict[str, str]  # module name -> sha256 of the source it was compiled from
    runtime: list[str]  # the modules mypyc adds, shared by the compiled ones


class _BuildFinder(MetaPathFinder):
    """Finds each compiled module, and mypyc's runtime, in the build, ahead of src/."""

    def __init__(self, extensions: dict[str, Path]) -> None:
        self.extensions = extensions

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        extension = self.extensions.get(fullname)
        if extension is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(extension))
        return importlib.util.spec_from_file_location(fullname, extension, loader=loader)


_finders: list[_BuildFinder] = []  # the one installed, if any


def install(build: Path = BUILD, sources: Path = SOURCES) -> Engine:
    """Put `build` ahead of `sources` on the import path where it matches them; say which runs.

    The package's __init__ calls it before it imports anything else, so that the compiled
    modules are the ones imported. A build that is missing, stale or made for another Python is
    passed over in silence: the pure Python is the same engine, only slower."""
    if not _finders and os.environ.get(PURE, "") in ("", "0") and refusal(build, sources) is None:
        finder = _BuildFinder(_extensions(_read(build), build))
        sys.meta_path.insert(0, finder)
        _finders.append(finder)
    return engine()


def engine(package: str = "tradingfloor") -> Engine:
    """Which engine runs `package`: "compiled" where some of its modules come from the build."""
    compiled = (m for finder in _finders for m in finder.extensions)
    return "compiled" if any(m.startswith(package + ".") for m in compiled) else "pure"


def refusal(build: Path, sources: Path) -> str | None:
    """Why `build` cannot stand in for the modules under `sources`, or None where it can."""
    try:
        manifest = _read(build)
    except (OSError, ValueError):  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        return f"no build with a readable manifest in {build}"
    if manifest["suffix"] != importlib.machinery.EXTENSION_SUFFIXES[0]:
        return f"the build is for another Python ({manifest['suffix']})"
    for module, digest in manifest["sources"].items():
        source = source_of(module, sources)
        if not source.is_file() or sha256(source) != digest:
            return f"{source} is not the source the build was made from"
    missing = [str(file) for file in _extensions(manifest, build).values() if not file.is_file()]
    return f"the build lacks {', '.join(missing)}" if missing else None


def source_of(module: str, sources: Path) -> Path:
    """The .py file of `module` under `sources`."""
    return sources.joinpath(*module.split(".")).with_suffix(".py")


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _read(build: Path) -> Manifest:
    """The build's manifest; ValueError where it is not one (a build must never stop an import)."""
    manifest = json.loads((build / MANIFEST).read_text(encoding="utf-8"))
    shapes = {"suffix": str, "sources": dict, "runtime": list}
    if not isinstance(manifest, dict) or any(
        not isinstance(manifest.get(key), shape) for key, shape in shapes.items()
    ):
        raise ValueError(f"{build / MANIFEST} is not a manifest")
    strings = [*manifest["sources"], *manifest["sources"].values(), *manifest["runtime"]]
    if not all(isinstance(item, str) for item in strings):
        raise ValueError(f"{build / MANIFEST} is not a manifest")
    return Manifest(
        suffix=manifest["suffix"], sources=manifest["sources"], runtime=manifest["runtime"]
    )


def _extensions(manifest: Manifest, build: Path) -> dict[str, Path]:
    """Module name -> extension file, for every compiled module and mypyc's runtime."""
    modules = [*manifest["sources"], *manifest["runtime"]]
    return {module: build / (module.replace(".", "/") + manifest["suffix"]) for module in modules}
