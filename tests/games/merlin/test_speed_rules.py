"""The rule code's shortcuts give what the long way round gives, at every step of seeded games
with every module on: a reading card read out once per match (`readings.foretold`) decides a
roll as its content does, read afresh."""

from __future__ import annotations

import pytest

from tradingfloor.games.merlin.magic import readings
from tradingfloor.games.merlin.magic.content import ReadingCard, kind_of
from tradingfloor.games.merlin.magic.state import Reading
from tradingfloor.games.merlin.magic.table import content_of, magic_of
from tradingfloor.games.merlin.memo import same_objects
from tradingfloor.games.merlin.production import rolled
from tradingfloor.games.merlin.state import MerlinState

from .helpers import seeded_states


def _card_afresh(state: MerlinState, card_id: str) -> ReadingCard:
    card: ReadingCard = content_of(state).readings[kind_of(card_id)]
    return card


def _due_afresh(state: MerlinState, reading: Reading) -> bool:
    """The trigger read from the card's content, as `readings.due` read it before the cards were
    read out once per match."""
    trigger = _card_afresh(state, reading.card).trigger
    core = state.core
    if trigger.roll_any:
        return rolled(state) in trigger.roll_any
    if trigger.after_turns is not None:
        return core.turn_no - reading.turn >= trigger.after_turns
    if trigger.after_orbits is not None:
        return core.turn_no - reading.turn >= trigger.after_orbits * len(core.in_game())
    return False


def _told_afresh(state: MerlinState, card_id: str) -> dict[str, object]:
    """What the reveal tells, from the card's content read afresh (not the one kept per match)."""
    return readings._telling(state, card_id, _card_afresh(state, card_id))


@pytest.mark.parametrize(("seed", "bots"), [(1, False), (6, False), (2, True)])
def test_readings_read_out_once_decide_as_their_content(seed: int, bots: bool) -> None:
    decided = 0
    for state in seeded_states(seed, bots):
        if state.core.dice is None:
            continue
        magic = magic_of(state)
        on_field = list(magic.field)
        waiting = [
            Reading(card, state.core.turn_no, state.core.orbit) for card in magic.reading_deck
        ]
        for reading in on_field + waiting:
            card = _card_afresh(state, reading.card)
            waived = rolled(state) in card.waived_by
            due = _due_afresh(state, reading)
            assert readings.card_of(state, reading) == card
            assert readings.waived(state, reading) == waived
            assert readings.due(state, reading) == due
            assert readings.comes_true(state, reading) == (not waived and due)
            assert readings._described(state, reading) == _told_afresh(state, reading.card)
            decided += due or waived
    assert decided > 0  # the games did resolve cards


def test_same_objects_is_identity_place_by_place() -> None:
    a, b = object(), object()
    assert same_objects((a, b), (a, b))
    assert not same_objects((a, b), (b, a))
    assert not same_objects((a,), (a, b))
    assert not same_objects(((),), ((1,),))
    assert same_objects((), ())
