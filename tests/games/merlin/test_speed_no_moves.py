"""The action types that random play asks at every move, and that mostly have nothing to offer,
answer from a cheap test before any refusal is put in words. At every step of seeded games with
every module on (random and heuristic play), each answers as the long way round does: its menu
is the one built afresh with nothing kept, every action in it is legal, and every legal candidate
is in it (or, for a type sampled without a menu, a sample is drawn exactly when some candidate is
legal); a space's sample stays the same; and no future on the field is left unexpired past its
expiry."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from itertools import product
from typing import Any

import pytest

from tradingfloor.agents import make_agent
from tradingfloor.core.agent import decision_for
from tradingfloor.games.merlin import cards, memo
from tradingfloor.games.merlin.actions import BuyPermit, Invest, OfferSale, Place
from tradingfloor.games.merlin.finance.actions import (
    AuctionProperty,
    DropWanted,
    OfferLoan,
    Repay,
    TakeFuture,
    WriteInsurance,
)
from tradingfloor.games.merlin.magic.actions import (
    Ally,
    CallVote,
    FundLab,
    Monarchy,
    PlayDecree,
    PlayGolem,
)
from tradingfloor.games.merlin.records import replace
from tradingfloor.games.merlin.rulebook import ActionRule
from tradingfloor.games.merlin.state import MerlinState

from .helpers import GAME, arrange, random_moves

ALL_MODULES = {"players": 4, "modules": ["economy", "magic", "finance"]}
STEPS = 700
TABLE_VOTES = ("jokers_in", "jokers_out", "volatility_up", "volatility_down")


def _candidates(state: MerlinState, seat: int, name: str) -> list[Any] | None:
    """Every action of the type that could be legal now, for the rules to judge (None: the type
    is judged by its menu and its sample only)."""
    if name == "ally":
        return [Ally(seat=o, allied=b) for o in range(state.players) for b in (True, False)]
    if name == "call_vote":
        return [CallVote(kind=kind) for kind in TABLE_VOTES]  # type: ignore[arg-type]
    if name == "monarchy":
        return [Monarchy()]
    if name == "fund_lab":
        magic = state.magic
        assert magic is not None
        return [FundLab(lab=lab.card) for lab in magic.labs]
    if name == "buy_permit":
        return [BuyPermit()]
    if name == "take_future":
        finance = state.finance
        assert finance is not None
        return [TakeFuture(future=f.id) for f in finance.futures]
    if name == "play_golem":
        tableaux = state.economy.tableaux
        return [
            PlayGolem(card=card, seat=owner, on=stack.base)
            for card in dict.fromkeys(state.economy.hands[seat])
            for owner in range(state.players)
            for stack in tableaux[owner]
        ]
    if name == "place":
        hand = dict.fromkeys(state.economy.hands[seat])
        bases = [s.base for s in state.economy.tableaux[seat]]
        return [Place(card=c, on=on) for c in hand for on in (None, *bases)]
    if name == "drop_wanted":
        finance = state.finance
        assert finance is not None
        return [DropWanted(wanted=w.id) for w in finance.wanted]
    if name == "play_decree":
        kings = [c for c in state.economy.hands[seat] if cards.is_king(state.config, c)]
        return [
            PlayDecree(card=c, cost_of_living=a, research_cost=b, tax_rate=t)
            for c in dict.fromkeys(kings)
            for a, b, t in product((-1, 0, 1), repeat=3)
        ]
    return None


def _check_menus(state: MerlinState, seat: int, seen: Counter[tuple[str, bool]]) -> None:
    space = GAME.legal(state, seat)
    rules: dict[str, ActionRule] = getattr(space, "rules", {})
    for name in MENUS:
        rule = rules.get(name)
        if rule is None:
            continue
        menu = rule.choices(state, seat)
        memo.forget()
        assert rule.choices(state, seat) == menu, name  # kept == built afresh
        assert all(rule.why(state, seat, a) is None for a in menu), name
        candidates = _candidates(state, seat, name)
        if candidates is not None:
            legal = [a for a in candidates if rule.why(state, seat, a) is None]
            assert set(legal) == set(menu), name
        if rule.blocked is not None and rule.blocked(state, seat):
            assert not menu, name  # blocked: every action of the type refused
        seen[name, bool(menu)] += 1
    for name, long_way in PICKS:
        rule = rules.get(name)
        if rule is None:
            continue
        picked = _sampled(rule, state, seat)
        assert (picked[0] is None) == (not long_way(state, seat, rule)), name
        seen[name, picked[0] is not None] += 1


def _offer_long(state: MerlinState, seat: int, rule: ActionRule) -> bool:
    """Whether any sale may be offered: each property to each other seat for nothing, asked."""
    return any(
        rule.why(state, seat, OfferSale(card=s.base, to=b, price=0)) is None
        for s in state.economy.tableaux[seat]
        for b in range(state.players)
    )


def _sampled(rule: ActionRule, state: MerlinState, seat: int) -> tuple[Any, Any]:
    """A sample of the type from a fixed generator, with the generator's state after."""
    rng = random.Random(7)
    action = rule.sample(state, seat, rng)
    return action, rng.getstate()


def _invest_long(state: MerlinState, seat: int, rule: ActionRule) -> bool:
    """Whether any investment is legal: every property of the seat's, with one gold, asked."""
    return any(
        rule.why(state, seat, Invest(card=s.base, amount=1)) is None
        for s in state.economy.tableaux[seat]
    )


def _repay_long(state: MerlinState, seat: int, rule: ActionRule) -> bool:
    """Whether any repayment is legal: one gold to each seat, asked."""
    return any(
        rule.why(state, seat, Repay(creditor=c, amount=1)) is None for c in range(state.players)
    )


def _loan_long(state: MerlinState, seat: int, rule: ActionRule) -> bool:
    """Whether any loan may be offered: one gold from each stack to each seat, asked."""
    return any(
        rule.why(state, seat, OfferLoan(to=to, card=s.base, principal=1, repay=1, orbits=1)) is None
        for s in state.economy.tableaux[seat]
        for to in range(state.players)
    )


def _auction_long(state: MerlinState, seat: int, rule: ActionRule) -> bool:
    """Whether any property may be auctioned: each from nothing, asked."""
    return any(
        rule.why(state, seat, AuctionProperty(card=s.base, style="open", start=0)) is None
        for s in state.economy.tableaux[seat]
    )


def _insure_long(state: MerlinState, seat: int, rule: ActionRule) -> bool:
    """Whether any insurance may be written: one on the 7, asked."""
    quote = WriteInsurance(event="seven", rolls=1, payout=1, premium=1)
    return rule.why(state, seat, quote) is None


MENUS = ("ally", "call_vote", "magic_vote", "monarchy", "fund_lab", "play_decree")
MENUS += ("buy_permit", "take_future", "play_golem", "drop_wanted", "place")
PICKS = (("invest", _invest_long), ("repay", _repay_long), ("offer_sale", _offer_long))
PICKS += (("offer_loan", _loan_long), ("auction_property", _auction_long))
PICKS += (("write_insurance", _insure_long),)


def _check_futures(state: MerlinState) -> None:
    """MERLIN-MODULES.md §3.4: at its expiry a future expires (or, untaken, is withdrawn)."""
    finance = state.finance
    if finance is None:
        return
    counters = state.core.counters
    now = (counters.year, counters.portion)
    for future in finance.futures:
        assert future.expired or (future.year, future.portion) > now, future
        assert not future.expired or future.long is not None, future


def _random_game(seed: int) -> Iterator[tuple[MerlinState, int]]:
    state = GAME.new(ALL_MODULES, seed)
    rng = random.Random(seed)
    steps = 0
    while (actors := GAME.actors(state)) and steps < STEPS:
        for seat in actors:
            yield state, seat
            space = GAME.legal(state, seat)
            before = rng.getstate()
            action = space.sample(rng)
            after = rng.getstate()
            memo.forget()  # the same draw with nothing kept
            rng.setstate(before)
            assert GAME.legal(state, seat).sample(rng) == action
            assert rng.getstate() == after
            state = GAME.apply(state, seat, action)
            steps += 1


def _heuristic_game(seed: int) -> Iterator[tuple[MerlinState, int]]:
    state = GAME.new(ALL_MODULES, seed)
    agents = [make_agent(GAME, "heuristic") for _ in range(4)]
    rng = random.Random(f"agents-{seed}")
    steps = 0
    while (actors := GAME.actors(state)) and steps < STEPS:
        for seat in actors:
            yield state, seat
            state = GAME.apply(state, seat, agents[seat].act(decision_for(GAME, state, seat), rng))
            steps += 1


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_random_play_menus_agree_with_the_long_way(seed: int) -> None:
    seen: Counter[tuple[str, bool]] = Counter()
    for state, seat in _random_game(seed):
        _check_menus(state, seat, seen)
        _check_futures(state)
    assert seen["ally", True] and seen["call_vote", True] and seen["call_vote", False]
    assert seen["monarchy", False] and seen["fund_lab", False] and seen["invest", False]
    assert seen["drop_wanted", True] and seen["auction_property", False]
    assert seen["place", True]
    assert seen["offer_loan", False] and seen["write_insurance", False], seen


@pytest.mark.parametrize("seed", [4238160179657812504])
def test_heuristic_play_menus_agree_with_the_long_way(seed: int) -> None:
    seen: Counter[tuple[str, bool]] = Counter()
    for state, seat in _heuristic_game(seed):
        _check_menus(state, seat, seen)
        _check_futures(state)
    assert seen["ally", True] and seen["call_vote", True] and seen["buy_permit", True]
    assert seen["take_future", True] and seen["take_future", False]
    assert seen["play_golem", True] and seen["play_decree", True] and seen["place", True]


def test_table_votes_at_every_volatility_agree_with_the_long_way() -> None:
    """7s: the volatility is called up only below its most, down only above its least."""
    state = _turn_state()
    seat = GAME.actors(state)[0]
    magic = state.magic
    assert magic is not None
    figures = state.config.magic.figures.votes  # type: ignore[union-attr]
    lows = range(figures.volatility_least - 1, figures.volatility_most + 2)
    for volatility, jokers_in in product(lows, (True, False)):
        changed = replace(magic, volatility=volatility, jokers_in=jokers_in)
        seen: Counter[tuple[str, bool]] = Counter()
        _check_menus(replace(state, magic=changed), seat, seen)
        assert seen["call_vote", True]


def test_monarchy_at_every_count_of_crowns_agrees_with_the_long_way() -> None:
    """Kings: five crowns (the figure) make a monarchy; fewer do not."""
    state = _turn_state()
    seat = GAME.actors(state)[0]
    magic = state.magic
    assert magic is not None
    needed = state.config.magic.figures.decrees.monarchy_crowns  # type: ignore[union-attr]
    seen: Counter[tuple[str, bool]] = Counter()
    for held in range(needed + 2):
        crowns = tuple(held if s == seat else 0 for s in range(state.players))
        _check_menus(replace(state, magic=replace(magic, crowns=crowns)), seat, seen)
    assert seen["monarchy", True] == 2 and seen["monarchy", False] == needed


DEALT = ("KS", "KH", "JS", "QS", "JH", "QH", "KC", "KD")
"""Kings and golems dealt to the seats, two each, before play (random play seldom holds a King
it may play)."""


def _dealt(seed: int) -> MerlinState:
    """A seeded all-module game where each seat also holds two of `DEALT` and three Souls."""
    state = GAME.new(ALL_MODULES, seed)
    hands = [[*hand, *DEALT[2 * s : 2 * s + 2]] for s, hand in enumerate(state.economy.hands)]
    souls = state.config.content.commodities.index("souls")
    goods = [[3 if i == souls else n for i, n in enumerate(row)] for row in state.economy.goods]
    deck = [c for c in state.economy.deck if c not in DEALT]
    return arrange(state, hands=hands, deck=deck, goods=goods)


@pytest.mark.parametrize("seed", [1, 2])
def test_dealt_kings_and_golems_menus_agree_with_the_long_way(seed: int) -> None:
    seen: Counter[tuple[str, bool]] = Counter()
    for state, _, _, _ in random_moves(_dealt(seed), seed, 500):
        for seat in GAME.actors(state):
            _check_menus(state, seat, seen)
    assert seen["play_decree", True] and seen["place", True]


def _turn_state() -> MerlinState:
    """The first state of a seeded game where the player to move may call a vote."""
    state = GAME.new(ALL_MODULES, 3)
    seat = GAME.actors(state)[0]
    while "call_vote" not in getattr(GAME.legal(state, seat), "rules", {}):
        state = GAME.apply(state, seat, GAME.legal(state, seat).sample(random.Random(0)))
        seat = GAME.actors(state)[0]
    return state
