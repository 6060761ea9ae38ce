"""Court Whist in the browser: a party of eight at two tables, three people and five bots, played
through all seven games to its grand total (each person clicks the first cards of the first hand,
the rest goes through the API); every table drawn (the person's own in front), the score card always
shown, and a chat message during the Confiscation game costing its writer 3 points. A party of
thirteen (one sitting out in turn) is drawn below; the engine tests play whole parties of 4, 8, 9
and 13, and check the thirteen's score cards (seven games, a game sat out scoring 8 a hand): a
browser whole party of thirteen (35 CPU s, the suite's costliest test) showed nothing the party of
eight's grand total and those checks do not.

The bots move without delay, so a party publishes a hundred versions a second: a page left open
through all seven games spends minutes of the suite's two cores parsing frames no person could
read. So the pages leave once they have done their part and come back for the games they are
needed in, which is also how people use a party (a laptop closed over dinner): a page opened in
the middle of a party shows where it is."""

from __future__ import annotations

import time
from typing import Any

from tests.web.test_browser import (
    ARTIFACTS,
    PATIENCE_MS,
    Api,
    make_move,
    table_of,
    wait_for_api_past,
    wait_for_version,
    watch_errors,
)

PEOPLE = (0, 1, 4)
PLAYERS = 8
#: the cards each person plays by clicking, the rest going through the API: four tricks show each
#: person's page following the play at its table (the later tricks are clicked the same way, and
#: the party of thirteen and the first deals of tests/web/test_trick_family_browser.py see a hand
#: end on the page); clicking a whole hand a person cost a third of this test's CPU
CLICKED_TRICKS = 4
#: the sixth game, in which speaking costs 3
CONFISCATION = 6


def wait_until(done: Any, why: str, limit: float = PATIENCE_MS / 1000) -> None:
    deadline = time.monotonic() + limit
    while not done():
        assert time.monotonic() < deadline, why
        time.sleep(0.05)


def test_a_party_of_eight_with_three_people_reaches_the_grand_total(server: str, browser: Any) -> None:
    api = Api(server)
    bot = {"kind": "bot", "bot": "heuristic"}
    seats = [{"kind": "human"} if s in PEOPLE else bot for s in range(PLAYERS)]
    status, table = api.call("/api/tables", {"game": "court-whist", "seats": seats, "bot_delay_ms": 0,
                                             "trick_pause_ms": 0})
    assert status == 201, table
    links = {s["seat"]: s["link"] for s in table["seats"] if s.get("link")}
    table_id = table["table_id"]
    tokens = {s: table_of(links[s])[1] for s in PEOPLE}
    errors: list[str] = []
    pages = {}

    def open_page(seat: int) -> Any:
        page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        watch_errors(page, errors)
        page.goto(links[seat])
        return page

    for s in PEOPLE:
        pages[s] = open_page(s)
        pages[s].wait_for_selector("#hand button.hand-card")

    first = pages[0]
    # every table is drawn: the person's own as the felt (its three other seats as chips, the
    # person's own chip in the tray), the other one in brief
    first.wait_for_selector(".party-tables .other-table")
    assert first.locator("#felt .seats > li.seat").count() == 3
    assert first.locator("#my-seat .seat-me").count() == 1
    assert first.locator(".score-card").count() == 1
    ARTIFACTS.mkdir(exist_ok=True)
    first.screenshot(path=str(ARTIFACTS / "court_whist_party.png"), full_page=True)

    # each person clicks the first CLICKED_TRICKS cards of the first hand; the rest of the seven games
    # goes through the API, as clicking it all would take minutes of the suite's time. When the
    # sixth game (Confiscation) starts, a chat message costs its writer 3.
    clicks = dict.fromkeys(PEOPLE, 0)
    spoke = False
    deadline = time.monotonic() + 300
    while True:
        assert time.monotonic() < deadline, "the party did not finish"
        snap = api.snapshot(table_id, tokens[0])
        if snap["view"]["is_over"]:
            break
        if snap["view"]["game_of"][0] == CONFISCATION and not spoke:
            # the first person comes back for the sixth game: his page opens on the party as it is
            first = pages[0] = open_page(0)
            first.wait_for_selector(".party-tables .other-table")
            assert first.locator(".score-card").count() == 1
            first.fill("#chat-input", "Oops, I spoke")
            first.press("#chat-input", "Enter")
            wait_until(lambda: (api.snapshot(table_id, tokens[0])["view"]["spoke"] or [0])[0] == 1,
                       "the chat message was not counted as speaking")
            assert "forfeits 3 points" in " ".join(api.snapshot(table_id, tokens[1])["view"]["events"])
            spoke = True
            # he leaves again until the party is over: a page open through two more games parses
            # every frame of them (most of this test's CPU, and under load it fell behind the end)
            first.context.close()
        moved = False
        for s in PEOPLE:
            mine = api.snapshot(table_id, tokens[s])
            view = mine["view"]
            if s in view["to_act"] and view["legal_moves"]:
                if clicks[s] < CLICKED_TRICKS:
                    wait_for_version(pages[s], mine["version"])
                    make_move(pages[s], view["legal_moves"][0], view["hand"] or [])
                    wait_for_api_past(api, table_id, tokens[s], mine["version"])
                    clicks[s] += 1
                    if clicks[s] == CLICKED_TRICKS:  # his part done, the person leaves the party a while
                        pages[s].context.close()
                else:
                    api.call(f"/api/tables/{table_id}/moves",
                             {"token": tokens[s], "move": view["legal_moves"][0], "version": mine["version"]})
                moved = True
        if not moved:
            time.sleep(0.02)
    assert min(clicks.values()) == CLICKED_TRICKS and spoke

    final = api.snapshot(table_id, tokens[0])
    view = final["view"]
    assert view["outcome"]["winners"]
    card = view["score_card"]
    assert [r["label"] for r in card["rows"]] == ["1. Coronation", "2. Prosperity", "3. Conspiracy",
                                                  "4. Chivalry", "5. Revolution", "6. Confiscation",
                                                  "7. Restoration"]
    assert card["total"] == view["score_sheet"]["totals"][0]
    assert card["rows"][0]["cells"][-1] == sum(card["rows"][0]["cells"][:-1])
    first = pages[0] = open_page(0)  # back for the grand total
    wait_for_version(first, final["version"], 30_000)
    first.wait_for_selector("#outcome:not([hidden])")
    assert "Grand total" in first.inner_text("body")
    first.screenshot(path=str(ARTIFACTS / "court_whist_over.png"), full_page=True)
    assert not errors, errors


def test_a_party_of_thirteen_seats_one_out_and_draws_three_tables(server: str, browser: Any) -> None:
    api = Api(server)
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "heuristic"} for _ in range(12)]
    status, table = api.call("/api/tables", {"game": "court-whist", "seats": seats, "bot_delay_ms": 0,
                                             "trick_pause_ms": 0})
    assert status == 201, table
    link = next(s["link"] for s in table["seats"] if s.get("link"))
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors = watch_errors(page)
    page.goto(link)
    page.wait_for_selector(".party-tables")
    view = api.snapshot(table["table_id"], table_of(link)[1])["view"]
    if view["table"] is None:  # the person sits out the first game: every table drawn in brief
        assert page.locator(".party-tables .other-table").count() in (2, 3)
        assert "Sitting out" in page.inner_text("#felt")
    else:
        assert page.locator(".party-tables .other-table").count() == 2
        assert "Sitting out" in page.inner_text("#felt")
    assert page.locator(".score-card").count() == 1
    assert not errors, errors
