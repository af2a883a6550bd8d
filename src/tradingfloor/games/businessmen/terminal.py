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
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tradingfloor.core.errors import IllegalAction
from tradingfloor.core.spaces import ActionSpace

SEAT_STYLES = ("red", "yellow", "blue", "green")
CAR_STYLES = {"yellow": "yellow", "blue": "blue", "green": "green"}
PHASES = {
    "declare": "declarations: play the round or skip it",
    "buy": "Phase 1, buying",
    "load": "Phase 2, loading",
    "store": "Phase 2, storing",
    "export": "Phase 3, exports",
    "improve": "Phase 4, improving",
    "discard": "Phase 5, negative events",
    "insure": "Phase 6, insurance",
    "over": "the game is over",
}
LIMITS = {
    "warehouse": ("types", (1, 2, 3)),
    "loader": ("load", (4, 5, 6)),
    "manager": ("buy", (3, 4, 5)),
}


def who(view: Mapping[str, Any], seat: int | None) -> str:
    if seat is None:
        return "-"
    return "you" if seat == view.get("seat") else f"seat {seat}"


def _seat_text(view: Mapping[str, Any], seat: int) -> Text:
    return Text(who(view, seat), style=SEAT_STYLES[seat % len(SEAT_STYLES)])


def render(view: Mapping[str, Any]) -> RenderableType:
    """The whole table as one seat sees it: the board, then every tablet."""
    board = Columns([_market(view), _prices(view), Group(_cars(view), _cards(view))])
    return Group(_header(view), board, _tablets(view))


def _header(view: Mapping[str, Any]) -> RenderableType:
    lines = [
        f"[b]round {view['round']}[/b]: {PHASES[view['phase']]}   "
        f"first player {who(view, view['first'])}   turn of {who(view, view['turn'])}",
        f"the game ends at {view['goal']} VP   VP: "
        + "  ".join(f"{who(view, p['seat'])} {p['vp']}" for p in view["players"]),
    ]
    if view["price_spin"] is not None:
        lines.append(f"price roulette: {_sector(view['price_wheel'][view['price_spin']])}")
    if view["event_spins"]:
        spins = ", ".join(
            f"{who(view, s['seat'])}: {view['events_wheel'][s['sector']]}"
            for s in view["event_spins"]
        )
        lines.append(f"events roulette: {spins}")
    return Panel("\n".join(lines), title="Businessmen", expand=False)


def _sector(sector: Mapping[str, Any]) -> str:
    if "embargo" in sector:
        return "embargo on " + " and ".join(sector["embargo"])
    moves = [f"{sector['up']['good']} +{sector['up']['by']}"] if "up" in sector else []
    if "down" in sector:
        moves.append(f"{sector['down']['good']} -{sector['down']['by']}")
    return ", ".join(moves)


def _market(view: Mapping[str, Any]) -> RenderableType:
    table = Table(title="Market", show_edge=False)
    for column in ("good", "market", "card", "supply"):
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
        owners = ", ".join(f"{who(view, s)} {n}" for s, n in enumerate(car["units"]) if n)
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
        "4 units 1 VP, 6 units 2 VP, 8 units 3 VP",
    ]
    if view["embargo"]:
        lines.append(f"[red]embargo: {', '.join(view['embargo'])}[/red]")
    return Panel("\n".join(lines), title="Export card", expand=False)


def _tablets(view: Mapping[str, Any]) -> RenderableType:
    table = Table(title="Tablets", show_lines=True)
    for column in ("player", "coins", "VP", "levels", "main", "temporary", ""):
        table.add_column(column)
    for p in view["players"]:
        status = []
        if p["skipping"]:
            status.append("skips")
        if p["owed"]:
            status.append("+10 due")
        if view["turn"] == p["seat"]:
            status.append("to act")
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
    """One event in words."""
    kind = event["kind"]
    actor = who(view, event.get("seat"))
    if kind == "declare":
        return f"{actor} {'skips' if event['skip'] else 'plays'} round {event['round']}"
    if kind == "cards":
        market = ", ".join(f"{n} {g}" for g, n in event["market"].items())
        return f"the cards: {market} on the market; export {', '.join(event['export'])}"
    if kind == "buy":
        return f"{actor} buys {event['units']} {event['good']}"
    if kind == "load":
        return f"{actor} loads {event['units']} {event['good']} into the {event['car']} car"
    if kind == "pass":
        return f"{actor} passes" + (" (nothing to do)" if event.get("forced") else "")
    if kind == "store":
        dropped = ", ".join(f"{n} {g}" for g, n in event["dropped"].items())
        return f"{actor} keeps {', '.join(event['keep'])}" + (
            f", drops {dropped}" if dropped else ""
        )
    if kind == "price-wheel":
        return f"price roulette: {_sector(event)}"
    if kind == "send":
        paid = ", ".join(f"{who(view, int(s))} +{c}" for s, c in event["paid"].items())
        alone = (
            f"; {who(view, event['alone'])} +{event['vp']} VP" if event["alone"] is not None else ""
        )
        if event.get("alone_skipping") is not None:
            alone = f"; {who(view, event['alone_skipping'])} skips the round: no VP"
        return f"the {event['car']} car goes: {event['good']} at {event['price']}: {paid}{alone}"
    if kind == "prices":
        return "prices: " + ", ".join(f"{g} {p}" for g, p in event["prices"].items())
    if kind == "export":
        return f"{actor} exports {event['units']} {event['good']}: +{event['vp']} VP"
    if kind == "improve":
        return (
            f"{actor} improves the {event['characteristic']} to level {event['level']}: "
            f"-{event['coins']} coins, +{event['vp']} VP"
        )
    if kind == "event":
        return f"{actor} spins the events roulette: {_hit(event)}"
    if kind == "insure":
        return f"{actor} insures the {event['characteristic']}"
    if kind == "skip-pay":
        return f"{actor} receives {event['coins']} coins for the skipped round"
    if kind == "round":
        return f"round {event['round']} begins; first player {who(view, event['first'])}"
    return str(kind)


def _hit(event: Mapping[str, Any]) -> str:
    if event["hit"] is None:
        return "nothing happens"
    if event.get("insured"):
        return f"{event['hit']}, but it was insured"
    return f"{event['hit']} drops to level {event['level']}, {event['vp']} VP"


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
    """A menu entry in words."""
    kind = entry["type"]
    if kind == "buy":
        return f"buy {entry['units']} {entry['good']} ({entry['units']} coins)"
    if kind == "load":
        return f"load {entry['good']} into the {entry['car']} car"
    if kind == "store":
        return f"keep {' and '.join(entry['keep'])}"
    if kind == "export":
        return f"export {entry['units']} {entry['good']}"
    if kind in ("improve", "insure"):
        return f"{kind} the {entry['characteristic']}"
    if kind == "skip":
        return "skip this round (-1 VP, 10 coins as the next one starts)"
    if kind == "play":
        return "play this round"
    return str(kind)


def prompt(
    console: Console, view: Mapping[str, Any], legal: ActionSpace, parse: Callable[[Any], Any]
) -> Any:
    """Ask for a move until it is legal: a number from the menu, or an action as JSON."""
    entries = legal.describe().get("actions", [])
    for number, entry in enumerate(entries, 1):
        console.print(f"  [cyan]{number:>2}[/cyan]  {label(entry)}")
    while True:
        answer = console.input("your move (number, or JSON): ").strip()
        try:
            if answer.startswith("{"):
                wanted = json.loads(answer)
            elif answer.isdigit() and 1 <= int(answer) <= len(entries):
                wanted = entries[int(answer) - 1]
            else:
                raise ValueError(answer)
            action = parse(wanted)
        except ValueError:
            console.print("[red]choose a number from the menu, or type an action as JSON[/red]")
            continue
        except IllegalAction as err:
            console.print(f"[red]{err}[/red]")
            continue
        why = legal.check(action)
        if why is None:
            return action
        console.print(f"[red]{why}[/red]")
