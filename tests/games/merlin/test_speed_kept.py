"""What the turn hooks and the scores keep by a part's identity (a tableau's yields and worth, a
hand's worth, a table golems need not tidy) gives exactly what reckoning afresh gives, at every
step of seeded random games with every module on."""

from __future__ import annotations

import pytest

from tradingfloor.games.merlin import cards, memo, production, rules
from tradingfloor.games.merlin.magic import golem_fights
from tradingfloor.games.merlin.state import MerlinState

from .helpers import seeded_states


def _score_afresh(state: MerlinState, seat: int) -> int:
    """A seat's score as RULINGS 4 counts it, reckoned from scratch."""
    if state.core.out[seat]:
        return 0
    config, eco = state.config, state.economy
    per_unit = config.content.buyback_commodity

    def buyback(card: str | None) -> int:
        if card is None:
            return 0
        if cards.is_property(config, card):
            return cards.property_value(config, card)
        return config.content.buyback_land if cards.is_land(config, card) else 0

    total = state.core.gold[seat] + sum(eco.goods[seat]) * per_unit
    total += sum(
        s.invested + s.stored + buyback(s.base) + buyback(s.top) for s in eco.tableaux[seat]
    )
    total += sum(buyback(card) for card in eco.hands[seat])
    for book in eco.books:
        total += sum(b.price for b in book.bids if b.owner == seat)
        total += sum(e.gold for e in book.escrow if e.owner == seat)
        total += per_unit * sum(1 for a in book.asks if a.owner == seat)
    if state.finance is not None:
        total -= sum(d.amount for d in state.finance.debts if d.debtor == seat and d.creditor >= 0)
    return total


def _yields_afresh(state: MerlinState, seat: int, number: int) -> list[str]:
    """The cards of a seat's tableau that yield on `number`, in the order they are paid."""
    config, out = state.config, []
    for stack in state.economy.tableaux[seat]:
        if production.kind(state, stack) == "chauffeur":
            continue
        if cards.rank(config, stack.base) == number:
            out.append(stack.base)
        top = stack.top
        land = top is not None and production.kind(state, stack) == "land"
        if land and cards.rank(config, top) == number:
            out.append(top)
    return out


@pytest.mark.parametrize("seed", [3, 11])
def test_scores_and_yields_kept_are_the_sums_afresh(seed: int) -> None:
    for step, state in enumerate(seeded_states(seed)):
        if step % 3:
            continue
        scores = rules.scores(state)
        assert list(scores) == [_score_afresh(state, s) for s in range(state.players)]
        for seat in range(state.players):
            tableau = state.economy.tableaux[seat]
            for number in range(2, 13):
                kept = production._yielding(state, tableau).get(number, ())
                assert list(kept) == _yields_afresh(state, seat, number)


@pytest.mark.parametrize("seed", [1, 2])
def test_tidy_kept_clean_is_tidy_afresh(seed: int) -> None:
    tidied = 0
    for state in seeded_states(seed, bots=True):  # (the heuristic plays golems; random play seldom)
        first = golem_fights.tidy(state, [])
        again = golem_fights.tidy(state, [])  # (a table found clean is kept as clean)
        memo.forget()
        afresh = golem_fights.tidy(state, [])
        assert first == afresh and again == afresh
        tidied += state.magic is not None and bool(state.magic.golems)
    assert tidied > 0, "the games should put golems on the table"
