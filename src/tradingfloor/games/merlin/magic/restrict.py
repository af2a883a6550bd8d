"""Magic's restrictions of economy moves, re-registered under the same types (MERLIN-MODULES.md
§1: "Magic restricts invest/place by re-registering them under the same type").

- `place`: a lab is placed on its own (a lab on a property is `found_shop`).
- `invest`: not on a Brewery ("Brewery cannot be invested in"), not on a damaged property with a
  permit on top, and no more than an Investment Ceiling allows.
- `buy_permit`: no more than a Permit Quota allows.
"""

from __future__ import annotations

import random
from typing import Any

from tradingfloor.core.actions import Action
from tradingfloor.core.draws import below
from tradingfloor.core.unvalidated import drawn
from tradingfloor.games.merlin import cards, permits, tableau
from tradingfloor.games.merlin.actions import Invest, Place
from tradingfloor.games.merlin.magic import decrees, golem_fights, labs, shops
from tradingfloor.games.merlin.rulebook import ActionRule, Fields, Lister, Log, Module, Picker
from tradingfloor.games.merlin.state import MerlinState
from tradingfloor.games.merlin.words import card

ECONOMY = {rule.type: rule for rule in (*tableau.RULES, *permits.RULES)}
PLACE, INVEST, BUY = ECONOMY["place"], ECONOMY["invest"], ECONOMY["buy_permit"]
INVEST_GUARDS = (shops.invest_refusal, golem_fights.invest_refusal)
"""Each says why a property cannot be invested in now, or None."""


# --- place -----------------------------------------------------------------------------------


def _why_place(state: MerlinState, seat: int, action: Place) -> str | None:
    why = PLACE.why(state, seat, action)
    if why is None and cards.is_lab(state.config, action.card) and action.on is not None:
        return "a lab is placed on its own; a funded, successful lab founds a shop on a property"
    return why


def _places(state: MerlinState, seat: int) -> list[Action]:
    config = state.config
    return [
        a
        for a in tableau.places(state, seat)  # (PLACE.choices, called natively)
        if not (isinstance(a, Place) and a.on is not None and cards.is_lab(config, a.card))
    ]


def _apply_place(state: MerlinState, seat: int, action: Place, log: Log) -> MerlinState:
    if cards.is_lab(state.config, action.card):
        return labs.place_lab(state, seat, action.card, log)
    return PLACE.apply(state, seat, action, log)


# --- invest ----------------------------------------------------------------------------------


def _refusal(state: MerlinState, seat: int, card: str) -> str | None:
    for guard in INVEST_GUARDS:
        why = guard(state, seat, card)
        if why is not None:
            return why
    return None


def _most(state: MerlinState, seat: int, card: str) -> int:
    """The most gold that may go on `card` now: the gold held, under any ceiling."""
    cap = decrees.invest_cap(state, seat, card)
    gold = state.core.gold[seat]
    return gold if cap is None else min(gold, cap)


def _why_invest(state: MerlinState, seat: int, action: Invest) -> str | None:
    why = INVEST.why(state, seat, action) or _refusal(state, seat, action.card)
    most = _most(state, seat, action.card)
    if why is None and action.amount > most:
        return f"the Investment Ceiling lets you put {most} more gold on {card(action.card)}"
    return why


def _targets(state: MerlinState, seat: int) -> list[str]:
    # Property Investing puts gold on a property: with none in hand, `_most` is 0 on every card
    # and nothing can be invested (`_why_invest`), so the guards need not be asked.
    if state.core.gold[seat] < 1:
        return []
    found = [str(c) for c in INVEST.fields(state, seat).get("card", [])]
    return [c for c in found if _refusal(state, seat, c) is None and _most(state, seat, c) > 0]


def _invests(state: MerlinState, seat: int) -> list[Action]:
    return [
        drawn(Invest, card=c, amount=a)
        for c in _targets(state, seat)
        for a in range(1, _most(state, seat, c) + 1)
    ]


def _invest_fields(state: MerlinState, seat: int) -> Fields:
    targets = _targets(state, seat)
    most = max((_most(state, seat, c) for c in targets), default=0)
    return {"card": targets, "amount": range(1, most + 1)}


def _pick_invest(state: MerlinState, seat: int, rng: random.Random) -> Action | None:
    targets = _targets(state, seat)
    if not targets:
        return None
    card = targets[below(len(targets), rng)]  # rng.choice's draw, then rng.randint's
    return drawn(Invest, card=card, amount=1 + below(_most(state, seat, card), rng))


# --- buy_permit ------------------------------------------------------------------------------


def _why_buy(state: MerlinState, seat: int, action: Any) -> str | None:
    return BUY.why(state, seat, action) or decrees.buy_refusal(state, seat)


def _buys(state: MerlinState, seat: int) -> list[Action]:
    return [a for a in BUY.choices(state, seat) if _why_buy(state, seat, a) is None]


# Each rule's pick and menu as a compiled method (rulebook.Picker, rulebook.Lister): random
# play asks several rules at every move, and calls these directly.


class _PlacesListed(Lister):
    def __call__(self, state: MerlinState, seat: int) -> list[Action]:
        return _places(state, seat)


class _PickInvest(Picker):
    def __call__(self, state: MerlinState, seat: int, rng: random.Random) -> Action | None:
        return _pick_invest(state, seat, rng)


class _BuysListed(Lister):
    def __call__(self, state: MerlinState, seat: int) -> list[Action]:
        return _buys(state, seat)


RULES = (
    ActionRule("place", _why_place, _PlacesListed(), _apply_place),
    ActionRule("invest", _why_invest, _invests, INVEST.apply, _PickInvest(), _invest_fields),
)
BUYING = (ActionRule("buy_permit", _why_buy, _BuysListed(), BUY.apply),)

PART = Module(name="magic.restrict", actions={"turn": (*RULES, *BUYING), "buying": BUYING})
