"""The soak benchmark's short mode: a real server under mixed play, floods and reconnects."""

from __future__ import annotations

from pathlib import Path

import pytest
from benchmarks.soak import run_soak


@pytest.mark.slow
def test_a_short_soak_loses_no_acknowledged_action(tmp_path: Path) -> None:
    report = run_soak(seconds=15, out=tmp_path)
    tally = report.tally
    assert tally.acked, "the people had no action acknowledged"
    assert report.lost == 0, report.lost_stopped + report.lost_restarted
    assert len(tally.rss) >= 5 and all(sample.server > 0 for sample in tally.rss)
    assert tally.server_errors == 0 and not tally.client_errors, tally.client_errors
    assert tally.flood_refused > 0 and tally.refused_unsaid == 0
    assert tally.reconnects > 0 and tally.stale_views == 0
    assert (tmp_path / "rss.png").stat().st_size > 0
