"""A seat's token in the browser: the invite link carries it once, the page keeps it for the tab and
takes it out of the address bar (a reload keeps the seat), a move carries a move id so that sent
twice it is made once, and the host's "New link" shuts the old link out. The server
and browser fixtures are test_browser's."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")

from tests.web.test_browser import Api, table_of, wait_for_version, watch_errors


def hearts_for_two_people(api: Api) -> dict[str, Any]:
    table: dict[str, Any]
    status, table = api.call("/api/tables", {"game": "hearts", "preset": "standard", "bot_delay_ms": 0,
                                             "seats": [{"kind": "human"}] * 2 + [{"kind": "bot"}] * 2})
    assert status == 201, table
    return table


def test_the_page_keeps_the_token_out_of_the_address_bar(server: str, browser: Any) -> None:
    api = Api(server)
    table = hearts_for_two_people(api)
    link = table["seats"][0]["link"]
    table_id, token = table_of(link)
    page = browser.new_page()
    errors = watch_errors(page)
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(link)
    page.wait_for_selector("#hand button.hand-card")
    assert page.url == f"{server}/t/{table_id}"  # the token is gone from the address
    page.reload()
    page.wait_for_selector("#hand button.hand-card")  # still the seat's page: the tab kept the token
    assert page.evaluate("document.body.classList.contains('spectator')") is False
    assert [u for u in requests if token in u] == [link]  # only the invite link itself
    assert errors == []
    page.close()


def test_a_move_sent_twice_carries_one_move_id_and_is_made_once(server: str, browser: Any) -> None:
    api = Api(server)
    status, table = api.call("/api/tables", {"game": "euchre", "seats": [{"kind": "human"}] * 4})
    assert status == 201, table
    first = api.call(f"/api/tables/{table['table_id']}")[1]["view"]["to_act"][0]  # left of the dealer
    link = table["seats"][first]["link"]
    table_id, token = table_of(link)
    page = browser.new_page()
    errors = watch_errors(page)
    # every message goes out twice, as from a client retrying after a lost answer; the frames the
    # table's socket receives are kept, and ``sendOnce`` sends one message on it, once
    page.add_init_script("""
        window.sentMessages = [];
        window.received = [];
        const send = WebSocket.prototype.send;
        window.sendOnce = (data) => send.call(window.tableSocket, data);
        WebSocket.prototype.send = function (data) {
            if (window.tableSocket !== this) {
                window.tableSocket = this;
                this.addEventListener("message", (e) => window.received.push(JSON.parse(e.data)));
            }
            window.sentMessages.push(data);
            send.call(this, data);
            send.call(this, data);
        };
    """)
    page.goto(link)
    page.wait_for_selector("#move-buttons button[data-move='pass']:not([disabled])")
    version = api.call(f"/api/tables/{table_id}?token={token}")[1]["version"]
    page.click("#move-buttons button[data-move='pass']")  # the first bid: one move, one message
    wait_for_version(page, version + 1)
    # the server answers a connection's messages in order: once a probe sent after the two copies
    # is refused, the second copy has been handled (a repeated move id changes nothing, silently)
    page.evaluate("window.sendOnce('a probe, not a move')")
    page.wait_for_function("() => window.received.some(f => f.type === 'error' && f.code === 'bad_request')")
    assert api.call(f"/api/tables/{table_id}?token={token}")[1]["version"] == version + 1
    sent = [m for m in map(json.loads, page.evaluate("window.sentMessages")) if "move" in m]  # not hello
    assert len(sent) == 1 and sent[0]["version"] == version and len(sent[0]["move_id"]) >= 16
    assert errors == []
    page.close()


def test_the_hosts_new_link_shuts_the_old_one_out(server: str, browser: Any) -> None:
    page = browser.new_page()
    errors = watch_errors(page)
    page.goto(server + "/")
    page.click(".game-card[data-game='euchre']")
    page.click(".seats-fold summary")  # two people: the lobby shows each seat's link to send
    page.select_option("#seat-2", "human")
    page.click("#create")
    page.wait_for_selector("#created a.button[data-seat='0']")
    old = page.get_attribute("#created a.button[data-seat='0']", "href")
    page.click("#created .link-row >> nth=0 >> button:has-text('New link')")
    page.wait_for_function("old => document.querySelector(\"#created a.button[data-seat='0']\")"
                           ".getAttribute('href') !== old", arg=old)
    new = page.get_attribute("#created a.button[data-seat='0']", "href")
    assert new and old and new != old
    api = Api(server)
    table_id, old_token = table_of(old)
    assert api.call(f"/api/tables/{table_id}?token={old_token}")[0] == 403
    assert api.call(f"/api/tables/{table_id}?token={table_of(new)[1]}")[1]["seat"] == 0
    assert errors == []
    page.close()
