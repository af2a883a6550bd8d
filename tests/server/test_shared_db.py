"""Several server processes on one PostgreSQL database: each sees the others' actions, and two
writers can never both append the same step."""

from __future__ import annotations

import pytest

from tests.server.conftest import NO_PG, PG_URL, ROWS
from tradingfloor.server.service import MatchService, SeatRequest, Stale
from tradingfloor.server.storage import Store

pytestmark = pytest.mark.postgres

OTHER_ROWS = {"type": "rows", "a": ROWS["d"], "d": ROWS["a"]}


@pytest.fixture
def two_servers() -> tuple[MatchService, MatchService]:
    if not PG_URL:
        pytest.skip(NO_PG)
    return MatchService(Store(PG_URL)), MatchService(Store(PG_URL))


def test_each_server_re_reads_the_log_before_it_acts(
    two_servers: tuple[MatchService, MatchService],
) -> None:
    one, two = two_servers
    match, _ = one.create("middleman", {"players": 2}, [SeatRequest(), SeatRequest()])
    assert two.snapshot(match.id).seq == 0
    one.submit(match.id, 0, 0, ROWS)
    assert two.snapshot(match.id).seq == 1  # the second process sees the first's action
    after = two.submit(match.id, 1, 1, OTHER_ROWS)
    assert after.seq == 2 and one.snapshot(match.id).state == after.state


def test_two_writers_cannot_both_append_the_same_step(
    two_servers: tuple[MatchService, MatchService],
) -> None:
    one, two = two_servers
    match, _ = one.create("middleman", {"players": 2}, [SeatRequest(), SeatRequest()])
    two.snapshot(match.id)  # both processes hold the match at step 0
    # The second store's view of the log is stale on purpose: it believes step 1 is still free.
    two.store.shared = False
    one.submit(match.id, 0, 0, ROWS)
    with pytest.raises(Stale):
        two.submit(match.id, 1, 0, OTHER_ROWS)
    assert [seq for seq, _, _ in one.store.actions(match.id)] == [1]
    assert two.cached(match.id).seq == 1  # the refused writer caught up with the log
