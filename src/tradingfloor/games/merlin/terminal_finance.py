"""The finance module in the terminal (terminal.py draws the rest): futures on the field, insurance
quotes and policies, loans, bonds, shares and notes, the custom bid/ask tables, debts between
players, an offer or a property auction under way, and the words for the choices of finance
moves' forms.

Everything comes from the view's `finance` section (finance/view.py), already in the game's words.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from rich.console import RenderableType
from rich.panel import Panel
from rich.table import Table

from tradingfloor.games.merlin import words

View = Mapping[str, Any]
CONTRACT_FIELDS = ("future", "long", "quote", "listing", "wanted", "policy", "loan")
FIELDS = (
    *CONTRACT_FIELDS,
    "creditor",
    "issuer",
    "item",
    "style",
    "event",
    "portion",
    "ref",
    "numbers",
)
"""The form fields whose choices this file words, in any move (else terminal_magic.in_words)."""
MOVES = (
    "propose_trade",
    "write_future",
    "take_future",
    "deliver",
    "offset",
    "cash_settle",
    "write_insurance",
    "reprice",
    "withdraw_quote",
    "buy_insurance",
    "offer_loan",
    "issue_bonds",
    "issue_stock",
    "issue_notes",
    "redeem_note",
    "list_item",
    "delist",
    "buy_listing",
    "want",
    "drop_wanted",
    "fill_wanted",
    "auction_property",
    "seal_bid",
    "repay",
)
"""The finance module's moves, whose every field this file words."""
ITEMS = {
    "future": "the long of a future",
    "bond": "a bond",
    "share": "a share",
    "note": "a note",
    "spell": "a spell card",
    "recipe": "a potion recipe card",
    "crown": "a crown",
}
STYLES = {"blind": "blind auction (one sealed bid each)", "open": "open bidding (rounds of raises)"}
EVENTS = {
    "numbers": "the numbers rolled",
    "spell_on_buyer": "a spell cast at the buyer",
    "golem_damage_on_buyer": "golem damage to the buyer",
    "land_blocked": "a spell blocking the buyer's land",
    "seven": "a 7 rolled",
}


PRESENT = re.compile(
    r"\b(you|You) (accept|ask|bid|buy|declin|deliver|giv|issu|lend|mak|offer|ow|pass|pay|rais|"
    r"repay|seal|sell|settl|tak|writ)(e?s)\b"
)
"""Verbs the games write in the present tense for a third person ("{seat:1} offers")."""


def you_verbs(text: str) -> str:
    """ "you offers" -> "you offer", "you passes" -> "you pass" (a seat named "you")."""

    def one(match: re.Match[str]) -> str:
        you, stem, tail = match.groups()
        return f"{you} {stem}{'e' if tail == 'es' and not stem.endswith('ss') else ''}"

    return PRESENT.sub(one, text)


def said(view: View, text: str) -> str:
    """A text of the game's with its seats named ("you" for the seat at the keyboard)."""
    filled = you_verbs(words.fill(text, lambda s: f"Seat {s + 1}", view.get("seat")))
    return filled[:1].upper() + filled[1:]


def _who(view: View, seat: int) -> str:
    if seat == -2:
        return "the central bank"
    return said(view, words.seat(seat))


# --- the players' table ---------------------------------------------------------------------


def seat_state(view: View, seat: int) -> list[str]:
    """What a player owes to and is owed by others, and their futures, beside their name."""
    finance = view.get("finance")
    if not finance:
        return []
    out = []
    owed = finance["owed"][seat] if seat < len(finance["owed"]) else {}
    if owed.get("owes"):
        out.append(f"owes {owed['owes']} on contracts")
    if owed.get("is_owed"):
        out.append(f"is owed {owed['is_owed']}")
    short = sum(1 for f in finance["futures"] if f["short"] == seat)
    long = sum(1 for f in finance["futures"] if f["long"] == seat)
    if short or long:
        out.append(f"futures: {short} short, {long} long")
    return out


# --- the finance tables ---------------------------------------------------------------------


def tables(view: View) -> list[RenderableType]:
    """Everything the finance module adds to the table, or nothing in a game without it."""
    finance = view.get("finance")
    if not finance:
        return []
    parts = (
        _futures(view),
        _insurance(view),
        _instruments(view),
        _custom_tables(view),
        _debts(view),
    )
    out: list[RenderableType] = [p for p in parts if p is not None]
    if not out:
        out.append(
            Panel(
                "No contracts open: futures, insurance, loans, bonds, shares and notes appear "
                "here when a player writes or issues them.",
                title="Finance",
                expand=False,
            )
        )
    return out


def _futures(view: View) -> RenderableType | None:
    futures = view["finance"]["futures"]
    if not futures:
        return None
    bushel = view["finance"]["bushel"]
    table = Table(
        title="Futures on the field",
        caption=f"One bushel is {bushel} units. The long pays the forward price to the short; "
        "on their first turn after expiry the short delivers the bushel, offsets it with a long "
        "of the same expiry, or settles in gold at the last sold price. Unsettled by their "
        "second turn, they are bankrupt.",
    )
    for heading in ("future", "short", "bushel", "forward price", "expiry", "where it stands"):
        table.add_column(heading)
    for f in futures:
        worth = f"\n{said(view, f['worth_text'])}" if f.get("worth_text") else ""
        table.add_row(
            str(f["id"]),
            _who(view, f["short"]),
            f"{f['units']} {f['commodity_title']}",
            f"{f['price']} gold",
            f["expiry"],
            said(view, f["status_text"]) + (worth if f["status"] in ("due", "expired") else ""),
        )
    return table


def _insurance(view: View) -> RenderableType | None:
    finance = view["finance"]
    quotes, policies = finance["quotes"], finance["policies"]
    if not quotes and not policies:
        return None
    table = Table(
        title="Insurance",
        caption="A policy pays once, on the first roll or event it covers. A writer may change "
        "a premium only after the season changes.",
    )
    for heading in ("insurance", "written by", "pays", "if", "premium / bought by"):
        table.add_column(heading)
    for q in quotes:
        table.add_row(
            f"{q['id']} (on offer)",
            _who(view, q["writer"]),
            f"{q['payout']} gold",
            q["covers"],
            f"{q['premium']} gold",
        )
    for p in policies:
        table.add_row(
            f"{p['id']} (bought)",
            _who(view, p["writer"]),
            f"{p['payout']} gold",
            p["covers"],
            f"bought by {_who(view, p['buyer'])}",
        )
    return table


def _instruments(view: View) -> RenderableType | None:
    finance = view["finance"]
    lines = [said(view, loan["text"]) for loan in finance["loans"]]
    lines += [said(view, issue["text"]) for issue in finance["securities"]]
    if not lines:
        return None
    return Panel("\n".join(lines), title="Loans, bonds, shares and notes", expand=False)


def _custom_tables(view: View) -> RenderableType | None:
    finance = view["finance"]
    asks, bids = finance["listings"], finance["wanted"]
    if not asks and not bids:
        return None
    table = Table(title="The custom bid/ask tables")
    for heading in ("order", "whose", "for", "price"):
        table.add_column(heading)
    for a in asks:
        table.add_row(
            f"ask {a['id']}", _who(view, a["seller"]), said(view, a["what"]), f"{a['price']} gold"
        )
    for b in bids:
        table.add_row(
            f"bid {b['id']}", _who(view, b["buyer"]), said(view, b["what"]), f"{b['price']} gold"
        )
    return table


def _debts(view: View) -> RenderableType | None:
    debts = view["finance"]["debts"]
    if not debts:
        return None
    table = Table(
        title="Debts",
        caption="A player who owes is bankrupt until they pay; still bankrupt a year later, "
        "they are out of the game.",
    )
    for heading in ("owed by", "to", "gold", "for"):
        table.add_column(heading)
    for d in debts:
        table.add_row(
            _who(view, d["debtor"]), _who(view, d["creditor"]), str(d["amount"]), d["why_text"]
        )
    return table


# --- what the table waits for ---------------------------------------------------------------


def pending(view: View) -> list[RenderableType]:
    """An offer awaiting its answer, a property auction under way."""
    finance = view.get("finance")
    if not finance:
        return []
    out: list[RenderableType] = []
    offer = finance["offer"]
    if offer:
        lines = [said(view, offer["text"])]
        if offer["to"] == view.get("seat"):
            lines.append("Yours to answer: Accept or Decline, from your moves below.")
        else:
            lines.append(said(view, offer["answer"]))
        if offer["note"]:
            lines.append(offer["note"])
        out.append(Panel("\n".join(lines), title=offer["title"]))
    sale = finance["sale"]
    if sale:
        out.append(_sale(view, sale))
    road = finance.get("road")
    if road:
        out.append(Panel(said(view, road["text"]), expand=False))
    return out


def _sale(view: View, sale: Mapping[str, Any]) -> RenderableType:
    verb = "raised or passed" if sale["style"] == "open" else "sealed a bid"

    def doing(seat: int) -> str:
        if sale["style"] == "open" and seat == sale["leader"]:
            return "holds the standing bid"
        return verb if seat in sale["sealed"] else "deciding"

    state = ", ".join(f"{_who(view, s)}: {doing(s)}" for s in sale["bidders"])
    lines = [said(view, sale["text"]), state or "nobody is bidding"]
    if sale["standing"]:
        lines.append(said(view, sale["standing"]))
    if sale["tie_text"]:
        lines.append(sale["tie_text"])
    if sale["mine"] is not None:
        mine = "no bid" if sale["mine"] == 0 else f"{sale['mine']} gold"
        lines.append(f"your sealed bid: {mine} (secret until the round ends)")
    lines.append(sale["rule"])
    return Panel("\n".join(lines), title=said(view, sale["title"]))


def place_contest(view: View) -> str | None:
    """The turn order's finance contest in words, or None: a barter for a tied place, or the sale
    of a place tied for last by the player going first (MERLIN-MODULES.md §3.7)."""
    auction = view.get("auction") or {}
    contest = auction.get("contest")
    if not contest or not view.get("finance"):
        return None
    n = contest["first_place"] + 1
    place = f"the {n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n if n < 20 else n % 10, 'th') } place"
    if contest["kind"] == "sale":
        seller = auction["places"][0]
        who = "the player going first" if seller is None else _who(view, seller)
        return (
            f"{who} sells {place}, tied for last: each tied player seals a bid (0: none); the "
            "highest takes it and pays the seller, the others follow by their bids"
        )
    if contest["kind"] == "barter":
        first = _who(view, contest["seats"][0])
        return (
            f"a tie for {place}: {first} may offer the player tied with them gold for it; "
            "declined, or without an offer, the two seal bids again"
        )
    return None


# --- forms ------------------------------------------------------------------------------------


def words_field(kind: str, name: str) -> bool:
    """Whether a form field's choices are the finance module's to word."""
    return kind in MOVES or name in FIELDS


def in_words(view: View, kind: str, name: str, spec: Mapping[str, Any]) -> Mapping[str, Any]:
    """A finance form field with its choices in words: contracts and orders by what they are,
    creditors and issuers by name, the items of the custom tables, an expiry's month on the
    season wheel (a number field of portions becomes a choice of months)."""
    finance = view.get("finance")
    if not finance:
        return spec
    if name == "portion" and "min" in spec and "choices" not in spec:
        months = _months(view)
        portions = [v for v in range(spec["min"], spec["max"] + 1) if v < len(months)]
        labels = [months[v] for v in portions]
        return {"label": "expiry at the start of", "choices": portions, "labels": labels}
    values = spec.get("choices")
    if values is None:
        return spec
    said = spec.get("labels") or [str(v) for v in values]
    return {
        **spec,
        "labels": [
            _choice(view, finance, kind, name, v, text)
            for v, text in zip(values, said, strict=True)
        ],
    }


def _numbers(numbers: list[int]) -> str:
    texts = [str(n) for n in numbers]
    return texts[0] if len(texts) == 1 else f"{', '.join(texts[:-1])} or {texts[-1]}"


def _months(view: View) -> list[str]:
    """Each portion of the season wheel as the start of its month: "start of summer", "start of
    summer's second month" (the view's wheel)."""
    wheel = view["counters"]["wheel_portions"]
    out = []
    for i, season in enumerate(wheel):
        first = i
        while first > 0 and wheel[first - 1] == season:
            first -= 1
        nth = ("first", "second", "third", "fourth", "fifth", "sixth")[min(i - first, 5)]
        out.append(f"start of {season}" if i == first else f"start of {season}'s {nth} month")
    return out


def _choice(
    view: View, finance: Mapping[str, Any], kind: str, name: str, value: Any, label: str
) -> str:
    if value is None:
        return "none"
    if name == "numbers" and isinstance(value, list | tuple):
        return _numbers(list(value)) if value else "none (it pays on an event)"
    if label != str(value):
        return label
    if name == "ref" and kind == "want" and value in finance["bid_refs"]:
        return said(view, finance["bid_refs"][value])
    if name == "ref" and value == "":
        return "none needed"
    if name == "ref" and str(value) in finance["names"]:
        return said(view, finance["names"][str(value)])
    if name in CONTRACT_FIELDS and str(value) in finance["names"]:
        return said(view, finance["names"][str(value)])
    if name in ("creditor", "issuer") and isinstance(value, int):
        return _who(view, value)
    if name == "item" and value in ITEMS:
        return ITEMS[value]
    if name == "style" and value in STYLES:
        return STYLES[value]
    if name == "event" and value in EVENTS:
        return EVENTS[value]
    return label
