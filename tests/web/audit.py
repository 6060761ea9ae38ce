"""The phone audit's helpers (issue 26, deliverable 10), shared by ``test_phone_audit.py`` and the
gallery script (``python -m tests.web.gallery``).

A table is brought to a seeded mid-game position through the HTTP API alone: seat 0 is a person
named Mia, every other seat a named heuristic bot playing at once; seat 0 makes a fixed number of
moves picked by a fixed rule, and the table is then waited on until it is seat 0's turn again.
The page is audited from one ``page.evaluate`` per viewport (``audit.js``), which returns
what it measured; the Python side turns that into sentences naming what is wrong and where.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.web.test_browser import PATIENCE_MS, Api, wait_for_version, watch_errors

#: the seed of every audited table: the same deal, the same bots' moves, the same position each run
AUDIT_SEED = 26_2026
#: how many moves seat 0 makes before the page is audited: past the deal's opening choices
#: (a bid, a pass, the first draw) into play, but early enough that no game is over
SEAT0_MOVES = 6
#: the players' names: a team is "Mia & Leo" only when the seats have names, so compass team
#: names are forbidden words at every audited table
NAMES = ("Mia", "Leo", "Ana", "Sam", "Zoe", "Max", "Ivy", "Ben", "Eva", "Tom", "Lia", "Kai", "Ada",
         "Noa", "Rio", "Una")
#: verbs seat 0 does not pick while another move is legal: they end a turn, a hand or a deal early
#: (knock, stop, go out) or skip the play the audit wants to see on the table
AVOIDED_VERBS = frozenset({"pass", "knock", "stop", "fold", "out", "go", "rummy", "alone", "concede",
                           "resign", "claim", "quit", "stand"})


@dataclass(frozen=True)
class Viewport:
    width: int
    height: int
    phone: bool

    @property
    def name(self) -> str:
        return f"{self.width}x{self.height}"


#: the issue's four screens: two phones (touch, mobile emulation), a tablet and a laptop
VIEWPORTS = (Viewport(360, 740, True), Viewport(390, 844, True), Viewport(768, 1024, False),
             Viewport(1280, 800, False))
PHONE = VIEWPORTS[1]


def contexts_options(phone: bool) -> dict[str, Any]:
    """Playwright context options: a phone is touch and mobile; both ask for reduced motion, so a
    card in flight never stands where the audit measures (the page must honour it anyway)."""
    first = next(v for v in VIEWPORTS if v.phone == phone)
    options: dict[str, Any] = {"viewport": {"width": first.width, "height": first.height},
                               "reduced_motion": "reduce"}
    if phone:
        options.update(has_touch=True, is_mobile=True)
    return options


# ---- the seeded mid-game position, through the API --------------------------------------------


def table_request(game: str, players: int, seed: int = AUDIT_SEED) -> dict[str, Any]:
    seats: list[dict[str, Any]] = [{"kind": "human", "name": NAMES[0]}]
    seats += [{"kind": "bot", "bot": "heuristic", "name": NAMES[i]} for i in range(1, players)]
    return {"game": game, "players": players, "seats": seats, "seed": seed, "bot_delay_ms": 0,
            "trick_pause_ms": 0}


def seat0_move(view: dict[str, Any]) -> str:
    """The fixed rule for seat 0: the first legal move whose verb is not avoided, else the first."""
    legal: list[str] = view["legal_moves"]
    return next((m for m in legal if m.split()[0] not in AVOIDED_VERBS), legal[0])


def waiting_for_seat0(api: Api, table_id: str, token: str, seconds: float = 60) -> dict[str, Any]:
    """Seat 0's snapshot once the table waits for it (or the game is over): bots play at once."""
    deadline = time.monotonic() + seconds
    while True:
        snap = api.snapshot(table_id, token)
        view = snap["view"]
        if view["is_over"] or (0 in view["to_act"] and view["legal_moves"]):
            return snap
        assert time.monotonic() < deadline, f"the table never came back to seat 0 (version {snap['version']})"
        time.sleep(0.02)


def create_table(api: Api, request: dict[str, Any], seconds: float = 120) -> dict[str, Any]:
    """A new table; when the server's limit on new tables a minute (30 for one client) is reached,
    asked again when the server says a table is free (the audit makes about 70)."""
    deadline = time.monotonic() + seconds
    while True:
        status, made = api.call("/api/tables", request)
        if status != 429:
            assert status == 201, made
            table: dict[str, Any] = made
            return table
        assert time.monotonic() < deadline, f"the server refused new tables for {seconds} s: {made}"
        time.sleep(float(made["error"].get("retry_after", 1)))


@dataclass
class Table:
    game: str
    players: int
    table_id: str
    token: str
    link: str
    snap: dict[str, Any]


def mid_game(api: Api, game: str, players: int, moves: int = SEAT0_MOVES) -> Table:
    """A table of ``game`` for ``players`` at its audited position: seat 0's ``moves`` moves made."""
    made = create_table(api, table_request(game, players))
    table_id, token = made["table_id"], made["seats"][0]["token"]
    snap = waiting_for_seat0(api, table_id, token)
    for _ in range(moves):
        if snap["view"]["is_over"]:
            break
        move = seat0_move(snap["view"])
        status, body = api.call(f"/api/tables/{table_id}/moves",
                                {"token": token, "move": move, "version": snap["version"]})
        assert status in (200, 201), f"seat 0's {move!r} at version {snap['version']}: {body}"
        snap = waiting_for_seat0(api, table_id, token)
    assert not snap["view"]["is_over"], f"{game} for {players} ended before the audited position"
    return Table(game, players, table_id, token, made["seats"][0]["link"], snap)


@dataclass
class Tab:
    """A page navigated from table to table (a navigation costs far less than a new page), the
    script errors it reported since it last opened a table, and its HTTP requests in flight."""
    page: Any
    errors: list[str] = field(default_factory=list)
    pending: set[Any] = field(default_factory=set)

    @classmethod
    def new(cls, context: Any) -> Tab:
        tab = cls(context.new_page())
        watch_errors(tab.page, tab.errors)
        tab.page.on("request", lambda r: tab.pending.add(r))
        tab.page.on("requestfinished", lambda r: tab.pending.discard(r))
        tab.page.on("requestfailed", lambda r: tab.pending.discard(r))
        return tab

    def open(self, table: Table, first: Viewport) -> None:
        """The seat's page, loaded at ``first``, drawn at the audited version with everything it
        fetches besides (the game's rules come from /api/games/{id}, after the first drawing), nothing
        moving."""
        self.errors.clear()
        self.page.set_viewport_size({"width": first.width, "height": first.height})
        self.page.goto(table.link)
        wait_for_version(self.page, table.snap["version"], timeout_ms=20_000)
        deadline = time.monotonic() + PATIENCE_MS / 1000
        while self.pending:
            assert time.monotonic() < deadline, f"requests still in flight: {[r.url for r in self.pending]}"
            self.page.wait_for_timeout(20)  # lets Playwright deliver the requests' events
        # what a finished request brings is drawn by the next frame or the one after
        self.page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        still(self.page)


def still(page: Any) -> None:
    """Until no finite animation or transition runs (after a load or a resize)."""
    page.wait_for_function(
        "() => document.getAnimations().every(a => a.playState !== 'running'"
        " || a.effect?.getComputedTiming().iterations === Infinity)", timeout=PATIENCE_MS)


# ---- what the page shows, measured in the page ------------------------------------------------

#: the elements a person acts on: buttons, links, anything focusable in the tab order, and the
#: pieces the page draws as tappable (a card, die, tile, board space, hole or marble)
PIECES = "[data-card], [data-die], [data-tile], [data-space], [data-hole], [data-marble], [data-piece]"
ACTIONABLE = ("button:not([disabled]), [role=button]:not([aria-disabled=true]), [tabindex='0'], a[href],"
              " summary, input:not([disabled]):not([type=hidden]), select:not([disabled]), [data-move], "
              + PIECES)
#: where the audit looks for words (a text is checked in every region it lies in)
REGIONS = {
    "seat": "[data-seat], .seat",
    "button": "button, [role=button], a.button, summary",
    "banner": "h1, [role=status], [role=alert], [aria-live], [role=dialog], dialog, .banner, #turn, #outcome,"
              " #seat-role, #notices",
    "log line": "#log > *, [role=log] > *",
}
#: the rules panel: read whole (folded on a phone, one tap away), for markup, paths and gap ids
RULES = "#rules"
HAND = "#hand"
ACTION_BAR = "#move-buttons"

#: the measuring script, run in the page once per viewport
AUDIT_JS = (Path(__file__).parent / "audit.js").read_text()


@dataclass(frozen=True)
class Forbidden:
    """A pattern nobody should read, why, and the regions it applies to (None: every region)."""
    pattern: re.Pattern[str]
    why: str
    regions: frozenset[str] | None = None


def pattern(regex: str, why: str, regions: Iterable[str] | None = None, flags: int = 0) -> Forbidden:
    return Forbidden(re.compile(regex, flags), why, None if regions is None else frozenset(regions))


#: the words of the engine and the code that people must never read (issue 26, "plain words")
FORBIDDEN = (
    pattern(r"(?<![\w♠♣♥♦])(?:10|[2-9TJQKA])[CDHS](?![\w])", "a card code (QS, 10H, TD)"),
    pattern(r"\bJK\b", "the joker's code"),
    pattern(r"(?<![\w.,-])\d{1,2}-\d{1,2}(?![\w-])", "a domino tile's code (12-7)"),
    pattern(r"\bperson\b", "the seat kind 'person'", ("seat", "button", "banner", "log line", "name"),
            re.IGNORECASE),
    pattern(r"\bheuristic\b", "the bot's kind 'heuristic'", None, re.IGNORECASE),
    pattern(r"\b(?:North|East)\s*[–—-]\s*(?:South|West)\b", "a compass team name (the players have names)"),
    pattern(r"\b[GT]-[A-Z0-9]+-\d+\b|\bGEN-\d+\b", "a gap id (G-TDR-1, GEN-10)"),
    pattern(r"\bshared/|\w\.md\b|\.py\b|gamenight\.\w", "a file path or module name"),
    pattern(r"\*\*|`", "markup (** or a backtick)"),
    pattern(r"\bkernel\b", "the engine word 'kernel'", None, re.IGNORECASE),
    pattern(r"\bNone\b(?! of\b)|\bundefined\b|\bNaN\b|\[object", "a program's value (None, undefined, NaN)"),
    pattern(r"\b[a-z]+_[a-z_]+\b", "an identifier (snake_case)"),
)


def raw_moves(view: dict[str, Any]) -> list[Forbidden]:
    """Each legal move's text when it differs from its words, as a forbidden pattern. A move of a
    verb alone ("draw", "knock") is a word people use too, so only moves with arguments count."""
    out = []
    for move in view.get("moves") or []:
        text = move["text"]
        if " " in text and text != move.get("words"):
            out.append(pattern(rf"(?<![\w]){re.escape(text)}(?![\w])", f"the raw move {text!r}"))
    return out


def word_problems(texts: list[list[str]], rules: str, view: dict[str, Any]) -> list[tuple[str, str]]:
    """Per forbidden kind of text and region it is found in: that, and a few examples. The page's
    whole text is read last, for what lies in none of the regions."""
    found: dict[tuple[str, str], list[str]] = {}
    matched: set[tuple[str, str]] = set()  # (kind, text matched) seen in a region
    moves = raw_moves(view)
    ordered = sorted([*texts, ["rules panel", rules]], key=lambda t: t[0] == "page")
    for region, text in ordered:
        for check in [*FORBIDDEN, *moves]:
            if check.regions is not None and region not in check.regions:
                continue
            why = "a raw move" if check in moves else check.why
            for hit in check.pattern.finditer(text):
                if region == "page" and (why, hit.group()) in matched:
                    continue
                matched.add((why, hit.group()))
                start = max(hit.start() - 25, 0)
                example = f"{hit.group()!r} in \"…{text[start:hit.end() + 25]}…\""
                examples = found.setdefault((why, region), [])
                if example not in examples:
                    examples.append(example)
    return [(f"{why} in a {region}", f"×{len(examples)}: " + "; ".join(examples[:3]))
            for (why, region), examples in found.items()]


def resize(page: Any, viewport: Viewport) -> None:
    page.set_viewport_size({"width": viewport.width, "height": viewport.height})
    still(page)


def audit(page: Any, viewport: Viewport, view: dict[str, Any]) -> list[tuple[str, str]]:
    """What is wrong with the page, already at ``viewport``: each problem as what is wrong (the
    same words at every viewport it is seen at) and its detail; [] when nothing is. It scrolls
    the page and its strips, so a screenshot is taken before."""
    found = page.evaluate(AUDIT_JS, [ACTIONABLE, PIECES, REGIONS, RULES, HAND, ACTION_BAR,
                                     viewport.width, viewport.height])
    problems: list[str] = []  # geometry: what and where in one sentence
    if found["overflow"] > found["width"]:
        problems.append(f"the page is {found['overflow']} px wide on a {found['width']} px screen: "
                        "it scrolls sideways")
    if viewport.phone:
        if view.get("hand") and not found["hand"]:
            problems.append(f"seat 0 holds {len(view['hand'])} pieces but no hand is shown ({HAND})")
        if view["legal_moves"] and not found["bar"]:
            problems.append(f"seat 0 has {len(view['legal_moves'])} legal moves but the action bar "
                            f"({ACTION_BAR}) is not shown")
        problems += [f"not in the first screen: {what}" for what in found["firstScreen"]]
    problems += [f"covered: {what}" for what in found["covered"]]
    problems += [f"clipped label: {what}" for what in found["clipped"]]
    return [(p, "") for p in problems] + word_problems(found["texts"], found["rules"], view)


def screenshot(page: Any, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    page.evaluate("() => scrollTo({top: 0, left: 0, behavior: 'instant'})")
    if path.suffix == ".jpg":
        page.screenshot(path=str(path), quality=80)
    else:
        page.screenshot(path=str(path))


def serious_violations(page: Any) -> list[str]:
    """axe-core's serious and critical violations on the page, each a line naming its elements."""
    import importlib

    axe: Any = importlib.import_module("axe_playwright_python.sync_playwright")  # ships no types
    results = axe.Axe().run(page)
    return [f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:4]}"
            for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
