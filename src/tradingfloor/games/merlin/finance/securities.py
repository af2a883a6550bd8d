"""The Chauffeur's securities (MERLIN-MODULES.md §3.6): bonds, stock and notes, its own currency.

Clubs: a Chauffeur "allowed for the player to ... issue bonds, stock, or its own currency". Only a
Chauffeur's owner issues.

- Bonds, shares and notes are `Security` units, issued to the issuer and put on the issuer's ask
  table (a `Listing` each, which the custom tables sell). A bond matures on its issuer's first turn
  once its orbit is complete: face value to each holder from gold in hand, then Chauffeur stores,
  the shortfall a debt. A share held by another player pays `share_percent`% of every payout of
  gold from the issuer's clubs (a yield filter). A note redeems for 1 gold from the issuer's
  Chauffeur stores, else a debt.
- A player leaving closes all their instruments, their loans (loans.py) with their securities,
  told in one log entry.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, Literal

from tradingfloor.core.actions import Action
from tradingfloor.core.draws import below
from tradingfloor.core.unvalidated import drawn
from tradingfloor.games.merlin import cards
from tradingfloor.games.merlin.finance.actions import IssueBonds, IssueNotes, IssueStock, RedeemNote
from tradingfloor.games.merlin.finance.chauffeurs import (
    draw_stores,
    has_chauffeur,
    listed,
    pay_or_owe,
)
from tradingfloor.games.merlin.finance.debts import receive
from tradingfloor.games.merlin.finance.loans import close_loans
from tradingfloor.games.merlin.finance.markets import list_security
from tradingfloor.games.merlin.finance.state import Security
from tradingfloor.games.merlin.finance.table import (
    add_debt,
    figures_of,
    finance_of,
    new_id,
    with_finance,
)
from tradingfloor.games.merlin.ledger import add_gold, produce
from tradingfloor.games.merlin.records import replace
from tradingfloor.games.merlin.rulebook import (
    ActionRule,
    Fields,
    Lister,
    Log,
    Module,
    Payout,
    Picker,
    event,
)
from tradingfloor.games.merlin.state import MerlinState
from tradingfloor.games.merlin.words import card as card_words
from tradingfloor.games.merlin.words import gold, seat

Kind = Literal["bond", "share", "note"]
KIND_WORDS = {"bond": ("bond", "bonds"), "share": ("share", "shares"), "note": ("note", "notes")}


# --- issuing bonds, stock and notes ---------------------------------------------------------------


def outstanding(state: MerlinState, issuer: int, what: Kind) -> int:
    """How many units of one kind the issuer has issued and not yet closed (their own unsold
    units included)."""
    return sum(1 for s in finance_of(state).securities if (s.issuer, s.kind) == (issuer, what))


def _most(state: MerlinState, what: Kind) -> int:
    figures = figures_of(state).instruments
    return {"bond": figures.most_bonds, "share": figures.max_shares, "note": figures.most_notes}[
        what
    ]


def _why_issue(state: MerlinState, me: int, what: Kind, count: int, price: int) -> str | None:
    many = KIND_WORDS[what][1]
    if not has_chauffeur(state, me):
        return (
            f"{many} are issued by a Chauffeur's owner: place a property across another of yours "
            "to make one"
        )
    most, out = _most(state, what), outstanding(state, me, what)
    if out + count > most:
        return (
            f"you have {out} {many} out and may have at most {most}: issue at most {most - out}"
            if out < most
            else f"you have {out} {many} out, the most allowed"
        )
    top = figures_of(state).instruments.most_price
    if price > top:
        return f"{many} are issued at a price of at most {gold(top)}"
    return None


def _why_bonds(state: MerlinState, me: int, action: IssueBonds) -> str | None:
    figures = figures_of(state).instruments
    if action.face > figures.most_face:
        return f"a bond's face value is at most {gold(figures.most_face)}"
    if action.orbits > figures.longest_orbits:
        return f"a bond matures in at most {figures.longest_orbits} orbits"
    return _why_issue(state, me, "bond", action.count, action.price)


def _why_stock(state: MerlinState, me: int, action: IssueStock) -> str | None:
    return _why_issue(state, me, "share", action.count, action.price)


def _why_notes(state: MerlinState, me: int, action: IssueNotes) -> str | None:
    return _why_issue(state, me, "note", action.count, action.price)


def _issue_fields(what: Kind) -> Callable[[MerlinState, int], Fields]:
    def fields(state: MerlinState, me: int) -> Fields:
        return _fields_to_issue(state, me, what)

    return fields


def _fields_to_issue(state: MerlinState, me: int, what: Kind) -> Fields:
    if not has_chauffeur(state, me):  # the commoner case, and the cheaper test
        return {}
    left = _most(state, what) - outstanding(state, me, what)
    if left < 1:
        return {}
    figures = figures_of(state).instruments
    out: Fields = {"count": range(1, left + 1)}
    if what == "bond":
        out["face"] = range(1, figures.most_face + 1)
        out["orbits"] = range(1, figures.longest_orbits + 1)
    out["price"] = range(1, figures.most_price + 1)
    return out


ISSUES: Mapping[Kind, type[IssueBonds] | type[IssueStock] | type[IssueNotes]] = {
    "bond": IssueBonds,
    "share": IssueStock,
    "note": IssueNotes,
}


class _IssuePick(Picker):
    """A random issue of `what`: each field's value drawn in turn (a class, not a closure:
    compiled, random play calls its method directly, and it reads the fields directly)."""

    def __init__(self, what: Kind) -> None:
        self.what = what

    def __call__(self, state: MerlinState, seat: int, rng: random.Random) -> Action | None:
        fields = _fields_to_issue(state, seat, self.what)
        if not fields:
            return None
        # rng.choice's draws (`below`: the same, without its Python frame)
        chosen: dict[str, Any] = {
            name: values[below(len(values), rng)] for name, values in fields.items()
        }
        return ISSUES[self.what](**chosen)


def _issue(
    state: MerlinState,
    me: int,
    what: Kind,
    count: int,
    price: int,
    log: Log,
    face: int = 0,
    maturity: int = 0,
) -> MerlinState:
    """`count` units held by the issuer, each on the issuer's ask table at `price` (markets.py)."""
    log.append(
        event("issued", seat=me, what=what, count=count, price=price, face=face, maturity=maturity)
    )
    for _ in range(count):
        unit_id, state = new_id(state)
        unit = Security(unit_id, what, me, me, face=face, maturity=maturity)
        state = with_finance(state, securities=(*finance_of(state).securities, unit))
        state = list_security(state, unit, price, log)
    return state


def _apply_bonds(state: MerlinState, me: int, action: IssueBonds, log: Log) -> MerlinState:
    maturity = state.core.orbit + action.orbits
    return _issue(state, me, "bond", action.count, action.price, log, action.face, maturity)


def _apply_stock(state: MerlinState, me: int, action: IssueStock, log: Log) -> MerlinState:
    return _issue(state, me, "share", action.count, action.price, log)


def _apply_notes(state: MerlinState, me: int, action: IssueNotes, log: Log) -> MerlinState:
    return _issue(state, me, "note", action.count, action.price, log)


def _close(state: MerlinState, gone: set[int]) -> MerlinState:
    """Securities closed (matured, redeemed, worthless): they and their asks leave the table."""
    finance = finance_of(state)
    refs = {str(i) for i in gone}
    return with_finance(
        state,
        securities=tuple(s for s in finance.securities if s.id not in gone),
        listings=tuple(x for x in finance.listings if not (x.item in KIND_WORDS and x.ref in refs)),
    )


def _mature_bonds(state: MerlinState, log: Log) -> MerlinState:
    """The issuer's first turn once a bond's orbit is complete: face value to each holder (in turn
    order from the issuer), from gold in hand, then Chauffeur stores; the shortfall is owed. The
    issuer's own unsold bonds just close."""
    me, orbit = state.core.current, state.core.orbit
    due = [
        s
        for s in finance_of(state).securities
        if s.kind == "bond" and s.issuer == me and orbit >= s.maturity
    ]
    if not due:
        return state
    state = _close(state, {s.id for s in due})
    for holder in state.core.from_roller():
        units = [s for s in due if s.holder == holder and holder != me]
        if not units:
            continue
        owed = sum(s.face for s in units)
        state, paid = pay_or_owe(state, me, holder, owed, "bond", log)
        log.append(
            event(
                "bonds_matured",
                issuer=me,
                holder=holder,
                count=len(units),
                face=owed,
                paid=paid,
                owed=owed - paid,
            )
        )
    unsold = sum(1 for s in due if s.holder == me)
    if unsold:
        log.append(event("bonds_closed", issuer=me, count=unsold))
    return state


def on_turn_start(state: MerlinState, log: Log) -> MerlinState:
    """Bonds the player issued mature at the start of their turn (Core Loop order,
    MERLIN-MODULES.md §1), after the loans they owe are repaid (loans.py)."""
    if state.finance is None:
        return state
    return _mature_bonds(state, log)


# --- stock: a share of the issuer's club gold -----------------------------------------------------


def dividends(state: MerlinState, payout: Payout, log: Log) -> tuple[MerlinState, Payout]:
    """Each share another player holds takes `share_percent`% (rounded down) of a payout of gold
    from the issuer's clubs, as the issuer receives it; the issuer keeps the rest."""
    if (
        state.finance is None
        or payout.commodity is not None
        or payout.gold <= 0
        or payout.to != payout.owner
        or not cards.is_property(state.config, payout.card)
    ):
        return state, payout
    issuer = payout.owner
    held: dict[int, int] = {}
    for unit in finance_of(state).securities:
        if unit.kind == "share" and unit.issuer == issuer and unit.holder != issuer:
            held[unit.holder] = held.get(unit.holder, 0) + 1
    if not held:
        return state, payout
    per = payout.gold * figures_of(state).instruments.share_percent // 100
    total = min(per * sum(held.values()), payout.gold)
    if not total:
        return state, payout
    # The issuer's property yields all of it; the shareholders' part goes on to them.
    state = produce(state, issuer, total)
    paid = []
    left = total
    for holder in state.core.from_roller():
        due = min(per * held.get(holder, 0), left)
        if due:
            state = receive(add_gold(state, issuer, -due), holder, due)
            paid.append([holder, due])
            left -= due
    log.append(
        event(
            "dividend",
            issuer=issuer,
            card=payout.card,
            gold=payout.gold,
            per_share=per,
            paid=paid,
        )
    )
    return state, replace(payout, gold=payout.gold - total)


# --- notes: the Chauffeur's own currency ----------------------------------------------------------


def _notes_held(state: MerlinState, me: int, issuer: int) -> list[Security]:
    return [
        s
        for s in finance_of(state).securities
        if s.kind == "note" and s.issuer == issuer and s.holder == me
    ]


def _why_redeem(state: MerlinState, me: int, action: RedeemNote) -> str | None:
    if action.issuer == me:
        return "your own notes are redeemed by the players who hold them"
    if not _notes_held(state, me, action.issuer):
        return (
            f"you hold no note of {seat(action.issuer)}: notes are bought on their issuer's ask "
            "table"
        )
    return None


def _redeems(state: MerlinState, me: int) -> list[Action]:
    issuers = {
        s.issuer
        for s in finance_of(state).securities
        if s.kind == "note" and s.holder == me and s.issuer != me
    }
    if not issuers:  # (most often: sorting nothing is still a call)
        return []
    return [drawn(RedeemNote, issuer=i) for i in sorted(issuers)]


def _apply_redeem(state: MerlinState, me: int, action: RedeemNote, log: Log) -> MerlinState:
    """One note back to its issuer for 1 gold from the issuer's Chauffeur stores, else owed."""
    listed = {x.ref for x in finance_of(state).listings if x.item == "note" and x.seller == me}
    notes = sorted(_notes_held(state, me, action.issuer), key=lambda s: str(s.id) in listed)
    state = _close(state, {notes[0].id})
    issuer = action.issuer
    state, taken = draw_stores(state, issuer, 1)
    state = receive(add_gold(state, issuer, -taken), me, taken)
    state = add_debt(state, issuer, me, 1 - taken, "note", log)
    log.append(event("note_redeemed", issuer=issuer, holder=me, paid=taken))
    return state


# --- a player leaving -----------------------------------------------------------------------------


def on_exit(state: MerlinState, who: int, log: Log) -> MerlinState:
    """A player leaving: their loans are closed (loans.py); bonds they issued are owed to the
    holders (paid pro rata as their debts are, in debts.py); their shares and notes become
    worthless; what they held of others' is gone."""
    state, lent, borrowed = close_loans(state, who, log)
    finance = finance_of(state)
    issued = [s for s in finance.securities if s.issuer == who]
    for unit in issued:
        if unit.kind == "bond" and unit.holder != who:
            state = add_debt(state, who, unit.holder, unit.face, "bond", log)
    held = [s for s in finance.securities if s.holder == who and s.issuer != who]
    state = _close(state, {s.id for s in (*issued, *held)})
    counts = {k: sum(1 for s in issued if s.kind == k) for k in KIND_WORDS}
    if lent or borrowed or issued or held:
        log.append(
            event(
                "instruments_closed",
                seat=who,
                written_off=sum(x.repay for x in lent),
                borrowed=sum(x.repay for x in borrowed),
                bonds=sum(1 for s in issued if s.kind == "bond" and s.holder != who),
                shares=counts["share"],
                notes=counts["note"],
                held=len(held),
            )
        )
    return state


# --- the module part ------------------------------------------------------------------------------


# Each rule's pick and menu as a compiled method (rulebook.Picker, rulebook.Lister): random
# play asks several rules at every move, and calls these directly.


class _RedeemsListed(Lister):
    def __call__(self, state: MerlinState, seat: int) -> list[Action]:
        return _redeems(state, seat)


RULES = (
    ActionRule(
        "issue_bonds",
        _why_bonds,
        listed(_issue_fields("bond"), ISSUES["bond"], _why_bonds),
        _apply_bonds,
        _IssuePick("bond"),
        _issue_fields("bond"),
    ),
    ActionRule(
        "issue_stock",
        _why_stock,
        listed(_issue_fields("share"), ISSUES["share"], _why_stock),
        _apply_stock,
        _IssuePick("share"),
        _issue_fields("share"),
    ),
    ActionRule(
        "issue_notes",
        _why_notes,
        listed(_issue_fields("note"), ISSUES["note"], _why_notes),
        _apply_notes,
        _IssuePick("note"),
        _issue_fields("note"),
    ),
    ActionRule("redeem_note", _why_redeem, _RedeemsListed(), _apply_redeem),
)

PART = Module(
    name="finance.securities",
    actions={"turn": RULES},
    on_turn_start=(on_turn_start,),
    yield_filters=(dividends,),
    on_exit=(on_exit,),
)


# --- words ----------------------------------------------------------------------------------------


def _units(n: int, what: str) -> str:
    one, many = KIND_WORDS.get(what, (what, f"{what}s"))
    return f"{n} {one if n == 1 else many}"


def _label_bonds(state: MerlinState, me: int, a: Any) -> str:
    return (
        f"Issue {_units(a.count, 'bond')} of face value {gold(a.face)}, maturing in {a.orbits} "
        f"orbit(s), on your ask table at {gold(a.price)} each"
    )


def _label_stock(state: MerlinState, me: int, a: Any) -> str:
    percent = figures_of(state).instruments.share_percent
    return (
        f"Issue {_units(a.count, 'share')} ({percent}% of your clubs' gold each), on your ask "
        f"table at {gold(a.price)} each"
    )


def _label_notes(state: MerlinState, me: int, a: Any) -> str:
    return (
        f"Issue {_units(a.count, 'note')} of your own currency (1 gold each from your "
        f"Chauffeurs), on your ask table at {gold(a.price)} each"
    )


def _label_redeem(state: MerlinState, me: int, a: Any) -> str:
    return f"Redeem one of {seat(a.issuer)}'s notes for 1 gold from their Chauffeurs"


LABELS = {
    "issue_bonds": _label_bonds,
    "issue_stock": _label_stock,
    "issue_notes": _label_notes,
    "redeem_note": _label_redeem,
}
FORM_TITLES = {
    "issue_bonds": "Issue bonds against your Chauffeurs",
    "issue_stock": "Issue stock in your clubs' gold",
    "issue_notes": "Issue notes, your own currency",
    "redeem_note": "Redeem a note",
}
FIELD_LABELS = {
    "orbits": "orbits",
    "count": "how many",
    "face": "face value (gold)",
    "issuer": "issued by",
}
NOTES = {
    "issue_bonds": "Each bond pays its face value on your first turn after it matures, from your "
    "gold in hand, then your Chauffeurs; what is missing you owe the holder.",
    "issue_stock": "Each share another player holds takes its part of every payout of gold from "
    "your clubs, rounded down.",
    "issue_notes": "A holder redeems a note for 1 gold from your Chauffeurs' stores; when they are "
    "empty you owe it.",
}


def _matured(e: Mapping[str, Any]) -> str:
    text = (
        f"{seat(e['issuer'])}'s {_units(e['count'], 'bond')} held by {seat(e['holder'])} "
        f"matured: {gold(e['paid'])} of {gold(e['face'])} paid"
    )
    return text + (f", {gold(e['owed'])} owed" if e["owed"] else "")


def _issued(e: Mapping[str, Any]) -> str:
    what = e["what"]
    text = f"{seat(e['seat'])} issued {_units(e['count'], what)}"
    if what == "bond":
        text += f" of face value {gold(e['face'])}, maturing after orbit {e['maturity']}"
    elif what == "note":
        text += " (their own currency, 1 gold each from their Chauffeurs)"
    return text + f", on their ask table at {gold(e['price'])} each"


def _closed(e: Mapping[str, Any]) -> str:
    parts = []
    if e["written_off"]:
        parts.append(f"{gold(e['written_off'])} of loans they made written off")
    if e["borrowed"]:
        parts.append(f"{gold(e['borrowed'])} they borrowed owed to the lenders")
    if e["bonds"]:
        parts.append(f"{_units(e['bonds'], 'bond')} they issued owed to the holders")
    if e["shares"] or e["notes"]:
        worthless = [_units(e[k], k[:-1]) for k in ("shares", "notes") if e[k]]
        parts.append(f"{' and '.join(worthless)} they issued worthless")
    if e["held"]:
        parts.append(f"{e['held']} bond(s), share(s) or note(s) they held gone")
    return f"{seat(e['seat'])} leaves: " + "; ".join(parts)


EVENTS = {
    "issued": _issued,
    "bonds_matured": _matured,
    "bonds_closed": lambda e: (
        f"{seat(e['issuer'])}'s {_units(e['count'], 'bond')} still unsold matured and closed"
    ),
    "dividend": lambda e: (
        f"{seat(e['issuer'])}'s {card_words(e['card'])} yielded {gold(e['gold'])}: "
        + ", ".join(f"{seat(h)} takes {gold(g)}" for h, g in e["paid"])
        + f" ({gold(e['per_share'])} a share)"
    ),
    "note_redeemed": lambda e: (
        f"{seat(e['holder'])} redeemed a note of {seat(e['issuer'])}: "
        + (
            f"{gold(e['paid'])} from their Chauffeurs"
            if e["paid"]
            else "their Chauffeurs are empty, so they owe it"
        )
    ),
    "instruments_closed": _closed,
}
