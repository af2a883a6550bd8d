"""Several server processes on one PostgreSQL database: each sees the others' actions, and two
writers can never both append the same step."""

from __future__ import annotations

import pytest

from tests.server.conftest import NO_PG, PG_URL, ROWS, act, create, wait_until
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


def test_a_server_notices_actions_that_another_process_committed() -> None:
    if not PG_URL:
        pytest.skip(NO_PG)
    from fastapi.testclient import TestClient

    from tradingfloor.server.app import create_app

    with (
        TestClient(create_app(PG_URL, bot_delay=0, poll=0.02)) as one,
        TestClient(create_app(PG_URL, bot_delay=0, poll=0.02)) as two,
    ):
        created = create(one, options={"players": 2}, seats=[{"kind": "human"}] * 2)
        watcher = two.app.state.service  # type: ignore[attr-defined]
        assert watcher.snapshot(created["id"]).seq == 0  # the second process holds the match
        act(one, created["id"], created["seats"][0]["token"], ROWS)
        # Its watcher re-reads the log on its own and pushes to its WebSocket clients.
        wait_until(lambda: watcher.cached(created["id"]).seq == 1, "the other process's action")
