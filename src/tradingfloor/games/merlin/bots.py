"""Merlin Economics' own agents."""

from __future__ import annotations

from collections.abc import Callable

from tradingfloor.core.agent import Agent, RandomAgent

BOTS: dict[str, Callable[[], Agent]] = {"random": RandomAgent}
