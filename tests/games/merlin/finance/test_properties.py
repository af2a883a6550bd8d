"""Properties of the finance module over random play with all three modules (hypothesis): gold and
goods are conserved, and nothing is left dangling when a player leaves the game."""

from __future__ import annotations

from collections.abc import Iterator

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.games.merlin.finance.helpers import after_finance, conserved
from tests.games.merlin.helpers import GAME, random_moves
from tradingfloor.games.merlin.bankruptcy import exit_player
from tradingfloor.games.merlin.finance.actions import FINANCE_ACTIONS
from tradingfloor.games.merlin.finance.state import Finance
from tradingfloor.games.merlin.rules import step
from tradingfloor.games.merlin.state import MerlinState
from tradingfloor.games.merlin.turns import settle

FINANCE_TYPES = {cls.model_fields["type"].default for cls in FINANCE_ACTIONS}


def moves(
    state: MerlinState, seed: int, steps: int
) -> Iterator[tuple[MerlinState, str, MerlinState]]:
    """(before, the move's type, after) for random legal play; an answer is named with its step
    (accept:finance_offer is a finance move, accept:offer the economy's)."""
    for before, seat, action, after in random_moves(state, seed, steps):
        kind = str(action.type)
        if kind in ("accept", "decline"):
            kind = f"{kind}:{step(before, seat)}"
        yield before, kind, after


def units(state: MerlinState) -> int:
    """Commodity units players hold: in hand and under their asks on the Grand Market."""
    held = sum(sum(row) for row in state.economy.goods)
    return held + sum(len(book.asks) for book in state.economy.books)


def lost_on_the_road(before: MerlinState, after: MerlinState) -> int:
    """Units a trade the road voided lost: both sides of the offer ("all their items are
    stolen")."""
    offer = before.finance.offer if before.finance is not None else None
    if offer is None or not any(e.kind == "trade_void" for e in after.events):
        return 0
    return sum(offer.give.goods) + sum(offer.get.goods)


def finance_move(kind: str) -> bool:
    return kind in FINANCE_TYPES or kind.endswith(":finance_offer")


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(4, 6))
def test_finance_moves_conserve_gold_and_goods(seed: int, players: int) -> None:
    """Gold: the ledger's minted total after every move. Goods: no finance move makes or destroys
    a unit, except a trade the road voids, whose units are lost (Trading Between Players)."""
    start = after_finance(players=players, seed=seed % 40)
    for before, kind, after in moves(start, seed, 500):
        assert conserved(after)
        if finance_move(kind):
            assert units(after) == units(before) - lost_on_the_road(before, after), kind


def dangling(state: MerlinState) -> list[str]:
    """Every finance record that still names a player out of the game."""
    out = state.core.out
    fin = state.finance
    assert isinstance(fin, Finance)

    def gone(*seats: int | None) -> bool:
        return any(s is not None and 0 <= s < len(out) and out[s] for s in seats)

    found = [f"future {f.id}" for f in fin.futures if gone(f.short, f.long)]
    found += [f"quote {q.id}" for q in fin.quotes if gone(q.writer)]
    found += [f"policy {p.id}" for p in fin.policies if gone(p.writer, p.buyer)]
    found += [f"loan {loan.id}" for loan in fin.loans if gone(loan.lender, loan.borrower)]
    found += [f"security {s.id}" for s in fin.securities if gone(s.issuer, s.holder)]
    found += [f"ask {x.id}" for x in fin.listings if gone(x.seller)]
    found += [f"bid {w.id}" for w in fin.wanted if gone(w.buyer)]
    found += [f"debt {d.debtor}->{d.creditor}" for d in fin.debts if gone(d.debtor, d.creditor)]
    if fin.offer is not None and gone(fin.offer.author, fin.offer.to):
        found.append("offer")
    if fin.sale is not None and (gone(fin.sale.seller) or gone(*fin.sale.bidders)):
        found.append("property auction")
    return found


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), leaver=st.integers(0, 3), steps=st.integers(50, 400))
def test_nothing_is_left_dangling_when_a_player_leaves(seed: int, leaver: int, steps: int) -> None:
    """MERLIN-MODULES.md §3.8: "On exit: shorts and insurance written by the player are void ...,
    their loans to others are written off, their shares and notes become worthless." After random
    play builds contracts, a player leaves (as bankruptcy makes them): no future, quote, policy,
    loan, security, ask, bid, debt, offer or auction names them, gold is still conserved, and play
    goes on with the same properties."""
    state = after_finance(seed=seed % 40)
    for _, _, later in moves(state, seed, steps):
        state = later
    if GAME.actors(state) and not state.core.out[leaver]:
        state = settle(exit_player(state, leaver, []), [])  # as the rules do after any move
    assert not dangling(state)
    assert conserved(state)
    for _, _, after in moves(state, seed + 1, 150):
        assert not dangling(after)
        assert conserved(after)
