"""A player's tableau: placing permits, investing, Chauffeurs' stores, liquidating, selling."""

from __future__ import annotations

import random

from tradingfloor.core.actions import Action
from tradingfloor.core.unvalidated import drawn
from tradingfloor.games.merlin import cards
from tradingfloor.games.merlin.actions import (
    Accept,
    Decline,
    Invest,
    Liquidate,
    OfferSale,
    Place,
    Store,
    TakeBack,
)
from tradingfloor.games.merlin.deck import shuffle_in
from tradingfloor.games.merlin.ledger import add_gold, bank_can_pay, bank_pays, earn, put
from tradingfloor.games.merlin.production import kind
from tradingfloor.games.merlin.records import replace
from tradingfloor.games.merlin.rulebook import (
    ActionRule,
    Fields,
    Lister,
    Log,
    Picker,
    event,
    pick_in,
)
from tradingfloor.games.merlin.state import MerlinState, Offer, Stack

# The moves have no fields: one action of each serves every menu (actions are immutable).
ACCEPT_MOVE = drawn(Accept)
DECLINE_MOVE = drawn(Decline)


def stack_of(state: MerlinState, seat: int, card: str) -> tuple[int, Stack] | None:
    """The position and stack of the player's property `card` (the bottom card of a stack)."""
    for index, stack in enumerate(state.economy.tableaux[seat]):
        if stack.base == card:
            return index, stack
    return None


def _set_tableau(state: MerlinState, seat: int, tableau: tuple[Stack, ...]) -> MerlinState:
    eco = state.economy
    return replace(state, economy=replace(eco, tableaux=put(eco.tableaux, seat, tableau)))


def _set_hand(state: MerlinState, seat: int, hand: tuple[str, ...]) -> MerlinState:
    eco = state.economy
    return replace(state, economy=replace(eco, hands=put(eco.hands, seat, hand)))


def unoccupied(stack: Stack) -> bool:
    """A property with nothing on it: "A land card can only be placed ... on top of unoccupied
    properties"."""
    return stack.top is None and stack.invested == 0


# --- placing permits -------------------------------------------------------------------------


def _why_place(state: MerlinState, seat: int, action: Place) -> str | None:
    config = state.config
    if action.card not in state.economy.hands[seat]:
        return f"you hold no {action.card} to place"
    if action.card in state.economy.fresh:
        # Core Loop: "Permits are bought at the end so they can only be played the turn after"
        return f"{action.card} was bought this turn; it can be placed from your next turn"
    if not cards.is_permit(config, action.card):
        # A card the data gives no role (neither property nor land) is kept, never placed.
        return f"{action.card} is not a permit: neither a property nor a land"
    land = cards.is_land(config, action.card)
    if action.on is None:
        return "a land must go on one of your unoccupied properties" if land else None
    found = stack_of(state, seat, action.on)
    if found is None:
        return f"you have no property {action.on} on the table"
    if not unoccupied(found[1]):
        return f"{action.on} is occupied (something lies on it or is invested in it)"
    return None


def places(state: MerlinState, seat: int) -> list[Action]:
    """Every place move of `seat`'s (magic's `place` filters them, called natively)."""
    config = state.config
    fresh = state.economy.fresh
    free = [s.base for s in state.economy.tableaux[seat] if unoccupied(s)]
    out: list[Action] = []
    for card in state.economy.hands[seat]:
        if card in fresh or not cards.is_permit(config, card):
            continue
        if not cards.is_land(config, card):
            out.append(drawn(Place, card=card))
        out.extend(drawn(Place, card=card, on=base) for base in free)
    return out


def _apply_place(state: MerlinState, seat: int, action: Place, log: Log) -> MerlinState:
    hand = list(state.economy.hands[seat])
    hand.remove(action.card)
    state = _set_hand(state, seat, tuple(hand))
    tableau = state.economy.tableaux[seat]
    if action.on is None:
        tableau = (*tableau, Stack(action.card))
    else:
        found = stack_of(state, seat, action.on)
        assert found is not None
        # Clubs: a property "perpendicularly placed on another property" makes a Chauffeur.
        tableau = put(tableau, found[0], replace(found[1], top=action.card))
    log.append(event("place", seat=seat, card=action.card, on=action.on))
    return _set_tableau(state, seat, tableau)


# --- investing and Chauffeurs --------------------------------------------------------------------


def _why_invest(state: MerlinState, seat: int, action: Invest) -> str | None:
    found = stack_of(state, seat, action.card)
    if found is None:
        return f"you have no property {action.card} on the table"
    if kind(state, found[1]) == "chauffeur":
        return "a Chauffeur stores gold instead: use store"
    if action.amount > state.core.gold[seat]:
        return f"you hold {state.core.gold[seat]} gold, so you cannot invest {action.amount}"
    return None


def _investable(state: MerlinState, seat: int) -> list[str]:
    return [s.base for s in state.economy.tableaux[seat] if kind(state, s) != "chauffeur"]


def _chauffeurs(state: MerlinState, seat: int) -> list[Stack]:
    return [s for s in state.economy.tableaux[seat] if kind(state, s) == "chauffeur"]


def _invests(state: MerlinState, seat: int) -> list[Action]:
    gold = state.core.gold[seat]
    return [
        drawn(Invest, card=c, amount=a)
        for c in _investable(state, seat)
        for a in range(1, gold + 1)
    ]


def _invest_fields(state: MerlinState, seat: int) -> Fields:
    return {"card": _investable(state, seat), "amount": range(1, state.core.gold[seat] + 1)}


def _store_fields(state: MerlinState, seat: int) -> Fields:
    cards_ = [s.base for s in _chauffeurs(state, seat)]
    return {"card": cards_, "amount": range(1, state.core.gold[seat] + 1)}


def _take_fields(state: MerlinState, seat: int) -> Fields:
    chauffeurs = [s for s in _chauffeurs(state, seat) if s.stored]
    most = max((s.stored for s in chauffeurs), default=0)
    return {"card": [s.base for s in chauffeurs], "amount": range(1, most + 1)}


def _pick_invest(state: MerlinState, seat: int, rng: random.Random) -> Action | None:
    targets, gold = _investable(state, seat), state.core.gold[seat]
    if not targets or gold < 1:
        return None
    return drawn(Invest, card=rng.choice(targets), amount=rng.randint(1, gold))


def _apply_invest(state: MerlinState, seat: int, action: Invest, log: Log) -> MerlinState:
    # Property Investing: "putting gold on top of the property to gamble that the number on the card
    # will come up sooner than a 7."
    found = stack_of(state, seat, action.card)
    assert found is not None
    index, stack = found
    state = add_gold(state, seat, -action.amount)
    tableau = put(
        state.economy.tableaux[seat], index, replace(stack, invested=stack.invested + action.amount)
    )
    log.append(event("invest", seat=seat, card=action.card, amount=action.amount))
    return _set_tableau(state, seat, tableau)


def _why_store(state: MerlinState, seat: int, action: Store | TakeBack) -> str | None:
    found = stack_of(state, seat, action.card)
    if found is None or kind(state, found[1]) != "chauffeur":
        return f"you have no Chauffeur {action.card}"
    if isinstance(action, Store) and action.amount > state.core.gold[seat]:
        return f"you hold {state.core.gold[seat]} gold, so you cannot store {action.amount}"
    if isinstance(action, TakeBack) and action.amount > found[1].stored:
        return f"{action.card} stores {found[1].stored} gold, not {action.amount}"
    return None


def _stores(state: MerlinState, seat: int) -> list[Action]:
    gold = state.core.gold[seat]
    return [
        drawn(Store, card=s.base, amount=a)
        for s in _chauffeurs(state, seat)
        for a in range(1, gold + 1)
    ]


def _takes(state: MerlinState, seat: int) -> list[Action]:
    return [
        drawn(TakeBack, card=s.base, amount=a)
        for s in _chauffeurs(state, seat)
        for a in range(1, s.stored + 1)
    ]


def _pick_store(state: MerlinState, seat: int, rng: random.Random) -> Action | None:
    gold = state.core.gold[seat]
    picked = pick_in(rng, [(s.base, gold) for s in _chauffeurs(state, seat)])
    return None if picked is None else drawn(Store, card=picked[0], amount=picked[1] + 1)


def _pick_take(state: MerlinState, seat: int, rng: random.Random) -> Action | None:
    picked = pick_in(rng, [(s.base, s.stored) for s in _chauffeurs(state, seat)])
    return None if picked is None else drawn(TakeBack, card=picked[0], amount=picked[1] + 1)


def _apply_store(state: MerlinState, seat: int, action: Store | TakeBack, log: Log) -> MerlinState:
    # Clubs: Chauffeurs are "where wealth is stored"; the store is safe from sevens.
    found = stack_of(state, seat, action.card)
    assert found is not None
    index, stack = found
    delta = action.amount if isinstance(action, Store) else -action.amount
    state = add_gold(state, seat, -delta)
    tableau = put(state.economy.tableaux[seat], index, replace(stack, stored=stack.stored + delta))
    log.append(event(action.type, seat=seat, card=action.card, amount=action.amount))
    return _set_tableau(state, seat, tableau)


# --- liquidating -----------------------------------------------------------------------------


def _why_liquidate(state: MerlinState, seat: int, action: Liquidate) -> str | None:
    found = stack_of(state, seat, action.card)
    if found is None:
        return f"you have no property {action.card} on the table"
    if found[1].invested:
        # Property Investing: "Property investments are locked in"
        return f"{action.card} carries a locked investment; it can be sold once the investment pays"
    value = liquidation_value(state, found[1])
    if not bank_can_pay(state, value):
        # RULINGS Merlin 5: "a liquidation the bank cannot pay in full is refused"
        bank = state.core.ledger.bank
        return (
            f"the central bank holds {bank} gold and cannot pay the {value} that {action.card} "
            "is worth; sell it to a player, or wait until the bank holds more"
        )
    return None


def liquidation_value(state: MerlinState, stack: Stack) -> int:
    """What the central bank pays for a stack: the property value of each property in it."""
    config = state.config
    sold = [c for c in (stack.base, stack.top) if c is not None and cards.is_property(config, c)]
    return sum(cards.property_value(config, c) for c in sold)


def _liquidates(state: MerlinState, seat: int) -> list[Action]:
    return [
        drawn(Liquidate, card=s.base)
        for s in state.economy.tableaux[seat]
        if not s.invested and bank_can_pay(state, liquidation_value(state, s))
    ]


def _apply_liquidate(state: MerlinState, seat: int, action: Liquidate, log: Log) -> MerlinState:
    # Clubs: "liquidate the property, selling it to the central bank for the property value, and
    # reshuffling it back into the deck."
    config = state.config
    found = stack_of(state, seat, action.card)
    assert found is not None
    index, stack = found
    tableau = state.economy.tableaux[seat]
    state = _set_tableau(state, seat, tableau[:index] + tableau[index + 1 :])
    sold = [c for c in (stack.base, stack.top) if c is not None and cards.is_property(config, c)]
    land = None
    if stack.top is not None and cards.is_lab(config, stack.top):
        # MERLIN-MODULES.md §1 [R]: a specialized property liquidates at its plain property
        # value, its lab reshuffled into the deck.
        sold.append(stack.top)
    elif stack.top is not None and not cards.is_property(config, stack.top):
        land = stack.top  # a land goes back to its owner's hand
        state = _set_hand(state, seat, (*state.economy.hands[seat], stack.top))
    value = liquidation_value(state, stack)
    state = add_gold(state, seat, stack.stored)
    state, paid = bank_pays(state, seat, value, "liquidations")
    log.append(event("liquidate", seat=seat, cards=sold, paid=paid, stored=stack.stored, land=land))
    return shuffle_in(state, sold)


# --- selling to another player ------------------------------------------------------------------


def _buyers(state: MerlinState, seat: int) -> list[int]:
    return [s for s in state.core.in_game() if s != seat]


def _why_offer(state: MerlinState, seat: int, action: OfferSale) -> str | None:
    if state.economy.offers_made >= state.config.content.max_offers_per_turn:
        return f"you have made {state.economy.offers_made} offers this turn, the most allowed"
    if stack_of(state, seat, action.card) is None:
        return f"you have no property {action.card} on the table"
    if action.to not in _buyers(state, seat):
        return f"seat {action.to} cannot buy from you"
    if action.price > state.core.gold[action.to]:
        return f"seat {action.to} holds only {state.core.gold[action.to]} gold"
    return None


def _offers(state: MerlinState, seat: int) -> list[Action]:
    if state.economy.offers_made >= state.config.content.max_offers_per_turn:
        return []
    return [
        drawn(OfferSale, card=s.base, to=b, price=p)
        for s in state.economy.tableaux[seat]
        for b in _buyers(state, seat)
        for p in range(state.core.gold[b] + 1)
    ]


def _offer_fields(state: MerlinState, seat: int) -> Fields:
    if state.economy.offers_made >= state.config.content.max_offers_per_turn:
        return {}
    buyers = _buyers(state, seat)
    richest = max((state.core.gold[b] for b in buyers), default=-1)
    return {
        "card": [s.base for s in state.economy.tableaux[seat]],
        "to": buyers,
        "price": range(0, richest + 1),
    }


def _pick_offer(state: MerlinState, seat: int, rng: random.Random) -> Action | None:
    stacks = state.economy.tableaux[seat]
    if state.economy.offers_made >= state.config.content.max_offers_per_turn:
        return None
    # Clubs: the owner sells a property: with none on the table (most players at most moves)
    # the buyers need not be listed.
    if not stacks:
        return None
    buyers = _buyers(state, seat)
    if not buyers:
        return None
    buyer = rng.choice(buyers)
    price = rng.randint(0, state.core.gold[buyer])
    return drawn(OfferSale, card=rng.choice(stacks).base, to=buyer, price=price)


def _apply_offer(state: MerlinState, seat: int, action: OfferSale, log: Log) -> MerlinState:
    # Clubs: "Properties can be bought and sold freely between players on the property owner's
    # turn." RULINGS 2: a structured offer that the other player accepts or declines.
    offer = Offer(seat, action.to, action.card, action.price)
    eco = replace(state.economy, offer=offer, offers_made=state.economy.offers_made + 1)
    log.append(event("offer", seller=seat, buyer=action.to, card=action.card, price=action.price))
    return replace(state, economy=eco)


def _why_answer(state: MerlinState, seat: int, action: Accept | Decline) -> str | None:
    offer = state.economy.offer
    if offer is None or offer.buyer != seat:
        return "nothing is offered to you"
    if isinstance(action, Accept) and offer.price > state.core.gold[seat]:
        return f"you hold {state.core.gold[seat]} gold, not the {offer.price} asked"
    return None


def _accepts(state: MerlinState, seat: int) -> list[Action]:
    return [] if _why_answer(state, seat, ACCEPT_MOVE) else [ACCEPT_MOVE]


def _declines(state: MerlinState, seat: int) -> list[Action]:
    return [] if _why_answer(state, seat, DECLINE_MOVE) else [DECLINE_MOVE]


def _apply_accept(state: MerlinState, seat: int, action: Accept, log: Log) -> MerlinState:
    offer = state.economy.offer
    assert offer is not None
    found = stack_of(state, offer.seller, offer.card)
    assert found is not None
    index, stack = found
    seller_tableau = state.economy.tableaux[offer.seller]
    state = _set_tableau(state, offer.seller, seller_tableau[:index] + seller_tableau[index + 1 :])
    state = _set_tableau(state, seat, (*state.economy.tableaux[seat], stack))
    state = earn(add_gold(state, seat, -offer.price), offer.seller, offer.price, "sales")
    log.append(event("sale", seller=offer.seller, buyer=seat, card=offer.card, price=offer.price))
    return replace(state, economy=replace(state.economy, offer=None))


def _apply_decline(state: MerlinState, seat: int, action: Decline, log: Log) -> MerlinState:
    offer = state.economy.offer
    assert offer is not None
    log.append(event("declined", seller=offer.seller, buyer=seat, card=offer.card))
    return replace(state, economy=replace(state.economy, offer=None))


# Each rule's pick and menu as a compiled method (rulebook.Picker, rulebook.Lister): random
# play asks several rules at every move, and calls these directly.


class _PlacesListed(Lister):
    def __call__(self, state: MerlinState, seat: int) -> list[Action]:
        return places(state, seat)


class _PickInvest(Picker):
    def __call__(self, state: MerlinState, seat: int, rng: random.Random) -> Action | None:
        return _pick_invest(state, seat, rng)


class _PickStore(Picker):
    def __call__(self, state: MerlinState, seat: int, rng: random.Random) -> Action | None:
        return _pick_store(state, seat, rng)


class _PickTake(Picker):
    def __call__(self, state: MerlinState, seat: int, rng: random.Random) -> Action | None:
        return _pick_take(state, seat, rng)


class _LiquidatesListed(Lister):
    def __call__(self, state: MerlinState, seat: int) -> list[Action]:
        return _liquidates(state, seat)


class _PickOffer(Picker):
    def __call__(self, state: MerlinState, seat: int, rng: random.Random) -> Action | None:
        return _pick_offer(state, seat, rng)


class _AcceptsListed(Lister):
    def __call__(self, state: MerlinState, seat: int) -> list[Action]:
        return _accepts(state, seat)


class _DeclinesListed(Lister):
    def __call__(self, state: MerlinState, seat: int) -> list[Action]:
        return _declines(state, seat)


RULES: tuple[ActionRule, ...] = (
    ActionRule("place", _why_place, _PlacesListed(), _apply_place),
    ActionRule("invest", _why_invest, _invests, _apply_invest, _PickInvest(), _invest_fields),
    ActionRule("store", _why_store, _stores, _apply_store, _PickStore(), _store_fields),
    ActionRule("take_back", _why_store, _takes, _apply_store, _PickTake(), _take_fields),
    ActionRule("liquidate", _why_liquidate, _LiquidatesListed(), _apply_liquidate),
    ActionRule("offer_sale", _why_offer, _offers, _apply_offer, _PickOffer(), _offer_fields),
)
ANSWERS: tuple[ActionRule, ...] = (
    ActionRule("accept", _why_answer, _AcceptsListed(), _apply_accept),
    ActionRule("decline", _why_answer, _DeclinesListed(), _apply_decline),
)
