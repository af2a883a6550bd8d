"""What one client is told about a match: its seat's view and legal actions, and nothing else."""

from __future__ import annotations

from typing import Any

from tradingfloor.server.service import ApiError, MatchService, Snapshot


def update_for(snapshot: Snapshot, seat: int | None) -> dict[str, Any]:
    """The update pushed to `seat` (None: a spectator): built only from `game.view(state, seat)`."""
    game, state = snapshot.game, snapshot.state
    result = game.result(state)
    return {
        "match": snapshot.match.id,
        "game": game.id,
        "seq": snapshot.seq,
        "seat": seat,
        "view": game.view(state, seat),
        "legal": None if seat is None else game.legal(state, seat).describe(),
        "actors": list(game.actors(state)),
        "result": None if result is None else result.to_json(),
        "seats": [s.public() for s in snapshot.match.seats],
        "over": result is not None,
    }


def match_summary(snapshot: Snapshot) -> dict[str, Any]:
    """Public facts of a match for the lobby: never a token, a seed or a view."""
    match = snapshot.match
    result = snapshot.game.result(snapshot.state)
    return {
        "id": match.id,
        "game": match.game,
        "title": snapshot.game.title,
        "options": match.options,
        "status": "over" if result is not None else "running",
        "seq": snapshot.seq,
        "created": match.created.isoformat(),
        "seats": [s.public() for s in match.seats],
        "result": None if result is None else result.to_json(),
    }


def listing(service: MatchService, status: str | None, limit: int) -> list[dict[str, Any]]:
    """The lobby's newest matches (or those with `status`) as summaries.

    A finished match's summary is kept, since it never changes; any other match is loaded to make
    its summary, which may replay its log: call this off the event loop."""
    out = []
    for stored in service.store.listing(status, limit):
        summary = service.kept_summary(stored.id)
        if summary is None:
            try:
                snapshot = service.cached(stored.id)
            except ApiError:  # a match this server cannot load (another rules version, say)
                continue
            summary = match_summary(snapshot)
            if snapshot.over:
                service.keep_summary(stored.id, summary)
        out.append(summary)
    return out
