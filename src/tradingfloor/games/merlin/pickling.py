"""`picklable`: Merlin's records pickled and copied by their fields, whichever engine made them.

Compiled (`make compiled`), a record of the state modules is a mypyc native class, with neither a
`__dict__` nor slots for `pickle` and `copy` to save and write back; as Python, it has them. A
record registered here is saved as its class and its fields, as its constructor takes them, so a
pickle made by either engine loads in the other (the server's bot workers get states pickled).
"""

from __future__ import annotations

import copyreg
import dataclasses
from typing import Any


def picklable(*classes: type) -> None:
    """Pickle and copy (`copy`, `pickle`) the records of `classes` by their fields."""
    for cls in classes:
        copyreg.pickle(cls, _by_fields)


def _by_fields(record: Any) -> tuple[type, tuple[Any, ...]]:
    return type(record), tuple(getattr(record, f.name) for f in dataclasses.fields(record))
