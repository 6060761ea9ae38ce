"""The people in a real browser (Chromium through Playwright): names chosen in the lobby and on the
table page, QR codes of the seats' links, the chat between two seats (and a spectator who only
reads), and a rematch that moves both players' pages to their own new seats with the series tally.

The server runs in a subprocess with the test-only game Quiet Count registered (two players count in
turn; its rules count speech): a whole match is six moves, so a rematch is quick to reach.
"""

from __future__ import annotations

import urllib.parse
from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.test_links import qr_matrix, symbol_of
from tests.web.test_browser import PATIENCE_MS, Api, Server, watch_errors


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("people") / "tables.db"
    running = Server(db, test_games=("tests.core.quiet_game",)).start()
    try:
        yield running.base
    finally:
        running.stop()


def quiet_table(api: Api, names: list[str | None]) -> dict[str, Any]:
    seats = [{"kind": "human", **({"name": n} if n else {})} for n in names]
    status, table = api.call("/api/tables", {"game": "quiet-count", "seats": seats})
    assert status == 201, table
    return table  # type: ignore[no-any-return]


def play_out(api: Api, table: dict[str, Any]) -> None:
    tokens = [s["token"] for s in table["seats"]]
    while True:
        snap = api.snapshot(table["table_id"], tokens[0])
        if snap["view"]["is_over"]:
            return
        (seat,) = snap["view"]["to_act"]
        status, body = api.call(f"/api/tables/{table['table_id']}/moves",
                                {"token": tokens[seat], "move": "count", "version": snap["version"]})
        assert status == 200, body


def chat_texts(page: Any) -> list[str]:
    texts: list[str] = page.eval_on_selector_all("#chat .chat-log li", "els => els.map(e => e.innerText)")
    return texts


def test_the_lobby_names_the_seats_and_shows_a_qr_code_of_each_link(server: str, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors = watch_errors(page)
    page.goto(server + "/#euchre")
    page.click(".seats-fold summary")  # who plays is folded: the lobby's default is you and bots
    page.wait_for_selector("#seat-rows .seat-row")
    page.select_option("#seat-2", "human")
    page.fill("#seat-name-0", "Ann")
    page.fill("#seat-name-1", "Robo")
    page.fill("#seat-name-2", "Cy")
    page.click("#create")
    page.wait_for_selector("#created img.qr")
    rows = page.eval_on_selector_all("#created .link-row", """rows => rows.map(r => ({
        name: r.querySelector('.link-name').textContent, link: r.querySelector('input').value,
        qr: r.querySelector('img.qr') && r.querySelector('img.qr').getAttribute('src'),
        take: r.querySelector('a.button').getAttribute('href')}))""")
    assert [r["name"] for r in rows] == ["Ann", "Cy", "Spectators"]  # each seat named once
    for row in rows:
        assert row["link"].startswith(server + "/t/")  # absolute: ready to send
        assert qr_matrix(row["qr"]) == symbol_of(row["link"])  # the picture is that very link
        assert row["take"] == row["link"][len(server):]  # taking a seat stays on this address
    assert page.locator("#created").inner_text().count("Bots: Robo, West") == 1
    page.click("#created a.button[data-seat='0']")
    page.wait_for_selector("#people")
    page.wait_for_function("() => document.querySelector('#felt') && document.querySelector('#felt')"
                           ".innerText.includes('Cy')")
    assert page.locator("#name-input").count() == 0  # Ann already has her name: no name box
    assert not errors, errors
    page.close()


def test_two_seats_name_themselves_and_chat_and_a_spectator_reads(server: str, browser: Any) -> None:
    api = Api(server)
    table = quiet_table(api, [None, None])
    contexts = [browser.new_context() for _ in range(3)]
    pages = [c.new_page() for c in contexts]
    errors: list[str] = []
    for p in pages:
        watch_errors(p, errors)
    first, second, watcher = pages
    first.goto(table["seats"][0]["link"])
    second.goto(table["seats"][1]["link"])
    watcher.goto(table["spectator_link"])
    for p in pages:
        p.wait_for_selector("#conn[data-state='live']")

    # a name chosen by one person is shown to the other
    first.fill("#name-input", "Ann")
    first.click(".name-box button[type=submit]")
    second.wait_for_function("() => document.querySelector('#felt').innerText.includes('Ann')")
    first.wait_for_selector("#name-input", state="detached")
    assert second.locator("#name-input").count() == 1  # Bob has not chosen yet

    # free text, written as text, and a quick message
    first.fill("#chat-input", "Hello <b>Bob</b>")
    first.press("#chat-input", "Enter")
    second.wait_for_function("() => document.querySelector('#chat .chat-log').innerText.includes('Hello')")
    assert second.locator("#chat .chat-log b").count() == 0
    assert any("Ann: Hello <b>Bob</b>" in t for t in chat_texts(second))
    # said, so the box is empty again: once the writer's own page has the message back, which may be
    # after the other page has it (asserted at once, this failed under load)
    first.wait_for_function("() => document.querySelector('#chat-input').value === ''", timeout=PATIENCE_MS)
    assert first.input_value("#chat-input") == ""
    second.click("#chat button[data-quick='Good game']")
    first.wait_for_function("() => document.querySelector('#chat .chat-log').innerText.includes('Good game')")
    assert any(t.startswith("Player 2: Good game") for t in chat_texts(first))

    # the spectator reads everything and cannot write
    watcher.wait_for_function("() => document.querySelectorAll('#chat .chat-log li').length === 2")
    assert watcher.locator("#chat-input").is_hidden()
    assert watcher.locator("#chat .chat-quick").is_hidden()

    # a reload shows the recent history
    second.reload()
    second.wait_for_function("() => document.querySelectorAll('#chat .chat-log li').length === 2")
    assert not errors, errors
    for c in contexts:
        c.close()


def test_a_rematch_moves_both_pages_to_their_own_seats_and_shows_the_tally(server: str, browser: Any) -> None:
    api = Api(server)
    table = quiet_table(api, ["Ann", "Bob"])
    play_out(api, table)
    contexts = [browser.new_context() for _ in range(2)]
    ann, bob = (c.new_page() for c in contexts)
    errors: list[str] = []
    for p in (ann, bob):
        watch_errors(p, errors)
    ann.goto(table["seats"][0]["link"])
    bob.goto(table["seats"][1]["link"])
    for p in (ann, bob):
        p.wait_for_selector("#rematch-start")
    old_id = table["table_id"]

    ann.click("#rematch-start")
    ann.wait_for_url(lambda url: old_id not in url, timeout=PATIENCE_MS)
    bob.wait_for_selector("#rematch-moving")  # the banner, then the move on its own
    bob.wait_for_url(lambda url: old_id not in url, timeout=PATIENCE_MS)
    ann_id, ann_token = seat_of_page(ann)
    bob_id, bob_token = seat_of_page(bob)
    assert ann_id == bob_id != old_id
    assert {ann_token, bob_token}.isdisjoint({s["token"] for s in table["seats"]})  # tokens of their own
    assert api.snapshot(ann_id, ann_token)["seat"] == 0 and api.snapshot(bob_id, bob_token)["seat"] == 1
    for p in (ann, bob):
        p.wait_for_selector("#series")
        assert "Series, match 2 (playing)" in p.locator("#series").inner_text()
        assert p.locator("#series li").all_inner_texts() == ["Ann 1", "Bob 1"]  # the first match was a tie

    play_out(api, {"table_id": ann_id, "seats": [{"token": ann_token}, {"token": bob_token}]})
    ann.wait_for_function("() => document.querySelector('#series').innerText.includes('match 2:')")
    assert ann.locator("#series li").all_inner_texts() == ["Ann 2", "Bob 2"]
    assert not errors, errors
    for c in contexts:
        c.close()


def test_a_page_can_stay_on_the_finished_table(server: str, browser: Any) -> None:
    api = Api(server)
    table = quiet_table(api, ["Cy", "Di"])
    play_out(api, table)
    page = browser.new_page()
    page.clock.install()  # the page's timers run on a clock the test moves, not the wall's
    errors = watch_errors(page)
    page.goto(table["seats"][1]["link"])
    page.wait_for_selector("#rematch-start")
    status, made = api.call(f"/api/tables/{table['table_id']}/rematch", {"token": table["seats"][0]["token"]})
    assert status == 201, made
    page.click("#rematch-stay")
    page.clock.run_for(10_000)  # every timer due in ten seconds, far past the countdown's three
    assert table["table_id"] in page.url
    href = page.get_attribute("#rematch-go", "href")
    assert href is not None and urllib.parse.urlsplit(href).path == f"/t/{made['table_id']}"
    assert not errors, errors
    page.close()


def seat_of_page(page: Any) -> tuple[str, str]:
    """The table id of a table page and the token it keeps for its tab (the address bar no longer
    holds it once the page has read its invite link)."""
    table_id = urllib.parse.urlparse(page.url).path.rstrip("/").split("/")[-1]
    token = page.evaluate("id => sessionStorage.getItem(`gamenight.seat.${id}`)", table_id)
    assert token, "the page keeps no token for its seat"
    return table_id, str(token)
