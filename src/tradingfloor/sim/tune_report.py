"""A tuning's report: DIR/tuning.html with its plots, tuning.json, and trials.parquet."""

from __future__ import annotations

import html
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tradingfloor.sim.report import CSS, VIEWPORT, pct, section
from tradingfloor.sim.tune import Trial, Tuning

REPORT_FILE = "tuning.html"
SUMMARY_FILE = "tuning.json"
TRIALS_FILE = "trials.parquet"


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
            section(f"Objective against {param.name}", _param_plot(tuning, param.name, out), "")
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
    table = table.replace_schema_metadata({b"tradingfloor": json.dumps(about, default=str)})
    pq.write_table(table, path)


def _about_table(about: Mapping[str, Any]) -> str:
    cells = "".join(
        f"<tr><th>{html.escape(k)}</th><td><code>{html.escape(json.dumps(v, default=str))}"
        "</code></td></tr>"
        for k, v in about.items()
    )
    return f"<table>{cells}</table>"


def _best_section(tuning: Tuning) -> str:
    setting = ", ".join(f"{k} = {json.dumps(v)}" for k, v in tuning.best.params.items())
    fresh = tuning.fresh.numbers
    seats = "".join(
        f"<tr><td>seat {s}</td><td>{pct(r['rate'])}</td><td>{pct(r['low'])} – "
        f"{pct(r['high'])}</td><td>{pct(r['par'] or 0)}</td><td>{r['n']}</td></tr>"
        for s, r in enumerate(fresh["seats"])
    )
    return (
        f"<h2>Best setting: {html.escape(setting)}</h2>"
        f"<p>Objective {tuning.best.objective:.4g} on the tuning games (trial "
        f"{tuning.best.number}), {tuning.fresh.objective:.4g} when played again on "
        f"{fresh['games']} fresh games. Mean length on the fresh games: "
        f"{fresh['length']['mean']:.4g} actions. The seats on the fresh games (95% intervals):</p>"
        "<table><tr><th>seat</th><th>win rate</th><th>95% CI</th><th>par</th><th>games</th></tr>"
        f"{seats}</table>"
    )


def _trials_table(tuning: Tuning) -> str:
    names = [param.name for param in tuning.params]
    head = "<tr><th>trial</th>" + "".join(f"<th>{html.escape(n)}</th>" for n in names)
    head += "<th>objective</th><th>first seat</th></tr>"
    body = ""
    for t in sorted(tuning.trials, key=lambda t: t.objective)[:15]:
        cells = "".join(f"<td>{html.escape(json.dumps(t.params[n]))}</td>" for n in names)
        first = t.numbers["seats"][0]
        body += (
            f"<tr><td>{t.number}</td>{cells}<td>{t.objective:.4g}</td>"
            f"<td>{pct(first['rate'])}</td></tr>"
        )
    return f"<table>{head}{body}</table><p>The best 15 trials, best first.</p>"


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


def _param_plot(tuning: Tuning, name: str, out: Path) -> str:
    from tradingfloor.sim.plots import plt, save

    fig, ax = plt.subplots(figsize=(5.6, 3.6))
    xs = [
        str(t.params[name]) if isinstance(t.params[name], str | bool) else t.params[name]
        for t in tuning.trials
    ]
    ax.scatter(xs, [t.objective for t in tuning.trials], alpha=0.7)
    ax.set_xlabel(name)
    ax.set_ylabel("objective")
    safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in name)
    return save(fig, out, f"tuning-{safe}")
