"""The table screen (/t/{id}/screen): a tablet or TV the whole table sees, watching as a spectator.

Euchre with two people and two bots: the screen shows the join codes of the people's seats until
both phones have opened them, then the tricks as they are played, card by seat, while each phone
holds its own hand and the screen shows no card a spectator may not see."""

from __future__ import annotations

import time
from typing import Any

from tests.web.test_browser import ARTIFACTS, PATIENCE_MS, Api, watch_errors

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
TABLET = {"viewport": {"width": 1280, "height": 800}}
#: the seats an invite list names, in order
SEATS_SHOWN = "els => els.map(e => Number(e.dataset.seat))"
#: the trick on the felt as "seat:card"
TRICK_SHOWN = ("() => [...document.querySelectorAll('#felt .trick-card')]"
               ".map(e => `${e.dataset.seat}:${e.dataset.card}`)")


def euchre_with_two_people(api: Api) -> dict[str, Any]:
    seats = [{"kind": "human"}] * 2 + [{"kind": "bot", "bot": "heuristic"}] * 2
    status, made = api.call("/api/tables", {"game": "euchre", "players": 4, "seats": seats, "bot_delay_ms": 0,
                                            "trick_pause_ms": 0})
    assert status == 201, made
    return made  # type: ignore[no-any-return]


def spectator(api: Api, table_id: str) -> dict[str, Any]:
    status, snap = api.call(f"/api/tables/{table_id}")
    assert status == 200, snap
    return snap  # type: ignore[no-any-return]


def trick_zone(view: dict[str, Any]) -> dict[str, Any]:
    return next(z for z in view["layout"]["zones"] if z["show"] == "trick")


def visible_cards(value: Any) -> set[str]:
    """Every text in a view: any card a spectator may see is one of them."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(visible_cards(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(visible_cards(v) for v in value)) if value else set()
    return set()


def play_until_a_trick_waits_for_a_person(api: Api, made: dict[str, Any]) -> dict[str, Any]:
    """The people's moves made over the API (each its first legal move) until a trick has cards and
    the table waits for a person: the spectator's snapshot then, which stays the table's state."""
    table_id = made["table_id"]
    people = [(s["seat"], s["token"]) for s in made["seats"] if s["token"]]
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline, "no trick ever waited for a person"
        snap = spectator(api, table_id)
        view = snap["view"]
        acting = [(seat, token) for seat, token in people if seat in view["to_act"]]
        if acting and trick_zone(view)["pieces"]:
            return snap
        for _, token in acting:
            mine = api.snapshot(table_id, token)
            if mine["view"]["legal_moves"]:
                api.call(f"/api/tables/{table_id}/moves", {"move": mine["view"]["legal_moves"][0],
                                                           "version": mine["version"], "token": token})
        time.sleep(0.02)


def test_screen_shows_join_codes_then_the_trick_while_phones_hold_hands(server: str, browser: Any) -> None:
    api = Api(server)
    made = euchre_with_two_people(api)
    table_id = made["table_id"]
    links = {s["seat"]: s["link"] for s in made["seats"] if s["token"]}
    tokens = ",".join(s["token"] for s in made["seats"] if s["token"])

    tablet = browser.new_context(**TABLET)
    screen = tablet.new_page()
    errors = watch_errors(screen)
    screen.goto(f"{server}/t/{table_id}/screen#invite={tokens}")
    # both people's seats are open: a join code for each, naming its seat
    screen.wait_for_function("() => document.querySelectorAll('#invite-list img.qr').length === 2")
    assert screen.eval_on_selector_all("#invite-list li", SEATS_SHOWN) == [0, 1]
    assert "invite=" not in screen.url  # the tokens left the address bar
    qr = screen.get_attribute("#invite-list li[data-seat='0'] img.qr", "src") or ""
    assert qr.startswith("data:image/svg+xml")

    phones = []
    for seat in (0, 1):
        context = browser.new_context(**PHONE)
        phone = context.new_page()
        watch_errors(phone, errors)
        phone.goto(links[seat])
        phone.wait_for_selector("#hand button.hand-card")
        phones.append((context, phone))
        if seat == 0:  # the first seat taken: its code goes, the other's stays
            screen.wait_for_function("() => [...document.querySelectorAll('#invite-list li')]"
                                     ".map(e => e.dataset.seat).join() === '1'")
            assert screen.is_visible("#invites")
    screen.wait_for_selector("#invites", state="hidden")  # everyone is in

    snap = play_until_a_trick_waits_for_a_person(api, made)
    zone = trick_zone(snap["view"])
    expected = sorted(f"{seat}:{card}" for seat, card in zip(zone["seats"], zone["pieces"], strict=True))
    screen.wait_for_function(f"want => ({TRICK_SHOWN})().sort().join() === want.join()", arg=expected,
                             timeout=PATIENCE_MS)

    # the screen holds no hand: every card on it is one a spectator may see, and the phones' own
    # cards that nobody else may see are nowhere on it
    assert screen.query_selector("#hand, .hand-card, #move-buttons") is None
    on_screen = set(screen.eval_on_selector_all("[data-card]", "els => els.map(e => e.dataset.card)")) - {""}
    public = visible_cards(snap["view"])
    assert on_screen <= public, on_screen - public
    private: set[str] = set()
    for (_, phone), seat in zip(phones, made["seats"][:2], strict=True):
        hand = api.snapshot(table_id, seat["token"])["view"]["hand"]
        phone.wait_for_function("n => document.querySelectorAll('#hand button.hand-card').length === n",
                                arg=len(hand))
        private |= set(hand) - public
    assert private, "the phones hold cards the spectator cannot see"
    assert not (on_screen & private)

    ARTIFACTS.mkdir(exist_ok=True)
    screen.screenshot(path=str(ARTIFACTS / "table_screen_euchre.png"))
    for context, _ in phones:
        context.close()
    tablet.close()
    assert not errors, errors


def test_screen_without_tokens_names_the_open_seats(server: str, browser: Any) -> None:
    """Opened from a table's page (no tokens): the open seats are named, without codes."""
    api = Api(server)
    made = euchre_with_two_people(api)
    page = browser.new_page(**TABLET)
    errors = watch_errors(page)
    page.goto(f"{server}/t/{made['table_id']}/screen")
    page.wait_for_selector("#invite-list li.invite-missing")
    assert page.eval_on_selector_all("#invite-list li", SEATS_SHOWN) == [0, 1]
    assert page.query_selector("#invite-list img.qr") is None
    page.close()
    assert not errors, errors


def test_invites_answer_only_tokens_of_the_table(server: str) -> None:
    api = Api(server)
    made = euchre_with_two_people(api)
    other = euchre_with_two_people(api)
    tokens = [made["seats"][1]["token"], other["seats"][0]["token"], "not-a-token"]
    status, invites = api.call(f"/api/tables/{made['table_id']}/invites", {"tokens": tokens})
    assert status == 200, invites
    assert [i["seat"] for i in invites] == [1]
    assert invites[0]["link"] == made["seats"][1]["link"]
    assert invites[0]["qr"].startswith("data:image/svg+xml")
    status, body = api.call("/api/tables/nope/invites", {"tokens": tokens})
    assert status == 404, body
