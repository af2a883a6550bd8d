"""The working copy of a step: it freezes back into exactly the state it was made from."""

from __future__ import annotations

from tradingfloor.games.businessmen.draft import Draft
from tradingfloor.games.businessmen.state import BusinessmenState

from .helpers import played_states


def test_a_draft_keeps_every_field_in_its_place() -> None:
    # Fields of a played table differ from one another, so two fields swapped would show.
    for options in ({"players": 2}, {"players": 4}):
        for state in played_states(3, options):
            frozen = Draft(state).freeze()
            assert type(frozen) is BusinessmenState
            # A step's news are the events logged after its start: what was logged before it.
            assert frozen == state._replace(news_from=state.logged)
