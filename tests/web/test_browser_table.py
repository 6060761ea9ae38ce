"""The table page as a family uses it, in real Chromium: moves built by selecting and confirmed by
a button that names them (a Hearts pass, a Hand and Foot meld; a tap alone sends nothing), the
finished trick left on the felt with its winner for the table's pause, phone and desktop sizes
(screenshots in tests/artifacts/), and an axe-core scan of the lobby and a table page. The server
and browser fixtures are test_browser's."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")

from tests.web.test_browser import (
    ARTIFACTS,
    CORNER,
    PATIENCE_MS,
    Api,
    enabled_moves,
    hand_cards,
    select_cards,
    wait_for_version,
    wait_until_passed,
    watch_errors,
)


def new_table(api: Api, game: str, *, people: int = 1, players: int = 4, **body: Any) -> dict[str, Any]:
    seats = [{"kind": "human"}] * people + [{"kind": "bot"}] * (players - people)
    table: dict[str, Any]
    status, table = api.call("/api/tables", {"game": game, "players": players, "seats": seats, **body})
    assert status == 201, table
    return table


def version_of(api: Api, table: dict[str, Any]) -> int:
    return int(api.snapshot(table["table_id"], table["seats"][0]["token"])["version"])


def play_seat_until(api: Api, table: dict[str, Any], done: Any, choose: Any,
                    limit: float = 60) -> dict[str, Any]:
    """Make seat 0's moves over the API (``choose(view)``) until ``done(snapshot)``; returns it."""
    token = table["seats"][0]["token"]
    deadline = time.monotonic() + limit
    while True:
        assert time.monotonic() < deadline, "the position was not reached in time"
        snap = api.snapshot(table["table_id"], token)
        if done(snap):
            return snap
        view = snap["view"]
        if 0 in view["to_act"] and view["legal_moves"]:
            api.call(f"/api/tables/{table['table_id']}/moves",
                     {"token": token, "move": choose(view), "version": snap["version"]})
        else:
            time.sleep(0.02)


# ---- Hearts: a pass of three, a wrong card taken back first -------------------------------------


def test_a_hearts_pass_is_built_by_selecting_and_confirmed_once(server: str, browser: Any) -> None:
    api = Api(server)
    table = new_table(api, "hearts", bot_delay_ms=0, trick_pause_ms=0)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors = watch_errors(page)
    page.goto(table["seats"][0]["link"])
    page.wait_for_selector("#move-buttons button[data-kind='choose']")
    start = version_of(api, table)
    wait_for_version(page, start)
    hand = hand_cards(page)
    wrong, *keep = hand[:4]
    select_cards(page, [wrong, *keep[:2]])
    assert page.is_enabled("#move-buttons button[data-kind='choose']")
    page.click(f"#hand button.hand-card[data-card='{wrong}']", position=CORNER)  # taken back
    assert page.get_attribute(f"#hand button[data-card='{wrong}']", "aria-pressed") == "false"
    assert page.is_disabled("#move-buttons button[data-kind='choose']"), "two cards are not a pass of three"
    assert "select 1 more" in page.inner_text("#move-buttons button[data-kind='choose']")
    page.click(f"#hand button.hand-card[data-card='{keep[2]}']", position=CORNER)
    assert version_of(api, table) == start, "selecting and unselecting sent a move"
    assert page.inner_text("#move-buttons button[data-kind='choose']").startswith("Pass these 3")
    page.click("#move-buttons button[data-kind='choose']")
    wait_until_passed(api, table["table_id"], table["seats"][0]["token"])
    snap = play_seat_until(api, table, lambda s: s["view"]["phase"] == "play", lambda v: v["legal_moves"][0])
    assert sorted(snap["view"]["passed"]["cards"]) == sorted(keep[:3]) and wrong in snap["view"]["hand"]
    # the cards received are marked in the hand
    wait_for_version(page, snap["version"])
    received = snap["view"]["received"]
    marked = page.eval_on_selector_all("#hand .card-marked", "els => els.map(e => e.dataset.card)")
    assert sorted(marked) == sorted(c for c in received if c in snap["view"]["hand"])
    page.close()
    assert not errors, errors


# ---- Hand and Foot: a tap never discards; a meld is built by selecting -------------------------


def meld_or_turn(view: dict[str, Any]) -> str:
    """Seat 0's move while looking for a meld: draw, or discard its first card."""
    legal: list[str] = view["legal_moves"]
    if "draw" in legal:
        return "draw"
    discards = [m for m in legal if m.startswith("discard ") and len(m.split()) == 2]
    return discards[0] if discards else legal[0]


def test_a_hand_and_foot_meld_is_built_by_selecting_and_a_tap_discards_nothing(
        server: str, browser: Any) -> None:
    api = Api(server)
    table = new_table(api, "hand-and-foot", bot_delay_ms=0)
    snap = play_seat_until(api, table, lambda s: any(m.startswith("meld ") for m in s["view"]["legal_moves"]),
                           meld_or_turn, limit=60)
    view = snap["view"]
    meld = next(m for m in view["legal_moves"] if m.startswith("meld "))
    cards = meld.split()[1:]
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors = watch_errors(page)
    # the page's timers run on a clock the test drives (time still flows as usual), and what the
    # page sends on its socket is kept: a move sent at once or by a timer after the tap shows
    page.clock.install()
    page.add_init_script("""
        window.sentMessages = [];
        const send = WebSocket.prototype.send;
        WebSocket.prototype.send = function (data) { window.sentMessages.push(data); send.call(this, data); };
    """)
    page.goto(table["seats"][0]["link"])
    wait_for_version(page, snap["version"])
    # one tap on a card that could be discarded: it is selected, nothing is sent, not even later
    other = next(c for c in view["hand"] if f"discard {c}" in view["legal_moves"])
    page.click(f"#hand button.hand-card[data-card='{other}'] >> nth=0", position=CORNER)
    page.clock.run_for(2000)  # every timer the tap may have set, fired
    sent = [m for m in map(json.loads, page.evaluate("window.sentMessages")) if "move" in m]  # not hello
    assert sent == [], f"a tap made a move: {sent}"
    assert version_of(api, table) == snap["version"], "a tap made a move"
    assert f"discard {other}" in enabled_moves(page)
    # the meld, card by card, then its button
    select_cards(page, cards)
    offered = enabled_moves(page)
    assert meld in offered or any(sorted(m.split()[1:]) == sorted(cards) for m in offered
                                  if m.startswith("meld ")), offered
    button = page.query_selector(f"#move-buttons button[data-move='{meld}']") or page.query_selector(
        "#move-buttons button[data-verb='meld']:not([disabled])")
    assert button is not None
    button.click()
    after = play_seat_until(api, table, lambda s: s["version"] > snap["version"], meld_or_turn, limit=10)
    recent = after["view"]["events"][-5:]
    assert any("book" in e or "meld" in e.lower() for e in recent), recent
    page.close()
    assert not errors, errors


# ---- the finished trick stays on the felt with its winner ---------------------------------------


def test_the_finished_trick_stays_with_its_winner_then_clears(server: str, browser: Any) -> None:
    api = Api(server)
    table = new_table(api, "euchre", bot_delay_ms=30, trick_pause_ms=1500)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors = watch_errors(page)
    page.goto(table["seats"][0]["link"])
    token = table["seats"][0]["token"]
    deadline = time.monotonic() + 60
    seen = None
    while seen is None:
        assert time.monotonic() < deadline, "no trick was seen finished"
        if page.evaluate("() => document.body.dataset.holding") == "trick":
            seen = {
                "cards": page.eval_on_selector_all("#felt .trick-done .trick-card", "els => els.length"),
                "winner": page.eval_on_selector_all("#felt .trick-done .trick-winner",
                                                    "els => els.map(e => e.dataset.seat)"),
                "said": page.inner_text("#felt .trick-result"),
                "version": int(page.evaluate("() => document.body.dataset.version")),
            }
            break
        snap = api.snapshot(table["table_id"], token)
        view = snap["view"]
        if 0 in view["to_act"] and view["legal_moves"]:
            api.call(f"/api/tables/{table['table_id']}/moves",
                     {"token": token, "move": view["legal_moves"][0], "version": snap["version"]})
        time.sleep(0.02)
    page.screenshot(path=str(ARTIFACTS / "euchre_trick_won.png"))
    done = api.snapshot(table["table_id"], token)["view"]["trick_done"]
    players = api.snapshot(table["table_id"], token)["view"]["players"]
    assert seen["cards"] in (3, 4) and len(seen["winner"]) == 1
    assert int(seen["winner"][0]) == done["winner"] and players[done["winner"]] in seen["said"]
    page.wait_for_function("() => document.body.dataset.holding === ''", timeout=PATIENCE_MS)
    assert page.query_selector("#felt .trick-done") is None
    # and the last trick can be looked at again (bots may have played another meanwhile)
    page.click("#felt-bar [data-action='last-trick']")
    said = page.inner_text("#last-trick .last-trick-winner")
    assert said.endswith(" took it.") and said.removesuffix(" took it.") in players
    assert page.eval_on_selector_all("#last-trick li", "els => els.length") in (3, 4)
    assert page.eval_on_selector_all("#last-trick li.trick-winner", "els => els.length") == 1
    page.close()
    assert not errors, errors


# ---- sizes: the up-card in view while bidding on a phone; a Hand and Foot table fits ------------


def test_euchre_bidding_on_a_phone_shows_the_up_card_without_scrolling(server: str, browser: Any) -> None:
    api = Api(server)
    table = new_table(api, "euchre", bot_delay_ms=60_000)  # the table stays in the first bidding round
    ARTIFACTS.mkdir(exist_ok=True)
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                  is_mobile=True, has_touch=True)
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(table["seats"][0]["link"])
    page.wait_for_selector("#felt .felt-pile[data-zone='up_card'] .card")
    box = page.eval_on_selector("#felt .felt-pile[data-zone='up_card'] .card",
                                "e => { const r = e.getBoundingClientRect(); "
                                "return [r.top, r.bottom, r.left, r.right]; }")
    assert box[0] >= 0 and box[1] <= 844 and box[2] >= 0 and box[3] <= 390, box
    assert page.evaluate("() => window.scrollY") == 0
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(ARTIFACTS / "euchre_bidding_phone.png"))
    context.close()
    assert not errors, errors


def test_a_hand_and_foot_table_mid_hand_fits_a_laptop_and_scrolls_sensibly_on_a_phone(
        server: str, browser: Any) -> None:
    api = Api(server)
    table = new_table(api, "hand-and-foot", bot_delay_ms=0)
    # seat 0 is a person: play its turns, melding when it can, until both sides have books
    def far_enough(s: dict[str, Any]) -> bool:
        view = s["view"]
        both = all(t["books"] for t in view["team_books"])
        return (both and 0 in view["to_act"]) or view["move_number"] > 150

    def meld_first(v: dict[str, Any]) -> str:
        return next((m for m in v["legal_moves"] if m.startswith("meld ")), meld_or_turn(v))

    snap = play_seat_until(api, table, far_enough, meld_first, limit=60)
    ARTIFACTS.mkdir(exist_ok=True)
    desk = browser.new_page(viewport={"width": 1280, "height": 800})
    errors = watch_errors(desk)
    desk.goto(table["seats"][0]["link"])
    wait_for_version(desk, snap["version"])
    felt = desk.eval_on_selector("#felt", "e => e.getBoundingClientRect().bottom")
    assert felt <= 800, f"the felt ends at {felt} px on a 1280×800 screen"
    desk.screenshot(path=str(ARTIFACTS / "hand_and_foot_desktop.png"))
    height = desk.evaluate("() => document.documentElement.scrollHeight")
    assert height < 2 * 800, height
    desk.close()
    phone_ctx = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                    is_mobile=True, has_touch=True)
    phone = phone_ctx.new_page()
    watch_errors(phone, errors)
    phone.goto(table["seats"][0]["link"])
    wait_for_version(phone, snap["version"])
    height = phone.evaluate("() => document.documentElement.scrollHeight")
    assert height < 2.5 * 844, f"the page is {height} px tall on a 844 px phone"
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= 390
    phone.screenshot(path=str(ARTIFACTS / "hand_and_foot_phone.png"), full_page=True)
    phone_ctx.close()
    assert not errors, errors


# ---- accessibility: axe-core in the page ----------------------------------------------------------


def serious(page: Any) -> list[str]:
    axe = pytest.importorskip("axe_playwright_python.sync_playwright",
                              reason="axe-playwright-python is not installed")
    results = axe.Axe().run(page)
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}"
            for v in results.response["violations"] if v["impact"] in ("serious", "critical")]


def test_the_lobby_and_a_table_page_have_no_serious_accessibility_violations(
        server: str, browser: Any) -> None:
    api = Api(server)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(server + "/")
    page.click(".game-card[data-game='euchre']")
    assert serious(page) == []
    table = new_table(api, "hearts", bot_delay_ms=60_000)
    page.goto(table["seats"][0]["link"])
    page.wait_for_selector("#hand button.hand-card")
    select_cards(page, hand_cards(page)[:2])
    assert serious(page) == []
    page.close()


# ---- an auction: many bids chosen as a number, then the word that follows it ---------------------


def test_an_auction_bids_with_a_number_and_a_denomination_not_seventy_buttons(
        server: str, browser: Any) -> None:
    api = Api(server)
    table = new_table(api, "five-hundred-rummy", bot_delay_ms=50)
    token = table["seats"][0]["token"]
    page = browser.new_page()
    errors = watch_errors(page)
    page.goto(table["seats"][0]["link"])
    page.wait_for_selector("#move-buttons .ladder select", timeout=PATIENCE_MS)
    # one number box and five buttons (four suits and no trump), never a button per bid
    assert page.locator("#move-buttons .ladder button").count() == 5
    numbers = page.eval_on_selector_all("#move-buttons .ladder option",
                                        "els => els.map(e => Number(e.value))")
    lowest = numbers[0]
    assert numbers == sorted(numbers) and numbers[-1] == 125
    page.select_option("#move-buttons .ladder select", str(numbers[1]))
    assert f"bid {numbers[1]} nt" in enabled_moves(page)
    page.select_option("#move-buttons .ladder select", str(lowest))
    button = page.locator("#move-buttons .ladder button", has_text="no trump")
    assert button.text_content() == f"Bid {lowest} no trump"
    button.click()
    deadline = time.monotonic() + PATIENCE_MS / 1000
    while True:
        bids = api.snapshot(table["table_id"], token)["view"]["bids"]
        if {"seat": 0, "bid": f"{lowest} no trump"} in bids:
            break
        assert time.monotonic() < deadline, bids
        time.sleep(0.05)
    page.close()
    assert not errors, errors
