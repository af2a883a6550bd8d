"""Middleman at the terminal: the paper game sheet, the prompts, and the reveal tables.

The interface (`render`, `prompt`, `render_events`) is the one `tradingfloor.cli.play` documents.
Everything drawn comes from one seat's view, so nothing a seat may not know can be shown.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from tradingfloor.core.errors import IllegalAction
from tradingfloor.core.spaces import ActionSpace
from tradingfloor.core.words import capital, fill
from tradingfloor.games.middleman.forecast import top_price_of_view
from tradingfloor.games.middleman.spaces import random_rows, rows_problem
from tradingfloor.games.middleman.state import DIGITS, ROUNDS, TOP_PRICE

View = Mapping[str, Any]
BLANK = ""


def columns(view: View) -> int:
    """The sheet's columns: one a round (10, or a research variant's), and the last, whose head
    holds the final cash (Middleman §5)."""
    return int(view.get("rounds", ROUNDS)) + 1


def seat_name(seat: int) -> str:
    """A seat as the web page numbers it: "Seat 1" for seat 0."""
    return f"Seat {seat + 1}"


def said(view: View, text: str) -> str:
    """A text of the game's with its seats named: "you" for the seat at the keyboard."""
    return capital(fill(text, seat_name, view.get("seat")))


# --- the game sheet -------------------------------------------------------------------------


def render(view: View) -> RenderableType:
    """The seat's game sheet as on paper, with the table's state and the seat's market forecast."""
    seat = view.get("seat")
    if seat is None:
        return _players_table(view)
    parts: list[RenderableType] = [_status_line(view)]
    if view.get("variant"):
        parts.append(Text(variant_line(view), style="yellow"))
    parts.append(_sheet(view, seat))
    if view["phase"] in ("buy", "sell") and view.get("rows"):
        parts.append(_forecast_table(view))
    parts.append(_players_table(view))
    return Group(*parts)


def _status_line(view: View) -> Text:
    me = view["players"][view["seat"]]
    line = Text(f"{seat_name(view['seat'])} (you)", style="bold")
    line.append(f" · {view['status']} · cash {me['cash']} · {_tins(me['tins'])}")
    if me["out"]:
        line.append(" · OUT OF THE GAME", style="bold red")
    return line


def variant_line(view: View) -> str:
    """How a research variant differs from the printed game, in a sentence."""
    variant, rounds = view["variant"], int(view["rounds"])
    digits, top = int(variant["digits"]), int(variant["top_price"])
    changes = []
    if rounds != ROUNDS:
        changes.append(f"{_count(rounds, 'round')} instead of {ROUNDS}")
    if digits != DIGITS:
        changes.append(f"rows of the digits 0-{digits - 1} instead of 0-{DIGITS - 1}")
    if top != TOP_PRICE:
        changes.append(f"the market pays at most {top} a tin instead of {TOP_PRICE}")
    if "starting_cash" in variant:
        printed = 10 * len(view["players"])
        changes.append(f"every trader starts with {variant['starting_cash']} instead of {printed}")
    unused = digits - rounds
    last = "digit is" if unused == 1 else f"{unused} digits are"
    note = f" Each row's last {last} never called out." if unused > 0 else ""
    return f"A research variant, not the printed game: {'; '.join(changes)}.{note}"


def start_cash(view: View) -> int:
    """Each trader's cash at the start: ten times the participants (§2), or a variant's."""
    variant = view.get("variant") or {}
    return int(variant.get("starting_cash", 10 * len(view["players"])))


def _count(count: int, noun: str) -> str:
    """ "1 round", "3 rounds"."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _sheet(view: View, seat: int) -> Table:
    """Columns 1-11 (a variant's rounds and one more); rows as on the paper sheet."""
    sheet = Table(
        title=f"Your game sheet ({seat_name(seat)})", title_justify="left", show_lines=False
    )
    sheet.add_column("", style="bold", no_wrap=True)
    for column in range(1, columns(view) + 1):
        style = "reverse" if column == view["round"] and view["phase"] != "over" else None
        sheet.add_column(str(column), justify="right", header_style=style)
    for label, cells in _sheet_rows(view, seat):
        sheet.add_row(label, *cells)
    return sheet


def _sheet_rows(view: View, seat: int) -> list[tuple[str, list[str]]]:
    cash, tins = _heads(view, seat)
    rows = view.get("rows") or {"a": [], "d": []}
    buys = _own_columns(view, seat, "buy")
    sells = _own_columns(view, seat, "sell")
    return [
        ("Cash Held", cash),
        ("Tins Held", tins),
        ("A", _digits_row(rows["a"], columns(view))),
        ("D", _digits_row(rows["d"], columns(view))),
        ("Tins Wanted", [c[0] for c in buys]),
        ("Offer/Tin", [c[1] for c in buys]),
        ("Available", [c[2] for c in buys]),
        ("Tins Bought", [c[3] for c in buys]),
        ("For Sale", [c[0] for c in sells]),
        ("Price/Tin", [c[1] for c in sells]),
        ("Demand", [c[2] for c in sells]),
        ("Tins Sold", [c[3] for c in sells]),
    ]


def _heads(view: View, seat: int) -> tuple[list[str], list[str]]:
    """Cash Held and Tins Held at the head of each column reached so far (Middleman §4, end)."""
    cash = start_cash(view)
    tins = 0
    cash_row, tins_row = [BLANK] * columns(view), [BLANK] * columns(view)
    cash_row[0], tins_row[0] = str(cash), str(tins)
    out = False
    for step in view["history"]:
        mine = step["seats"][seat]
        out = out or mine["went_out"]
        if mine["price"] is not None and not mine["went_out"]:
            sign = -1 if step["side"] == "buy" else 1
            cash += sign * mine["filled"] * mine["price"]
            tins -= sign * mine["filled"]
        if step["side"] == "sell":
            column = step["round"]  # the head of the next column
            cash_row[column] = "out" if out else str(cash)
            tins_row[column] = "out" if out else str(tins)
    return cash_row, tins_row


def _digits_row(row: Sequence[int], width: int) -> list[str]:
    """A row's digits in the columns played (a variant's rows may hold more digits than it has
    rounds: those are never called out), the rest blank."""
    played = [str(d) for d in row[: width - 1]]
    return played + [BLANK] * (width - len(played))


def _own_columns(view: View, seat: int, side: str) -> list[tuple[str, str, str, str]]:
    """Per column: (tins, price, market, filled) of this seat's orders on `side`."""
    cells = [(BLANK, BLANK, BLANK, BLANK)] * columns(view)
    for step in view["history"]:
        if step["side"] != side:
            continue
        mine = step["seats"][seat]
        if mine["price"] is None:
            filled = "—"
            cells[step["round"] - 1] = ("—", "—", str(step["market"]), filled)
            continue
        filled = f"{mine['void']} void" if mine["went_out"] else str(mine["filled"])
        cells[step["round"] - 1] = (
            str(mine["tins"]),
            str(mine["price"]),
            str(step["market"]),
            filled,
        )
    order = view.get("order")
    if order and order.get("type") == side and view["phase"] == side:
        cells[view["round"] - 1] = (str(order["tins"]), str(order["price"]), "?", "?")
    return cells


def _forecast_table(view: View) -> Table:
    """Expected supply and demand of the coming rounds, from the seat's rows and others' digits."""
    table = Table(
        title="Forecast from your rows and the digits the others have left",
        title_justify="left",
    )
    table.add_column("round", style="bold", no_wrap=True)
    outlook = view.get("forecast") or []
    for item in outlook:
        table.add_column(str(item["round"]), justify="right", no_wrap=True)
    table.add_row("supply", *[str(round(o["supply"])) for o in outlook])
    table.add_row("demand", *[str(round(o["demand"])) for o in outlook])
    table.add_row(
        "best for", *["buy" if o["market"] == "buyer's market" else "sell" for o in outlook]
    )
    return table


def forecast_line(view: View, side: str) -> str:
    """This round's supply (buying) or demand (selling) as the seat can foresee it."""
    now = next((o for o in view.get("forecast") or [] if o["round"] == view["round"]), None)
    if now is None:
        return ""
    low, high = now["supply_range" if side == "buy" else "demand_range"]
    if low == high:
        return f" This round: {_tins(low)}."
    expected = round(now["supply" if side == "buy" else "demand"])
    return f" Forecast for this round: about {expected} ({low}-{high})."


def _players_table(view: View) -> Table:
    table = Table(title="The table", title_justify="left")
    for name in ("seat", "cash", "tins", "status"):
        table.add_column(name, justify="right" if name in ("cash", "tins") else "left")
    for player in view["players"]:
        you = " (you)" if player["seat"] == view.get("seat") else ""
        name = seat_name(player["seat"])
        if player["out"]:
            status = "out"
        elif view["phase"] == "over":
            status = ""
        else:
            status = "committed" if player["committed"] else "thinking"
        table.add_row(f"{name}{you}", str(player["cash"]), str(player["tins"]), status)
    return table


# --- prompts --------------------------------------------------------------------------------


def prompt(
    console: Console, view: View, legal: ActionSpace, parse: Callable[[dict[str, Any]], Any]
) -> Any:
    """Ask for the seat's rows or order until `legal` accepts it."""
    if view["phase"] == "rows":
        return _ask_rows(console, legal, parse)
    return _ask_order(console, view, legal, parse)


def _ask_rows(console: Console, legal: ActionSpace, parse: Callable[[dict[str, Any]], Any]) -> Any:
    """Middleman §2: row A, then row D in a different order; "r" deals both at random."""
    digits = int(getattr(legal, "digits", 10))  # a research variant's rows are shorter
    top, example = digits - 1, "".join(map(str, range(digits)))
    while True:
        answer = console.input(
            f"Row A: type the digits 0-{top} in the order you want (e.g. {example}), "
            "or r to deal both rows at random: "
        )
        if answer.strip().lower() == "r":
            action = _deal(legal)
            console.print(
                f"Dealt at random: A {''.join(map(str, action.a))}, D {''.join(map(str, action.d))}"
            )
            if _accepted(console, legal, action):
                return action
            continue
        a = _read_row(console, answer, "A", digits)
        if a is not None:
            break
    while True:  # row A stands: only row D is asked again
        answer = console.input(f"Row D: the digits 0-{top} in a different order: ")
        d = _read_row(console, answer, "D", digits)
        if d is None:
            continue
        action = _parsed(console, parse, {"type": "rows", "a": a, "d": d})
        if action is not None and _accepted(console, legal, action):
            return action


def _deal(legal: ActionSpace) -> Any:
    """The game's own deal at random (the same game, the same deal), where the space has one."""
    deal = getattr(legal, "deal", None)
    return deal() if callable(deal) else random_rows(random.SystemRandom())


def _read_row(console: Console, answer: str, name: str, digits: int = 10) -> list[int] | None:
    """The digits typed for a row (spaces and commas allowed), or None after saying why not."""
    text = answer.replace(",", " ").replace(" ", "")
    if len(text) != digits or not text.isdigit():
        example = "".join(map(str, range(digits)))
        console.print(f"[red]Row {name} needs exactly {digits} digits, e.g. {example}.[/red]")
        return None
    row = [int(c) for c in text]
    # The reverse of a permutation of 2 or more digits is always a different order, so only
    # row A is judged.
    why = rows_problem(row, row[::-1], digits)
    if why:
        console.print(f"[red]Row {name} must hold each digit 0-{digits - 1} exactly once.[/red]")
        return None
    return row


def _ask_order(
    console: Console, view: View, legal: ActionSpace, parse: Callable[[dict[str, Any]], Any]
) -> Any:
    """A buying (Middleman §3) or selling (§4) order: tins, then the price per tin."""
    side = view["phase"]
    me = view["players"][view["seat"]]
    if side == "buy":
        console.print(
            f"Buying, round {view['round']}: you hold {me['cash']} in cash. "
            f"Tins you cannot pay for put you out of the game.{forecast_line(view, 'buy')}"
        )
        questions = ("Tins wanted: ", "Offer per tin: ")
    else:
        console.print(
            f"Selling, round {view['round']}: you hold {_tins(me['tins'])}. "
            f"The market never pays more than {top_price_of_view(view)} per tin."
            f"{forecast_line(view, 'sell')}"
        )
        questions = ("Tins for sale (a number, or all): ", "Price per tin: ")
    while True:
        tins = _ask_count(console, questions[0], everything=me["tins"] if side == "sell" else None)
        price = _ask_count(console, questions[1])
        action = _parsed(console, parse, {"type": side, "tins": tins, "price": price})
        if action is None or not _accepted(console, legal, action):
            continue
        if side == "buy" and tins * price > me["cash"] and not _risk_confirmed(console, me, action):
            continue
        return action


def _tins(count: int) -> str:
    return "1 tin" if count == 1 else f"{count} tins"


def _ask_count(console: Console, question: str, everything: int | None = None) -> int:
    """A whole number, 0 or more ("all" is `everything` where given); re-asks until it gets one."""
    while True:
        answer = console.input(question).strip().lower()
        if answer.isdigit():
            return int(answer)
        if answer == "all" and everything is not None:
            return everything
        console.print("[red]Type a whole number, 0 or more.[/red]")


def risk_warning(cash: int, tins: int, price: int) -> str | None:
    """The warning before an order that would put its buyer out if it were filled (RULINGS
    Middleman 4: an interface may warn; the order is still the trader's to send)."""
    cost = tins * price
    if cost <= cash:
        return None
    most = cash // price
    can = f"at most {_tins(most)}" if most else "not even one tin"
    return (
        f"If this order is filled you pay {cost} and hold {cash}: you would be out of the game "
        f"(you can pay for {can} at {price} a tin)."
    )


def _risk_confirmed(console: Console, me: Mapping[str, Any], action: Any) -> bool:
    """Middleman §3: an order the cash cannot cover is allowed, but its buyer risks going out."""
    warning = risk_warning(int(me["cash"]), action.tins, action.price)
    answer = console.input(f"{warning} Send anyway? \\[y/N] ")
    return answer.strip().lower() in ("y", "yes")


def _parsed(
    console: Console, parse: Callable[[dict[str, Any]], Any], obj: dict[str, Any]
) -> Any | None:
    try:
        return parse(obj)
    except IllegalAction as err:
        console.print(f"[red]{err.why}[/red]")
        return None


def _accepted(console: Console, legal: ActionSpace, action: Any) -> bool:
    why = legal.check(action)
    if why:
        console.print(f"[red]Refused: {why}.[/red]")
        return False
    return True


# --- what happened --------------------------------------------------------------------------


def render_events(before: View, after: View) -> RenderableType | None:
    """The reveal table of each step resolved between the two views, what it did in words, and
    how each trader finished once the game is over."""
    steps = after["history"][len(before["history"]) :]
    parts: list[RenderableType] = []
    for step in steps:
        parts.append(_reveal_table(step, after.get("seat")))
        for line in step.get("text", [])[1:]:  # the table says the first: the digits called
            style = "bold red" if "out of the game" in line else ""
            parts.append(Text(said(after, line), style=style))
    if "result" in after and "result" not in before:
        parts.append(Text(f"Game over: {after['result']['reason']}.", style="bold"))
        parts.append(Text(said(after, after["news"][-1]), style="bold"))
        parts.extend(Text(f"  {said(after, line)}.") for line in after.get("recap", []))
    return Group(*parts) if parts else None


REVEAL_ROWS = {
    "buy": ("Tins Wanted", "Offer/Tin", "A", "Available Tins", "Tins Bought"),
    "sell": ("For Sale", "Price/Tin", "D", "Demand", "Tins Sold"),
}


def _reveal_table(step: Mapping[str, Any], me: int | None) -> Table:
    """One resolved step in the rule text's layout: one column per player."""
    side = step["side"]
    verb = "buying: the A digits are called out" if side == "buy" else "selling: the D digits"
    table = Table(title=f"Round {step['round']}, {verb}", title_justify="left")
    table.add_column("", style="bold", no_wrap=True)
    for column in step["seats"]:
        you = " (you)" if column["seat"] == me else ""
        table.add_column(f"{seat_name(column['seat'])}{you}", justify="right")
    cells = [_reveal_cells(column, step["market"]) for column in step["seats"]]
    for index, label in enumerate(REVEAL_ROWS[side]):
        table.add_row(label, *[c[index] for c in cells])
    return table


def _reveal_cells(column: Mapping[str, Any], market: int) -> tuple[str, str, str, str, str]:
    if column["price"] is None:
        return ("—", "—", str(column["digit"]), str(market), "out")
    filled = f"{column['void']} void: out" if column["went_out"] else str(column["filled"])
    return (str(column["tins"]), str(column["price"]), str(column["digit"]), str(market), filled)
