"""Merlin Economics in words: moves and forms in the draft's terms (log entries: logbook.py).

Seats are written `{seat:N}` (core/words.py), for each interface to name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from tradingfloor.core import words as core_words
from tradingfloor.core.actions import Action
from tradingfloor.core.words import fill

__all__ = ["card", "fill", "form", "gold", "goods", "label", "rank_form", "seat"]
from tradingfloor.games.merlin import cards
from tradingfloor.games.merlin.state import ROW, MerlinState

SUITS = {"C": "♣", "D": "♦", "S": "♠", "H": "♥"}


def seat(number: int | str) -> str:
    """A seat in a text, for the interface to name; the R.O.W. by its name."""
    if number in (ROW, "row"):
        return "the R.O.W."
    return core_words.seat(int(number))


def goods(name: str) -> str:
    """A commodity's name as the draft writes it: essence_grain -> Essence Grain."""
    return name.replace("_", " ").title()


def card(code: str | None) -> str:
    """A card as it reads on the table: 10D -> 10♦."""
    if not code:
        return ""
    return f"{code[:-1]}{SUITS.get(code[-1], code[-1])}"


def gold(amount: int) -> str:
    return f"{amount} gold"


# --- moves -------------------------------------------------------------------------------------


def label(state: MerlinState, me: int, action: Action) -> str:
    """One move in the words of the rules, e.g. "Buy 1 Essence Grain from {seat:2}'s ask at 4"."""
    kind = str(getattr(action, "type", ""))
    make = LABELS.get(kind) or modules_words().labels.get(kind)
    return make(state, me, action) if make else kind.replace("_", " ")


def _turn_bid(state: MerlinState, me: int, a: Any) -> str:
    return f"Bid {gold(a.amount)} for turn order"


def _rank_bid(state: MerlinState, me: int, a: Any) -> str:
    return "Stacks of " + ", ".join(str(s) for s in a.stacks) + " gold, the earliest place first"


def _tax_vote(state: MerlinState, me: int, a: Any) -> str:
    rate = state.core.counters.tax_rate
    if a.choice == "up":
        return f"Raise the tax rate to {rate + 1} (cost of the living and research cost down 1)"
    if a.choice == "down":
        return f"Lower the tax rate to {rate - 1} (cost of the living and research cost up 1)"
    return f"Keep the tax rate at {rate}"


def _place(state: MerlinState, me: int, a: Any) -> str:
    config = state.config
    if cards.is_lab(config, a.card):
        lab = "spell" if cards.suit(config, a.card) == "spades" else "potion"
        return (
            f"Place {card(a.card)} as a {lab} lab (researches on a {_number(a.card)} when funded)"
        )
    if a.on is None:
        value = cards.property_value(config, a.card)
        return f"Place {card(a.card)} as a property (yields {gold(value)} on a {_number(a.card)})"
    if cards.is_property(config, a.card):
        return f"Place {card(a.card)} across {card(a.on)} to make a Chauffeur"
    commodity = goods(config.content.commodities[cards.land_commodity(config, a.card)])
    return f"Place {card(a.card)} on {card(a.on)} as a land ({commodity} on a {_number(a.card)})"


def _number(code: str) -> str:
    rank = code[:-1]
    return {"A": "1", "J": "11", "Q": "12", "K": "13"}.get(rank, rank)


def _invest(state: MerlinState, me: int, a: Any) -> str:
    return (
        f"Invest {gold(a.amount)} on {card(a.card)} (doubled on a {_number(a.card)}, lost on a 7)"
    )


def _store(state: MerlinState, me: int, a: Any) -> str:
    return f"Store {gold(a.amount)} in the Chauffeur on {card(a.card)}"


def _take_back(state: MerlinState, me: int, a: Any) -> str:
    return f"Take {gold(a.amount)} back from the Chauffeur on {card(a.card)}"


def _liquidate(state: MerlinState, me: int, a: Any) -> str:
    from tradingfloor.games.merlin.tableau import liquidation_value, stack_of

    found = stack_of(state, me, a.card)
    value = liquidation_value(state, found[1]) if found else 0
    text = f"Sell {card(a.card)} to the central bank for {gold(value)}"
    if found and found[1].stored:
        text += f" (and take back the {gold(found[1].stored)} stored)"
    return text


def _offer_sale(state: MerlinState, me: int, a: Any) -> str:
    return f"Offer {card(a.card)} to {seat(a.to)} for {gold(a.price)}"


def _accept(state: MerlinState, me: int, a: Any) -> str:
    if state.finance is not None:  # an offer of the finance module (a trade, a loan)
        from tradingfloor.games.merlin.finance.offers import label as finance_label

        said = finance_label(state, accepting=True)
        if said:
            return said
    offer = state.economy.offer
    if offer is None:
        return "Accept the offer"
    return f"Buy {card(offer.card)} from {seat(offer.seller)} for {gold(offer.price)}"


def _decline(state: MerlinState, me: int, a: Any) -> str:
    if state.finance is not None:
        from tradingfloor.games.merlin.finance.offers import label as finance_label

        said = finance_label(state, accepting=False)
        if said:
            return said
    offer = state.economy.offer
    if offer is None:
        return "Decline the offer"
    return f"Decline {seat(offer.seller)}'s offer of {card(offer.card)}"


def _order(state: MerlinState, order_id: int) -> tuple[str, int, int]:
    """(commodity, price, owner) of an open order."""
    from tradingfloor.games.merlin.market import find

    found = find(state, order_id)
    if found is None:
        return "?", 0, ROW
    return goods(state.config.content.commodities[found[0]]), found[2].price, found[2].owner


def _bid(state: MerlinState, me: int, a: Any) -> str:
    return f"Bid {gold(a.price)} for 1 {goods(a.commodity)}"


def _ask(state: MerlinState, me: int, a: Any) -> str:
    return f"Ask {gold(a.price)} for 1 {goods(a.commodity)}"


def _raise_bid(state: MerlinState, me: int, a: Any) -> str:
    name, price, _ = _order(state, a.order)
    return f"Raise your bid for {name} from {price} to {gold(price + a.amount)}"


def _lower_bid(state: MerlinState, me: int, a: Any) -> str:
    name, price, _ = _order(state, a.order)
    return (
        f"Lower your bid for {name} from {price} to {gold(price - a.amount)} "
        f"({gold(a.amount)} waits in escrow until your next turn)"
    )


def _exit_bid(state: MerlinState, me: int, a: Any) -> str:
    name, price, _ = _order(state, a.order)
    return f"Move your bid of {price} for {name} to escrow (back to you next turn)"


def _withdraw_ask(state: MerlinState, me: int, a: Any) -> str:
    name, price, _ = _order(state, a.order)
    return f"Take your ask of {price} for {name} off the market"


def _sell_to(state: MerlinState, me: int, a: Any) -> str:
    name, price, owner = _order(state, a.order)
    return f"Sell 1 {name} to {seat(owner)}'s bid at {price}"


def _buy_from(state: MerlinState, me: int, a: Any) -> str:
    name, price, owner = _order(state, a.order)
    return f"Buy 1 {name} from {seat(owner)}'s ask at {price}"


def _buy_permit(state: MerlinState, me: int, a: Any) -> str:
    cost = state.core.counters.cost_of_living
    return f"Buy the top card of the deck for {gold(cost)} (the cost of the living)"


def _pay_debt(state: MerlinState, me: int, a: Any) -> str:
    return f"Pay your debt of {gold(state.core.debt[me])} and leave bankruptcy"


def _end_turn(state: MerlinState, me: int, a: Any) -> str:
    return "End your turn"


LABELS: dict[str, Callable[[MerlinState, int, Any], str]] = {
    "turn_bid": _turn_bid,
    "rank_bid": _rank_bid,
    "tax_vote": _tax_vote,
    "place": _place,
    "invest": _invest,
    "store": _store,
    "take_back": _take_back,
    "liquidate": _liquidate,
    "offer_sale": _offer_sale,
    "accept": _accept,
    "decline": _decline,
    "bid": _bid,
    "ask": _ask,
    "raise_bid": _raise_bid,
    "lower_bid": _lower_bid,
    "exit_bid": _exit_bid,
    "withdraw_ask": _withdraw_ask,
    "sell_to": _sell_to,
    "buy_from": _buy_from,
    "buy_permit": _buy_permit,
    "pay_debt": _pay_debt,
    "end_turn": _end_turn,
}


# --- forms: a move with too many choices to list -------------------------------------------------

FORM_TITLES = {
    "turn_bid": "Seal a bid for turn order: the highest bid goes first",
    "rank_bid": "Seal a stack of gold for each place",
    "invest": "Invest gold on one of your properties",
    "store": "Store gold in one of your Chauffeurs",
    "take_back": "Take gold back from one of your Chauffeurs",
    "offer_sale": "Offer one of your properties to another player",
    "bid": "Bid for 1 unit of a commodity (your gold lies on the table)",
    "ask": "Ask a price for 1 unit of a commodity (the unit lies on the table)",
    "raise_bid": "Raise one of your bids",
    "lower_bid": "Lower one of your bids (the difference waits in escrow)",
    "exit_bid": "Move one of your bids to escrow",
    "withdraw_ask": "Take one of your asks off the market",
    "sell_to": "Sell 1 unit into a bid",
    "buy_from": "Buy 1 unit from an ask",
    "place": "Place a permit from your hand",
    "liquidate": "Sell a property to the central bank",
}
FIELD_LABELS = {
    "amount": "gold",
    "price": "gold",
    "commodity": "commodity",
    "card": "card",
    "on": "on",
    "to": "to",
    "order": "order",
    "stacks": "stacks",
}
NOTES = {
    "rank_bid": "One number per place, the earliest place first, e.g. 3 1. At least 1 gold a "
    "place; each place, from the first, goes to the highest stack for it; every stack goes in the "
    "pot.",
    "turn_bid": "Every bid goes in the pot; the last place gets half of it back.",
}


def form(state: MerlinState, kind: str, fields: Mapping[str, Any], count: int) -> dict[str, Any]:
    """A form for one move type: its title, each field's range or labelled choices (choices that
    read the same, such as two asks of one player at one price, are offered once)."""
    out_fields: dict[str, dict[str, Any]] = {}
    orders = _orders(state)
    for name, values in fields.items():
        more = modules_words().field_labels
        spec: dict[str, Any] = {"label": FIELD_LABELS.get(name) or more.get(name, name)}
        if isinstance(values, range):
            spec.update(min=values.start, max=values.stop - 1)
        else:
            labelled = {_choice(state, name, v, orders, kind): v for v in reversed(list(values))}
            pairs = list(reversed(labelled.items()))
            spec.update(choices=[v for _, v in pairs], labels=[text for text, _ in pairs])
        out_fields[name] = spec
    more = modules_words()
    title = FORM_TITLES.get(kind) or more.form_titles.get(kind, kind.replace("_", " "))
    out: dict[str, Any] = {"type": kind, "label": title}
    out.update(fields=out_fields, count=count)
    note = NOTES.get(kind) or more.notes.get(kind)
    if note:
        out["note"] = note
    return out


@cache
def modules_words() -> Any:
    """The words of the modules' moves and events (magic/words.py, finance/words.py), gathered on
    first use."""
    from tradingfloor.games.merlin.finance import words as finance_words
    from tradingfloor.games.merlin.magic import words as magic_words

    magic, finance = magic_words.gathered(), finance_words.gathered()
    for name in ("labels", "form_titles", "field_labels", "notes", "events"):
        getattr(magic, name).update(getattr(finance, name))
    return magic


def _orders(state: MerlinState) -> dict[int, tuple[str, int, int]]:
    """Every open order by id: (commodity, price, owner)."""
    names = state.config.content.commodities
    return {
        o.id: (goods(names[index]), o.price, o.owner)
        for index, book in enumerate(state.economy.books)
        for o in (*book.bids, *book.asks)
    }


def rank_form(first: int, places: int, least: int, most: int) -> dict[str, Any]:
    """The rank auction's form: one stack per place (Blind Rank Auctioning); `first` is the index
    of the earliest place at stake, `most` the gold the stacks may add up to."""
    return {
        "type": "rank_bid",
        "label": f"{FORM_TITLES['rank_bid']}: places {first + 1} to {first + places}",
        "fields": {
            "stacks": {
                "label": f"{places} stacks",
                "places": places,
                "min": least,
                "max": most,
                "placeholder": " ".join(["1"] * places),
            }
        },
        "note": f"{NOTES['rank_bid']} Your stacks may add up to {gold(most)} at most.",
    }


def _choice(
    state: MerlinState,
    field: str,
    value: Any,
    orders: Mapping[int, tuple[str, int, int]],
    kind: str = "",
) -> str:
    if field in ("event", "numbers", "quote") and state.finance is not None:  # insurance's forms
        from tradingfloor.games.merlin.finance.covers import choice_words

        said = choice_words(field, value)
        if said is not None:
            return said
    if field == "ref" and state.finance is not None:  # a custom table's item (finance/items.py)
        from tradingfloor.games.merlin.finance.items import ref_words

        return ref_words(state, kind, value)
    if value is None:  # a place's "on" names where a permit goes; elsewhere None is no choice
        return "on the table by itself" if field == "on" else "none"
    if isinstance(value, str) and "." in value and state.config.magic is not None:
        from tradingfloor.games.merlin.magic.labs import title_of

        return title_of(state, value)  # a spell, recipe, potion or reading card
    if field in ("card", "on", "lab", "shop"):
        return card(value)
    if field == "seat":
        return seat(value)
    if field in ("proposal", "choice") and state.config.magic is not None:
        from tradingfloor.games.merlin.magic.decrees import proposal_words

        return value if value in ("yes", "no") else proposal_words(state, value)
    if field == "commodity":
        return goods(value)
    if field == "to":
        return seat(value)
    if field == "order":
        name, price, owner = orders.get(value, ("?", 0, ROW))
        return f"{seat(owner)}'s {price} for {name}"
    return str(value)
