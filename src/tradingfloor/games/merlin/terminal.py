"""Merlin Economics in the terminal: the table drawn with Rich, a numbered menu of moves, events.

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

from tradingfloor.core.errors import IllegalAction
from tradingfloor.core.spaces import ActionSpace

SUITS = {"C": "♣", "D": "♦", "S": "♠", "H": "♥"}
DIE = "⚀⚁⚂⚃⚄⚅"


def card(code: str | None) -> str:
    """A card code as it reads on the table: 10D -> 10♦."""
    if not code:
        return ""
    return f"{code[:-1]}{SUITS.get(code[-1], code[-1])}"


def who(view: Mapping[str, Any], seat: Any) -> str:
    if seat == "row":
        return "R.O.W."
    return "you" if seat == view.get("seat") else f"seat {seat}"


def whose(view: Mapping[str, Any], seat: Any) -> str:
    return "your" if seat == view.get("seat") else f"{who(view, seat)}'s"


def render(view: Mapping[str, Any]) -> RenderableType:
    """The whole table as one seat sees it."""
    return Group(_header(view), _players(view), _market(view), *_pending(view))


def _header(view: Mapping[str, Any]) -> RenderableType:
    c = view["counters"]
    dice = view.get("dice")
    rolled = f"{DIE[dice[0] - 1]} {DIE[dice[1] - 1]} = {dice[0] + dice[1]}" if dice else "-"
    lines = [
        f"[b]{c['season']}[/b] (portion {c['portion'] + 1}/{c['portions']}, {c['wheel']} wheel), "
        f"year {c['year']}   orbit {view['orbit']}/{view['max_orbits']}",
        f"cost of the living {c['cost_of_living']}  research {c['research_cost']}  "
        f"tax rate {c['tax_rate']}  climate {c['climate']}  volatility {c['volatility']}",
        f"central bank {view['bank']}  R.O.W. {view['row']}  pot {view['pot']}  "
        f"deck {view['deck']} cards",
        f"dice {rolled}   turn of {_current(view)}",
    ]
    return Panel("\n".join(lines), title="Merlin Economics", expand=False)


def _current(view: Mapping[str, Any]) -> str:
    return who(view, view["current"]) if view["current"] is not None else "-"


def _stack(stack: Mapping[str, Any]) -> str:
    text = f"{card(stack['card'])}({stack['value']})"
    if stack["kind"] == "land":
        text += f"+{card(stack['top'])}"
    elif stack["kind"] == "chauffeur":
        text += f"×{card(stack['top'])} chauffeur [{stack['stored']}]"
    if stack["invested"]:
        text += f" inv {stack['invested']}"
    return text


def _players(view: Mapping[str, Any]) -> RenderableType:
    table = Table(title="Players", show_lines=True)
    for heading in ("seat", "gold", "tableau", "hand", "commodities", "state"):
        table.add_column(heading)
    order = view["order"] or list(range(len(view["players"])))
    for seat in order:
        p = view["players"][seat]
        goods = ", ".join(f"{n} {name}" for name, n in p["goods"].items() if n)
        state = "out" if p["out"] else (f"bankrupt, owes {p['debt']}" if p["bankrupt"] else "")
        style = "bold" if seat == view.get("seat") else ""
        table.add_row(
            who(view, seat),
            str(p["gold"]),
            "  ".join(_stack(s) for s in p["tableau"]),
            " ".join(card(c) + ("*" if c in p["fresh"] else "") for c in p["hand"]),
            goods,
            state,
            style=style,
        )
    return table


def _market(view: Mapping[str, Any]) -> RenderableType:
    panels = []
    for name, book in view["market"].items():
        bids = ", ".join(
            f"#{b['order']} {b['price']} {who(view, b['owner'])}"
            + (" (escrow)" if b["escrow"] else "")
            for b in book["bids"]
        )
        asks = ", ".join(
            f"#{a['order']} {a['price']} {who(view, a['owner'])}" for a in book["asks"]
        )
        text = f"bids: {bids or '-'}\nasks: {asks or '-'}\nspot {book['spot']}"
        text += f"  last sold {book['last_sold'] if book['last_sold'] is not None else '-'}"
        panels.append(Panel(text, title=name.replace("_", " "), expand=False))
    return Columns(panels)


def _pending(view: Mapping[str, Any]) -> list[RenderableType]:
    out: list[RenderableType] = []
    auction = view.get("auction")
    if auction and auction["contest"]:
        contest = auction["contest"]
        sealed = ", ".join(
            f"{who(view, s)}: {'sealed' if auction['sealed'][s] else 'thinking'}"
            for s in contest["seats"]
        )
        out.append(
            Panel(f"{contest['kind']} auction for turn order; pot {auction['pot']}\n{sealed}")
        )
    vote = view.get("vote")
    if vote:
        out.append(
            Panel(f"spring vote on the tax rate: {sum(vote['sealed'])}/{len(vote['voters'])} in")
        )
    offer = view.get("offer")
    if offer:
        out.append(
            Panel(
                f"{who(view, offer['seller'])} offers {card(offer['card'])} to "
                f"{who(view, offer['buyer'])} for {offer['price']} gold"
            )
        )
    if "result" in view:
        result = view["result"]
        out.append(
            Panel(f"{result['reason']}\nscores {result['scores']}, winners {result['winners']}")
        )
    return out


def describe_event(view: Mapping[str, Any], event: Mapping[str, Any]) -> str:
    """One event in words."""
    kind = event["kind"]
    seat = who(view, event.get("seat"))
    texts: dict[str, Callable[[], str]] = {
        "roll": lambda: f"{seat} rolled {event['dice'][0]}+{event['dice'][1]} = {event['total']}",
        "produced": lambda: (
            f"{whose(view, event.get('seat'))} {card(event['card'])} produced "
            + (f"{event['gold']} gold" if "gold" in event else f"{event['amount']} {_name(event)}")
        ),
        "turn_start": lambda: f"turn {event['turn']}: {seat} to play (orbit {event['orbit']})",
        "turn_end": lambda: f"{seat} ended the turn",
        "season": lambda: f"the season wheel turned: {event['season']}, year {event['year']}",
        "seven": lambda: (
            f"a seven: research cost up, {event['investments_taken']} invested gold to the bank"
        ),
        "buy_permit": lambda: f"{seat} bought {card(event['card'])} for {event['price']}",
        "inflation": lambda: (
            f"{card(event['card'])} played: cost of the living {event['cost_of_living']}"
        ),
        "tax": lambda: f"{seat} paid {event['paid']} in taxes",
        "bankrupt": lambda: f"{seat} is bankrupt, owing {event['owes']}",
        "out": lambda: f"{seat} is out of the game",
        "turn_order": lambda: "turn order: " + ", ".join(who(view, s) for s in event["order"]),
        "trade": lambda: (
            f"{who(view, event['seller'])} sold {event['commodity']} to "
            f"{who(view, event['buyer'])} at {event['price']}"
        ),
        "game_over": lambda: "the game is over",
        "place": lambda: (
            f"{seat} placed {card(event['card'])}"
            + (f" on {card(event['on'])}" if event.get("on") else "")
        ),
        "invest": lambda: f"{seat} invested {event['amount']} on {card(event['card'])}",
        "bid": lambda: f"{seat} bid {event['price']} for {_name(event)} (#{event['order']})",
        "ask": lambda: f"{seat} asked {event['price']} for {_name(event)} (#{event['order']})",
        "auction_round": lambda: (
            f"{event['contest']} auction bids revealed: "
            + ", ".join(
                f"{who(view, int(s))} {'/'.join(map(str, b))}" for s, b in event["bids"].items()
            )
        ),
        "sealed": lambda: f"{seat} sealed a {event['what']}",
    }
    make = texts.get(kind)
    if make is not None:
        return make()
    rest = ", ".join(f"{k} {v}" for k, v in event.items() if k not in ("kind", "seat", "n"))
    return f"{seat if 'seat' in event else ''} {kind.replace('_', ' ')} {rest}".strip()


def _name(event: Mapping[str, Any]) -> str:
    return str(event["commodity"]).replace("_", " ")


def event_lines(before: Mapping[str, Any] | None, after: Mapping[str, Any]) -> list[str]:
    """What happened between two views of the same seat, one line an event."""
    seen = max((e["n"] for e in (before or {}).get("recent", [])), default=0)
    return [describe_event(after, e) for e in after.get("recent", []) if e["n"] > seen]


def render_events(
    before: Mapping[str, Any] | None, after: Mapping[str, Any]
) -> RenderableType | None:
    """The events between two views as a panel, or None when nothing happened."""
    lines = event_lines(before, after)
    return Panel("\n".join(lines), title="what happened", expand=False) if lines else None


def _label(entry: Mapping[str, Any]) -> str:
    if "fields" in entry:
        fields = ", ".join(
            f"{name} {spec['min']}-{spec['max']}"
            if "min" in spec
            else f"{name}: {'/'.join(spec['choices'])}"
            for name, spec in entry["fields"].items()
        )
        return f"{entry['type']} ({fields})"
    parts = [
        f"{k} {card(v) if k in ('card', 'on') else v}"
        for k, v in entry.items()
        if k != "type" and v is not None
    ]
    return f"{entry['type'].replace('_', ' ')} {' '.join(parts)}".strip()


def prompt(
    console: Console, view: Mapping[str, Any], legal: ActionSpace, parse: Callable[[Any], Any]
) -> Any:
    """Ask for a move until it is legal: a number from the menu, or an action as JSON."""
    entries = legal.describe().get("actions", [])
    for number, entry in enumerate(entries, 1):
        console.print(f"  [cyan]{number:>2}[/cyan]  {_label(entry)}")
    while True:
        answer = console.input("your move (number, or JSON): ").strip()
        try:
            if answer.startswith("{"):
                wanted: dict[str, Any] = json.loads(answer)
            else:
                entry = entries[int(answer) - 1]
                wanted = _fill(console, entry) if "fields" in entry else dict(entry)
            action = parse(wanted)
        except (ValueError, IndexError, json.JSONDecodeError):
            console.print("[red]choose a number from the menu, or type an action as JSON[/red]")
            continue
        except IllegalAction as err:
            console.print(f"[red]{err}[/red]")
            continue
        why = legal.check(action)
        if why is None:
            return action
        console.print(f"[red]{why}[/red]")


def _fill(console: Console, entry: Mapping[str, Any]) -> dict[str, Any]:
    """Ask for each field of a form entry."""
    out: dict[str, Any] = {"type": entry["type"]}
    for name, spec in entry["fields"].items():
        if "min" in spec:
            out[name] = int(console.input(f"  {name} ({spec['min']}-{spec['max']}): "))
        else:
            value = console.input(f"  {name} ({'/'.join(spec['choices'])}): ").strip()
            out[name] = None if value in ("", "None") else value
    return out
