"""Businessmen in the terminal: the board and the tablets drawn with Rich, a numbered menu, events.

The interface of `tradingfloor play` (cli/play.py): `render(view)` draws a seat's view,
`prompt(console, view, legal, parse)` asks for a legal action, `render_events(before, after)` says
what happened between two views.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tradingfloor.core.errors import IllegalAction
from tradingfloor.core.spaces import ActionSpace
from tradingfloor.core.words import capital, fill
from tradingfloor.games.businessmen.words import characteristic, sector_words

SEAT_STYLES = ("red", "yellow", "blue", "green")
CAR_STYLES = {"yellow": "yellow", "blue": "blue", "green": "green"}
LIMITS = {
    "warehouse": ("types", (1, 2, 3)),
    "loader": ("load", (4, 5, 6)),
    "manager": ("buy", (3, 4, 5)),
}


def who(view: Mapping[str, Any], seat: int | None) -> str:
    """A seat as the terminal names it: "you" at the keyboard, else "Seat N" (from 1, as on web)."""
    if seat is None:
        return "-"
    return "you" if seat == view.get("seat") else f"Seat {seat + 1}"


def said(view: Mapping[str, Any], text: str) -> str:
    """A text of the game's with its seats named, its first letter a capital."""
    return capital(fill(text, lambda s: f"Seat {s + 1}", view.get("seat")))


def _seat_text(view: Mapping[str, Any], seat: int) -> Text:
    return Text(who(view, seat), style=SEAT_STYLES[seat % len(SEAT_STYLES)])


def render(view: Mapping[str, Any]) -> RenderableType:
    """The whole table as one seat sees it: the board, then every tablet."""
    board = Columns([_market(view), _prices(view), Group(_cars(view), _cards(view))])
    return Group(_header(view), board, _tablets(view))


def _header(view: Mapping[str, Any]) -> RenderableType:
    turn = f"   to move: {who(view, view['turn'])}" if view["turn"] is not None else ""
    lines = [
        f"[b]{escape(view['status'])}[/b]",
        f"first player: {who(view, view['first'])}{turn}",
        "VP: " + "  ".join(f"{who(view, p['seat'])} {p['vp']}" for p in view["players"]),
    ]
    if view["price_spin"] is not None:
        sector = sector_words(view["price_wheel"][view["price_spin"]])
        lines.append(f"price roulette this round: {sector}")
    if view["event_spins"]:
        spins = ", ".join(
            f"{who(view, s['seat'])}: {characteristic(view['events_wheel'][s['sector']])}"
            for s in view["event_spins"]
        )
        lines.append(f"events roulette: {spins}")
    if view.get("help") and view["turn"] == view.get("seat"):
        lines.append(f"[dim]{escape(view['help'])}[/dim]")
    return Panel("\n".join(lines), title="Businessmen", expand=False)


def _market(view: Mapping[str, Any]) -> RenderableType:
    table = Table(title="Market", show_edge=False)
    for column in ("good", "on the market", "card", "supply"):
        table.add_column(column, justify="left" if column == "good" else "right")
    card = view["goods_card"] or {}
    for good in view["goods"]:
        units = view["market"][good]
        table.add_row(
            good, str(units) if units else "", str(card.get(good) or ""), str(view["supply"][good])
        )
    decks = view["decks"]
    table.caption = f"goods deck {decks['goods_left']} left"
    return table


def _prices(view: Mapping[str, Any]) -> RenderableType:
    """The table of prices as a scale 1-10 with each good's marker."""
    table = Table(title="Prices", show_edge=False)
    table.add_column("good")
    table.add_column("1 2 3 4 5 6 7 8 9 10")
    for good in view["goods"]:
        price = view["prices"][good]
        scale = Text()
        for step in range(1, 11):
            mark = "●" if step == price else "·"
            scale.append(
                mark.ljust(2 if step < 10 else 1), style="bold" if step == price else "dim"
            )
        table.add_row(good, scale)
    return table


def _cars(view: Mapping[str, Any]) -> RenderableType:
    """Each car with one square a unit, coloured by whose unit it is."""
    table = Table(title="Cars", show_edge=False)
    for column in ("car", "good", "units", "whose"):
        table.add_column(column)
    for car in view["cars"]:
        squares = Text()
        for seat, units in enumerate(car["units"]):
            squares.append("■" * units, style=SEAT_STYLES[seat % len(SEAT_STYLES)])
        squares.append("□" * (car["capacity"] - car["load"]), style="dim")
        owners = ", ".join(f"{who(view, s)}: {n}" for s, n in enumerate(car["units"]) if n)
        name = Text(f"{car['name']} ({car['capacity']})", style=CAR_STYLES[car["name"]])
        table.add_row(name, car["good"] or "-", squares, owners)
    return table


def _cards(view: Mapping[str, Any]) -> RenderableType:
    card = view["export_card"]
    lines = [
        "export: "
        + (
            ", ".join(g + (" (embargo)" if g in view["embargo"] else "") for g in card)
            if card
            else "turned as the round starts"
        ),
        "export 4 units: 1 VP, 6 units: 2 VP, 8 units: 3 VP",
    ]
    if view["embargo"]:
        lines.append(f"[red]embargo: {', '.join(view['embargo'])} (not sent, not exported)[/red]")
    return Panel("\n".join(lines), title="Export card", expand=False)


def _tablets(view: Mapping[str, Any]) -> RenderableType:
    table = Table(title="Tablets", show_lines=True)
    for column in ("player", "coins", "VP", "levels", "main warehouse", "temporary", ""):
        table.add_column(column)
    for p in view["players"]:
        status = []
        if p["skipping"]:
            status.append("skips")
        if p["owed"]:
            status.append("+10 due")
        if view["turn"] == p["seat"]:
            status.append("to move")
        table.add_row(
            _seat_text(view, p["seat"]),
            str(p["coins"]),
            str(p["vp"]),
            " ".join(_characteristic(p, name) for name in LIMITS),
            _goods(p["main"]),
            _goods(p["temp"]),
            ", ".join(status),
        )
    table.caption = (
        "W main warehouse (types 1/2/3), L loader (4/5/6), M manager (3/4/5); "
        "⚠ warning marker, ✓ insured"
    )
    return table


def _characteristic(player: Mapping[str, Any], name: str) -> str:
    text = f"{name[0].upper()}{player['levels'][name]}"
    if player["markers"][name]:
        text += "[red]⚠[/red]"
    if player["insured"][name]:
        text += "[green]✓[/green]"
    return text


def _goods(goods: Mapping[str, int]) -> str:
    return ", ".join(f"{n} {g}" for g, n in goods.items()) or "-"


def describe_event(view: Mapping[str, Any], event: Mapping[str, Any]) -> str:
    """One event in words, its seats named as this seat reads them."""
    return said(view, event.get("text") or str(event.get("kind")))


def event_lines(before: Mapping[str, Any] | None, after: Mapping[str, Any]) -> list[str]:
    """What happened between two views of the same seat, one line an event."""
    seen = max((e["n"] for e in (before or {}).get("events", [])), default=0)
    return [describe_event(after, e) for e in after.get("events", []) if e["n"] > seen]


def render_events(
    before: Mapping[str, Any] | None, after: Mapping[str, Any]
) -> RenderableType | None:
    """What happened between two views of the same seat, or None when nothing did."""
    lines = event_lines(before, after)
    return Text("\n".join(f"· {line}" for line in lines), style="dim") if lines else None


def label(entry: Mapping[str, Any]) -> str:
    """A menu entry in words (its `label`, made by the game)."""
    return str(entry.get("label") or entry.get("type"))


def prompt(
    console: Console, view: Mapping[str, Any], legal: ActionSpace, parse: Callable[[Any], Any]
) -> Any:
    """Ask for a move until it is legal: a number from the menu, or an action as JSON."""
    entries = legal.describe().get("actions", [])
    for number, entry in enumerate(entries, 1):
        console.print(f"  [cyan]{number:>2}[/cyan]  {escape(label(entry))}")
    while True:
        answer = console.input("your move (number, or JSON): ").strip()
        try:
            if answer.startswith("{"):
                wanted = json.loads(answer)
            elif answer.isdigit() and 1 <= int(answer) <= len(entries):
                wanted = {k: v for k, v in entries[int(answer) - 1].items() if k != "label"}
            else:
                raise ValueError(answer)
            action = parse(wanted)
        except ValueError:
            console.print(
                f"[red]Choose a number from 1 to {len(entries)}, or type a move as JSON[/red]"
            )
            continue
        except IllegalAction as err:
            console.print(f"[red]{escape(said(view, err.why))}[/red]")
            continue
        why = legal.check(action)
        if why is None:
            return action
        console.print(f"[red]{escape(said(view, why))}[/red]")
