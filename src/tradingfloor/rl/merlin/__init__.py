"""Merlin Economics' RL encoding: a fixed action catalogue and a structured observation."""

from tradingfloor.rl.merlin.encoder import MerlinEncoder

__all__ = ["MerlinEncoder"]
