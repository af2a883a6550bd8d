"""Tuning a game's numbers toward balance: Optuna proposes settings, the lab plays each.

Every trial plays the same games (the run's seed, so the same deals and draws where the rules
allow): trials differ by their setting, not by luck. A setting the sampler proposes again is not
played again: the same games would give the same figures. The best setting is then played again
on fresh seeds, so the figures reported for it are not the ones it was picked for.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from tradingfloor.sim.figures import figures
from tradingfloor.sim.objectives import Term, distance
from tradingfloor.sim.run import prepared, run
from tradingfloor.sim.spec import RunSpec, parse_value, split_values

FRESH_SEED_OFFSET = 1_000_003  # the re-run's seed: the run's plus this, so its games are new


@dataclass(frozen=True)
class Param:
    """A number (or choice) to tune: an option's or a data figure's name and its range."""

    name: str
    low: float = 0.0
    high: float = 0.0
    integer: bool = False
    choices: tuple[Any, ...] = ()

    def suggest(self, trial: Any) -> Any:
        """Optuna's proposal for this parameter in `trial`."""
        if self.choices:
            return trial.suggest_categorical(self.name, list(self.choices))
        if self.integer:
            return trial.suggest_int(self.name, int(self.low), int(self.high))
        return trial.suggest_float(self.name, self.low, self.high)


def parse_param(text: str) -> Param:
    """`name=LOW:HIGH` (whole numbers when both are) or `name=a,b,c`; ValueError in words."""
    name, sep, values = text.partition("=")
    name = name.strip()
    if not sep or not name or not values.strip():
        raise ValueError(f"expected name=LOW:HIGH or name=a,b,c, got {text!r}")
    if ":" in values:
        low, high = (parse_value(part.strip()) for part in values.split(":", 1))
        if not all(isinstance(v, int | float) and not isinstance(v, bool) for v in (low, high)):
            raise ValueError(f"{text!r}: a range is two numbers, LOW:HIGH")
        if high <= low:
            raise ValueError(f"{text!r}: the range must go from low to high")
        integer = isinstance(low, int) and isinstance(high, int)
        return Param(name, float(low), float(high), integer)
    choices = tuple(parse_value(v.strip()) for v in split_values(values) if v.strip())
    return Param(name, choices=choices)


@dataclass(frozen=True)
class Trial:
    """One setting tried: its values, its objective and the figures it gave."""

    number: int
    params: dict[str, Any]
    objective: float
    numbers: dict[str, Any]


@dataclass(frozen=True)
class Tuning:
    """A finished tuning: every trial, the best, and the best played again on fresh seeds."""

    trials: list[Trial]
    best: Trial
    fresh: Trial
    terms: tuple[Term, ...]
    params: tuple[Param, ...]


def tune(
    spec: RunSpec,
    params: Sequence[Param],
    terms: Sequence[Term],
    trials: int,
    seed: int = 0,
    play: Callable[[RunSpec], list[dict[str, Any]]] | None = None,
    on_trial: Callable[[Trial], None] | None = None,
) -> Tuning:
    """Search `params` for the setting of `spec` whose figures minimise the objective `terms`.

    `play` runs a spec and returns its rows (default: this process; the CLI passes a pool or
    Ray). Optuna's TPE sampler is seeded with `seed`, so the same call proposes the same
    settings. Raises the game's BadOptions where a bound of a range is refused, before any game.
    """
    import optuna

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    reference = not batch_plays_every_trial(spec, params)
    playing = play or (lambda s: run(s, reference=reference))
    study = optuna.create_study(direction="minimize", sampler=optuna.samplers.TPESampler(seed=seed))
    for param in params:  # every bound checked by the game before the first game
        for value in _corners(param):
            prepared(_with(spec, {param.name: value}))
    done = _search(study, spec, params, terms, trials, playing, on_trial)
    best = min(done, key=lambda t: (t.objective, t.number))
    fresh_spec = replace(_with(spec, best.params), seed=spec.seed + FRESH_SEED_OFFSET)
    fresh_numbers = figures(playing(fresh_spec))
    fresh = Trial(best.number, best.params, distance(terms, fresh_numbers), fresh_numbers)
    return Tuning(done, best, fresh, tuple(terms), tuple(params))


def _search(
    study: Any,
    spec: RunSpec,
    params: Sequence[Param],
    terms: Sequence[Term],
    trials: int,
    play: Callable[[RunSpec], list[dict[str, Any]]],
    on_trial: Callable[[Trial], None] | None,
) -> list[Trial]:
    """Ask the study for `trials` settings, play each new one and tell the study its objective."""
    done: list[Trial] = []
    played: dict[str, dict[str, Any]] = {}  # the figures of each setting tried, by its JSON
    for number in range(trials):
        trial = study.ask()
        setting = {param.name: param.suggest(trial) for param in params}
        key = json.dumps(setting, sort_keys=True)
        if key not in played:
            played[key] = figures(play(_with(spec, setting)))
        result = Trial(number, setting, distance(terms, played[key]), played[key])
        study.tell(trial, result.objective)
        done.append(result)
        if on_trial is not None:
            on_trial(result)
    return done


def batch_plays_every_trial(spec: RunSpec, params: Sequence[Param]) -> bool:
    """Whether the game's batch engine plays the settings at every end of the ranges.

    Where it cannot play some (Middleman's research variants), the rules engine must play every
    trial: a trial played by the other engine would differ by the engine's luck, not its setting.
    """
    from tradingfloor.sim.vectorized import vectorized_engine

    for param in params:
        for value in _corners(param):
            tasks = prepared(replace(_with(spec, {param.name: value}), games=1)).tasks()
            if vectorized_engine(spec.game, tasks) is None:
                return False
    return True


def _with(spec: RunSpec, setting: Mapping[str, Any]) -> RunSpec:
    return replace(spec, options={**spec.options, **setting})


def _corners(param: Param) -> tuple[Any, ...]:
    if param.choices:
        return param.choices
    if param.integer:
        return int(param.low), int(param.high)
    return param.low, param.high
