"""The limits a stranger meets: their settings, match creation per address, live connections."""

from __future__ import annotations

import math
import time
from collections import Counter, OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

MB = 1_048_576


@dataclass(frozen=True)
class Limits:
    """Every limit of the server, with its default; `tradingfloor serve` sets them (see --help).

    A count of 0 switches that limit off."""

    create_per_minute: int = 30
    """Matches one client address may create a minute (a burst of that many, then one every
    60/N seconds)."""

    max_body: int = MB
    """The largest request body, in bytes: past it the answer is 413, before the body is read."""

    body_timeout: float = 30.0
    """Seconds a request body may take to arrive in full (408 after)."""

    header_timeout: float = 5.0
    """Seconds a connection may take to send a request's headers before it is closed."""

    keep_alive: int = 5
    """Seconds an idle kept-alive connection stays open."""

    connections_per_address: int = 256
    """Open connections from one client address (proxies excepted); more are closed at once."""

    sockets_per_match: int = 128
    """Live WebSockets on one match."""

    sockets_per_address: int = 64
    """Live WebSockets from one client address."""

    upload_limit: int = 262_144
    """Characters of uploaded data files in one option (a game's decks, say), all files together."""

    upload_files: int = 8
    """Uploaded data files in one option."""

    option_values: int = 256
    """Values (numbers, texts, list entries, object members) in one match's options; an uploaded
    file's text is one value. A game's options hold a few dozen at most."""

    move_values: int = 128
    """Values in one move's JSON (the largest move of any game holds 24)."""

    proxies: tuple[str, ...] = ()
    """Addresses of reverse proxies in front of the server, whose X-Forwarded-For is believed.
    Without any, the connection's own address is the client's."""


def more_values_than(value: Any, limit: int) -> bool:
    """Whether `value` (parsed JSON) holds more than `limit` values, counted up to `limit + 1`
    only: bounded work however large the value."""
    if limit <= 0:
        return False
    stack = [value]
    counted = 1  # every value pushed: each is looked at once, so the work is at most `limit`
    while stack:
        node = stack.pop()
        if isinstance(node, dict | list | tuple):
            counted += len(node)
            if counted > limit:
                return True
            stack.extend(node.values() if isinstance(node, dict) else node)
    return False


def client_address(scope: Any) -> str:
    """The client's address as this request shows it (the proxy's word where a setting trusts it:
    uvicorn's proxy headers middleware has already put it in the scope)."""
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


class CreationRate:
    """A token bucket per client address: `per_minute` matches at once, then refilled evenly.

    Held in this process only: each server process counts its own."""

    def __init__(
        self,
        per_minute: int,
        clock: Callable[[], float] = time.monotonic,
        max_addresses: int = 100_000,
    ) -> None:
        self.capacity = float(per_minute)
        self.refill = per_minute / 60.0  # tokens a second
        self.clock = clock
        self.max_addresses = max_addresses
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def take(self, address: str) -> float:
        """Take one creation for `address`: 0 if allowed, else the seconds until one is."""
        if self.capacity <= 0:
            return 0.0
        now = self.clock()
        tokens, then = self._buckets.pop(address, (self.capacity, now))
        tokens = min(self.capacity, tokens + (now - then) * self.refill)
        wait = 0.0
        if tokens >= 1:
            tokens -= 1
        else:
            wait = (1 - tokens) / self.refill
        self._buckets[address] = (tokens, now)  # the most recently seen address goes last
        self._prune(now)
        return wait

    def _prune(self, now: float) -> None:
        """Forget addresses whose bucket is full again (they are as new), oldest first; if still
        too many are held, forget the oldest anyway, so that memory stays bounded."""
        while self._buckets:
            address, (tokens, then) = next(iter(self._buckets.items()))
            full = tokens + (now - then) * self.refill >= self.capacity
            if not full and len(self._buckets) <= self.max_addresses:
                return
            del self._buckets[address]

    def __len__(self) -> int:
        return len(self._buckets)


def retry_after(wait: float) -> str:
    """A Retry-After header's value: whole seconds, at least 1."""
    return str(max(1, math.ceil(wait)))


class SocketCount:
    """Live WebSockets by match and by client address, so that neither can grow without end."""

    def __init__(self, per_match: int, per_address: int) -> None:
        self.per_match = per_match
        self.per_address = per_address
        self.matches: Counter[str] = Counter()
        self.addresses: Counter[str] = Counter()

    def enter(self, match_id: str, address: str) -> str | None:
        """Count one more socket; or, over a limit, a refusal in words (and nothing counted)."""
        if self.per_address and self.addresses[address] >= self.per_address:
            return (
                f"Too many live connections from your address ({self.per_address}): close a "
                "match page and reload this one"
            )
        if self.per_match and self.matches[match_id] >= self.per_match:
            return (
                f"This match has as many live connections as it takes ({self.per_match}): "
                "try again later"
            )
        self.matches[match_id] += 1
        self.addresses[address] += 1
        return None

    def leave(self, match_id: str, address: str) -> None:
        for counter, key in ((self.matches, match_id), (self.addresses, address)):
            counter[key] -= 1
            if counter[key] <= 0:
                del counter[key]
