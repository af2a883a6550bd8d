"""The authoritative match loop: create matches, check seats and steps, commit actions, replay.

Everything here is synchronous and thread-safe (one lock per match); the web layer calls it from
worker threads so that database commits never block the event loop.
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

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

log = logging.getLogger("tradingfloor.server")

HUMAN = "human"
MAX_CACHED = 5000  # matches held in memory before finished ones are dropped at once
MAX_CHAPTERS = 1000  # finished matches whose chapters are kept
MAX_SUMMARIES = 5000  # finished matches whose lobby summaries are kept
MAX_RUNNING = 1000  # running matches held at once before creating one is refused


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


class TooMany(ApiError):
    """The server hosts as many running matches as it may: a new one must wait for one to end."""

    status = 503
    headers: ClassVar[dict[str, str]] = {"Retry-After": "60"}


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
    touched: float = field(default_factory=time.monotonic)  # when it was last asked for
    running: bool = True

    def snapshot(self) -> Snapshot:
        return Snapshot(self.match, self.game, self.state, self.seq)

    def moved(self, state: State, seq: int) -> None:
        self.state, self.seq = state, seq
        self.running = bool(self.game.actors(state))


class MatchService:
    """Matches over a Store, each loaded match's state held in memory until it is forgotten.

    `max_running` running matches may be held at once (0: no cap); creating one more is refused
    with TooMany until one ends or is forgotten."""

    def __init__(self, store: Store, max_running: int = MAX_RUNNING) -> None:
        self.store = store
        self.max_running = max_running
        self._live: dict[str, Live] = {}
        self._chapters: dict[str, list[dict[str, Any]]] = {}
        self._summaries: dict[str, dict[str, Any]] = {}
        self._guard = threading.Lock()
        self._creating = 0  # creations under way, counted against the cap

    # -- creating ---------------------------------------------------------------------------------
    def create(
        self, game_id: str, options: Mapping[str, Any] | None, seats: Sequence[SeatRequest] | None
    ) -> tuple[StoredMatch, dict[int, str]]:
        """A new match; returns it with the token of each human seat (shown once, stored hashed).

        TooMany when `max_running` running matches are held already."""
        self._reserve()
        try:
            return self._create(game_id, options, seats)
        finally:
            with self._guard:
                self._creating -= 1

    def _reserve(self) -> None:
        with self._guard:
            held = self._creating + sum(live.running for live in self._live.values())
            if self.max_running and held >= self.max_running:
                raise TooMany(
                    f"This server is hosting as many matches as it can ({self.max_running}); "
                    "try again when some have ended"
                )
            self._creating += 1

    def _create(
        self, game_id: str, options: Mapping[str, Any] | None, seats: Sequence[SeatRequest] | None
    ) -> tuple[StoredMatch, dict[int, str]]:
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
            self._live[match.id] = Live(match, game, state, running=match.status == "running")
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
        """The match as this process last saw it (loaded from the log first if it is not held:
        that replays it, so off the event loop unless `loaded`)."""
        return self._get(match_id).snapshot()

    def loaded(self, match_id: str) -> bool:
        """Whether the match is held in memory (asking for it then replays nothing)."""
        with self._guard:
            return match_id in self._live

    def latest(self, match_id: str) -> Snapshot | None:
        """The match as held in memory, or None if it is not held (never loads it)."""
        with self._guard:
            live = self._live.get(match_id)
        return None if live is None else live.snapshot()

    def load_many(self, match_ids: Sequence[str]) -> list[Snapshot]:
        """Each match loaded (replayed from its log) where it can be, read from the database in
        three queries for them all; the others are logged."""
        wanted = [match_id for match_id in match_ids if not self.loaded(match_id)]
        stored = self.store.load_many(wanted)
        logs = self.store.logs(list(stored))
        out = []
        for match_id in match_ids:
            try:
                if match_id in stored:
                    self._hold(self._replayed(stored[match_id], logs[match_id]))
                out.append(self.cached(match_id))
            except ApiError as err:
                log.warning("match %s cannot be loaded: %s", match_id, err.message)
            except Exception:  # one match's fault must not keep the others from resuming
                log.exception("match %s cannot be loaded", match_id)
        return out

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

    def kept_summary(self, match_id: str) -> dict[str, Any] | None:
        """A finished match's lobby summary, if one is kept (it never changes)."""
        with self._guard:
            return self._summaries.get(match_id)

    def keep_summary(self, match_id: str, summary: dict[str, Any]) -> None:
        with self._guard:
            if len(self._summaries) >= MAX_SUMMARIES:
                self._summaries.pop(next(iter(self._summaries)))
            self._summaries[match_id] = summary

    def moves(self, match_id: str) -> list[tuple[int, int, dict[str, Any]]]:
        return self.store.actions(match_id)

    def loaded_ids(self) -> list[str]:
        with self._guard:
            return list(self._live)

    def loaded_seqs(self) -> dict[str, int]:
        """The step of every match held in memory."""
        with self._guard:
            return {match_id: live.seq for match_id, live in self._live.items()}

    def running_count(self) -> int:
        """Running matches held in memory: what `max_running` caps."""
        with self._guard:
            return sum(live.running for live in self._live.values())

    # -- forgetting -------------------------------------------------------------------------------
    def forget(self, idle_s: float, finished_s: float, keep: Iterable[str] = ()) -> int:
        """Drop from memory each match not asked for in `finished_s` seconds if it is over, or in
        `idle_s` if it runs, unless it is in `keep` (the log brings it back when asked for);
        returns how many were dropped."""
        kept = set(keep)
        now = time.monotonic()
        with self._guard:
            gone = [
                match_id
                for match_id, live in self._live.items()
                if match_id not in kept
                and now - live.touched >= (idle_s if live.running else finished_s)
            ]
            for match_id in gone:
                del self._live[match_id]
        return len(gone)

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
            live.moved(after, live.seq + 1)
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
            live.touched = time.monotonic()
            return live
        stored = self.store.load(match_id)
        if stored is None:
            raise NotFound(f"There is no match {match_id!r}")
        return self._hold(self._replayed(stored, self.store.actions(match_id)))

    def _replayed(self, stored: StoredMatch, entries: Sequence[tuple[int, int, Any]]) -> Live:
        """The match as its log `entries` leave it."""
        game = _game(stored.game)
        if game.version != stored.version:
            raise ApiError(
                f"match {stored.id} was played under {game.id} rules version {stored.version}; "
                f"this server has version {game.version}"
            )
        live = Live(stored, game, game.new(stored.options, stored.seed))
        state = live.state
        for _, seat, action in entries:
            state = game.apply(state, seat, game.parse_action(action))
        live.moved(state, entries[-1][0] if entries else 0)
        return live

    def _hold(self, fresh: Live) -> Live:
        """Hold a loaded match in memory; the one already held if another thread was first."""
        with self._guard:
            if len(self._live) >= MAX_CACHED:
                self._forget_finished()
            return self._live.setdefault(fresh.match.id, fresh)

    def _forget_finished(self) -> None:
        """Drop finished matches from memory (the log rebuilds them when they are asked for)."""
        for match_id, live in list(self._live.items()):
            if not live.running:
                del self._live[match_id]

    def _catch_up(self, live: Live) -> None:
        entries = self.store.actions(live.match.id, after=live.seq)
        state = live.state
        for _, seat, action in entries:
            state = live.game.apply(state, seat, live.game.parse_action(action))
        if entries:
            live.moved(state, entries[-1][0])


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
