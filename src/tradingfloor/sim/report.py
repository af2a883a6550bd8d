"""The balance report: DIR/report.html, matplotlib plots (PNG and SVG) with the numbers beside."""

from __future__ import annotations

import html
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from tradingfloor.sim import plots, stats
from tradingfloor.sim.figures import figures
from tradingfloor.sim.findings import findings

REPORT_FILE = "report.html"
VIEWPORT = "<meta name='viewport' content='width=device-width, initial-scale=1'>"
SUMMARY_FILE = "summary.json"

CSS = """
body { font-family: system-ui, sans-serif; margin: 2em; color: #222; }
section { display: flex; flex-wrap: wrap; gap: 2em; align-items: flex-start; margin-bottom: 2.5em; }
section img { max-width: min(560px, 100%); height: auto; border: 1px solid #ddd; }
section img { box-sizing: border-box; }
section img.full { max-width: min(1140px, 100%); }
section > div { max-width: 100%; overflow-x: auto; }
@media (max-width: 600px) { body { margin: 0.8em; } section { gap: 1em; } }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
td, th { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: right; }
th { background: #f3f3f3; } td:first-child, th:first-child { text-align: left; }
code { background: #f3f3f3; padding: 0 0.3em; overflow-wrap: anywhere; }
.wide { max-width: 100%; overflow-x: auto; }
td.never { background: #fde2e2; color: #a40000; font-weight: bold; text-align: center; }
section p { max-width: 36em; }
h1, h2 { overflow-wrap: anywhere; }
table.about td { text-align: left; }
table:not(.about) td { white-space: nowrap; }
td.unused { color: #a40000; font-weight: bold; }
"""


def write_report(rows: Sequence[Mapping[str, Any]], about: Mapping[str, Any], out: Path) -> Path:
    """Compute the figures of `rows`, plot them into `out`, and write `out/report.html`."""
    out.mkdir(parents=True, exist_ok=True)
    numbers = figures(rows)
    numbers["findings"] = findings(numbers)
    (out / SUMMARY_FILE).write_text(json.dumps({"about": about, **numbers}, indent=2))
    tests = 1 + len(numbers.get("sweep", []))  # the whole run, and each point of a sweep
    parts = [_header(about, numbers), _findings_section(numbers["findings"], tests)]
    parts.append(
        section("Win rate by seat position", plots.seats(numbers, out), _seat_table(numbers))
    )
    parts.append(
        section("Win rate and rating by agent", plots.agents(numbers, out), _agent_table(numbers))
    )
    parts.append(
        section(
            "Final scores by agent",
            plots.distributions(stats.scores_by_agent(rows), "score", "scores", out),
            _summary_table(numbers["scores"]),
        )
    )
    for name, title in (
        ("margin", "Winning margin (first minus second score)"),
        ("length", "Game length (actions)"),
    ):
        values = {name: [float(r[name]) for r in rows]}
        parts.append(
            section(
                title,
                plots.distributions(values, name, name, out),
                _summary_table({name: numbers[name]}),
            )
        )
    if numbers["actions"]:
        parts.append(
            section(
                "Actions taken by type",
                plots.actions(numbers["actions"], out),
                _actions_table(numbers["actions"]),
            )
        )
    parts += _balance_sections(rows, numbers, out) + _sweep_and_grid_sections(numbers, out)
    title = html.escape(str(about.get("title", "")))
    page = (
        f"<!doctype html><html><head><meta charset='utf-8'>{VIEWPORT}"
        f"<title>{title} balance report</title>"
        f"<style>{CSS}</style></head><body>{''.join(parts)}</body></html>"
    )
    path = out / REPORT_FILE
    path.write_text(page, encoding="utf-8")
    return path


def _balance_sections(
    rows: Sequence[Mapping[str, Any]], numbers: Mapping[str, Any], out: Path
) -> list[str]:
    """A section per balance figure of the game: its distribution and its summary."""
    parts = []
    for column, summary in numbers["balance"].items():
        values = {column: [float(r[column]) for r in rows if r.get(column) is not None]}
        label = column.removeprefix("balance.")
        image = plots.distributions(values, label, f"balance-{label}", out)
        parts.append(section(f"Balance figure: {label}", image, _summary_table({label: summary})))
    return parts


def _sweep_and_grid_sections(numbers: Mapping[str, Any], out: Path) -> list[str]:
    """Each figure against each swept option, then the grid's heat maps (none without a sweep)."""
    parts = []
    for option, points in numbers.get("sweep_options", {}).items():
        parts.extend(_sweep_sections(points, option, out))
    grid = numbers.get("grid")
    if grid is not None:
        mapped = (grid["across"], grid["down"])
        pooled = [name for name in numbers["sweep_options"] if name not in mapped]
        parts.append(_grid_section(grid, pooled, out))
    return parts


def _header(about: Mapping[str, Any], numbers: Mapping[str, Any]) -> str:
    rows = "".join(
        f"<tr><th>{html.escape(k)}</th><td><code>{html.escape(header_value(v))}</code></td></tr>"
        for k, v in about.items()
        if v != {}  # no options left fixed: every one is swept, and shown under its sweep
    )
    return (
        f"<h1>{html.escape(str(about.get('title', '')))}: balance report</h1>"
        f"<p>{numbers['games']} games. Rule version and options, seats and seeds:</p>"
        f"<div class='wide'><table class='about'>{rows}</table></div>"
    )


def _findings_section(found: Sequence[str], tests: int) -> str:
    """What looks unbalanced, first: each figure outside its fair range, with its interval.

    `tests` is how many sets of seats were checked: with many, a fair seat now and then falls
    outside its 95% interval by chance alone, and the page says so.
    """
    chance = (
        f"<p>{tests} sets of seats were checked (the whole run and each point of the sweep): "
        "even in a fair game about one seat in twenty falls outside its 95% interval by chance, "
        "so a lone finding at one point is weak evidence; play more games there to confirm it."
        "</p>"
        if tests > 2
        else ""
    )
    if not found:
        return (
            "<h2>Findings</h2><p>Every seat position's 95% interval holds its par, and every "
            f"action type was taken.</p>{chance}"
        )
    items = "".join(f"<li>{html.escape(sentence)}</li>" for sentence in found)
    return (
        f"<h2>Findings</h2><p>Outside the fair range (95% intervals):</p><ul>{items}</ul>{chance}"
    )


def header_value(value: Any) -> str:
    """A header's value as shown: a text as itself, anything else as JSON."""
    return value if isinstance(value, str) else json.dumps(value)


def section(title: str, image: str, table: str, full_width: bool = False) -> str:
    """A titled plot (PNG, with a link to its SVG) and its table beside it (below on a phone)."""
    svg = image.removesuffix(".png") + ".svg"
    size = " class='full'" if full_width else ""
    return (
        f"<h2>{html.escape(title)}</h2><section><div><img src='{image}'{size} "
        f"alt='{html.escape(title)}'><br><a href='{svg}'>SVG</a></div><div>{table}</div></section>"
    )


def pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def _rate_cells(rate: Mapping[str, float]) -> str:
    return (
        f"<td>{pct(rate['rate'])}</td><td>{pct(rate['low'])} – {pct(rate['high'])}</td>"
        f"<td>{rate['wins']:g}</td><td>{int(rate['n'])}</td>"
    )


def _seat_table(numbers: Mapping[str, Any]) -> str:
    head = (
        "<tr><th>seat</th><th>win rate</th><th>95% CI</th><th>wins</th><th>games</th>"
        "<th>par</th></tr>"
    )
    body = "".join(
        f"<tr><td>{s}</td>{_rate_cells(r)}<td>{pct(r['par'] or 0.0)}</td></tr>"
        for s, r in enumerate(numbers["seats"])
    )
    note = (
        "Par: the win rate equal chances would give over the games that seat played (one over "
        "the number of players, averaged over them). A shared win counts as its share."
    )
    return f"<table>{head}{body}</table><p>{note}</p>"


def _agent_table(numbers: Mapping[str, Any]) -> str:
    head = (
        "<tr><th>agent</th><th>win rate</th><th>95% CI</th><th>wins</th><th>seats played</th>"
        "<th>par</th><th>rating μ</th><th>σ</th><th>ordinal</th></tr>"
    )
    body = ""
    for agent, rate in numbers["agents"].items():
        r = numbers["ratings"][agent]
        body += (
            f"<tr><td>{html.escape(agent)}</td>{_rate_cells(rate)}<td>{pct(rate['par'])}</td>"
            f"<td>{r['mu']:.2f}</td><td>{r['sigma']:.2f}</td><td>{r['ordinal']:.2f}</td></tr>"
        )
    note = (
        "Par: the win rate equal chances would give over the seats the agent held. Ratings: "
        "OpenSkill Plackett-Luce over the games in order."
    )
    return f"<table>{head}{body}</table><p>{note}</p>"


def _actions_table(per_type: Mapping[str, Mapping[str, float]]) -> str:
    agents = sorted({agent for means in per_type.values() for agent in means})
    head = "<tr><th>action</th>" + "".join(f"<th>{html.escape(a)}</th>" for a in agents) + "</tr>"
    body = ""
    for kind, means in per_type.items():
        cells = "".join(_count_cell(means.get(a, 0.0)) for a in agents)
        body += f"<tr>{_action_label(kind, unused=not any(means.values()))}{cells}</tr>"
    note = (
        "Mean count per game per seat held. <b>never</b>: no seat that agent held took that action"
        " in any game; where no agent takes it, the balance figures say nothing of that rule."
    )
    return f"<table>{head}{body}</table><p>{note}</p>"


def _action_label(kind: str, unused: bool) -> str:
    if unused:
        return f"<td class='unused'>{html.escape(kind)} <small>(used by no agent)</small></td>"
    return f"<td>{html.escape(kind)}</td>"


def _count_cell(mean: float) -> str:
    if mean == 0.0:
        return "<td class='never'>never</td>"
    return f"<td>{mean:.3g}</td>" if mean < 1000 else f"<td>{mean:.0f}</td>"


def _summary_table(summaries: Mapping[str, Mapping[str, float]]) -> str:
    keys = ("mean", "sd", "min", "q25", "median", "q75", "max")
    head = "<tr><th></th>" + "".join(f"<th>{k}</th>" for k in keys) + "</tr>"
    body = "".join(
        f"<tr><td>{html.escape(name)}</td>"
        + "".join(f"<td>{s.get(k, 0):.3g}</td>" for k in keys)
        + "</tr>"
        for name, s in summaries.items()
    )
    return f"<table>{head}{body}</table>"


def _sweep_sections(points: Sequence[Mapping[str, Any]], option: str, out: Path) -> list[str]:
    """Each figure against one swept option's values (pooled over the other options)."""
    stem = f"sweep-{file_part(option)}"
    parts = []
    for figure, title in (("seats", "win rate by seat"), ("agents", "win rate by agent")):
        image = plots.sweep_rates(points, figure, option, out, stem)
        parts.append(
            section(f"Sweep of {option}: {title}", image, _sweep_rate_table(points, figure, option))
        )
    scalars = ["margin", "length", *sorted({k for p in points for k in p["balance"]})]
    image = plots.sweep_scalars(points, scalars, option, out, stem)
    parts.append(
        section(
            f"Sweep of {option}: means",
            image,
            _sweep_scalar_table(points, scalars, option),
            full_width=len(scalars) > 1,  # a row of panels: shown at its own size
        )
    )
    return parts


def file_part(option: str) -> str:
    """An option's name as a safe part of a file name."""
    return "".join(c if c.isalnum() or c in "-_" else "_" for c in option)


def _grid_section(grid: Mapping[str, Any], pooled: Sequence[str], out: Path) -> str:
    """Heat maps of each figure over the first two swept options, pooled over any others."""
    over = f" (over every value of {html.escape(', '.join(pooled))})" if pooled else ""
    note = (
        f"<p>Each cell pools the games played at that pair of values of {html.escape(grid['down'])}"
        f" and {html.escape(grid['across'])}{over}. A seat's win rate is shown minus its par: red "
        "is an advantage, blue a handicap; a blank cell is a seat that those games did not have."
        "</p>"
    )
    title = f"Grid: {grid['down']} against {grid['across']}"
    return section(title, plots.grid_maps(grid, out), note, full_width=True)


def _sweep_rate_table(points: Sequence[Mapping[str, Any]], figure: str, option: str) -> str:
    head = (
        f"<tr><th>{html.escape(option)}</th><th>{figure[:-1]}</th><th>win rate</th>"
        "<th>95% CI</th><th>wins</th><th>n</th><th>par</th></tr>"
    )
    body = ""
    for point in points:
        items = enumerate(point[figure]) if figure == "seats" else point[figure].items()
        for who, rate in items:
            label = f"<td>{html.escape(str(point['value']))}</td><td>{html.escape(str(who))}</td>"
            par = pct(rate["par"]) if rate.get("par") is not None else ""
            body += f"<tr>{label}{_rate_cells(rate)}<td>{par}</td></tr>"
    return f"<table>{head}{body}</table>"


def _sweep_scalar_table(
    points: Sequence[Mapping[str, Any]], scalars: Sequence[str], option: str
) -> str:
    head = (
        f"<tr><th>{html.escape(option)}</th>"
        + "".join(f"<th>{html.escape(s.removeprefix('balance.'))}</th>" for s in scalars)
        + "</tr>"
    )
    body = ""
    for point in points:
        cells = "".join(f"<td>{_scalar(point, s):.3g}</td>" for s in scalars)
        body += f"<tr><td>{html.escape(str(point['value']))}</td>{cells}</tr>"
    return f"<table>{head}{body}</table>"


def _scalar(point: Mapping[str, Any], name: str) -> float:
    value = point["balance"].get(name) if name.startswith("balance.") else point.get(name)
    return float(value) if value is not None else float("nan")
