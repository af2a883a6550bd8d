"""The turn hooks and yield filters that return at once when the table holds nothing for them (no
window to change, no effect, no potion set, no stake for a 7 to take) give exactly what their
full sums give, at every step of seeded games with every module on."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tradingfloor.games.merlin import cards, production
from tradingfloor.games.merlin.ledger import to_bank
from tradingfloor.games.merlin.magic import potions, spells
from tradingfloor.games.merlin.magic.state import Effect, Held, SetPotion
from tradingfloor.games.merlin.magic.table import (
    add_effect,
    drop_effect,
    effects,
    magic_of,
    potions_set,
    with_magic,
)
from tradingfloor.games.merlin.records import replace
from tradingfloor.games.merlin.rulebook import Payout
from tradingfloor.games.merlin.seasons import set_counter
from tradingfloor.games.merlin.state import MerlinState

from .helpers import seeded_states


def _note_buyers_afresh(state: MerlinState) -> MerlinState:
    me = state.core.current
    rows = list(magic_of(state).bought_since or ((),) * state.players)
    if state.economy.buying:
        rows = [r if s == me or me in r else (*r, me) for s, r in enumerate(rows)]
    rows[me] = ()
    return with_magic(state, bought_since=tuple(rows))


def _drop_stale_afresh(state: MerlinState) -> MerlinState:
    lasting = [e for name in (*spells.CURSES, "corrosion") for e in effects(state, name)]
    placed = {c for t in state.economy.tableaux for s in t for c in (s.base, s.top) if c}
    for effect in lasting:
        if effect.card not in placed:
            state = drop_effect(state, effect)
    return state


def _note_stakes_afresh(state: MerlinState) -> MerlinState:
    for who in state.core.in_game():
        stake = sum(s.invested for s in state.economy.tableaux[who])
        if stake and potions_set(state, who, None, "lucky_charm"):
            state = add_effect(state, Effect(potions.STAKES, seat=who, amount=stake))
    return state


def _on_seven_afresh(state: MerlinState) -> MerlinState:
    """production.on_seven as it was: every tableau rebuilt and the bank paid, even nothing."""
    content = state.config.content
    research = state.core.counters.research_cost + content.seven_research_step
    state = set_counter(state, "research_cost", research)
    taken = 0
    tableaux = []
    for tableau in state.economy.tableaux:
        taken += sum(s.invested for s in tableau)
        tableaux.append(tuple(replace(s, invested=0) if s.invested else s for s in tableau))
    state = replace(state, economy=replace(state.economy, tableaux=tuple(tableaux)))
    state = to_bank(state, taken)
    for seat in state.core.from_roller():
        state = production._holding_fee(state, seat, [])
    return state


def _payouts(state: MerlinState) -> Iterator[Payout]:
    """A roll's payout of each property and land on the table, as production.yield_of makes it."""
    config = state.config
    for seat, tableau in enumerate(state.economy.tableaux):
        for stack in tableau:
            value = cards.property_value(config, stack.base)
            yield Payout(seat, stack.base, "roll", seat, gold=value)
            if stack.top is not None and cards.is_land(config, stack.top):
                land = cards.land_commodity(config, stack.top)
                yield Payout(seat, stack.top, "roll", seat, commodity=land, amount=2)


def _with_potions(state: MerlinState) -> MerlinState:
    """The table with what random play and the heuristic seldom make, where each acts: potions
    set by seats 0 and 2 (a Growth Tonic under a land's property, a Golden Touch under a property
    with a stake on it, a Lucky Charm and Clear Skies before them) and a curse on a card that has
    left the table."""
    placed = []
    tableaux = list(state.economy.tableaux)
    for seat, copy in ((0, 1), (2, 2)):
        tableau = tableaux[seat]
        lands = [s.base for s in tableau if s.top is not None]
        placed += [SetPotion(Held(f"{kind}.{copy}"), seat, None) for kind in BEFORE]
        if tableau:
            placed.append(SetPotion(Held(f"golden_touch.{copy}"), seat, tableau[0].base))
            staked = replace(tableau[0], invested=tableau[0].invested + 1)
            tableaux[seat] = (staked, *tableau[1:])
        if lands:
            placed.append(SetPotion(Held(f"growth_tonic.{copy}"), seat, lands[0]))
    stale = Effect("blight", seat=1, card="a card not on the table")
    magic = replace(magic_of(state), set_potions=tuple(placed), effects=(stale,))
    economy = replace(state.economy, tableaux=tuple(tableaux))
    return replace(state, magic=magic, economy=economy)


BEFORE = ("lucky_charm", "clear_skies")


def _potions_afresh(state: MerlinState, payout: Payout) -> tuple[MerlinState, Payout]:
    """potion_yield's sums for a roll's yield to its owner."""
    log: list[object] = []
    if payout.commodity is None:
        return potions._golden_touch(state, payout, log)  # type: ignore[arg-type]
    return potions._land_yield(state, payout, log)  # type: ignore[arg-type]


@pytest.mark.parametrize(("seed", "bots"), [(3, False), (0, True)])
def test_hooks_that_return_at_once_give_their_full_sums(seed: int, bots: bool) -> None:
    for state in seeded_states(seed, bots):
        assert spells.note_buyers(state, []) == _note_buyers_afresh(state)
        for table in (state, _with_potions(state)):
            assert spells.drop_stale(table, []) == _drop_stale_afresh(table)
            seven = replace(table, core=replace(table.core, dice=(3, 4)))
            assert production.on_seven(seven, []) == _on_seven_afresh(seven)
            assert potions.note_stakes(table, []) == _note_stakes_afresh(table)
            for payout in _payouts(table):
                assert potions.potion_yield(table, payout, []) == _potions_afresh(table, payout)
