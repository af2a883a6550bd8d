"""The finance table in words, shared by every record of the view (RULINGS Merlin 8: "contracts,
debts and every action taken are public"), and by trades.py for the sides of a trade.

Seats are written {seat:N} and filled in by the interfaces; the rest is the draft's terms: the
short and the long, the bushel, the expiry on the season wheel (Futures: "Expiry date in number of
years. (e.g Start of summer, Year 3)"), a Chauffeur's bonds, shares and notes (Clubs: "issue
bonds, stock, or its own currency").
"""

from __future__ import annotations

from tradingfloor.games.merlin import words
from tradingfloor.games.merlin.finance.state import BANK, Bundle, Proposal, Security
from tradingfloor.games.merlin.finance.table import figures_of
from tradingfloor.games.merlin.state import ROW, MerlinState

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")
KINDS = {"bond": ("bond", "bonds"), "share": ("share", "shares"), "note": ("note", "notes")}
"""A Chauffeur's securities by kind: (one, many)."""


# --- words shared by the records ------------------------------------------------------------------


def who(number: int) -> str:
    """A party in a text: a seat ({seat:N}), the R.O.W. or the central bank."""
    if number == BANK:
        return "the central bank"
    if number == ROW:
        return "the R.O.W."
    return words.seat(number)


def whose(number: int) -> str:
    """A party's, in a text: "{seat:2}'s", "the R.O.W.'s", "the central bank's"."""
    return f"{who(number)}'s"


def commodity(state: MerlinState, index: int | None) -> str:
    """A commodity by its index, as the draft writes it: Essence Grain."""
    names = state.config.content.commodities
    if index is None or not 0 <= index < len(names):
        return "a commodity"
    return words.goods(names[index])


def numbers_said(numbers: tuple[int, ...] | list[int]) -> str:
    """ "5", "2 or 3", "2, 3 or 5"."""
    texts = [str(n) for n in numbers]
    if not texts:
        return "nothing"
    return texts[0] if len(texts) == 1 else f"{', '.join(texts[:-1])} or {texts[-1]}"


def plural(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def expiry(state: MerlinState, year: int, portion: int) -> str:
    """An expiry as the draft writes it (Futures: "Expiry date in number of years. (e.g Start of
    summer, Year 3)"): the start of the season's month on the wheel in use now."""
    wheel = state.config.content.wheels[state.core.counters.wheel].portions
    if not wheel:
        return f"year {year}"
    portion %= len(wheel)
    name = wheel[portion]
    first = portion
    while first > 0 and wheel[first - 1] == name:
        first -= 1
    month = portion - first + 1
    where = f"start of {name}" if month == 1 else f"start of {name}'s {_ordinal(month)} month"
    return f"{where}, year {year}"


def _ordinal(n: int) -> str:
    return ORDINALS[min(n, len(ORDINALS)) - 1]


def months_away(state: MerlinState, year: int, portion: int) -> int:
    """How many turns of the season wheel (months) until (year, portion); 0 or less: reached."""
    counters = state.core.counters
    length = len(state.config.content.wheels[counters.wheel].portions) or 1
    return (year - counters.year) * length + (portion - counters.portion)


def card_title(state: MerlinState, card: str) -> str:
    """A spell or recipe card by its title (Pickpocket, for pickpocket.2 or pickpocket), or a
    playing card as it reads."""
    if state.magic is not None and card not in state.config.content.card_rank:
        from tradingfloor.games.merlin.magic.labs import title_of

        return title_of(state, card)
    return words.card(card)


def commodity_name(state: MerlinState, index: int) -> str:
    names = state.config.content.commodities
    return names[index] if 0 <= index < len(names) else ""


# --- the offer under way --------------------------------------------------------------------------


def bundle_words(state: MerlinState, bundle: Bundle) -> str:
    """One side of a trade: "5 gold, 2 Souls and Pickpocket (a spell)"; "nothing"."""
    parts = []
    if bundle.gold:
        parts.append(words.gold(bundle.gold))
    for index, units in enumerate(bundle.goods):
        if units:
            parts.append(f"{units} {commodity(state, index)}")
    parts += [f"{card_title(state, c)} (a spell)" for c in bundle.spells]
    parts += [f"{card_title(state, c)} (a potion recipe)" for c in bundle.recipes]
    if bundle.crowns:
        parts.append(plural(bundle.crowns, "crown"))
    return joined(parts) or "nothing"


def joined(parts: list[str]) -> str:
    """Parts in a sentence: "a", "a and b", "a, b and c"; "" for none."""
    if len(parts) <= 1:
        return "".join(parts)
    return f"{', '.join(parts[:-1])} and {parts[-1]}"


def offer_words(state: MerlinState, offer: Proposal) -> str:
    """What is offered, without who offers it: "5 gold for 3 Souls"."""
    if offer.kind == "trade":
        give, get = bundle_words(state, offer.give), bundle_words(state, offer.get)
        return f"{give} for {get}"
    if offer.kind == "loan":
        source = f" from the Chauffeur on {words.card(offer.card)}" if offer.card else ""
        return (
            f"a loan of {words.gold(offer.principal)}{source} now, {words.gold(offer.repay)} "
            f"repaid after orbit {offer.due_orbit}"
        )
    if offer.kind == "place":
        return (
            f"{bundle_words(state, offer.give)} to take {_place_at_stake(state)} in the turn "
            f"order, {who(offer.to)} taking the one after"
        )
    return bundle_words(state, offer.give)


def _place_at_stake(state: MerlinState) -> str:
    """The tied place a place offer is for: "the 2nd place" (turn order's contest under way)."""
    from tradingfloor.games.merlin.finance.places import place_words
    from tradingfloor.games.merlin.turn_order import contest

    now = contest(state) if state.core.phase == "auction" else None
    return place_words(now.first_place) if now is not None else "the earlier place"


# --- insurance and securities ---------------------------------------------------------------------


def covers(
    state: MerlinState,
    numbers: tuple[int, ...],
    event: str | None,
    commodity_index: int | None,
    rolls: int,
) -> str:
    """What a quote or policy pays on, in the insurance part's words: "the next roll is a 2, 3 or
    5", "a spell is cast at the buyer this turn or in the next 3 turns"."""
    from tradingfloor.games.merlin.finance.covers import cover_words

    name = commodity_name(state, commodity_index) if commodity_index is not None else None
    return cover_words(numbers, event, name or None, rolls)


def security_terms(state: MerlinState, security: Security) -> str:
    """What one unit pays (Chauffeurs: "issue bonds, stock, or its own currency")."""
    if security.kind == "bond":
        return f"pays {words.gold(security.face)} after orbit {security.maturity}"
    if security.kind == "share":
        percent = figures_of(state).instruments.share_percent
        return f"pays {percent}% of the gold {whose(security.issuer)} properties yield"
    return f"redeems for 1 gold from {whose(security.issuer)} Chauffeurs"
