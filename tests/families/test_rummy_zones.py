"""The rummy kernel's zone table (``DrawDiscardState.zones``) for its three games, and the Hollywood
sheet Gin keeps its three games on (``families.match.HollywoodSheet``).

The zones are the one list conservation, sampling and the view's ``layout`` come from, so each
game's table must be well formed and hold the whole deck at every step; a card taken from the
discard pile must be known in the taker's hand to every seat, and a sample must keep it there;
melds lie face up. The Hollywood figures are those of ``tests/test_gin_rummy.py`` (T-GIN-7..9,
G-GIN-5 and G-GIN-10), worked on the sheet alone.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import gamenight
from gamenight.core.state import State
from gamenight.core.zones import Visibility, check_zones
from gamenight.equipment import cards as C
from gamenight.families.draw_discard import DrawDiscardState
from gamenight.families.match import GameClosed, HollywoodSheet
from gamenight.games.gin_rummy import GinRummy
from gamenight.games.rummy import Rummy

GAMES: list[tuple[str, int, dict[str, Any], str | None]] = [
    ("rummy", 2, {}, None),
    ("rummy", 4, {"scoring": "winner_collects"}, None),
    ("the-card-game", 4, {}, None),
    ("the-card-game", 3, {"going_out_score": "vote"}, None),
    ("gin-rummy", 2, {}, None),
    ("gin-rummy", 4, {}, None),
    ("gin-rummy", 2, {}, "standard"),
]


def zone(s: State, seat: int | None, key: str) -> dict[str, Any]:
    found: dict[str, Any] = next(z for z in s.view(seat)["layout"]["zones"] if z["key"] == key)
    return found


def deal(hands: list[str], rest: str) -> list[str]:
    """A stacked deck dealing ``hands[s]`` to seat ``s`` one card at a time from seat 1 (dealer 0)."""
    split = [h.split() for h in hands]
    n = len(split)
    return [split[(1 + i) % n][i // n] for i in range(len(split[0]) * n)] + rest.split()


@pytest.mark.parametrize(("game", "players", "options", "preset"), GAMES)
def test_the_zone_table_is_well_formed_and_holds_the_deck_at_every_step(
        game: str, players: int, options: dict[str, Any], preset: str | None) -> None:
    rng = random.Random(11)
    s = gamenight.new(game, players=players, seed=5, options=options, preset=preset)
    assert isinstance(s, DrawDiscardState)
    deck = Counter(s.deck_template())
    for step in range(400):
        if s.is_over:
            break
        zones = s.zones()
        check_zones(zones)
        assert Counter(s.pieces_in_play()) == deck, f"step {step}"
        assert Counter(c for cards in s.card_zones().values() for c in cards) == deck
        by_key = {z.key: z for z in zones}
        for h in range(players):
            assert by_key[f"hand/{h}"].owner == h and by_key[f"hand/{h}"].pieces is s.hands[h]
        assert by_key["stock"].visibility is Visibility.NOBODY and by_key["stock"].pieces is s.stock
        assert by_key["discards"].visibility is Visibility.PUBLIC
        for i, owner in enumerate(s.meld_owner):
            meld = by_key[f"meld/{i + 1}"]
            assert meld.visibility is Visibility.PUBLIC and meld.owner == owner and meld.group
        seat = sorted(s.to_act)[0]
        moves = s.legal_moves(seat)
        s.play(moves[rng.randrange(len(moves))], seat)


def test_the_layout_names_every_zone_for_players() -> None:
    s = gamenight.new("rummy", players=4, seed=2)
    layout = s.view(0)["layout"]["zones"]
    assert [(z["key"], z["label"], z["show"]) for z in layout] == [
        ("hand/0", "North's hand", "hand"), ("hand/1", "East's hand", "hand"),
        ("hand/2", "South's hand", "hand"), ("hand/3", "West's hand", "hand"),
        ("stock", "Stock", "pile"), ("discards", "Discard pile", "pile")]
    assert layout[0]["pieces"] is not None and layout[1]["pieces"] is None and layout[1]["count"] == 7


# seat 1 plays first; the upcard is 8♥, then the stock 4♥ 2♦
HANDS = ["AC 2C 3C 4D 5D 6D 8S 9S TS QC", "5H 6H 7H 7C 7D 2S 3S 9C JD KS"]


def test_a_card_taken_from_the_pile_is_known_in_the_hand_to_everyone_and_a_sample_keeps_it() -> None:
    s = gamenight.new("rummy", players=2, deck=deal(HANDS, "8H 4H 2D"), seed=1)
    assert isinstance(s, Rummy)
    s.play("take 8H")
    eight = C.card("8H")
    assert s.knowledge.public("hand/1") == [eight]
    for seat in (0, None):
        assert zone(s, seat, "hand/1")["known"] == ["8H"]
    assert zone(s, 1, "hand/1")["pieces"] is not None and "known" not in zone(s, 1, "hand/1")
    assert s.view(0)["known_cards"] == [[], ["8H"]]
    rng = random.Random(3)
    moved = 0
    for _ in range(20):
        smp = s.sample(0, rng)
        assert isinstance(smp, Rummy) and eight in smp.hands[1]
        assert smp.view(0) == s.view(0)
        moved += sorted(smp.hands[1]) != sorted(s.hands[1])
    assert moved > 15
    # melded, the card is public on the table and no longer "known" in the hand
    s.play("meld 5H 6H 7H 8H run")
    assert s.knowledge.public("hand/1") == [] and s.view(0)["known_cards"] == [[], []]
    for seat in (None, 0, 1):
        meld = zone(s, seat, "meld/1")
        assert meld["pieces"] == ["5H", "6H", "7H", "8H"]
        assert meld["owner"] == 1 and meld["group"] == "melds/1"
        assert "known" not in zone(s, seat, "hand/1")


def test_a_stock_turned_over_is_known_to_everyone_and_so_is_a_card_drawn_from_it() -> None:  # R-H2
    s = gamenight.new("rummy", players=2, seed=4)
    assert isinstance(s, Rummy)
    while not s.stock_known():
        seat = s.turn
        s.play("draw")
        s.play(f"discard {C.CODE_OF[s.hands[seat][-1]]}")
    assert sorted(s.knowledge.public("stock")) == sorted(s.stock)
    assert zone(s, None, "stock")["known"] == C.codes(s.stock)
    seat = s.turn
    top = s.stock[0]
    s.play("draw")
    assert top in s.knowledge.public(f"hand/{seat}") and top not in s.knowledge.public("stock")
    for _ in range(10):
        smp = s.sample(1 - seat, random.Random(_))
        assert isinstance(smp, Rummy) and smp.stock == s.stock and top in smp.hands[seat]


def test_gin_the_knockers_deadwood_is_public_and_the_face_down_discard_his_secret() -> None:
    dealer = "5H 6H 7H 8H 9S 9D 9C QD QH QC 4D 2D"
    opener = "2C 3C 4C JH JS JC 6S 7S 8S AS 2S 3H KS"  # runs with 6, discarding K♠ face down
    deck = [c for i in range(13) for c in opener.split()[i:i + 1] + dealer.split()[i:i + 1]]
    s = gamenight.new("gin-rummy", deck=deck, seed=7)
    assert isinstance(s, GinRummy)
    s.play("knock KS")
    assert s.knocker == 1
    hand = zone(s, 0, "hand/1")
    assert hand["pieces"] == ["AS", "2S", "3H"] and hand["label"] == "Player 2's deadwood"
    assert zone(s, 1, "face_down")["pieces"] == ["KS"]
    assert zone(s, 0, "face_down")["pieces"] is None and zone(s, None, "face_down")["pieces"] is None
    assert [z["owner"] for z in s.view(0)["layout"]["zones"] if z["name"] == "meld"] == [1, 1, 1]
    for k in range(10):
        smp = s.sample(0, random.Random(k))
        assert isinstance(smp, GinRummy) and sorted(smp.hands[1]) == sorted(s.hands[1])
        assert smp.view(0) == s.view(0)


# ---- the Hollywood sheet ----------------------------------------------------------------------------


def sheet(**kw: Any) -> HollywoodSheet:
    return HollywoodSheet.start(kw.pop("target", 200), kw.pop("bonus_value", 25))


def test_hollywood_awards_go_into_the_entered_games_and_the_next() -> None:  # T-GIN-7
    s = sheet()
    credited = []
    for guys, girls in ((5, 10), (10, 15), (15, 20)):
        done = s.record((0, guys), None)
        credited.append(done.credited)
        s = done.sheet.record((1, girls), None).sheet
    assert [list(p) for p in s.points] == [[30, 25, 15], [45, 35, 20]]
    assert credited == [[0], [0, 1], [0, 1, 2]]
    assert s.totals() == [70, 100] and not s.closed


def test_hollywood_gins_are_circled_only_where_the_side_had_points() -> None:  # T-GIN-8
    s = sheet()
    done = s.record((1, 50), (1, 1))
    assert done.circled == [] and done.sheet.points[1] == (50, 0, 0) and done.sheet.bonuses[1] == (0, 0, 0)
    done = done.sheet.record((1, 30), (1, 2))
    assert done.circled == [0] and done.sheet.points[1] == (80, 30, 0) and done.sheet.bonuses[1] == (2, 0, 0)
    done = done.sheet.record((1, 10), (1, 1))
    assert done.circled == [0, 1] and done.sheet.points[1] == (90, 40, 10)
    assert done.sheet.bonuses[1] == (3, 1, 0)
    # the gins may go to the side that lost the points (G-GIN-4)
    t = sheet().record((0, 40), None).sheet.record((1, 20), None).sheet
    after = t.record((1, 25), (0, 2)).sheet
    assert after.points == ((40, 0, 0), (45, 25, 0)) and after.bonuses == ((2, 0, 0), (0, 0, 0))


def test_hollywood_a_game_closes_at_the_target_with_the_bonuses() -> None:  # T-GIN-9, G-GIN-5
    s = HollywoodSheet(200, 25, 3, ((40, 20, 0), (190, 100, 50)), ((2, 0, 0), (3, 1, 0)),
                       ((True, True, False), (True, True, True)), (-1, -1, -1))
    s, closed = s.record((1, 20), None).sheet.close()
    assert closed == [GameClosed(0, 1, (50, 275), (10, 65))]
    assert s.points == ((50, 20, 0), (275, 120, 70)) and s.winner_of == (1, -1, -1)
    s, closed = s.record((0, 100), None).sheet.close()  # closed games take nothing more
    assert closed == [] and s.points == ((50, 120, 100), (275, 120, 70))
    # gin value 50, target 100
    u = HollywoodSheet(100, 50, 3, ((40, 0, 0), (90, 0, 0)), ((2, 0, 0), (3, 0, 0)),
                       ((True, False, False), (True, False, False)), (-1, -1, -1))
    u, _ = u.record((1, 20), None).sheet.close()
    assert u.points[0][0] == 100 and u.points[1][0] == 250


def test_hollywood_a_side_entering_late_starts_in_the_first_open_game() -> None:  # G-GIN-10
    s, closed = sheet().record((0, 250), None).sheet.close()
    assert closed[0].winner == 0
    s = s.record((1, 30), None).sheet
    assert [list(p) for p in s.points] == [[200, 0, 0], [0, 30, 0]]


def test_hollywood_the_match_ends_when_every_game_is_closed() -> None:
    s = sheet()
    for award, gins in (((0, 120), (0, 1)), ((1, 100), None), ((0, 90), (0, 1)), ((1, 150), None),
                        ((1, 60), (1, 2)), ((1, 200), None)):
        s, _ = s.record(award, gins).sheet.close()
    assert s.closed and s.winner_of == (0, 1, 1)
    assert s.points == ((225, 0, 0), (0, 250, 200)) and s.totals() == [225, 450]


def test_the_hollywood_sheet_is_shared_safely_by_clones() -> None:
    s = gamenight.new("gin-rummy", players=4, seed=3)
    assert isinstance(s, GinRummy)
    copy = s.clone()
    assert isinstance(copy, GinRummy)
    copy.record_hollywood((0, 40), None)
    assert s.columns == [[0, 0, 0], [0, 0, 0]] and copy.columns == [[40, 0, 0], [0, 0, 0]]
