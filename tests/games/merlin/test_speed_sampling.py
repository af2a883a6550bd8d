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

from tests.games.merlin.finance.test_insurance import table as chauffeur_table
from tradingfloor.games.merlin.actions import Ask, Bid, Invest, RaiseBid
from tradingfloor.games.merlin.finance.actions import IssueBonds, IssueNotes, IssueStock
from tradingfloor.games.merlin.magic.actions import Vote
from tradingfloor.games.merlin.rulebook import ActionRule, Lister, Picker, table_for
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


def _vote(rule: ActionRule, state: MerlinState, seat: int, rng: random.Random) -> Any:
    menu = rule.choices(state, seat)
    return menu[rng.randrange(len(menu))] if menu else None


LONG_WAYS: dict[str, LongWay] = {
    "bid": _bid,
    "raise_bid": _raise,
    "ask": _ask,
    "invest": _invest,
    "magic_vote": _vote,
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
