"""The server process's interpreter settings: what is loaded at start is never walked again."""

from __future__ import annotations

import json
import subprocess
import sys

PROBE = """
import gc, json, sys
from tradingfloor.agents import kinds, make_agent
from tradingfloor.core import registry
from tradingfloor.server.interpreter import settle
settle()
gc.collect()
frozen, walked = gc.get_freeze_count(), len(gc.get_objects())
before = set(sys.modules)
for game_id in registry.games():
    game = registry.make(game_id)
    for kind in kinds(game):
        make_agent(game, kind)
print(json.dumps({
    "frozen": frozen,
    "walked": walked,
    "imported_later": sorted(set(sys.modules) - before),
    "switch": sys.getswitchinterval(),
}))
"""


def test_settle_loads_every_game_and_freezes_it_out_of_collections() -> None:
    # A fresh interpreter: freezing the test process's own objects would change other tests.
    output = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, check=True
    ).stdout
    probe = json.loads(output)
    # Every game and bot was loaded before the freeze: a match that starts later imports nothing.
    assert probe["imported_later"] == []
    # A full collection now walks only what was made after the freeze, a sliver of the start.
    assert probe["frozen"] > 20 * probe["walked"]
    assert probe["switch"] == 0.001
