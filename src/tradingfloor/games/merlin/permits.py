"""Buying permits at the cost of the living, and the cards played at once: 7s and Aces."""

from __future__ import annotations

from tradingfloor.core.actions import Action
from tradingfloor.games.merlin import cards
from tradingfloor.games.merlin.actions import BuyPermit
from tradingfloor.games.merlin.deck import draw, shuffle_in
from tradingfloor.games.merlin.ledger import add_gold, put, to_bank
from tradingfloor.games.merlin.production import yield_of
from tradingfloor.games.merlin.records import replace
from tradingfloor.games.merlin.rulebook import ActionRule, Lister, Log, event, table_for
from tradingfloor.games.merlin.seasons import set_counter, volatility
from tradingfloor.games.merlin.state import MerlinState
from tradingfloor.games.merlin.taxes import properties_owned


def _why_buy(state: MerlinState, seat: int, action: BuyPermit) -> str | None:
    price = state.core.counters.cost_of_living
    if not state.economy.deck:
        return "the deck is empty"
    if price > state.core.gold[seat]:
        held = state.core.gold[seat]
        return f"a permit costs {price} gold (the cost of the living); you hold {held}"
    return None


BUY_PERMIT = BuyPermit()  # the move has no fields: one action serves every turn


def _buys(state: MerlinState, seat: int) -> list[Action]:
    # `_why_buy` without its words (most players at most moves hold less than a permit costs):
    # a permit is the deck's next card, at the cost of the living.
    core = state.core
    if not state.economy.deck or core.counters.cost_of_living > core.gold[seat]:
        return []
    return [BUY_PERMIT]


def _apply_buy(state: MerlinState, seat: int, action: BuyPermit, log: Log) -> MerlinState:
    # Core Loop: "The player then has the option to buy permits at the current Cost of the living.
    # Buy permits one at a time since the price can change."
    price = state.core.counters.cost_of_living
    state = to_bank(add_gold(state, seat, -price), price)
    card, state = draw(state)
    state = replace(state, economy=replace(state.economy, buying=True))
    log.append(event("buy_permit", seat=seat, card=card, price=price))
    config = state.config
    for play in table_for(state).on_bought:
        played = play(state, seat, card, log)
        if played is not None:  # a card played at once (a Joker)
            return _note_permits_out(played)
    if cards.is_inflation(config, card):
        state = _play_seven(state, card, log)
    elif cards.is_windfall(config, card):
        state = _play_ace(state, seat, card, log)
    else:
        state = _to_hand(state, seat, card)
    return _note_permits_out(state)


def _note_permits_out(state: MerlinState) -> MerlinState:
    """The first time the deck holds no permit, remember how many properties each player owns."""
    eco = state.economy
    if eco.permits_out is not None or any(cards.is_permit(state.config, c) for c in eco.deck):
        return state
    owned = tuple(properties_owned(state, s) for s in range(state.players))
    return replace(state, economy=replace(eco, permits_out=owned))


def _to_hand(state: MerlinState, seat: int, card: str) -> MerlinState:
    eco = state.economy
    hands = put(eco.hands, seat, (*eco.hands[seat], card))
    return replace(state, economy=replace(eco, hands=hands, fresh=(*eco.fresh, card)))


def _play_seven(state: MerlinState, card: str, log: Log) -> MerlinState:
    """7s: "All 7 cards must be played instantly, increase the Cost of the Living by Volatility ...
    7s are reshuffled into the deck." """
    cost = state.core.counters.cost_of_living + volatility(state)
    state = set_counter(state, "cost_of_living", cost)
    log.append(event("inflation", card=card, cost_of_living=state.core.counters.cost_of_living))
    return shuffle_in(state, [card])


def _play_ace(state: MerlinState, seat: int, ace: str, log: Log) -> MerlinState:
    """Aces: "A free card is taken from the deck, if it is not a permit, reshuffle into the deck,
    and take another card until a permit is drawn. The player is given whatever the permit would
    give on a roll of its number, and gets to keep the permit. The ace is then reshuffled." """
    config = state.config
    if any(cards.is_permit(config, c) for c in state.economy.deck):
        while True:
            card, state = draw(state)
            if cards.is_permit(config, card):
                break
            state = shuffle_in(state, [card])
        log.append(event("windfall", seat=seat, ace=ace, card=card))
        if not cards.is_lab(config, card):  # [R] an Ace drawing a lab gives the lab only
            state = yield_of(state, seat, card, log, "ace")
        state = _to_hand(state, seat, card)
    else:
        log.append(event("windfall", seat=seat, ace=ace, card=None))
    return shuffle_in(state, [ace])


# Each rule's pick and menu as a compiled method (rulebook.Picker, rulebook.Lister): random
# play asks several rules at every move, and calls these directly.


class _BuysListed(Lister):
    def __call__(self, state: MerlinState, seat: int) -> list[Action]:
        return _buys(state, seat)


RULES: tuple[ActionRule, ...] = (ActionRule("buy_permit", _why_buy, _BuysListed(), _apply_buy),)
