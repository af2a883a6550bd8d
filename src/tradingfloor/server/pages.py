"""The pages people open: the lobby, a match, a game's rules, the favicon and the API docs, all
served from this machine (the docs' scripts come from the fastapi-offline package, not a CDN)."""

from __future__ import annotations

import base64
import hashlib
import importlib.resources
import re
from pathlib import Path

from fastapi import FastAPI
from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse
from fastapi.staticfiles import StaticFiles

WEB = Path(__file__).resolve().parent.parent / "web"
FAVICON = "/static/favicon.svg"
# The API docs' pages: their own scripts, an inline one (allowed by its hash), inline styles
# (Swagger UI and ReDoc set them), pictures as data: URLs and ReDoc's search worker.
DOCS_CSP = (
    "default-src 'self'; script-src 'self' {hashes}; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; worker-src 'self' blob:; connect-src 'self'; font-src 'self' data:; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)


def with_policy(page: HTMLResponse) -> HTMLResponse:
    """`page` with a Content-Security-Policy that lets its own inline scripts run, no other."""
    html = bytes(page.body).decode()
    scripts = re.findall(r"<script>(.*?)</script>", html, flags=re.DOTALL)
    hashes = " ".join(
        f"'sha256-{base64.b64encode(hashlib.sha256(s.encode()).digest()).decode()}'"
        for s in scripts
    )
    page.headers["Content-Security-Policy"] = DOCS_CSP.format(hashes=hashes)
    return page


def docs_assets() -> Path:
    """The folder of Swagger UI's and ReDoc's scripts and styles shipped by fastapi-offline."""
    return Path(str(importlib.resources.files("fastapi_offline") / "static"))


def install(app: FastAPI) -> None:
    app.mount("/static", StaticFiles(directory=WEB), name="static")
    app.mount("/docs-assets", StaticFiles(directory=docs_assets()), name="docs-assets")

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(WEB / "index.html")

    @app.get("/play/{match_id}", include_in_schema=False)
    async def match_page(match_id: str) -> FileResponse:
        return FileResponse(WEB / "match.html")

    @app.get("/rules/{game_id}", include_in_schema=False)
    async def rules_page(game_id: str) -> FileResponse:
        return FileResponse(WEB / "rules.html")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> FileResponse:
        return FileResponse(WEB / "favicon.svg", media_type="image/svg+xml")

    @app.get("/docs", include_in_schema=False)
    async def swagger() -> HTMLResponse:
        return with_policy(
            get_swagger_ui_html(
                openapi_url=app.openapi_url or "/openapi.json",
                title=f"{app.title}: the API",
                swagger_js_url="/docs-assets/swagger-ui-bundle.js",
                swagger_css_url="/docs-assets/swagger-ui.css",
                swagger_favicon_url=FAVICON,
            )
        )

    @app.get("/redoc", include_in_schema=False)
    async def redoc() -> HTMLResponse:
        return with_policy(
            get_redoc_html(
                openapi_url=app.openapi_url or "/openapi.json",
                title=f"{app.title}: the API",
                redoc_js_url="/docs-assets/redoc.standalone.js",
                redoc_favicon_url=FAVICON,
                with_google_fonts=False,
            )
        )
