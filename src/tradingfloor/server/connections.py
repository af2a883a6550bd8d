"""Connections that cannot hold the server: uvicorn's HTTP protocol with a deadline for a
request's headers and a cap on open connections per client address, and the open-file limit
raised as far as the system lets a process go.

uvicorn times out idle kept-alive connections, but not a request whose headers never finish:
without a deadline, a thousand half-sent requests hold a thousand file descriptors for ever."""

from __future__ import annotations

import asyncio
import resource
from collections import Counter
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

from tradingfloor.server.limits import Limits

try:  # uvicorn's fast parser where it is installed (what "auto" picks), else the pure h11
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol as Fast
except ImportError:  # pragma: no cover
    Fast = H11Protocol  # type: ignore[assignment,misc]

MAX_HEADER_BYTES = 65_536  # a request line and headers; a browser's are a few KB


def _answer(status: str, words: str) -> bytes:
    """A whole HTTP answer that closes the connection, written before the app has the request."""
    body = words.encode()
    head = f"HTTP/1.1 {status}\r\ncontent-type: text/plain; charset=utf-8\r\n"
    head += f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
    return head.encode() + body


TIMED_OUT = _answer("408 Request Timeout", "The request's headers took too long to arrive.\n")
TOO_LARGE = _answer("431 Request Header Fields Too Large", "The request's headers are too long.\n")


def raise_open_files() -> int:
    """Raise this process's soft limit of open files to its hard limit; returns the new soft
    limit. A busy server needs a descriptor per connection, and 1024 is a common default."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else max(soft, 1_048_576)
    if wanted > soft:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError):  # a platform that refuses: keep what we have
            pass
    return soft


def protocol(limits: Limits, base: type[Any] = Fast) -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol (`base`), guarded by `limits`: give it to uvicorn as `http=`."""
    open_by_address: Counter[str] = Counter()  # shared by every connection of this server
    trusted = frozenset(limits.proxies)

    class Guarded(base):  # type: ignore[misc,valid-type]
        """Closes a connection whose request headers do not arrive within the deadline, or that
        would exceed its address's share of open connections."""

        header_timeout = limits.header_timeout
        per_address = limits.connections_per_address

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._deadline: asyncio.TimerHandle | None = None
            self._armed_cycle: Any = None
            self._pending = 0
            self._address = self.client[0] if self.client else None
            self._counted = False
            if self._address is not None and self._address not in trusted:
                if self.per_address and open_by_address[self._address] >= self.per_address:
                    transport.close()
                    return
                open_by_address[self._address] += 1
                self._counted = True
            self._arm()

        def data_received(self, data: bytes) -> None:
            if self._deadline is None and self._idle():
                self._arm()  # the first bytes of the next request on a kept-alive connection
            if self._deadline is not None:
                self._pending += len(data)
            super().data_received(data)
            if self._deadline is None:
                return
            if self.transport.is_closing() or self._headers_in():
                self._disarm()
            elif self._pending > MAX_HEADER_BYTES:
                self._disarm()
                self.transport.write(TOO_LARGE)
                self.transport.close()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            self._uncount()
            super().connection_lost(exc)

        def _idle(self) -> bool:
            return self.cycle is None or bool(self.cycle.response_complete)

        def _headers_in(self) -> bool:
            """A new request cycle has started, or the connection became a WebSocket."""
            if self.transport.get_protocol() is not self:
                self._uncount()  # the WebSocket's own limits count it from here on
                return True
            return self.cycle is not self._armed_cycle

        def _arm(self) -> None:
            if self.header_timeout and self.header_timeout > 0:
                self._pending = 0
                self._armed_cycle = self.cycle
                self._deadline = self.loop.call_later(self.header_timeout, self._too_slow)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _too_slow(self) -> None:
            self._deadline = None
            if not self.transport.is_closing():
                self.transport.write(TIMED_OUT)
                self.transport.close()

        def _uncount(self) -> None:
            if self._counted and self._address is not None:
                self._counted = False
                open_by_address[self._address] -= 1
                if open_by_address[self._address] <= 0:
                    del open_by_address[self._address]

    Guarded.__name__ = Guarded.__qualname__ = f"Guarded{base.__name__}"
    return Guarded
