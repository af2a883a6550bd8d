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
from tradingfloor.games.merlin import logbook, terminal_finance, terminal_magic, words

DIE = "⚀⚁⚂⚃⚄⚅"
card = words.card


def who(view: Mapping[str, Any], seat: Any) -> str:
    if seat == "row":
        return "R.O.W."
    return "you" if seat == view.get("seat") else f"Seat {seat + 1}"


def whose(view: Mapping[str, Any], seat: Any) -> str:
    return "your" if seat == view.get("seat") else f"{who(view, seat)}'s"


def render(view: Mapping[str, Any]) -> RenderableType:
    """The whole table as one seat sees it."""
    return Group(
        _header(view),
        _players(view),
        _market(view),
        *terminal_magic.tables(view),
        *terminal_finance.tables(view),
        *_pending(view),
    )


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


def _stack(view: Mapping[str, Any], seat: int, stack: Mapping[str, Any]) -> str:
    text = f"{card(stack['card'])}({stack['value']})"
    if stack["kind"] == "land":
        text += f"+{card(stack['top'])}"
    elif stack["kind"] == "specialized":
        text += f"+{card(stack['top'])} {terminal_magic.shop_words(view, seat, stack['card'])}"
    elif stack["kind"] == "chauffeur":
        text += f"×{card(stack['top'])} chauffeur [{stack['stored']}]"
    if stack["invested"]:
        text += f" inv {stack['invested']}"
    return text


def _players(view: Mapping[str, Any]) -> RenderableType:
    table = Table(title="Players", show_lines=True)
    magic = view.get("magic")
    headings = ["seat", "gold", "tableau", "hand", "commodities", "state"]
    if magic:
        headings.insert(4, "magic cards")
    for heading in headings:
        table.add_column(heading)
    order = view["order"] or list(range(len(view["players"])))
    for seat in order:
        p = view["players"][seat]
        goods = ", ".join(f"{n} {words.goods(name)}" for name, n in p["goods"].items() if n)
        state = "out" if p["out"] else (f"bankrupt, owes {p['debt']}" if p["bankrupt"] else "")
        more = (*terminal_magic.seat_state(view, seat), *terminal_finance.seat_state(view, seat))
        state = ", ".join(t for t in (state, *more) if t)
        style = "bold" if seat == view.get("seat") else ""
        cells = [
            who(view, seat),
            str(p["gold"]),
            "  ".join(
                [
                    *(_stack(view, seat, s) for s in p["tableau"]),
                    *terminal_magic.labs_of(view, seat),
                ]
            ),
            " ".join(card(c) + ("*" if c in p["fresh"] else "") for c in p["hand"]),
            goods,
            state,
        ]
        if magic:
            cells.insert(4, terminal_magic.hand_counts(view, seat))
        table.add_row(*cells, style=style)
    return table


def _market(view: Mapping[str, Any]) -> RenderableType:
    """Each commodity's book as a ladder: the best prices with their counts, yours marked *."""
    panels = []
    for name, book in view["market"].items():
        ladder = book["ladder"]
        bids = _rungs(view, ladder["bids"])
        asks = _rungs(view, ladder["asks"])
        escrow = sum(1 for b in book["bids"] if b["escrow"])
        text = f"bids {bids or '-'}\nasks {asks or '-'}"
        if escrow:
            text += f"\n{escrow} bid(s) leaving through escrow"
        last = book["last_sold"] if book["last_sold"] is not None else "-"
        text += f"\nspot {book['spot']}  last sold {last}"
        panels.append(Panel(text, title=words.goods(name), expand=False))
    return Columns(panels)


RUNGS = 4
"""How many prices of each side of a book the terminal shows."""


def _rungs(view: Mapping[str, Any], rungs: list[dict[str, Any]]) -> str:
    """`3×2 4 5*` : price 3 twice, 4 once, 5 once and yours; '...' when there are more."""
    me = view.get("seat")
    shown = []
    for rung in rungs[:RUNGS]:
        text = str(rung["price"]) + (f"×{rung['count']}" if rung["count"] > 1 else "")
        shown.append(text + ("*" if me in rung["owners"] else ""))
    more = " …" if len(rungs) > RUNGS else ""
    return " ".join(shown) + more


def _pending(view: Mapping[str, Any]) -> list[RenderableType]:
    """What the table waits for: an auction, the tax vote, an offer; or the result."""
    out: list[RenderableType] = []
    auction = view.get("auction")
    if auction and auction["contest"]:
        contest = auction["contest"]
        kind = "blind rank auction" if contest["kind"] == "rank" else "blind auction"
        kind = terminal_finance.place_contest(view) or kind
        sealed = ", ".join(
            f"{who(view, s)}: {'sealed' if auction['sealed'][s] else 'deciding'}"
            for s in contest["seats"]
        )
        out.append(Panel(f"Turn order, {kind}; the pot holds {auction['pot']} gold\n{sealed}"))
    vote = view.get("vote")
    if vote:
        done = sum(vote["sealed"])
        out.append(Panel(f"Spring vote on the tax rate: {done} of {len(vote['voters'])} voted"))
    offer = view.get("offer")
    if offer:
        out.append(
            Panel(
                f"{who(view, offer['seller'])} offers {card(offer['card'])} to "
                f"{who(view, offer['buyer'])} for {offer['price']} gold"
            )
        )
    out.extend(terminal_magic.ballot(view))
    out.extend(terminal_finance.pending(view))
    if "result" in view:
        out.append(Panel(_result(view), title="The game is over"))
    return out


def _result(view: Mapping[str, Any]) -> str:
    result = view["result"]
    winners = " and ".join(who(view, s) for s in result["winners"]) or "nobody"
    scores = ", ".join(f"{who(view, s)} {score:g}" for s, score in enumerate(result["scores"]))
    return f"{result['reason']}\nwinner: {winners}\nscores: {scores}"


def describe_event(view: Mapping[str, Any], event: Mapping[str, Any]) -> str:
    """One event in words (the game's own text, seats named for this terminal)."""
    text = event.get("text") or logbook.event_text(event)
    return words_for(view, text)


def words_for(view: Mapping[str, Any], text: str) -> str:
    """A text of the game's with its seats named: "you" for the seat at the keyboard."""
    filled = words.fill(text, lambda s: f"Seat {s + 1}", view.get("seat"))
    filled = terminal_finance.you_verbs(filled)
    return filled[:1].upper() + filled[1:]


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


def _label(view: Mapping[str, Any], entry: Mapping[str, Any]) -> str:
    """A menu line: the move's words, or a form's title with what it asks for."""
    text = words_for(view, str(entry.get("label") or entry["type"]))
    if "fields" not in entry:
        return text
    fields = [_worded(view, entry["type"], n, spec) for n, spec in entry["fields"].items()]
    return f"{text} ... ({', '.join(_ask_for(spec) for spec in fields)})"


def _worded(
    view: Mapping[str, Any], kind: str, name: str, spec: Mapping[str, Any]
) -> Mapping[str, Any]:
    """A form field with its choices in words (the finance module's fields, else magic's)."""
    if terminal_finance.words_field(kind, name):
        return terminal_finance.in_words(view, kind, name, spec)
    return terminal_magic.in_words(view, kind, name, spec)


def _ask_for(spec: Mapping[str, Any]) -> str:
    if "places" in spec:
        return f"{spec['places']} numbers"
    if "min" in spec:
        return f"{spec['label']} {spec['min']}-{spec['max']}"
    return str(spec["label"])


def prompt(
    console: Console, view: Mapping[str, Any], legal: ActionSpace, parse: Callable[[Any], Any]
) -> Any:
    """Ask for a move until it is legal: a number from the menu (a form asks for its fields), or
    an action as JSON."""
    entries = legal.describe().get("actions", [])
    for number, entry in enumerate(entries, 1):
        console.print(f"  [cyan]{number:>2}[/cyan]  {_label(view, entry)}")
    while True:
        answer = console.input("your move (a number from the list): ").strip()
        try:
            wanted = _wanted(console, view, entries, answer)
            action = parse(wanted)
        except _Retry as err:
            console.print(f"[red]{err}[/red]")
            continue
        except IllegalAction as err:
            console.print(f"[red]{err.why}[/red]")
            continue
        why = legal.check(action)
        if why is None:
            return action
        console.print(f"[red]{words_for(view, why)}[/red]")


class _Retry(ValueError):
    """An answer that cannot be read: say why and ask again."""


def _wanted(
    console: Console, view: Mapping[str, Any], entries: list[dict[str, Any]], answer: str
) -> dict[str, Any]:
    """The action JSON an answer names."""
    if answer.startswith("{"):
        try:
            wanted: dict[str, Any] = json.loads(answer)
        except json.JSONDecodeError:
            raise _Retry("that is not a move; type a number from the list") from None
        return wanted
    if not answer.isdigit() or not 1 <= int(answer) <= len(entries):
        raise _Retry(f"type a number from 1 to {len(entries)}")
    entry = entries[int(answer) - 1]
    if "fields" in entry:
        return _fill(console, view, entry)
    return {k: v for k, v in entry.items() if k != "label"}


def _fill(console: Console, view: Mapping[str, Any], entry: Mapping[str, Any]) -> dict[str, Any]:
    """Ask for each field of a form."""
    if entry.get("note"):
        console.print(f"  [dim]{entry['note']}[/dim]")
    out: dict[str, Any] = {"type": entry["type"]}
    for name, spec in entry["fields"].items():
        out[name] = _field(console, view, _worded(view, entry["type"], name, spec))
    return out


def _field(console: Console, view: Mapping[str, Any], spec: Mapping[str, Any]) -> Any:
    if "places" in spec:
        text = console.input(
            f"  {spec['label']}, the earliest place first (e.g. {spec['placeholder']}): "
        )
        parts = text.replace(",", " ").split()
        if not parts or not all(p.isdigit() for p in parts):
            raise _Retry(f"type {spec['places']} whole numbers of gold, e.g. {spec['placeholder']}")
        return [int(p) for p in parts]
    if "min" in spec:
        text = console.input(f"  {spec['label']} ({spec['min']}-{spec['max']}): ").strip()
        if not text.lstrip("-").isdigit():
            raise _Retry(f"type a whole number from {spec['min']} to {spec['max']}")
        return int(text)
    labels = [words_for(view, label) for label in spec["labels"]]
    for number, label in enumerate(labels, 1):
        console.print(f"     {number}) {label}")
    text = console.input(f"  {spec['label']} (1-{len(labels)}): ").strip()
    if not text.isdigit() or not 1 <= int(text) <= len(labels):
        raise _Retry(f"type a number from 1 to {len(labels)}")
    return spec["choices"][int(text) - 1]
