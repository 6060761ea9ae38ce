"""The web client's files, cached by the browser for as long as they stay the same.

A table page loads some forty scripts and style sheets. Served plainly, a phone asks for every one
again at every table it opens (each answered "not modified", a round trip apiece on a slow
network), and cannot be told to keep them, since a server upgraded in the middle of the evening
must not leave phones running yesterday's script. So the pages name their files under a folder
that is the fingerprint of all of them, ``/static/<version>/js/table.js``: the browser keeps what
it fetched from there for a year without asking again (``immutable``), and a changed file changes
the fingerprint, hence every page's links. The scripts import one another by relative paths, so a
module loaded from the fingerprinted folder brings its neighbours from the same one. The pages
themselves are always asked for again (``no-cache``): they are what names the fingerprint.

``/static/...`` without the fingerprint still serves every file (revalidated each time), for links
written into scripts or pages made elsewhere.
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import HTMLResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.types import Message, Receive, Scope, Send

#: the web client's files (index.html, table.html, js/, css/)
WEB_DIR = Path(__file__).resolve().parent.parent / "web"
#: a fingerprinted file is kept by the browser this long without asking again
KEPT = "public, max-age=31536000, immutable"
#: a page is fetched anew every time (it names the fingerprint of the files)
ASKED_AGAIN = "no-cache"


@cache
def asset_version(folder: Path = WEB_DIR) -> str:
    """The fingerprint of every file under ``folder``: their paths and contents, hashed."""
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        digest.update(path.relative_to(folder).as_posix().encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def versioned_prefix() -> str:
    return f"/static/{asset_version()}/"


@cache
def _page_text(name: str) -> str | None:
    path = WEB_DIR / name
    if not path.is_file():
        return None
    return path.read_text(encoding="utf-8").replace('"/static/', f'"{versioned_prefix()}')


def page(name: str) -> Response:
    """One of the client's pages, its files named under their fingerprint."""
    text = _page_text(name)
    if text is None:
        return PlainTextResponse(f"The web client is not installed ({name} is missing).", status_code=404)
    return HTMLResponse(text, headers={"Cache-Control": ASKED_AGAIN})


class KeptFiles:
    """The fingerprinted folder: the same files, marked to be kept (see the module's docstring)."""

    def __init__(self) -> None:
        self.files = StaticFiles(directory=WEB_DIR, check_dir=False)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def send_kept(message: Message) -> None:
            if message["type"] == "http.response.start" and message.get("status") == 200:
                message["headers"] = [*message.get("headers", []), (b"cache-control", KEPT.encode())]
            await send(message)

        await self.files(scope, receive, send_kept)


def mount_files(app: FastAPI) -> None:
    """``/static/<fingerprint>/...`` kept, and ``/static/...`` asked for again each time."""
    app.mount(f"/static/{asset_version()}", KeptFiles(), name="static-kept")
    app.mount("/static", StaticFiles(directory=WEB_DIR, check_dir=False), name="static")


__all__ = ["ASKED_AGAIN", "KEPT", "WEB_DIR", "asset_version", "mount_files", "page", "versioned_prefix"]
