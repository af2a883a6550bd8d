"""No response or push tells a seat what it may not know, for every registered game.

A match is played over the API by scripted seats (and a bot). At every step each seat's responses
and pushes must equal `game.view(state, seat)` exactly, be unchanged when everything hidden from the
seat is resampled (`redetermine`, as the conformance suite checks), and never hold the seed or
another seat's token.
"""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import bearer, create
from tradingfloor.agents import make_agent
from tradingfloor.core import registry
from tradingfloor.core.agent import decision_for
from tradingfloor.core.game import Game, State
from tradingfloor.server.app import create_app

MAX_ROUNDS = 120  # each round: every scripted seat and the spectator look, and actors act


class Mirror:
    """The true states of a match, rebuilt from its stored log (only the test may see them)."""

    def __init__(self, client: TestClient, game: Game, match_id: str) -> None:
        self.store = client.app.state.service.store  # type: ignore[attr-defined]
        self.match = self.store.load(match_id)
        self.game = game
        self.states: list[State] = [game.new(self.match.options, self.match.seed)]

    def at(self, seq: int) -> State:
        if seq >= len(self.states):
            for _, seat, action in self.store.actions(self.match.id, after=len(self.states) - 1):
                last = self.states[-1]
                self.states.append(self.game.apply(last, seat, self.game.parse_action(action)))
        return self.states[seq]


class Judge:
    """Checks one update against what its seat may know."""

    def __init__(self, mirror: Mirror, tokens: dict[int, str]) -> None:
        self.mirror = mirror
        self.tokens = tokens
        self.rng = random.Random(1)
        self.checked = 0

    def check(self, update: dict[str, Any], seat: int | None) -> None:
        game, state = self.mirror.game, self.mirror.at(update["seq"])
        where = f"{game.id} seat {seat} at step {update['seq']}"
        assert update["seat"] == seat, where
        assert update["view"] == game.view(state, seat), f"{where}: not the seat's own view"
        legal = None if seat is None else game.legal(state, seat).describe()
        assert update["legal"] == legal, f"{where}: not the seat's legal actions"
        result = game.result(state)
        expected = {
            "match": self.mirror.match.id,
            "game": game.id,
            "seq": update["seq"],
            "seat": seat,
            "view": update["view"],
            "legal": legal,
            "actors": list(game.actors(state)),
            "result": None if result is None else result.to_json(),
            "seats": [s.public() for s in self.mirror.match.seats],
            "over": result is not None,
        }
        pushed = {k: v for k, v in update.items() if k != "type"}
        assert pushed == expected, f"{where}: the update holds more than the seat's view"
        text = json.dumps(update)
        assert str(self.mirror.match.seed) not in text, f"{where}: the seed leaked"
        for other, token in self.tokens.items():
            assert other == seat or token not in text, f"{where}: seat {other}'s token leaked"
        for hidden_from in range(game.players(state)) if seat is None else [seat]:
            world = game.redetermine(state, hidden_from, self.rng)
            assert game.view(world, seat) == update["view"], f"{where}: shows hidden information"
        self.checked += 1


def _options(game: Game) -> dict[str, Any]:
    """The conformance option set with the number of seats closest to three."""
    sets = [dict(o) for o in game.conformance_options()]
    return min(sets, key=lambda o: abs(game.players(game.new(o, 0)) - 3))


def _script_kind(game: Game) -> str:
    """The game's own cheap bot for the scripted seats (they play longer games than random)."""
    own = [kind for kind in game.bots() if kind not in ("random", "ismcts")]
    return own[0] if own else "random"


MAGIC = {"players": 4, "modules": ["economy", "magic"], "max_orbits": 12}
"""Merlin with its magic module: hands of spells and recipes, potions face down, sealed votes."""
COMPLETE = {"players": 4, "modules": ["economy", "magic", "finance"], "max_orbits": 12}
"""The complete game: with finance too, sealed bids of property auctions and for tied places."""
CASES = [(game_id, None) for game_id in registry.games()] + [
    ("merlin", MAGIC),
    ("merlin", COMPLETE),
]


@pytest.mark.parametrize(("game_id", "given"), CASES, ids=lambda c: str(c) if c else "")
def test_no_response_or_push_carries_what_the_seat_may_not_know(
    game_id: str, given: dict[str, Any] | None, tmp_path: Any
) -> None:
    game = registry.make(game_id)
    options = given or _options(game)
    players = game.players(game.new(options, 0))
    kinds = ["human"] * (players - 1) + ["random"]
    with TestClient(create_app(f"sqlite:///{tmp_path / 'leaks.db'}", bot_delay=0)) as client:
        created = create(client, game=game_id, options=options, seats=[{"kind": k} for k in kinds])
        match_id = created["id"]
        tokens = {s["seat"]: s["token"] for s in created["seats"] if s["token"]}
        judge = Judge(Mirror(client, game, match_id), tokens)
        with contextlib.ExitStack() as sockets:
            listeners = _listen(client, sockets, match_id, tokens)
            final = _play(client, game, match_id, tokens, judge)
            pushes = {seat: _drain(socket, final) for seat, socket in listeners.items()}
        for seat, updates in pushes.items():
            assert updates, f"seat {seat} got no push"
            for update in updates:
                judge.check(update, seat)
    assert judge.checked > 20


def _listen(
    client: TestClient, sockets: contextlib.ExitStack, match_id: str, tokens: dict[int, str]
) -> dict[int | None, Any]:
    listeners: dict[int | None, Any] = {}
    for seat in [None, *tokens]:
        socket = sockets.enter_context(client.websocket_connect(f"/api/matches/{match_id}/ws"))
        socket.send_json({"token": tokens[seat]} if seat is not None else {})
        listeners[seat] = socket
    return listeners


def _play(
    client: TestClient, game: Game, match_id: str, tokens: dict[int, str], judge: Judge
) -> int:
    """Scripted seats look and act through the API; returns the last step seen."""
    agents = {seat: make_agent(game, _script_kind(game)) for seat in tokens}
    rng = random.Random(7)
    seq = 0
    for _ in range(MAX_ROUNDS):
        spectator = client.get(f"/api/matches/{match_id}/view").json()
        judge.check(spectator, None)
        if spectator["over"]:
            return int(spectator["seq"])
        for seat, token in tokens.items():
            update = client.get(f"/api/matches/{match_id}/view", headers=bearer(token)).json()
            judge.check(update, seat)
            seq = max(seq, update["seq"])
            if seat not in update["actors"]:
                continue
            state = judge.mirror.at(update["seq"])
            action = agents[seat].act(decision_for(game, state, seat), rng)
            reply = client.post(
                f"/api/matches/{match_id}/actions",
                json={"seq": update["seq"], "action": action.to_json()},
                headers=bearer(token),
            )
            assert reply.status_code in (200, 409), reply.text
            if reply.status_code == 200:
                judge.check(reply.json(), seat)
                seq = max(seq, reply.json()["seq"])
    return seq


def _drain(socket: Any, final: int) -> list[dict[str, Any]]:
    """Every update pushed up to step `final`."""
    updates = []
    while True:
        update = socket.receive_json()
        updates.append(update)
        if update["seq"] >= final:
            return updates
