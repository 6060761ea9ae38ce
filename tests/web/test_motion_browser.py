"""Motion (motion.js): a card played travels from the hand to the trick, in a copy drawn above the
page while the real card waits invisible in its place; with prefers-reduced-motion it only fades in
where it lands. Neither waits on the animation: the test reads what was started, never sleeps."""

from __future__ import annotations

import time
from typing import Any

from tests.web.test_browser import PATIENCE_MS, Api, make_move, wait_for_version, watch_errors

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}

#: at each drawing (the page marks <body data-version> as it draws, and this observer runs once the
#: drawing's script is done), the animations running: {version, animations: [{id, card, props}]}
RECORD_ANIMATIONS = """
window.__drawn = [];
const target = (a) => (a.effect && a.effect.target) || null;
new MutationObserver(() => window.__drawn.push({
  version: Number(document.body.dataset.version),
  animations: document.getAnimations().map((a) => ({
    id: a.id,
    card: (target(a) && target(a).dataset && target(a).dataset.card) || "",
    copy: Boolean(target(a) && target(a).closest && target(a).closest(".motion-layer")),
    props: [...new Set(a.effect.getKeyframes().flatMap((k) => Object.keys(k)))]
      .filter((p) => !["offset", "easing", "composite", "computedOffset"].includes(p)),
  })),
})).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-version"] });
"""


#: every animation started (Element.animate), even one whose piece the next drawing replaced at once:
#: {id, card, props}
RECORD_CALLS = """
window.__started = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (keyframes, options) {
  const props = new Set((Array.isArray(keyframes) ? keyframes : []).flatMap((k) => Object.keys(k)));
  window.__started.push({ id: (options && options.id) || "", card: (this.dataset && this.dataset.card) || "",
                          props: [...props].filter((p) => p !== "offset" && p !== "easing") });
  return animate.call(this, keyframes, options);
};
"""


def euchre_against_bots(api: Api) -> dict[str, Any]:
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "heuristic"}] * 3
    status, made = api.call("/api/tables", {"game": "euchre", "players": 4, "seats": seats,
                                            "bot_delay_ms": 0})
    assert status == 201, made
    return made  # type: ignore[no-any-return]


def seat_to_play(api: Api, table_id: str, token: str) -> dict[str, Any]:
    """Seat 0's other moves made over the API until it is to play a card: its snapshot then."""
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline, "seat 0 never came to play a card"
        snap = api.snapshot(table_id, token)
        view = snap["view"]
        plays = [m for m in view["legal_moves"] if m.startswith("play ")]
        if plays:
            return snap
        if view["legal_moves"]:
            move = {"move": view["legal_moves"][0], "version": snap["version"], "token": token}
            api.call(f"/api/tables/{table_id}/moves", move)
        else:
            time.sleep(0.02)


def play_a_card(server: str, browser: Any, reduced: bool) -> tuple[Any, Any, str, int, list[str]]:
    """A Euchre table, seat 0's phone open with motion recorded; seat 0 plays a card by tapping it
    and its button. Returns (context, page, the card, errors), the page drawn past the move."""
    api = Api(server)
    made = euchre_against_bots(api)
    table_id, token = made["table_id"], made["seats"][0]["token"]
    context = browser.new_context(**PHONE, reduced_motion="reduce" if reduced else "no-preference")
    context.add_init_script(RECORD_ANIMATIONS)
    context.add_init_script(RECORD_CALLS)
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(made["seats"][0]["link"])
    page.wait_for_selector("#hand button.hand-card")
    snap = seat_to_play(api, table_id, token)
    wait_for_version(page, snap["version"])
    move = next(m for m in snap["view"]["legal_moves"] if m.startswith("play "))
    card = move.split()[1]
    page.evaluate("() => { window.__started = []; }")  # only what the move starts
    make_move(page, move, snap["view"]["hand"])
    wait_for_version(page, snap["version"] + 1)
    return context, page, card, snap["version"], errors


def animations_after(page: Any, version: int) -> list[dict[str, Any]]:
    """Every animation running right after each drawing of a state past ``version``."""
    drawn = page.evaluate("() => window.__drawn")
    return [a for d in drawn if d["version"] > version for a in d["animations"]]


def test_a_played_card_travels_to_the_trick(server: str, browser: Any) -> None:
    context, page, card, version, errors = play_a_card(server, browser, reduced=False)
    started = animations_after(page, version)
    # a copy of the card travels (moves: a transform), drawn above the page
    travels = [a for a in started if a["id"] == "gn-travel" and a["card"] == card and a["copy"]]
    assert travels and all("transform" in a["props"] for a in travels), started
    # the real card was kept invisible, in place, for the flight
    assert any(a["id"] == "gn-hide" and a["card"] == card and not a["copy"] for a in started), started
    # every animation ends by itself: the copies leave the page
    page.wait_for_function("() => !document.querySelector('.motion-layer > *')")
    context.close()
    assert not errors, errors


def test_reduced_motion_fades_the_card_in_place(server: str, browser: Any) -> None:
    context, page, card, _, errors = play_a_card(server, browser, reduced=True)
    # every animation the move started (read from the calls: a faded card replaced by the next
    # drawing leaves document.getAnimations() with it)
    started = page.evaluate("() => window.__started")
    assert any(a["id"] == "gn-fade" and a["card"] == card for a in started), (card, started)
    moving = [a for a in started if "transform" in a["props"]]
    assert not moving, moving
    assert page.query_selector(".motion-layer > *") is None
    context.close()
    assert not errors, errors


def test_sounds_are_off_until_turned_on_and_remembered(server: str, browser: Any) -> None:
    made = euchre_against_bots(Api(server))
    context = browser.new_context(**PHONE)
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(made["seats"][0]["link"])
    toggle = page.locator("button.sound-toggle")
    assert toggle.get_attribute("aria-pressed") == "false"
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "true"
    page.reload()
    assert page.locator("button.sound-toggle").get_attribute("aria-pressed") == "true"
    assert page.evaluate("() => localStorage.getItem('gamenight.sound')") == "on"
    context.close()
    assert not errors, errors


def test_dice_tumble_on_the_table_screen_and_only_fade_with_reduced_motion(server: str, browser: Any) -> None:
    """10,000 among bots on the table screen: a new roll's dice tumble; with reduced motion they fade."""
    api = Api(server)
    for reduced in (False, True):
        seats = [{"kind": "bot", "bot": "heuristic"}] * 2
        status, made = api.call("/api/tables", {"game": "ten-thousand", "players": 2, "seats": seats,
                                                "bot_delay_ms": 150})
        assert status == 201, made
        context = browser.new_context(viewport={"width": 1280, "height": 800},
                                      reduced_motion="reduce" if reduced else "no-preference")
        context.add_init_script(RECORD_ANIMATIONS)
        page = context.new_page()
        errors = watch_errors(page)
        page.goto(f"{server}/t/{made['table_id']}/screen")
        rolled = ("want => window.__drawn.some(d => d.animations.some(a => a.id === want"
                  " && a.props.includes(want === 'gn-tumble' ? 'transform' : 'opacity')))")
        page.wait_for_function(rolled, arg="gn-fade" if reduced else "gn-tumble", timeout=PATIENCE_MS)
        started = [a for d in page.evaluate("() => window.__drawn") for a in d["animations"]]
        if reduced:
            assert not [a for a in started if "transform" in a["props"]], started
        context.close()
        assert not errors, errors


def test_a_gathered_trick_goes_to_its_taker_on_the_table_screen(server: str, browser: Any) -> None:
    """Euchre among bots on the table screen: when the finished trick's pause ends, copies of its
    cards fly off (they move and fade) toward the seat that took it."""
    api = Api(server)
    seats = [{"kind": "bot", "bot": "heuristic"}] * 4
    status, made = api.call("/api/tables", {"game": "euchre", "players": 4, "seats": seats,
                                            "bot_delay_ms": 200, "trick_pause_ms": 600})
    assert status == 201, made
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="no-preference")
    context.add_init_script(RECORD_ANIMATIONS)
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(f"{server}/t/{made['table_id']}/screen")
    gathered = ("() => window.__drawn.some(d => d.animations.some(a => a.id === 'gn-travel' && a.copy"
                " && a.props.includes('opacity') && a.props.includes('transform')))")
    page.wait_for_function(gathered, timeout=30_000)
    context.close()
    assert not errors, errors
