"""The working copy of a step: it freezes back into exactly the state it was made from."""

from __future__ import annotations

from tradingfloor.games.businessmen.draft import Draft
from tradingfloor.games.businessmen.state import BusinessmenState


def test_a_draft_keeps_every_field_in_its_place() -> None:
    # A distinct object in every field, so that two fields swapped by the draft would show.
    fields = BusinessmenState._fields
    state = BusinessmenState._make(() if name == "seats" else object() for name in fields)
    frozen = Draft(state).freeze()
    assert type(frozen) is BusinessmenState
    kept = [name for name in fields if name != "news_from"]
    assert all(getattr(frozen, name) is getattr(state, name) for name in kept if name != "seats")
    assert frozen.seats == ()
    # A step's news are the events logged after its start: what was logged before it.
    assert frozen.news_from is state.logged
