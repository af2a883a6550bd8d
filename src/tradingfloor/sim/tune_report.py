"""A tuning's report: DIR/tuning.html with its plots, tuning.json, and trials.parquet."""

from __future__ import annotations

import html
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tradingfloor.sim.report import CSS, VIEWPORT, file_part, header_value, pct, section
from tradingfloor.sim.store import METADATA_KEY
from tradingfloor.sim.tune import Param, Trial, Tuning

REPORT_FILE = "tuning.html"
SUMMARY_FILE = "tuning.json"
TRIALS_FILE = "trials.parquet"
TRIALS_SHOWN = 15


def write_tuning(tuning: Tuning, about: Mapping[str, Any], out: Path) -> Path:
    """Write the tuning's report, its summary and a row per trial into `out`; the page's path."""
    out.mkdir(parents=True, exist_ok=True)
    summary = {"about": dict(about), **headline(tuning)}
    (out / SUMMARY_FILE).write_text(json.dumps(summary, indent=2, default=str))
    _write_trials(tuning, about, out / TRIALS_FILE)
    parts = [
        f"<h1>{html.escape(str(about.get('title', '')))}: tuning report</h1>",
        _about_table(about),
        _best_section(tuning),
        section("Objective by trial", _objective_plot(tuning, out), _trials_table(tuning)),
    ]
    for param in tuning.params:
        parts.append(
            section(f"Objective against {param.name}", _param_plot(tuning, param, out), "")
        )
    page = (
        f"<!doctype html><html><head><meta charset='utf-8'>{VIEWPORT}<title>tuning report</title>"
        f"<style>{CSS}</style></head><body>{''.join(parts)}</body></html>"
    )
    path = out / REPORT_FILE
    path.write_text(page, encoding="utf-8")
    return path


def headline(tuning: Tuning) -> dict[str, Any]:
    """The figures a designer reads first: the best setting, and its figures on fresh seeds."""
    return {
        "best": tuning.best.params,
        "objective": tuning.best.objective,
        "objective_on_fresh_seeds": tuning.fresh.objective,
        "fresh": _figures(tuning.fresh),
        "tuned_on": _figures(tuning.best),
        "trials": [
            {"number": t.number, "params": t.params, "objective": t.objective}
            for t in tuning.trials
        ],
        "objectives": [term.text for term in tuning.terms],
    }


def _figures(trial: Trial) -> dict[str, Any]:
    numbers = trial.numbers
    return {
        "games": numbers["games"],
        "seats": numbers["seats"],
        "agents": numbers["agents"],
        "length": numbers["length"],
        "balance": {k.removeprefix("balance."): v for k, v in numbers["balance"].items()},
    }


def _write_trials(tuning: Tuning, about: Mapping[str, Any], path: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    rows = [
        {
            "trial": t.number,
            "objective": t.objective,
            "params": t.params,
            "first_seat_rate": t.numbers["seats"][0]["rate"],
            "first_seat_par": t.numbers["seats"][0]["par"],
            "mean_length": t.numbers["length"]["mean"],
        }
        for t in tuning.trials
    ]
    table = pa.Table.from_pylist(rows)
    table = table.replace_schema_metadata({METADATA_KEY: json.dumps(about, default=str)})
    pq.write_table(table, path)


def _about_table(about: Mapping[str, Any]) -> str:
    cells = "".join(
        f"<tr><th>{html.escape(k)}</th><td><code>{html.escape(header_value(v))}</code></td></tr>"
        for k, v in about.items()
        if v != {}  # no options left fixed: every one is tuned
    )
    return f"<div class='wide'><table class='about'>{cells}</table></div>"


def _best_section(tuning: Tuning) -> str:
    """The best setting, each objective term on the tuning games and on fresh ones, the seats."""
    fresh = tuning.fresh.numbers
    setting = "".join(
        f"<tr><td><code>{html.escape(param.name)}</code></td>"
        f"<td>{html.escape(json.dumps(tuning.best.params[param.name]))}</td>"
        f"<td>{html.escape(_tried(param))}</td></tr>"
        for param in tuning.params
    )
    terms = "".join(
        f"<tr><td><code>{html.escape(term.text)}</code></td>"
        f"<td>{term.weight * term.distance(tuning.best.numbers):.4g}</td>"
        f"<td>{term.weight * term.distance(fresh):.4g}</td></tr>"
        for term in tuning.terms
    )
    seats = "".join(
        f"<tr><td>seat {s}</td><td>{pct(r['rate'])}</td><td>{pct(r['low'])} – "
        f"{pct(r['high'])}</td><td>{pct(r['par'] or 0)}</td><td>{r['n']}</td></tr>"
        for s, r in enumerate(fresh["seats"])
    )
    return (
        "<h2>Best setting</h2><div class='wide'><table><tr><th>number</th><th>best</th>"
        f"<th>range tried</th></tr>{setting}</table></div>"
        f"<p>Found at trial {tuning.best.number}, then played again on {fresh['games']} fresh "
        "games (new seeds), so the figures below are not the ones it was picked for. Each term "
        "of the objective (0 is exactly the aim; lower is better):</p>"
        "<div class='wide'><table><tr><th>term</th><th>tuning games</th><th>fresh games</th>"
        f"</tr>{terms}<tr><th>objective</th><th>{tuning.best.objective:.4g}</th>"
        f"<th>{tuning.fresh.objective:.4g}</th></tr></table></div>"
        f"<p>On the fresh games the mean length is {fresh['length']['mean']:.4g} actions, and "
        "the seats win (95% intervals):</p><div class='wide'><table><tr><th>seat</th>"
        "<th>win rate</th><th>95% CI</th><th>par</th><th>games</th></tr>"
        f"{seats}</table></div>"
    )


def _tried(param: Param) -> str:
    if param.choices:
        return "one of " + ", ".join(json.dumps(choice) for choice in param.choices)
    if param.integer:
        return f"{int(param.low)} to {int(param.high)}, whole numbers"
    return f"{param.low:g} to {param.high:g}"


def _trials_table(tuning: Tuning) -> str:
    names = [param.name for param in tuning.params]
    head = "<tr><th>trial</th>" + "".join(f"<th>{html.escape(n)}</th>" for n in names)
    head += "<th>objective</th><th>first seat's win rate</th></tr>"
    body = ""
    shown = sorted(tuning.trials, key=lambda t: (t.objective, t.number))[:TRIALS_SHOWN]
    for t in shown:
        cells = "".join(f"<td>{html.escape(json.dumps(t.params[n]))}</td>" for n in names)
        first = t.numbers["seats"][0]
        body += (
            f"<tr><td>{t.number}</td>{cells}<td>{t.objective:.4g}</td>"
            f"<td>{pct(first['rate'])}</td></tr>"
        )
    note = (
        f"The best {len(shown)} of {len(tuning.trials)} trials, best first. Every trial plays the "
        "same games; a setting tried twice gives the same figures. All trials are in "
        f"{TRIALS_FILE}."
    )
    return f"<div class='wide'><table>{head}{body}</table></div><p>{note}</p>"


def _objective_plot(tuning: Tuning, out: Path) -> str:
    from tradingfloor.sim.plots import plt, save

    fig, ax = plt.subplots(figsize=(5.6, 3.6))
    values = [t.objective for t in tuning.trials]
    best = [min(values[: i + 1]) for i in range(len(values))]
    ax.plot(range(len(values)), values, "o", alpha=0.6, label="trial")
    ax.step(range(len(values)), best, where="post", label="best so far")
    ax.set_xlabel("trial")
    ax.set_ylabel("objective (lower is better)")
    ax.legend()
    return save(fig, out, "tuning-objective")


def _param_plot(tuning: Tuning, param: Param, out: Path) -> str:
    from matplotlib.ticker import MaxNLocator

    from tradingfloor.sim.plots import plt, save

    name = param.name
    fig, ax = plt.subplots(figsize=(5.6, 3.6))
    xs = [
        str(t.params[name]) if isinstance(t.params[name], str | bool) else t.params[name]
        for t in tuning.trials
    ]
    ax.scatter(xs, [t.objective for t in tuning.trials], alpha=0.7)
    if param.integer:
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel(param.name)
    ax.set_ylabel("objective (lower is better)")
    return save(fig, out, f"tuning-{file_part(name)}")
