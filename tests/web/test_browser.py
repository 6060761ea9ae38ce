"""The browser client in a real browser: Debian's Chromium driven by Playwright.

The real app (``gamenight.server.app.create_app``) runs under uvicorn in a subprocess on a free
loopback port with a temporary SQLite database. A person opens the lobby, starts a Euchre table
with three bots and plays the first deal by clicking, while the test checks against the HTTP API
that exactly the legal cards are offered and that an illegal typed move is answered with the
engine's own sentence. A second test seats two people at a Hearts table in two browser contexts
and checks that one's move shows on the other's page.

Screenshots go to ``tests/artifacts/`` (not committed).
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")

#: Debian's headless shell first (package ``chromium-headless-shell``: Chromium built without its
#: windowed browser, the kind Playwright itself uses for headless pages): the same pages cost about
#: 40% less CPU than under the full ``chromium`` in its headless mode (lobby and table tests, 34 -> 20
#: CPU s), which matters on CI's two cores; the full browser if that is all there is
CHROMIUM_CANDIDATES = ("/usr/bin/chromium-headless-shell", "/usr/bin/chromium", "/usr/bin/chromium-browser")
ARTIFACTS = Path(__file__).parents[1] / "artifacts"  # tests/artifacts (git-ignored)
#: how long one test may play before it is a failure, in seconds
PLAY_DEADLINE = 120
# The longest a wait for a condition (a page drawing a version, the server taking a move) may take
# before it fails: generous, because CI's two cores also run a second worker, its server and its
# Chromium; a wait returns as soon as its condition holds, so this costs nothing when all is well.
PATIENCE_MS = 60_000
SERVER_SCRIPT = """
import importlib, os, sys, uvicorn
from gamenight.core.registry import register
for module in sys.argv[3:]:  # test-only games, registered before the app starts
    register(importlib.import_module(module).SPEC)
from gamenight.server.app import create_app
from gamenight.server.limits import Limits
limits = Limits(tables_per_minute=int(os.environ.get("TEST_TABLES_PER_MINUTE", "30")))
uvicorn.run(create_app(sys.argv[1], limits), host="127.0.0.1", port=int(sys.argv[2]), log_level="warning")
"""
#: the checkout, from which a test-only game's module (tests.core...) imports
ROOT = Path(__file__).resolve().parents[2]
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def chromium_path() -> str | None:
    for candidate in (os.environ.get("GAMENIGHT_CHROMIUM"), *CHROMIUM_CANDIDATES, shutil.which("chromium")):
        if candidate and Path(candidate).is_file():
            return candidate
    return None


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def card_label(code: str) -> str:
    """The label the engine's sentences use: ``10♥``, ``Q♠``."""
    return ("10" if code[0] == "T" else code[0]) + SUIT_SYMBOLS[code[1]]


# ---- the server, over plain HTTP -------------------------------------------------------------


class Api:
    def __init__(self, base: str) -> None:
        self.base = base

    def call(self, path: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method="POST" if data else "GET",
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read() or b"null")

    def snapshot(self, table_id: str, token: str) -> dict[str, Any]:
        status, body = self.call(f"/api/tables/{table_id}?token={urllib.parse.quote(token)}")
        assert status == 200, body
        return body  # type: ignore[no-any-return]


class Server:
    """The real app under uvicorn in a subprocess, on a loopback port, storing tables in ``db``;
    ``test_games`` names modules of test-only games (their ``SPEC``) to register first."""

    def __init__(self, db: Path, port: int | None = None, test_games: tuple[str, ...] = (),
                 tables_per_minute: int = 30) -> None:
        self.db = db
        self.test_games = test_games
        self.tables_per_minute = tables_per_minute
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log_path = db.parent / f"server-{self.port}.log"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> Server:
        with self.log_path.open("ab") as log:
            command = [sys.executable, "-c", SERVER_SCRIPT, str(self.db), str(self.port), *self.test_games]
            env = {**os.environ, "TEST_TABLES_PER_MINUTE": str(self.tables_per_minute)}
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, cwd=ROOT, env=env)
        # a wait for readiness, not a timing check: importing every game takes a few seconds on an
        # idle machine and far longer on CI's two busy cores, where 20 s was seen to run out
        deadline = time.monotonic() + 90
        while not self.answers():
            if self.process.poll() is not None:
                pytest.fail(f"the server exited with {self.process.returncode}:\n{self.log_path.read_text()}")
            if time.monotonic() > deadline:
                self.kill()  # not left running, orphaned, after the failed test
                pytest.fail("the server did not start within 90 s")
            time.sleep(0.1)
        return self

    def answers(self) -> bool:
        try:
            with urllib.request.urlopen(self.base + "/api/games", timeout=1) as r:
                return bool(r.status == 200)
        except OSError:
            return False

    def kill(self) -> None:
        """SIGKILL: no goodbye to the clients, nothing flushed."""
        if self.process is not None:
            self.process.kill()
            self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()


def watch_errors(page: Any, errors: list[str] | None = None) -> list[str]:
    """Collect a page's script errors and console errors (a broken module shows up here) into ``errors``."""
    found: list[str] = [] if errors is None else errors
    page.on("pageerror", lambda e: found.append(f"page error: {e}"))
    page.on("console", lambda m: found.append(f"console: {m.text}") if m.type == "error" else None)
    return found


def table_of(url: str) -> tuple[str, str]:
    """The table id and token of a table page's address."""
    parsed = urllib.parse.urlparse(url)
    token = urllib.parse.parse_qs(parsed.query)["token"][0]
    return parsed.path.rstrip("/").split("/")[-1], token


def start_from_lobby(page: Any) -> dict[str, Any]:
    """Click the lobby's Start for a table of you and bots and wait for the seat's page; the server's
    answer (each seat's link and token), read on its way: the page leaves the lobby at once, and a
    response's body is gone once its page has navigated away."""
    answers: list[dict[str, Any]] = []

    def keep(route: Any) -> None:
        response = route.fetch()
        answers.append(response.json())
        route.fulfill(response=response)

    page.route("**/api/tables", keep)
    page.click("#create")
    page.wait_for_url("**/t/*")
    page.unroute("**/api/tables", keep)
    return answers[0]


def wait_for_version(page: Any, version: int, timeout_ms: int = PATIENCE_MS) -> None:
    """Until the page draws the state at ``version`` (it marks <body data-version>)."""
    page.wait_for_function("v => Number(document.body.dataset.version) >= v", arg=version, timeout=timeout_ms)


def wait_until_passed(api: Api, table_id: str, token: str) -> None:
    """Until the seat has nothing left to choose (every move of a several-move action is made)."""
    deadline = time.monotonic() + PATIENCE_MS / 1000
    while api.snapshot(table_id, token)["view"].get("choose"):
        assert time.monotonic() < deadline, "the page did not send every move of its action"
        time.sleep(0.03)


def settled_snapshot(api: Api, page: Any, table_id: str, token: str, seconds: float = 60) -> dict[str, Any]:
    """Seat 0's snapshot once the table waits for seat 0 (or the game is over), with its page
    drawn at that version: the bots move on after seat 0's last move, so a snapshot taken at once
    can be older, or newer, than the page read next."""
    deadline = time.monotonic() + seconds
    while True:
        snap = api.snapshot(table_id, token)
        view = snap["view"]
        if view["is_over"] or (0 in view["to_act"] and view["legal_moves"]):
            wait_for_version(page, snap["version"])
            return snap
        assert time.monotonic() < deadline, "the table never came back to seat 0"
        time.sleep(0.02)


def wait_for_api_past(api: Api, table_id: str, token: str, version: int) -> dict[str, Any]:
    deadline = time.monotonic() + PATIENCE_MS / 1000
    while time.monotonic() < deadline:
        snap = api.snapshot(table_id, token)
        if snap["version"] > version:
            return snap
        time.sleep(0.03)
    raise AssertionError(f"the table did not move past version {version}")


def card_moves(view: dict[str, Any]) -> dict[str, str]:
    """Legal moves naming one card of the hand ("play QS", "discard 9C"), by card."""
    hand = set(view.get("hand") or [])
    out = {}
    for move in view["legal_moves"]:
        words = move.split()
        if len(words) == 2 and words[1] in hand:
            out[words[1]] = move
    return out


def hand_cards(page: Any) -> list[str]:
    cards: list[str] = page.eval_on_selector_all("#hand button.hand-card",
                                                 "els => els.map(e => e.dataset.card)")
    return cards


def enabled_moves(page: Any) -> list[str]:
    """The moves the action bar's enabled buttons make now."""
    moves: list[str] = page.eval_on_selector_all(
        "#move-buttons button[data-move]:not([disabled])", "els => els.map(e => e.dataset.move)")
    return moves


#: where a person taps a card of the hand: its index corner, the part of it a fanned hand always
#: shows (its neighbour covers the rest, so a tap at its centre lands on the neighbour)
CORNER = {"x": 12, "y": 16}


def select_cards(page: Any, cards: list[str]) -> None:
    """Select these cards of the hand (each occurrence once), from a clear selection."""
    if page.query_selector("#move-buttons [data-clear]"):
        page.click("#move-buttons [data-clear]")
    taken: dict[str, int] = {}
    for code in cards:
        nth = taken.get(code, 0)
        taken[code] = nth + 1
        page.click(f"#hand button.hand-card[data-card='{code}'] >> nth={nth}", position=CORNER)


def make_move(page: Any, move: str, hand: list[str], view: dict[str, Any] | None = None) -> None:
    """Make a legal move as a person does: its cards selected (a wild named as the card it stands
    for, ``JK=9H``, is selected as the wild), its pieces on the table tapped where they lie (the
    arguments the view's ``moves`` place: ``at``), then the button that makes it."""
    entry = next((m for m in (view or {}).get("moves", []) if m["text"] == move), None)
    placed = [a for a in entry["args"] if "at" in a] if entry else []
    cards = [w.split("=")[0] for w in move.split()[1:] if w.split("=")[0] in hand]
    if entry and placed:
        named = [a.get("piece", a["value"]) for a in entry["args"] if "at" not in a]
        cards = [c for c in named if c in hand]
    if cards or placed:
        select_cards(page, cards)
    for arg in placed:
        tap_place(page, arg)
    if entry and "at" in entry:  # the move's own place: the stock a draw takes from, the pile
        if not cards and not placed:
            select_cards(page, [])
        tap_place(page, {"at": entry["at"], "value": ""})
    click_move(page, move)
    confirm_if_asked(page, move)


def tap_place(page: Any, arg: dict[str, Any]) -> None:
    """Tap the piece on the table an argument names: its place, or (a die of any position) an
    unselected piece of its zone showing its value."""
    at = arg["at"]
    if "index" in at:
        page.click(f"#felt .felt-target[data-at='{at['zone']}#{at['index']}']")
        return
    if arg["value"] == "":  # a pile as a whole
        page.click(f"#felt .felt-target[data-at='{at['zone']}']")
        return
    free = f"#felt .felt-target[data-at^='{at['zone']}#'][data-value='{arg['value']}']:not(.selected)"
    page.click(f"{free} >> nth=0")


def click_move(page: Any, move: str) -> None:
    """Press the button that makes ``move``, opening the "More" sheet first where it waits there."""
    button = page.locator(f"#move-buttons button[data-move='{move}']").first
    if not button.is_visible() and page.locator("#move-buttons details.more-moves:not([open])").count():
        page.click("#move-buttons details.more-moves > summary")
    button.click()


def confirm_if_asked(page: Any, move: str) -> None:
    """The second tap a move that commits the hand asks for (a knock, a bet: confirm.js arms its
    button on the first tap, in the click's own handler, so it is marked when the click returns)."""
    armed = f"button[data-move='{move}'][data-confirming='1']"
    if page.query_selector(armed):
        page.click(armed)


def open_first_seat(api: Api, browser: Any, game: str, players: int,
                    **table: Any) -> tuple[Any, list[str], str, str]:
    """A table of ``game`` with a person at seat 0 and heuristic bots in the other seats (no bot
    delay; ``table``: more of the request, such as options or a preset), and the person's page
    open at it with its hand drawn: (page, the page's script errors, table id, seat 0's token)."""
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "heuristic"}] * (players - 1)
    status, made = api.call("/api/tables", {"game": game, "players": players, "seats": seats,
                                            "bot_delay_ms": 0, **table})
    assert status == 201, made
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors = watch_errors(page)
    page.goto(made["seats"][0]["link"])
    page.wait_for_selector("#hand button.hand-card")
    return page, errors, made["table_id"], made["seats"][0]["token"]


def chosen_together(view: dict[str, Any]) -> dict[str, Any] | None:
    """The ``{verb, count}`` the page selects several cards for at once (a Hearts pass, a bury),
    from the view's first field of kind ``choose``, as the page reads it; None when there is none."""
    fields = [f for f in view["layout"]["fields"] if f["kind"] == "choose"]
    value = view.get(fields[0]["key"]) if fields else None
    return value if isinstance(value, dict) else None


def play_by_clicking(api: Api, page: Any, table_id: str, token: str,
                     choose: Callable[[dict[str, Any]], str],
                     done: Callable[[dict[str, Any], list[str]], bool], *, seconds: float = 90,
                     after: Callable[[dict[str, Any], str], None] | None = None) -> list[str]:
    """Seat 0's moves made on its page as a person makes them (``choose`` picks from the seat's
    view), the bots playing between them, until ``done(view, moves made)`` or the game is over;
    ``after(view, move)`` follows each move. Returns the moves made."""
    made: list[str] = []
    deadline = time.monotonic() + seconds
    while True:
        assert time.monotonic() < deadline, f"only {len(made)} moves were made in time: {made}"
        snap = api.snapshot(table_id, token)
        view = snap["view"]
        if view["is_over"] or done(view, made):
            return made
        if 0 in view["to_act"] and view["legal_moves"]:
            wait_for_version(page, snap["version"])
            move = choose(view)
            several = chosen_together(view)
            if several and several["count"] > 1 and move.split()[0] == several["verb"]:
                picks = [m.split()[1] for m in view["legal_moves"] if m.split()[0] == several["verb"]]
                select_cards(page, list(dict.fromkeys(picks))[:several["count"]])
                page.click("#move-buttons button[data-kind='choose']")
                wait_until_passed(api, table_id, token)
            else:
                make_move(page, move, view["hand"] or [], view)
            wait_for_api_past(api, table_id, token, snap["version"])
            made.append(move)
            if after is not None:
                after(view, move)
        else:
            time.sleep(0.02)


def scored(view: dict[str, Any], made: list[str]) -> bool:
    """A ``done`` for :func:`play_by_clicking`: the first deal is on the score sheet."""
    return bool(view["score_sheet"]["rows"])


def assert_only_legal_cards_offered(page: Any, view: dict[str, Any]) -> None:
    """Every card of the hand is shown; selecting one enables exactly the legal moves naming it alone,
    and nothing is sent by the tap."""
    assert sorted(hand_cards(page)) == sorted(view["hand"])
    expected = card_moves(view)
    for code in list(expected)[:3]:
        select_cards(page, [code])
        naming = sorted(m for m in view["legal_moves"] if m.split()[1:] == [code])
        offered = sorted(m for m in enabled_moves(page) if len(m.split()) == 2 and m.split()[1] == code)
        assert offered == naming
        assert page.get_attribute(f"#hand button.hand-card[data-card='{code}']", "aria-pressed") == "true"
    if page.query_selector("#move-buttons [data-clear]"):
        page.click("#move-buttons [data-clear]")


# ---- Euchre: a person and three bots, the first deal played by clicking ----------------------


def test_euchre_first_deal_by_clicking(server: str, browser: Any) -> None:
    api = Api(server)
    ARTIFACTS.mkdir(exist_ok=True)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors = watch_errors(page)
    page.goto(server + "/")
    page.click(".game-card[data-game='euchre']")
    assert page.input_value("#seat-0") == "human"
    assert [page.input_value(f"#seat-{i}") for i in (1, 2, 3)] == ["bot:casual"] * 3
    page.select_option("#bot-delay", "0")
    page.click(".advanced summary")  # the table's trick pause is a setting of its own
    page.fill("#trick-pause", "0.3")
    # you and bots: Start goes straight to your seat (the page then drops its token from the address)
    link: str = start_from_lobby(page)["seats"][0]["link"]  # absolute: built on the request's host
    table_id, token = table_of(link)
    assert api.snapshot(table_id, token)["trick_pause_ms"] == 300
    page.wait_for_selector("#my-seat .seat-me")
    # The same seat on a phone, alongside: it must fit 390 px without sideways scrolling.
    phone = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                is_mobile=True, has_touch=True)
    small = phone.new_page()
    watch_errors(small, errors)
    small.goto(link)  # the seat's link: the address bar no longer holds the token
    small.wait_for_selector("#my-seat .seat-me")

    tried_illegal = tried_keyboard = False
    clicks = 0
    # Score rows when this seat first had cards to play: a deal thrown in, or one where the
    # partner went alone, ends with no card played here, and then the next deal is played.
    rows_before: int | None = None
    deadline = time.monotonic() + PLAY_DEADLINE
    while True:
        assert time.monotonic() < deadline, "no deal with this seat's cards ended in time"
        snap = api.snapshot(table_id, token)
        view = snap["view"]
        rows = view["score_sheet"]["rows"]
        if rows_before is not None and len(rows) > rows_before:
            break
        if 0 not in view["to_act"]:
            time.sleep(0.03)
            continue
        wait_for_version(page, snap["version"])
        assert_only_legal_cards_offered(page, view)
        cards = card_moves(view)
        if cards and rows_before is None:
            rows_before = len(rows)
            wait_for_version(small, snap["version"])
            small.screenshot(path=str(ARTIFACTS / "euchre_phone.png"))  # mid-deal: the trick, the hand
        if cards and not tried_illegal:
            check_illegal_typed_move(page, api, table_id, token, snap)
            tried_illegal = True
        if cards and not tried_keyboard:
            # Keyboard alone: into the hand, arrow to a playable card, Space selects it (nothing is
            # sent), Enter on the selected card makes its one move; focus then waits on the status line.
            target = next(iter(cards))
            page.focus("#hand button.hand-card[tabindex='0']")
            shown = hand_cards(page)
            for _ in range(shown.index(target)):
                page.keyboard.press("ArrowRight")
            assert page.evaluate("() => document.activeElement.dataset.card") == target
            page.keyboard.press("Space")
            assert page.get_attribute(f"#hand button[data-card='{target}']", "aria-pressed") == "true"
            assert api.snapshot(table_id, token)["version"] == snap["version"], "a key press made a move"
            page.keyboard.press("Enter")
            tried_keyboard = True
            wait_for_api_past(api, table_id, token, snap["version"])
            page.wait_for_function("() => document.activeElement.id === 'turn'", timeout=PATIENCE_MS)
        elif cards:
            make_move(page, next(iter(cards.values())), view["hand"])
        elif "pass" in view["legal_moves"]:
            page.click("#move-buttons button[data-move='pass']")
        else:
            make_move(page, view["legal_moves"][0], view["hand"])
        clicks += 1
        wait_for_api_past(api, table_id, token, snap["version"])
        if clicks == 1:
            page.reload()  # a reload resumes where the table is (the asserts above run on the new page)
            page.wait_for_selector("#my-seat .seat-me")

    assert tried_illegal and tried_keyboard
    page.wait_for_selector(f"#sheet tbody tr >> nth={rows_before}")
    assert rows[rows_before]["label"] in page.inner_text(f"#sheet tbody tr >> nth={rows_before}")
    page.screenshot(path=str(ARTIFACTS / "euchre_first_deal.png"), full_page=True)

    small.click(".panel-menu [data-sheet='sheet-panel']")  # on a phone the score sheet is a sheet
    small.wait_for_selector(f"#sheet tbody tr >> nth={rows_before}")
    width = small.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide on a 390 px phone: it scrolls sideways"
    small.screenshot(path=str(ARTIFACTS / "euchre_phone_full.png"), full_page=True)
    small.click(".panel-menu [data-sheet='log-panel']")  # the log opens at its newest line
    sync_api.expect(small.locator("#log li").last).to_be_in_viewport()
    phone.close()
    page.close()
    assert not errors, errors


def check_illegal_typed_move(page: Any, api: Api, table_id: str, token: str, snap: dict[str, Any]) -> None:
    """Type a move the engine refuses: the page shows the engine's sentence, and nothing changes."""
    view = snap["view"]
    legal_cards = set(card_moves(view))
    unplayable = [c for c in view["hand"] if c not in legal_cards]
    verb = next(iter(card_moves(view).values())).split()[0]
    held = set(view["hand"])
    card = unplayable[0] if unplayable else next(
        f"{r}{s}" for s in "CDHS" for r in "9TJQKA" if f"{r}{s}" not in held)
    move = f"{verb} {card}"
    page.click("#turn")
    page.keyboard.press("/")  # opens "Type a move" and focuses its box
    page.fill("#move-input", move)
    page.press("#move-input", "Enter")
    page.wait_for_selector("#error:not([hidden])")
    shown = page.inner_text("#error").strip()
    status, body = api.call(f"/api/tables/{table_id}/moves",
                            {"token": token, "move": move, "version": snap["version"]})
    assert status == 422 and body["error"]["code"] == "illegal_move", body
    assert shown == body["error"]["message"]
    assert api.snapshot(table_id, token)["version"] == snap["version"]


# ---- Hearts: two people in two browsers see each other's moves ------------------------------


def test_hearts_two_people_see_each_other(server: str, browser: Any) -> None:
    api = Api(server)
    lobby = browser.new_page(viewport={"width": 1200, "height": 900})
    errors = watch_errors(lobby)
    lobby.goto(server + "/")
    lobby.click(".game-card[data-game='hearts']")
    lobby.select_option("#players", "4")
    lobby.click(".seats-fold summary")  # who plays is folded: the lobby's default is you and bots
    lobby.select_option("#seat-1", "human")
    lobby.select_option("#bot-delay", "0")
    lobby.click("#create")
    lobby.wait_for_selector("#created a.button[data-seat='1']")
    links = lobby.eval_on_selector_all("#created a.button[data-seat]", "els => els.map(e => e.href)")
    assert len(links) == 2
    lobby.close()

    first, second = browser.new_context(), browser.new_context()  # two people, two browsers
    north, east = first.new_page(), second.new_page()
    watch_errors(north, errors)
    watch_errors(east, errors)
    north.goto(links[0])
    east.goto(links[1])
    table_id, north_token = table_of(links[0])
    _, east_token = table_of(links[1])
    for page in (north, east):
        page.wait_for_selector("#hand button.hand-card")

    # East selects three cards and passes them at once: North's page shows it, live.
    east_hand = hand_cards(east)
    select_cards(east, east_hand[:3])
    east.click("#move-buttons button[data-kind='choose']")
    wait_until_passed(api, table_id, east_token)
    north.wait_for_function(
        "() => document.querySelector('#felt .seat[data-seat=\"1\"] .stat[data-key=\"passes_chosen\"] dd')"
        "?.textContent.trim() === '3'", timeout=PATIENCE_MS)

    # Both finish passing and play on until East plays a card: it appears on North's page.
    deadline = time.monotonic() + PLAY_DEADLINE
    seen_east_play = False
    while not seen_east_play:
        assert time.monotonic() < deadline, "East never got to play a card"
        for page, token, seat in ((north, north_token, 0), (east, east_token, 1)):
            snap = api.snapshot(table_id, token)
            view = snap["view"]
            if seat not in view["to_act"] or not view["legal_moves"]:
                continue
            wait_for_version(page, snap["version"])
            choose = chosen_together(view)
            if choose:
                select_cards(page, view["hand"][:choose["count"]])
                page.click("#move-buttons button[data-kind='choose']")
                wait_until_passed(api, table_id, token)
                continue
            assert_only_legal_cards_offered(page, view)
            move = view["legal_moves"][0]
            card = move.split()[1]
            make_move(page, move, view["hand"])
            wait_for_api_past(api, table_id, token, snap["version"])
            if seat == 1 and move.startswith("play"):
                north.wait_for_function("t => document.querySelector('#log').textContent.includes(t)",
                                        arg=f"East plays {card_label(card)}", timeout=PATIENCE_MS)
                seen_east_play = True
                break
        else:
            time.sleep(0.03)
    ARTIFACTS.mkdir(exist_ok=True)
    north.screenshot(path=str(ARTIFACTS / "hearts_north.png"), full_page=True)
    first.close()
    second.close()
    assert not errors, errors


# ---- a server killed mid-game: the page reconnects by itself and play goes on -----------------


def test_page_reconnects_after_the_server_is_killed(tmp_path: Path, browser: Any) -> None:
    pytest.importorskip("gamenight.server.app", reason="the server package is not there")
    running = Server(tmp_path / "tables.db").start()
    try:
        api = Api(running.base)
        status, table = api.call("/api/tables", {"game": "euchre", "bot_delay_ms": 0, "seats": [
            {"kind": "human"}, *({"kind": "bot", "bot": "heuristic"} for _ in range(3))]})
        assert status == 201, table
        page = browser.new_page()
        errors = watch_errors(page)
        page.goto(table["seats"][0]["link"])  # absolute: built on the request's host
        # a plain move (pass, order) or, when the dealer must discard after an order, the
        # Discard button that waits for a card to be selected
        page.wait_for_selector("#move-buttons button[data-move], #move-buttons button[data-action]")
        before = api.snapshot(table["table_id"], table["seats"][0]["token"])["version"]

        running.kill()
        page.wait_for_selector("#conn[data-state='down']", timeout=PATIENCE_MS)
        running.start()
        page.wait_for_selector("#conn[data-state='live']", timeout=PATIENCE_MS)
        wait_for_version(page, before)
        snap = api.snapshot(table["table_id"], table["seats"][0]["token"])
        wait_for_version(page, snap["version"])
        make_move(page, snap["view"]["legal_moves"][0], snap["view"]["hand"])
        wait_for_api_past(api, table["table_id"], table["seats"][0]["token"], before)
        page.close()
        # The browser's failed connection attempts while the server was down are console errors.
        assert not [e for e in errors if "WebSocket" not in e and "Failed to load" not in e], errors
    finally:
        running.stop()
