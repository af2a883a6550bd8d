"""The optional parts of tradingfloor (pip extras), and one clear line where one is missing."""

from __future__ import annotations

import importlib.util
from typing import NamedTuple


class Extra(NamedTuple):
    """A pip extra: what it serves, and the modules it installs that tradingfloor imports."""

    serves: str
    modules: tuple[str, ...]


# The modules that each part imports before it does anything: missing one, the part cannot work.
EXTRAS: dict[str, Extra] = {
    "server": Extra("the web app", ("fastapi", "fastapi_offline", "uvicorn", "sqlalchemy")),
    "sim": Extra("the lab's rows, ratings and report", ("pyarrow", "matplotlib", "openskill")),
    "ray": Extra("playing on Ray", ("ray",)),
    "rl": Extra("the PettingZoo and Gymnasium environments", ("pettingzoo", "gymnasium")),
    "openspiel": Extra("the OpenSpiel games", ("pyspiel",)),
    "train": Extra("training an agent", ("torch", "sb3_contrib")),
}


class MissingExtra(ImportError):
    """A part of tradingfloor was used without the extra that installs what it needs."""

    def __init__(self, extra: str, module: str) -> None:
        self.extra = extra
        super().__init__(
            f"{EXTRAS[extra].serves} needs {module}, which is not installed: "
            f"pip install 'tradingfloor[{extra}]'",
            name=module,
        )


def missing_module(extra: str) -> str | None:
    """The first module of `extra` that cannot be imported here, or None if it is installed."""
    if extra not in EXTRAS:
        raise ValueError(f"unknown extra {extra!r}; the extras are: {', '.join(EXTRAS)}")
    for module in EXTRAS[extra].modules:
        if importlib.util.find_spec(module) is None:
            return module
    return None


def require(extra: str) -> None:
    """Raise MissingExtra, naming the extra to install, unless `extra` is installed."""
    module = missing_module(extra)
    if module is not None:
        raise MissingExtra(extra, module)
