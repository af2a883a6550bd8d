"""Random play's draws of the finance types that most often have no move, held to the long way.

The picks answer "no move" without drawing where a cheap test shows there is none, and otherwise
draw as the long way draws (a random entry of the listed menu, or of each field's legal values,
with `rng.choice` and `rng.randint`): checked at every step of seeded all-module games."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from tests.games.merlin.finance.test_insurance import table
from tests.games.merlin.helpers import ALL_MODULES, GAME, random_moves
from tests.games.merlin.magic.helpers import arrange_magic
from tradingfloor.games.merlin.finance.actions import (
    BuyListing,
    FillWanted,
    ListItem,
    OfferLoan,
    ProposeTrade,
    WriteFuture,
    WriteInsurance,
)
from tradingfloor.games.merlin.finance.items import holdings, holds_items
from tradingfloor.games.merlin.rulebook import ActionRule
from tradingfloor.games.merlin.state import MerlinState, Stack

SEEDS = (1, 2, 3)
STEPS = 400


def _asked(kind: str) -> Iterator[tuple[MerlinState, int, ActionRule, int]]:
    """(state, seat, the rule of `kind`, a seed for its draw) wherever a seat to act may be
    offered `kind`, at every step of seeded all-module random play."""
    for seed in SEEDS:
        for step, (state, _, _, _) in enumerate(
            random_moves(GAME.new(ALL_MODULES, seed), seed, STEPS)
        ):
            for seat in GAME.actors(state):
                rule = GAME.legal(state, seat).rules.get(kind)  # type: ignore[attr-defined]
                if rule is not None:
                    yield state, seat, rule, seed * 10_000 + step


def _drawn(rule: ActionRule, state: MerlinState, seat: int, seed: int) -> tuple[Any, Any]:
    """The rule's sample from a generator seeded `seed`, and the generator's state after."""
    rng = random.Random(seed)
    return rule.sample(state, seat, rng), rng.getstate()


def _untouched(seed: int) -> Any:
    return random.Random(seed).getstate()


def test_a_future_is_written_as_the_long_way_draws_it() -> None:
    written = 0
    for state, seat, rule, seed in _asked("write_future"):
        drawn, after = _drawn(rule, state, seat, seed)
        if rule.count(state, seat) == 0:
            assert drawn is None and after == _untouched(seed)  # no move: nothing drawn
            continue
        # The long way: an expiry among those the rules allow, a commodity, a price.
        fields = rule.fields(state, seat)
        names = list(fields["commodity"])
        expiries = [
            (year, portion)
            for year in fields["year"]
            for portion in fields["portion"]
            if rule.why(
                state, seat, WriteFuture(commodity=names[0], price=1, year=year, portion=portion)
            )
            is None
        ]
        rng = random.Random(seed)
        year, portion = rng.choice(expiries)
        expected = WriteFuture(
            commodity=rng.choice(names),
            price=rng.randint(1, max(fields["price"])),
            year=year,
            portion=portion,
        )
        assert (drawn, after) == (expected, rng.getstate())
        written += 1
    assert written > 20  # (the sweep writes futures often)


def test_an_item_is_listed_as_the_long_way_draws_it() -> None:
    listed = nothing = 0
    for state, seat, rule, seed in _asked("list_item"):
        drawn, after = _drawn(rule, state, seat, seed)
        menu = rule.choices(state, seat)
        if not menu:
            assert drawn is None and after == _untouched(seed)
            nothing += 1
            continue
        items = list(dict.fromkeys((a.item, a.ref) for a in menu if isinstance(a, ListItem)))
        rng = random.Random(seed)
        item, ref = rng.choice(items)
        expected = ListItem(item=item, ref=ref, price=rng.randint(1, max(a.price for a in menu)))
        assert (drawn, after) == (expected, rng.getstate())
        listed += 1
    assert listed > 10 and nothing > 100


def test_a_bid_is_wanted_as_the_listed_menu_draws_it() -> None:
    wanted = nothing = 0
    for state, seat, rule, seed in _asked("want"):
        drawn, after = _drawn(rule, state, seat, seed)
        if rule.count(state, seat) == 0:
            assert drawn is None and after == _untouched(seed)
            nothing += 1
            continue
        if seed % 3:  # (a third of the menus are listed: they run to thousands)
            continue
        menu = rule.choices(state, seat)
        rng = random.Random(seed)
        assert (drawn, after) == (menu[rng.randrange(len(menu))], rng.getstate())
        wanted += 1
    assert wanted > 10 and nothing > 100


def _nothing(values: Any) -> bool:
    """A field whose only value hands nothing over (0, or no commodity or card)."""
    return list(values) in ([0], [None])


GIVES = ("give_gold", "give_commodity", "give_units", "give_card", "give_crowns")
GETS = ("get_gold", "get_commodity", "get_units", "get_crowns")


@pytest.mark.parametrize("seed", SEEDS)
def test_a_trade_is_not_drawn_exactly_where_every_trade_would_be_a_gift(seed: int) -> None:
    # [R] a trade hands something over each way: where the form's fields let one side hand
    # nothing over, every trade is refused, and the sample draws nothing; elsewhere it draws.
    skipped = drawn_any = 0
    for state, seat, rule, at in _asked("propose_trade"):
        if at // 10_000 != seed:
            continue
        drawn, after = _drawn(rule, state, seat, at)
        fields = rule.fields(state, seat)
        gift = not fields or all(map(_nothing, (fields[n] for n in GIVES)))
        gift = gift or all(map(_nothing, (fields[n] for n in GETS)))
        assert (after == _untouched(at)) == gift, fields
        if drawn is not None:
            assert rule.why(state, seat, drawn) is None
            drawn_any += 1
        skipped += gift
    assert skipped > 20 and drawn_any > 0


Side = tuple[int, str | None, int, str | None, int]


def _long_way_side(state: MerlinState, who: int, rng: random.Random, card: bool) -> Side:
    """What the trade form's long way drew for one side: a kind `who` holds, then an amount."""
    magic = state.magic
    held = state.economy.goods[who]
    cards = [h.card for hand in (magic.spells, magic.recipes) for h in hand[who]] if card else []
    kinds = [
        kind
        for kind, holds in (
            ("gold", state.core.gold[who]),
            ("goods", any(held)),
            ("card", cards),
            ("crowns", magic.crowns[who]),
        )
        if holds
    ]
    if not kinds:
        return 0, None, 0, None, 0
    kind = rng.choice(kinds)
    if kind == "gold":
        return rng.randint(1, state.core.gold[who]), None, 0, None, 0
    if kind == "goods":
        index = rng.choice([i for i, n in enumerate(held) if n])
        return 0, state.config.content.commodities[index], rng.randint(1, held[index]), None, 0
    if kind == "card":
        return 0, None, 0, rng.choice(cards), 0
    return 0, None, 0, None, rng.randint(1, magic.crowns[who])


def _long_way_trade(rule: ActionRule, state: MerlinState, me: int, rng: random.Random) -> Any:
    """The long way's trade: a partner, a side each, the trade if the rules allow it."""
    partners = [s for s in state.core.in_game() if s != me]
    to = rng.choice(partners)
    give, get = _long_way_side(state, me, rng, True), _long_way_side(state, to, rng, False)
    action = ProposeTrade(
        to=to,
        give_gold=give[0],
        give_commodity=give[1],
        give_units=give[2],
        give_card=give[3],
        give_crowns=give[4],
        get_gold=get[0],
        get_commodity=get[1],
        get_units=get[2],
        get_crowns=get[4],
    )
    return None if rule.why(state, me, action) else action


def test_a_trade_that_is_drawn_is_drawn_as_the_long_way_draws_it() -> None:
    compared = 0
    for state, seat, rule, seed in _asked("propose_trade"):
        drawn, after = _drawn(rule, state, seat, seed)
        if after == _untouched(seed):
            continue  # (no trade: the test above)
        rng = random.Random(seed)
        assert (drawn, after) == (_long_way_trade(rule, state, seat, rng), rng.getstate())
        compared += 1
    assert compared > 20


def test_whether_a_player_holds_items_is_whether_their_holdings_are_listed() -> None:
    held = empty = 0
    seeded = ((state, seat, rule) for state, seat, rule, _ in _asked("list_item"))
    for state, seat, _ in itertools.chain(seeded, _trading("list_item")):
        for who in range(state.players):
            assert holds_items(state, who) == bool(holdings(state, who))
        held += holds_items(state, seat)
        empty += not holds_items(state, seat)
    assert held > 100 and empty > 100


def _trading(kind: str) -> Iterator[tuple[MerlinState, int, ActionRule]]:
    """(state, seat, the rule of `kind`) at every step of random play from a table where the
    custom tables trade much: Chauffeurs at every seat, 30 gold and 2 crowns each."""
    pairs = (("2C", "3C"), ("4C", "5C"), ("8C", "9C"), ("10C", "6C"))
    rows = [[Stack(base, top=top, stored=8)] for base, top in pairs]
    start = arrange_magic(table(tableaux=rows, gold=[30] * 4), crowns=(2, 2, 2, 2))
    for seed in (1, 2):
        for state, _, _, _ in random_moves(start, seed, 800):
            for seat in GAME.actors(state):
                rule = GAME.legal(state, seat).rules.get(kind)  # type: ignore[attr-defined]
                if rule is not None:
                    yield state, seat, rule


def test_the_asks_a_player_may_buy_are_those_the_rules_allow() -> None:
    # (the long way: a move for every ask of another player, kept where the rules allow it)
    allowed = 0
    for state, seat, rule in _trading("buy_listing"):
        moves = [BuyListing(listing=x.id) for x in state.finance.listings]
        expected = [m for m in moves if rule.why(state, seat, m) is None]
        assert rule.choices(state, seat) == expected
        allowed += len(expected)
    assert allowed > 0


def test_the_bids_a_player_may_fill_are_those_the_rules_allow() -> None:
    allowed = 0
    for state, seat, rule in _trading("fill_wanted"):
        moves = [
            FillWanted(wanted=w.id, ref=ref)
            for w in state.finance.wanted
            for kind, ref in holdings(state, seat)
            if kind == w.item
        ]
        expected = [m for m in moves if rule.why(state, seat, m) is None]
        assert rule.choices(state, seat) == expected
        allowed += len(expected)
    assert allowed > 0


def test_every_trade_drawn_is_one_the_rules_allow_and_the_long_ways_draw() -> None:
    # The pick gives its trade without asking the rules again (each side is drawn within what
    # its player holds): at every step of play on tables that trade much, and of seeded play,
    # every trade drawn is allowed and is the long way's draw (which asks the rules).
    seeded = ((state, seat, rule) for state, seat, rule, _ in _asked("propose_trade"))
    drawn_any = 0
    for number, (state, seat, rule) in enumerate(
        itertools.chain(_trading("propose_trade"), seeded)
    ):
        for draw in range(4):
            seed = number * 4 + draw
            drawn, after = _drawn(rule, state, seat, seed)
            if drawn is None:
                continue
            assert rule.why(state, seat, drawn) is None, drawn
            rng = random.Random(seed)
            assert (drawn, after) == (_long_way_trade(rule, state, seat, rng), rng.getstate())
            drawn_any += 1
    assert drawn_any > 500


def _any_loan(state: MerlinState, seat: int, rule: ActionRule) -> bool:
    """The long way: one gold from each stack to each seat, asked of the rules."""
    return any(
        rule.why(state, seat, OfferLoan(to=to, card=s.base, principal=1, repay=1, orbits=1)) is None
        for s in state.economy.tableaux[seat]
        for to in range(state.players)
    )


def _any_insurance(state: MerlinState, seat: int, rule: ActionRule) -> bool:
    """The long way: insurance on the 7, asked of the rules."""
    quote = WriteInsurance(event="seven", rolls=1, payout=1, premium=1)
    return rule.why(state, seat, quote) is None


@pytest.mark.parametrize(
    ("kind", "long_way"), [("offer_loan", _any_loan), ("write_insurance", _any_insurance)]
)
def test_a_chauffeurs_move_is_drawn_exactly_where_the_rules_allow_one(
    kind: str, long_way: Any
) -> None:
    # (loans and insurance come from a Chauffeur: the picks answer no move from the tableau
    # before the Chauffeurs are found) on tables that trade much, and in seeded play
    seeded = ((state, seat, rule) for state, seat, rule, _ in _asked(kind))
    seen = Counter[bool]()
    for number, (state, seat, rule) in enumerate(itertools.chain(_trading(kind), seeded)):
        drawn, after = _drawn(rule, state, seat, number)
        allowed = long_way(state, seat, rule)
        assert (drawn is not None) == allowed, kind
        if drawn is None:
            assert after == _untouched(number), kind
        seen[allowed] += 1
    assert seen[True] > 50 and seen[False] > 50, seen
