"""The authoritative match loop: create matches, check seats and steps, commit actions, replay.

Everything here is synchronous and thread-safe (one lock per match); the web layer calls it from
worker threads so that database commits never block the event loop.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tradingfloor.agents import bot_words, kinds
from tradingfloor.core import plain, registry
from tradingfloor.core.errors import BadOptions, IllegalAction, UnknownGame
from tradingfloor.core.game import Game, State
from tradingfloor.server.storage import (
    DuplicateStep,
    SeatInfo,
    Store,
    StoredMatch,
    hash_token,
    now,
)

HUMAN = "human"
MAX_CACHED = 5000  # matches held in memory before finished ones are dropped
MAX_CHAPTERS = 1000  # finished matches whose chapters are kept


class ApiError(Exception):
    """A refusal with the HTTP status it maps to and a message for the person who asked."""

    status = 400

    def __init__(self, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.message = message
        self.extra = extra


class BadRequest(ApiError):
    status = 400


class Unauthorized(ApiError):
    status = 401


class Forbidden(ApiError):
    status = 403


class NotFound(ApiError):
    status = 404


class Stale(ApiError):
    """The action was made against a state that is no longer current (or it was sent twice)."""

    status = 409


class Unprocessable(ApiError):
    status = 422


@dataclass(frozen=True)
class SeatRequest:
    kind: str = HUMAN
    name: str | None = None


@dataclass(frozen=True)
class Snapshot:
    """One consistent moment of a match: its state and how many actions led there."""

    match: StoredMatch
    game: Game
    state: State
    seq: int

    @property
    def over(self) -> bool:
        return not self.game.actors(self.state)


@dataclass
class Live:
    """A match held in memory: its record and the state its log replays to."""

    match: StoredMatch
    game: Game
    state: State
    seq: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def snapshot(self) -> Snapshot:
        return Snapshot(self.match, self.game, self.state, self.seq)


class MatchService:
    """Matches over a Store, with each match's state cached in memory."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._live: dict[str, Live] = {}
        self._chapters: dict[str, list[dict[str, Any]]] = {}
        self._guard = threading.Lock()

    # -- creating ---------------------------------------------------------------------------------
    def create(
        self, game_id: str, options: Mapping[str, Any] | None, seats: Sequence[SeatRequest] | None
    ) -> tuple[StoredMatch, dict[int, str]]:
        """A new match; returns it with the token of each human seat (shown once, stored hashed)."""
        game = _game(game_id)
        seed = secrets.randbits(62)
        try:
            completed = game.options(options or {})
            state = game.new(completed, seed)
        except BadOptions as err:
            raise Unprocessable(plain.options_refusal(game, err)) from None
        except Exception as err:  # a game's own fault: say which, rather than a bare 500
            raise ApiError(f"{game.title} could not start with these options: {err}") from None
        players = game.players(state)
        requests = list(seats) if seats is not None else [SeatRequest()] * players
        if len(requests) != players:
            raise Unprocessable(
                f"{game.title} with these options has {players} seats, but {len(requests)} "
                "were given"
            )
        bot_kinds = kinds(game)
        titles = {kind: words["title"] for kind, words in bot_words(game).items()}
        tokens: dict[int, str] = {}
        infos = []
        for seat, request in enumerate(requests):
            if request.kind != HUMAN and request.kind not in bot_kinds:
                named = ", ".join(
                    f"{kind} ({words['title']})" for kind, words in bot_words(game).items()
                )
                raise Unprocessable(
                    f"Seat {seat + 1}: there is no player kind {request.kind!r}; choose human "
                    f"(a person) or a bot: {named}"
                )
            token_hash = None
            if request.kind == HUMAN:
                tokens[seat] = secrets.token_urlsafe(18)
                token_hash = hash_token(tokens[seat])
            name = (request.name or "").strip()[:40] or _default_name(seat, request.kind, titles)
            infos.append(SeatInfo(seat, request.kind, name, token_hash))
        match = StoredMatch(
            id=secrets.token_hex(6),
            game=game.id,
            version=game.version,
            options=completed,
            seed=seed,
            status="over" if not game.actors(state) else "running",
            created=now(),
            seats=tuple(infos),
        )
        self.store.create(match)
        with self._guard:
            self._live[match.id] = Live(match, game, state)
        return match, tokens

    # -- reading ----------------------------------------------------------------------------------
    def snapshot(self, match_id: str) -> Snapshot:
        """The match as it stands (re-reading the log first where other processes may write)."""
        live = self._get(match_id)
        with live.lock:
            if self.store.shared:
                self._catch_up(live)
            return live.snapshot()

    def cached(self, match_id: str) -> Snapshot:
        """The match as this process last saw it, without asking the database."""
        return self._get(match_id).snapshot()

    @property
    def inline(self) -> bool:
        """Whether calls may run on the event loop: an embedded SQLite commit takes well under a
        millisecond, less than handing the work to a thread and back; a server database does not."""
        return not self.store.shared

    def seat_of(self, snapshot: Snapshot, token: str | None) -> int | None:
        """The seat that `token` opens; None (a spectator) without a token; Forbidden if wrong."""
        if not token:
            return None
        wanted = hash_token(token)
        for seat in snapshot.match.seats:
            if seat.token_hash is not None and secrets.compare_digest(seat.token_hash, wanted):
                return seat.seat
        raise Forbidden("This token opens no seat of this match: use your own invitation link")

    def state_at(self, match_id: str, step: int) -> Snapshot:
        """The match replayed to `step` (for the finished game's replay)."""
        live = self._get(match_id)
        snap = live.snapshot()
        if not 0 <= step <= snap.seq:
            raise NotFound(f"This match has steps 0 to {snap.seq}, not {step}")
        state = snap.game.new(snap.match.options, snap.match.seed)
        for _, seat, action in self.store.actions(match_id)[:step]:
            state = snap.game.apply(state, seat, snap.game.parse_action(action))
        return Snapshot(snap.match, snap.game, state, step)

    def chapters(self, match_id: str) -> list[dict[str, Any]]:
        """Where each chapter of a finished match starts: every step at which the spectator's
        view names a new `chapter` ("Round 4"); kept, since a finished match never changes."""
        with self._guard:
            known = self._chapters.get(match_id)
        if known is not None:
            return known
        snap = self._get(match_id).snapshot()
        game = snap.game
        state = game.new(snap.match.options, snap.match.seed)
        found: list[dict[str, Any]] = []
        last = None

        def note(step: int, state: State) -> None:
            nonlocal last
            title = game.view(state, None).get("chapter")
            if title and title != last:
                found.append({"step": step, "title": str(title)})
                last = title

        note(0, state)
        for seq, seat, action in self.store.actions(match_id)[: snap.seq]:
            state = game.apply(state, seat, game.parse_action(action))
            note(seq, state)
        with self._guard:
            if len(self._chapters) >= MAX_CHAPTERS:
                self._chapters.pop(next(iter(self._chapters)))
            self._chapters[match_id] = found
        return found

    def moves(self, match_id: str) -> list[tuple[int, int, dict[str, Any]]]:
        return self.store.actions(match_id)

    def running_ids(self) -> list[str]:
        return [m.id for m in self.store.listing(status="running", limit=10_000)]

    def loaded_ids(self) -> list[str]:
        with self._guard:
            return list(self._live)

    # -- acting -----------------------------------------------------------------------------------
    def submit(self, match_id: str, seat: int, seq: int, action_json: Any) -> Snapshot:
        """Apply `seat`'s action made against step `seq`: committed to the log, then returned."""
        live = self._get(match_id)
        action = _parse(live.game, action_json)
        with live.lock:
            if self.store.shared:
                self._catch_up(live)
            if seq != live.seq:
                raise Stale(
                    f"The table has moved on: it is at step {live.seq}, your action was made at "
                    f"step {seq}",
                    seq=live.seq,
                )
            if seat not in live.game.actors(live.state):
                why = live.game.legal(live.state, seat).check(action) or "it is not your turn"
                raise Stale(f"Not your turn: {why}", seq=live.seq)
            try:
                after = live.game.apply(live.state, seat, action)
            except IllegalAction as err:
                raise Unprocessable(err.why, seq=live.seq) from None
            over = not live.game.actors(after)
            try:
                self.store.append(match_id, live.seq + 1, seat, action.to_json(), over)
            except DuplicateStep:
                self._catch_up(live)
                raise Stale(
                    f"The table has moved on: it is at step {live.seq}", seq=live.seq
                ) from None
            live.state, live.seq = after, live.seq + 1
            return live.snapshot()

    def refresh(self, match_id: str) -> bool:
        """Apply what other processes appended; True if anything was new."""
        live = self._get(match_id)
        with live.lock:
            before = live.seq
            self._catch_up(live)
            return live.seq != before

    # -- internals --------------------------------------------------------------------------------
    def _get(self, match_id: str) -> Live:
        with self._guard:
            live = self._live.get(match_id)
        if live is not None:
            return live
        stored = self.store.load(match_id)
        if stored is None:
            raise NotFound(f"There is no match {match_id!r}")
        game = _game(stored.game)
        if game.version != stored.version:
            raise ApiError(
                f"match {match_id} was played under {game.id} rules version {stored.version}; "
                f"this server has version {game.version}"
            )
        fresh = Live(stored, game, game.new(stored.options, stored.seed))
        self._catch_up(fresh)
        with self._guard:
            if len(self._live) >= MAX_CACHED:
                self._forget_finished()
            return self._live.setdefault(match_id, fresh)

    def _forget_finished(self) -> None:
        """Drop finished matches from memory (the log rebuilds them when they are asked for)."""
        for match_id, live in list(self._live.items()):
            if not live.game.actors(live.state):
                del self._live[match_id]

    def _catch_up(self, live: Live) -> None:
        for seq, seat, action in self.store.actions(live.match.id, after=live.seq):
            live.state = live.game.apply(live.state, seat, live.game.parse_action(action))
            live.seq = seq


def _game(game_id: str) -> Game:
    try:
        return registry.make(game_id)
    except UnknownGame:
        known = ", ".join(registry.games())
        raise NotFound(f"There is no game called {game_id!r}; the games are: {known}") from None


def _parse(game: Game, action_json: Any) -> Any:
    try:
        return game.parse_action(action_json)
    except IllegalAction as err:
        raise Unprocessable(err.why) from None


def _default_name(seat: int, kind: str, titles: Mapping[str, str]) -> str:
    """A seat's name when none is given: "Player 2", or the bot's title ("Beginner bot 3")."""
    return f"Player {seat + 1}" if kind == HUMAN else f"{titles.get(kind, kind)} bot {seat + 1}"
