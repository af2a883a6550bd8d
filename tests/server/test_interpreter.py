"""The server process's interpreter settings: what is loaded at start is never walked again."""

from __future__ import annotations

import json
import subprocess
import sys

PROBE = """
import gc, json, sys
from tradingfloor.core import registry
from tradingfloor.server.interpreter import settle
settle()
gc.collect()
print(json.dumps({
    "loaded": sorted(registry._loaded),
    "games": registry.games(),
    "frozen": gc.get_freeze_count(),
    "walked": len(gc.get_objects()),
    "switch": sys.getswitchinterval(),
}))
"""


def test_settle_loads_every_game_and_freezes_it_out_of_collections() -> None:
    # A fresh interpreter: freezing the test process's own objects would change other tests.
    output = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, check=True
    ).stdout
    probe = json.loads(output)
    assert probe["loaded"] == probe["games"]
    # A full collection now walks only what was made after the freeze, a sliver of the start.
    assert probe["frozen"] > 20 * probe["walked"]
    assert probe["switch"] == 0.001
