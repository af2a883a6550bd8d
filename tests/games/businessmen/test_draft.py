"""The working copy of a step: it freezes back into exactly the state it was made from."""

from __future__ import annotations

import pytest

from tradingfloor.compiled import engine
from tradingfloor.games.businessmen.draft import Draft
from tradingfloor.games.businessmen.state import BusinessmenState

# The compiled engine checks each field's type where the draft reads it: a draft of placeholders
# runs only as Python (TRADINGFLOOR_PURE=1, which the suite is also run with).
as_python_only = pytest.mark.skipif(
    engine("tradingfloor.games.businessmen") == "compiled",
    reason="fields of placeholder objects: the compiled engine refuses them by type",
)


@as_python_only
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
