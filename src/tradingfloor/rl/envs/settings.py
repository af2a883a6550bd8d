"""The environments' own settings, besides the game's options, checked with a clear error."""

from __future__ import annotations

from dataclasses import dataclass

DEFAULT_MAX_CYCLES = 200_000
"""A safety net, not a game length: every game's own end (Middleman's 10 rounds, Businessmen's
`max_rounds`, Merlin's `max_orbits`) comes long before."""
REWARDS = ("win", "score")
OBSERVATIONS = ("dict", "box")
ILLEGAL = ("raise", "random")
RENDER_MODES = ("ansi", "human")


@dataclass(frozen=True)
class EnvSettings:
    """How an environment presents its game: truncation, rewards, observations, turns, drawing."""

    max_cycles: int = DEFAULT_MAX_CYCLES
    reward: str = "win"
    observation: str = "dict"
    illegal: str = "raise"
    wait_turns: bool = False  # AEC: a turn for every agent each cycle (then parallelizable)
    render_mode: str | None = None
    render_seat: int | None = None

    def check(self, players: int) -> None:
        """ValueError, saying what is allowed, where a setting is not."""
        if isinstance(self.max_cycles, bool) or not isinstance(self.max_cycles, int):
            raise ValueError(f"max_cycles must be a whole number, not {self.max_cycles!r}")
        if self.max_cycles < 1:
            raise ValueError(f"max_cycles must be at least 1, not {self.max_cycles}")
        _one_of("reward", self.reward, REWARDS)
        _one_of("observation", self.observation, OBSERVATIONS)
        _one_of("illegal", self.illegal, ILLEGAL)
        if self.render_mode is not None:
            _one_of("render_mode", self.render_mode, RENDER_MODES)
        if self.render_seat is not None and self.render_seat not in range(players):
            raise ValueError(
                f"render_seat must be None (a spectator) or a seat from 0 to {players - 1}, "
                f"not {self.render_seat!r}"
            )
        if not isinstance(self.wait_turns, bool):
            raise ValueError(f"wait_turns must be True or False, not {self.wait_turns!r}")


def _one_of(name: str, value: object, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        choices = ", ".join(repr(choice) for choice in allowed)
        raise ValueError(f"{name} must be one of {choices}, not {value!r}")
