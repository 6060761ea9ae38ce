"""The phone gallery: each game on a 390×844 phone at its default player count, at the phone
audit's seeded mid-game position, written to ``docs/phone/<game>.png`` with an index,
``docs/PHONE.md``.

    PYTHONPATH=src python -m tests.web.gallery            # every game
    PYTHONPATH=src python -m tests.web.gallery golf sweep # only these (the index lists them all)

It starts the app on a loopback port with a throwaway database and drives Debian's Chromium,
as the browser tests do (``tests/web/test_browser.py``); the positions are the audit's
(``tests/web/audit.py``), so a picture here is what the audit measured.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

import gamenight
from tests.web.audit import PHONE, Tab, contexts_options, mid_game, screenshot
from tests.web.test_browser import ROOT, Api, Server, chromium_path

DOCS = ROOT / "docs"


def index(games: list[gamenight.GameSpec], columns: int = 3) -> str:
    """docs/PHONE.md: the pictures as a grid of half-size thumbnails (each opens full size), in
    the order the lobby lists the games."""
    lines = ["# Each game on a phone", "",
             f"Every game at its default player count on a {PHONE.width}×{PHONE.height} phone (touch), "
             "at the phone audit's seeded mid-game position: seat 0 is a person, Mia; the other seats are "
             "bots. The pictures are written by `python -m tests.web.gallery`; the audit that measures "
             "the same positions is `tests/web/test_phone_audit.py`.", "",
             "| " + " | ".join([" "] * columns) + " |", "|" + "---|" * columns]
    cells = [f'<a href="phone/{s.id}.png"><img src="phone/{s.id}.png" width="{PHONE.width // 2}" '
             f'alt="{s.title} on a phone"></a><br>{s.title}, {s.default_players} players' for s in games]
    for start in range(0, len(cells), columns):
        row = cells[start:start + columns]
        lines.append("| " + " | ".join(row + [" "] * (columns - len(row))) + " |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--out", type=Path, default=DOCS, help="the docs directory (default: %(default)s)")
    args = parser.parse_args(argv)
    specs = gamenight.games()
    chosen = [s for s in specs if not args.games or s.id in args.games]
    unknown = set(args.games) - {s.id for s in specs}
    if unknown:
        parser.error(f"no such game: {', '.join(sorted(unknown))}")
    executable = chromium_path()
    if executable is None:
        parser.error("no Chromium (Debian's package 'chromium-headless-shell', or 'chromium')")
    from playwright.sync_api import sync_playwright

    pictures = args.out / "phone"
    pictures.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch, sync_playwright() as p:
        server = Server(Path(scratch) / "tables.db").start()
        browser = p.chromium.launch(executable_path=executable)
        try:
            api = Api(server.base)
            tab = Tab.new(browser.new_context(**contexts_options(phone=True)))
            for spec in chosen:
                table = mid_game(api, spec.id, spec.default_players)
                tab.open(table, PHONE)
                screenshot(tab.page, pictures / f"{spec.id}.png")
                print(f"{pictures / spec.id}.png", flush=True)
        finally:
            browser.close()
            server.stop()
    (args.out / "PHONE.md").write_text(index(specs))
    print(args.out / "PHONE.md")


if __name__ == "__main__":
    main()
