"""Random play's sampling of a move, held to the long way at every step of seeded all-module games
(the same move, and the generator left in the same state): picks that draw by `core.draws.below`
instead of `rng.choice` and `rng.randint` (the same draws, without their Python frames), and the
rules' picks and menus called as compiled methods (`rulebook.Picker`, `rulebook.Lister`)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from itertools import islice
from typing import Any

import pytest

from tests.games.merlin.finance.helpers import act
from tests.games.merlin.finance.test_futures import (
    expired,
    orbit_to,
    turn,
    write,
    written_and_taken,
)
from tests.games.merlin.finance.test_insurance import table as chauffeur_table
from tradingfloor.games.merlin.actions import Ask, Bid, Invest, PayDebt, RaiseBid
from tradingfloor.games.merlin.finance.actions import (
    CashSettle,
    Deliver,
    IssueBonds,
    IssueNotes,
    IssueStock,
    Offset,
)
from tradingfloor.games.merlin.magic.actions import Vote
from tradingfloor.games.merlin.rulebook import ActionRule, Lister, Picker, table_for
from tradingfloor.games.merlin.spaces import Asker
from tradingfloor.games.merlin.state import MerlinState

from .helpers import ALL_MODULES, GAME, arrange, random_moves, seeded_states

SEEDS = (1, 2, 3)
STEPS = 400

LongWay = Callable[[ActionRule, MerlinState, int, random.Random], Any]


def _bid(rule: ActionRule, state: MerlinState, seat: int, rng: random.Random) -> Any:
    gold = state.core.gold[seat]
    if gold < 1:
        return None
    name = rng.choice(state.config.content.commodities)
    return Bid(commodity=name, price=rng.randint(1, gold))


def _raise(rule: ActionRule, state: MerlinState, seat: int, rng: random.Random) -> Any:
    menu = rule.choices(state, seat)  # every (bid, amount): the bids are those listed
    bids = list(dict.fromkeys(action.order for action in menu))
    gold = state.core.gold[seat]
    if not bids or gold < 1:
        return None
    return RaiseBid(order=rng.choice(bids), amount=rng.randint(1, gold))


def _ask(rule: ActionRule, state: MerlinState, seat: int, rng: random.Random) -> Any:
    fields = rule.fields(state, seat)
    held, prices = fields["commodity"], fields["price"]
    if not held:
        return None
    return Ask(commodity=rng.choice(held), price=rng.randint(1, max(prices)))


def _invest(rule: ActionRule, state: MerlinState, seat: int, rng: random.Random) -> Any:
    menu = rule.choices(state, seat)  # every (card, amount) the rules allow
    cards = list(dict.fromkeys(action.card for action in menu))
    if not cards:
        return None
    card = rng.choice(cards)
    most = max(action.amount for action in menu if action.card == card)
    return Invest(card=card, amount=rng.randint(1, most))


def _listed(rule: ActionRule, state: MerlinState, seat: int, rng: random.Random) -> Any:
    """The long way of a pick over a small menu: the menu listed, one drawn by randrange."""
    menu = rule.choices(state, seat)
    return menu[rng.randrange(len(menu))] if menu else None


LONG_WAYS: dict[str, LongWay] = {
    "bid": _bid,
    "raise_bid": _raise,
    "ask": _ask,
    "invest": _invest,
    "magic_vote": _listed,
    "ally": _listed,
    "propose": _listed,
}


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


def _with_goods(state: MerlinState) -> MerlinState:
    """`state` where every seat holds some commodities (random play seldom keeps any to ask)."""
    goods = state.economy.goods
    return arrange(state, goods=[[(s + i) % 3 for i in range(len(g))] for s, g in enumerate(goods)])


@pytest.mark.parametrize("kind", sorted(LONG_WAYS))
def test_a_pick_draws_as_the_long_way_at_every_step(kind: str) -> None:
    drawn = Counter[bool]()
    for played, seat, rule, seed in _asked(kind):
        state = _with_goods(played) if kind == "ask" else played
        ours, theirs = random.Random(seed), random.Random(seed)
        expected = LONG_WAYS[kind](rule, state, seat, theirs)
        assert rule.sample(state, seat, ours) == expected, (kind, seed)
        assert ours.getstate() == theirs.getstate(), (kind, seed)
        drawn[expected is not None] += 1
    assert drawn[True] > 5, drawn  # (the games do reach moves of this type)


def test_a_vote_drawn_is_one_of_the_votes_listed() -> None:
    for state, seat, rule, seed in _asked("magic_vote"):
        vote = rule.sample(state, seat, random.Random(seed))
        assert vote is None or isinstance(vote, Vote)
        assert (vote is None) == (not rule.choices(state, seat))


ASKED_STEPS = ("turn", "ballot")
"""The steps random play asks many rules of at every move (a turn's ~50 types) or often."""
NOT_OURS = ("end_turn",)
"""Types whose rule is made elsewhere (turns.py's end_turn: drawn by END_CHANCE, rarely asked)."""


def test_the_rules_random_play_asks_are_called_as_compiled_methods() -> None:
    # (a plain function held by a rule is called through Python's convention at every ask)
    table = table_for(GAME.new(ALL_MODULES, 1))
    for step in ASKED_STEPS:
        for name, rule in table.actions[step].items():
            if name in NOT_OURS:
                continue
            sampler = rule.pick if rule.pick is not None else rule.choices
            assert isinstance(sampler, Picker | Lister), (step, name)


def test_a_rule_samples_as_its_pick_or_menu_called_as_an_object_at_every_step() -> None:
    for number, state in enumerate(islice(seeded_states(3), STEPS)):
        for seat in GAME.actors(state):
            for rule in GAME.legal(state, seat).rules.values():  # type: ignore[attr-defined]
                ours, theirs = random.Random(number), random.Random(number)
                if rule.pick is not None:
                    expected = rule.pick(state, seat, theirs)
                else:
                    menu = rule.choices(state, seat)
                    expected = menu[theirs.randrange(len(menu))] if menu else None
                assert rule.sample(state, seat, ours) == expected, rule.type
                assert ours.getstate() == theirs.getstate(), rule.type


ISSUED = {"issue_bonds": IssueBonds, "issue_stock": IssueStock, "issue_notes": IssueNotes}


@pytest.mark.parametrize("kind", sorted(ISSUED))
def test_an_issue_is_drawn_as_the_long_way_draws_its_fields(kind: str) -> None:
    # (random play seldom makes a Chauffeur: seat 0 holds one here, seat 1 none)
    state = chauffeur_table()
    rule = GAME.legal(state, 0).rules[kind]  # type: ignore[attr-defined]
    for seed in range(40):
        ours, theirs = random.Random(seed), random.Random(seed)
        fields = rule.fields(state, 0)
        chosen = {name: theirs.choice(values) for name, values in fields.items()}
        assert rule.sample(state, 0, ours) == ISSUED[kind](**chosen)
        assert ours.getstate() == theirs.getstate()
        idle = random.Random(seed)
        assert rule.sample(state, 1, idle) is None
        assert idle.getstate() == random.Random(seed).getstate()


def _settling_states() -> Iterator[MerlinState]:
    """States where futures come due: the futures tests' figure, every state of it from expiry
    on, and seeded random play."""
    state = written_and_taken(goods=((0, 0, 0), (0, 0, 0), (0, 0, 3), (0, 0, 0)))
    state = write(turn(state), 2, price=5)  # (the same commodity and expiry)
    state = act(orbit_to(state, 0), 0, {"type": "take_future", "future": 2})
    state = expired(orbit_to(state, 1))
    for _ in range(8):
        yield state
        state = turn(state)
    for seed in SEEDS:
        for state, _, _, _ in random_moves(GAME.new(ALL_MODULES, seed), seed, STEPS):
            yield state


def test_the_settlements_menus_are_those_the_rules_allow_of_every_future() -> None:
    # (the menus answer "none" at once for a seat short of no expired future)
    offered = Counter[str]()
    for state in _settling_states():
        rules = table_for(state).actions["turn"]  # (asked of every seat, in turn or not)
        ids = [f.id for f in state.finance.futures]
        for seat in range(state.players):
            for kind, move in (("deliver", Deliver), ("cash_settle", CashSettle)):
                rule = rules[kind]
                allowed = [
                    move(future=i) for i in ids if rule.why(state, seat, move(future=i)) is None
                ]
                assert rule.choices(state, seat) == allowed, kind
                offered[kind] += bool(allowed)
            rule = rules["offset"]
            pairs = [Offset(future=i, long=j) for i in ids for j in ids]
            allowed = [a for a in pairs if rule.why(state, seat, a) is None]
            menu = rule.choices(state, seat)
            assert sorted(menu, key=str) == sorted(allowed, key=str) and len(menu) == len(allowed)
            offered["offset"] += bool(allowed)
    assert offered["deliver"] and offered["offset"], offered


def test_a_debt_is_offered_to_pay_exactly_where_the_rules_allow_it() -> None:
    # (the menu tests the debt without the refusal's words)
    offered = Counter[bool]()
    for state, seat, rule, _ in _asked("pay_debt"):
        allowed = rule.why(state, seat, PayDebt()) is None
        assert rule.choices(state, seat) == ([PayDebt()] if allowed else [])
        offered[allowed] += 1
    assert offered[True] and offered[False], offered


def test_a_rule_is_asked_for_a_move_as_its_own_sample_draws_it_at_every_step() -> None:
    # (a sample asks each rule through an Asker made once per step's rules)
    kinds = Counter[str]()
    for number, state in enumerate(islice(seeded_states(4), STEPS)):
        for seat in GAME.actors(state):
            for rule in GAME.legal(state, seat).rules.values():  # type: ignore[attr-defined]
                ours, theirs = random.Random(number), random.Random(number)
                asked = Asker(rule)
                assert asked.ask(state, seat, ours) == rule.sample(state, seat, theirs), rule.type
                assert ours.getstate() == theirs.getstate(), rule.type
                way = "pick" if asked.picker else "menu" if asked.lister else "rule"
                kinds[way] += 1
    assert kinds["pick"] and kinds["menu"], kinds
