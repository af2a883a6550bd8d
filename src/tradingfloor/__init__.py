"""tradingfloor: the digital table for economic trading games."""

from tradingfloor.core import games, make

__all__ = ["games", "make"]
__version__ = "0.1.0"
