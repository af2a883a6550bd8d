"""mypyc's class flags, for the modules that `make compiled` builds (`tradingfloor/compiled.py`).

mypyc reads a flag as it compiles; run as Python, the decorator does nothing, and a plain install
without mypy gets one that needs no package."""

from __future__ import annotations

from collections.abc import Callable

try:
    from mypy_extensions import mypyc_attr as mypyc_attr
except ImportError:  # a plain install, without mypy

    def mypyc_attr(*names: str, **flags: object) -> Callable[[type], type]:  # type: ignore[misc]
        return lambda cls: cls
