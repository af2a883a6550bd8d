"""What every request passes on its way in and every answer on its way out, as plain ASGI:
the body's size, time and text checked before any route reads it; security headers and relative
redirects on every answer."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Iterable
from typing import Any

from tradingfloor.server.limits import MB

Scope = dict[str, Any]
Message = dict[str, Any]
Receive = Any
Send = Any
App = Any

# Pages load only their own scripts; renderers set inline styles (colours of seats and goods).
PAGE_CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
SECURITY_HEADERS = {
    "content-security-policy": PAGE_CSP,
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "cross-origin-opener-policy": "same-origin",
}
WITH_BODY = frozenset({"POST", "PUT", "PATCH"})
# `\u0000` after an even number of backslashes (an odd number escapes the escape itself).
NUL_ESCAPE = re.compile(rb"(?<!\\)(?:\\\\)*\\u0000")
SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")  # either half of a pair: checked further
UNKEPT = (
    "Text in the request holds a character that cannot be kept: a NUL (\\u0000) or "
    "half of a surrogate pair (\\ud800 to \\udfff)"
)


def security_headers(extra: dict[str, str] | None = None) -> dict[str, str]:
    """The headers every answer carries (for answers made outside the middleware: a 500)."""
    return {**SECURITY_HEADERS, **(extra or {})}


class Headers:
    """Security headers on every HTTP answer, and redirects made relative (never a host taken
    from the request's Host header)."""

    def __init__(self, app: App) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = _secured(message.get("headers", []), message["status"])
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _secured(headers: Iterable[tuple[bytes, bytes]], status: int) -> list[tuple[bytes, bytes]]:
    out = []
    for name, value in headers:
        if name.lower() == b"location" and 300 <= status < 400:
            value = _relative(value)
        out.append((name, value))
    present = {name.lower() for name, _ in out}
    for header, text in SECURITY_HEADERS.items():
        if header.encode() not in present:
            out.append((header.encode(), text.encode()))
    return out


def _relative(location: bytes) -> bytes:
    """`http://any.host/path?q` -> `/path?q`: this server only ever redirects to itself."""
    match = re.match(rb"^[a-zA-Z][a-zA-Z0-9+.-]*://[^/?#]*", location)
    if match is None:
        return location
    return location[match.end() :] or b"/"


class BodyGuard:
    """Read a request's body before any route does, within `limit` bytes and `timeout` seconds,
    and refuse in words a body too large (413), too slow (408), not UTF-8 or with numbers JSON
    does not have (400), or holding text no database stores (a NUL, half a surrogate pair)
    (422)."""

    def __init__(self, app: App, limit: int = MB, timeout: float = 30.0) -> None:
        self.app = app
        self.limit = limit
        self.timeout = timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _content_length(scope)
        if declared == -1:
            await _refuse(send, 400, "The Content-Length header is not a number of bytes")
            return
        if declared is not None and declared > self.limit:
            await _refuse(send, 413, self._too_large())
            return
        if scope["method"] not in WITH_BODY:
            await self.app(scope, receive, send)
            return
        body = await self._read(receive, send)
        if body is None:
            return
        problem = body_problem(body)
        if problem is not None:
            await _refuse(send, *problem)
            return
        await self.app(scope, _replay(body, receive), send)

    async def _read(self, receive: Receive, send: Send) -> bytes | None:
        """The whole body, or None once a refusal is sent (or the client has gone)."""
        chunks: list[bytes] = []
        size = 0
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.timeout
        while True:
            try:
                message = await asyncio.wait_for(receive(), max(0.0, deadline - loop.time()))
            except TimeoutError:
                await _refuse(
                    send, 408, f"The request body took longer than {self.timeout:g} s to arrive"
                )
                return None
            if message["type"] == "http.disconnect":
                return None
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                await _refuse(send, 413, self._too_large())
                return None
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks)

    def _too_large(self) -> str:
        return f"The request body is larger than the server takes ({_size(self.limit)})"


def body_problem(body: bytes) -> tuple[int, str] | None:
    """Why a request body cannot be taken, as (status, words), or None if it can be.

    Cheap on every body (C-speed scans); the body is parsed here only when it may hold half a
    surrogate pair, NaN or Infinity: the route parses it again, so most bodies are parsed once."""
    if not body:
        return None
    try:
        body.decode("utf-8")
    except UnicodeDecodeError:
        return 400, "The request body is not UTF-8 text: send JSON in UTF-8"
    if b"\\u0000" in body and NUL_ESCAPE.search(body):  # a raw NUL is not JSON: the route says so
        return 422, UNKEPT
    if not SURROGATE_ESCAPE.search(body) and b"NaN" not in body and b"Infinity" not in body:
        return None
    try:
        parsed = json.loads(body, parse_constant=_not_a_number)
    except RecursionError:
        return 400, "The request body nests lists and objects too deeply to be read"
    except json.JSONDecodeError:
        return None  # the route says what is wrong with the JSON, in its own words
    except ValueError as err:  # NaN, or a number of thousands of digits
        said = str(err) if "JSON number" in str(err) else "a number has too many digits"
        return 400, f"The request body is not valid JSON: {said}"
    try:  # a whole pair was joined into one character; half of one cannot be encoded
        json.dumps(parsed, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return 422, UNKEPT
    return None


def _not_a_number(word: str) -> Any:
    raise ValueError(f"{word} is not a JSON number")


def _replay(body: bytes, receive: Receive) -> Receive:
    """A `receive` that gives the body already read, then whatever the client does next."""
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        message: Message = await receive()
        return message

    return replay


def _content_length(scope: Scope) -> int | None:
    """The declared body size; None if not declared; -1 if it is not a number."""
    for name, value in scope.get("headers", []):
        if name.lower() == b"content-length":
            text = value.decode("latin-1").strip()
            return int(text) if text.isdigit() else -1
    return None


async def _refuse(send: Send, status: int, words: str) -> None:
    """Answer {"error": words} and close the connection (its unread body is not wanted)."""
    body = json.dumps({"error": words}).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"connection", b"close"),
    ]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body, "more_body": False})


def _size(limit: int) -> str:
    if limit >= MB and limit % MB == 0:
        return f"{limit // MB} MB"
    if limit >= 1024 and limit % 1024 == 0:
        return f"{limit // 1024} KB"
    return f"{limit:,} bytes"
