"""tradingfloor: the digital table for economic trading games."""

# The compiled engine, where a build matches the sources, is put on the import path before any
# other module of the package is imported (tradingfloor/compiled.py).
from tradingfloor import compiled

compiled.install()

from tradingfloor.core import games, make  # noqa: E402

__all__ = ["games", "make"]
__version__ = "0.1.0"
