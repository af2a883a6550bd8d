"""The server's refusals as JSON `{"error": "..."}` in plain sentences, never a validator's text."""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from starlette.exceptions import HTTPException

import tradingfloor
from tradingfloor.core import plain
from tradingfloor.server.edge import security_headers
from tradingfloor.server.service import ApiError

log = logging.getLogger("tradingfloor.server")

# Where the server is installed: a refusal never shows it (nor any other file's place).
INSTALLED = re.compile(
    "|".join(re.escape(str(p)) for p in {Path(tradingfloor.__file__).resolve().parent.parent})
)

# Where a request's value sits, as the refusal names it.
PLACES = {"path": "the address", "query": "the address's query", "header": "a header"}


def install(app: FastAPI) -> None:
    """Answer every refusal as {"error": sentence} with its status."""

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, err: ApiError) -> JSONResponse:
        return problem(err.status, err.message, err.extra, getattr(err, "headers", None))

    @app.exception_handler(Exception)
    async def unexpected(_request: Request, err: Exception) -> JSONResponse:
        log.exception("unexpected error", exc_info=err)
        # Answered outside the middleware that adds them, so the headers come with it here.
        return problem(
            500,
            "The server failed on this request; its log says why",
            headers=security_headers(),
        )

    @app.exception_handler(RequestValidationError)
    async def bad_input(request: Request, err: RequestValidationError) -> JSONResponse:
        status, words = request_refusal(request, list(err.errors()))
        return problem(status, words)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, err: HTTPException) -> JSONResponse:
        return problem(err.status_code, http_words(request, err), headers=err.headers)


def problem(
    status: int,
    words: str,
    extra: dict[str, Any] | None = None,
    headers: Mapping[str, str] | None = None,
) -> JSONResponse:
    """The answer {"error": words, ...} with `status`: words that can always be sent (half a
    surrogate pair from the request is shown as its escape) and that show no server path."""
    return JSONResponse(
        {"error": clean(words), **(extra or {})}, status_code=status, headers=headers
    )


def clean(words: str) -> str:
    """`words` as UTF-8 can carry them, without the server's install path."""
    words = words.encode("utf-8", "backslashreplace").decode("utf-8")
    return INSTALLED.sub("…", words)


def request_refusal(request: Request, problems: list[Any]) -> tuple[int, str]:
    """A request FastAPI could not read, in sentences: (status, words)."""
    if any(p.get("type") == "json_invalid" for p in problems):
        return 400, "The request body is not valid JSON"
    body = [p for p in problems if tuple(p.get("loc", ()))[:1] == ("body",)]
    out: list[str] = []
    if any(len(p.get("loc", ())) == 1 and p.get("type") == "missing" for p in body):
        out.append("The request needs a JSON body")
    elif body:
        rest = [{**p, "loc": tuple(p["loc"])[1:]} for p in body]
        if any(not p["loc"] for p in rest):
            out.append("The request body must be a JSON object")
        rest = [p for p in rest if p["loc"]]
        if rest:
            out += plain.sentences(rest, _body_schema(request), owner="The request", noun="field")
    for p in problems:
        loc = tuple(p.get("loc", ()))
        if loc[:1] != ("body",) and len(loc) >= 2:
            where = PLACES.get(str(loc[0]), "the request")
            field = {**p, "loc": loc[1:]}
            named = {"type": "object", "properties": {str(loc[1]): {}}}
            said = plain.sentences([field], named)[0]
            out.append(f"In {where}, {said[:1].lower()}{said[1:]}")
    return 422, "; ".join(dict.fromkeys(out)) or "The request cannot be read"


def _body_schema(request: Request) -> dict[str, Any] | None:
    """The JSON schema of the body the matched route reads, where FastAPI says which it is."""
    route = request.scope.get("route")
    field = getattr(route, "body_field", None)
    model = getattr(getattr(field, "field_info", None), "annotation", None)
    if isinstance(model, type) and issubclass(model, BaseModel):
        return model.model_json_schema()
    return None


def http_words(request: Request, err: HTTPException) -> str:
    """Starlette's own refusals (no such address, a method not taken) as sentences."""
    if err.status_code == 404:
        return f"There is nothing at {request.url.path}"
    if err.status_code == 405:
        return f"The address {request.url.path} does not take a {request.method} request"
    if err.status_code == 413:
        return "The request body is larger than the server takes"
    if err.status_code == 400 and err.detail == "There was an error parsing the body":
        return (
            "The request body cannot be read as JSON: it nests too deeply, or a number in it "
            "has thousands of digits"
        )
    detail = str(err.detail or "")
    return detail[:1].upper() + detail[1:] if detail else f"Refused ({err.status_code})"
