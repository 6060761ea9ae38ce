"""The trick-taking kernel's zone table: every game lists its cards once, and conservation, the
view's layout and sampling all follow from it (``core.zones``)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import gamenight
from gamenight.core.zones import Visibility, check_zones
from gamenight.equipment import cards as C
from gamenight.families.tricks import TrickState
from tests.helpers import new, play_all

#: (game, preset, players)
TABLES = [("euchre", None, 4), ("euchre", "standard", 4), ("hearts", None, 4), ("hearts", None, 5),
          ("hearts", "standard", 4), ("oh-hell", None, 3), ("oh-hell", None, 6), ("whist-with-10s", None, 4)]
IDS = [f"{g}-{p or 'default'}-{n}p" for g, p, n in TABLES]


def trick_state(game: str, preset: str | None, n: int, seed: int) -> TrickState:
    s = gamenight.new(game, preset=preset, players=n, seed=seed)
    assert isinstance(s, TrickState)
    return s


def random_steps(s: TrickState, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if s.is_over:
            return
        seat = sorted(s.to_act)[rng.randrange(len(s.to_act))]
        moves = s.legal_moves(seat)
        s.play(moves[rng.randrange(len(moves))], seat)


def zone(view: dict[str, Any], key: str) -> dict[str, Any]:
    return next(z for z in view["layout"]["zones"] if z["key"] == key)


@pytest.mark.parametrize(("game", "preset", "n"), TABLES, ids=IDS)
def test_the_zone_table_is_well_formed_and_conserves_the_deck(game: str, preset: str | None, n: int) -> None:
    s = trick_state(game, preset, n, seed=3)
    rng = random.Random(3)
    deck = Counter(s.deck_template())
    for _ in range(60):
        zones = s.zones()
        check_zones(zones)
        assert Counter(s.pieces_in_play()) == deck
        assert Counter(c for cards in s.card_zones().values() for c in cards) == deck
        kernel = [*(f"hand/{t}" for t in range(n)), *(f"taken/{t}" for t in range(n)), "trick"]
        assert [z.key for z in zones][: 2 * n + 1] == kernel
        random_steps(s, rng, 7)


def test_zones_have_player_facing_labels_and_renderer_hints() -> None:
    s = trick_state("euchre", None, 4, seed=1)
    by_key = {z.key: z for z in s.zones()}
    assert by_key["hand/3"].label == "West's hand" and by_key["hand/3"].show == "hand"
    assert by_key["hand/3"].owner == 3 and by_key["hand/3"].visibility is Visibility.OWNER
    assert by_key["taken/0"].label == "Cards taken by North" and by_key["taken/0"].show == "count"
    assert by_key["taken/0"].group == by_key["taken/2"].group != by_key["taken/1"].group  # partners
    assert by_key["trick"].show == "trick" and by_key["trick"].seats is s.trick_seats
    assert by_key["kitty"].label == "The kitty" and by_key["kitty"].visibility is Visibility.NOBODY
    assert by_key["up_card"].visibility is Visibility.PUBLIC
    hearts = trick_state("hearts", None, 4, seed=1)
    assert {z.key for z in hearts.zones()} >= {"kitty", "pass/0", "pass/3"}
    assert all(z.group == "" for z in hearts.zones())  # everyone for himself
    oh_hell = trick_state("oh-hell", None, 4, seed=1)
    assert {z.key: z.visibility for z in oh_hell.zones()}["stock"] is Visibility.NOBODY


@pytest.mark.parametrize(("game", "preset", "n"), TABLES, ids=IDS)
def test_a_seat_sees_its_own_hand_and_only_how_many_the_others_hold(game: str, preset: str | None,
                                                                    n: int) -> None:
    s = trick_state(game, preset, n, seed=5)
    rng = random.Random(5)
    for _ in range(12):
        for seat in range(n):
            v = s.view(seat)
            for t in range(n):
                z = zone(v, f"hand/{t}")
                assert z["count"] == len(s.hands[t]) == v["hand_sizes"][t]
                if t == seat:
                    assert sorted(z["pieces"]) == sorted(v["hand"])
                else:
                    assert z["pieces"] is None
            trick = zone(v, "trick")
            assert trick["pieces"] == [t["card"] for t in v["trick"]]
            assert trick["seats"] == [t["seat"] for t in v["trick"]]
        spectator = s.view(None)
        assert all(zone(spectator, f"hand/{t}")["pieces"] is None for t in range(n))
        random_steps(s, rng, 5)


HEARTS_HANDS = ["2C 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
                "3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
                "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
                "AS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH"]


def test_a_passer_knows_the_cards_it_passed_and_a_sample_keeps_them_there() -> None:
    s = new("hearts", HEARTS_HANDS, "AD 2D KH AH")
    assert isinstance(s, TrickState)
    passes = ("3D 4D 5D", "3C 4C 5C", "3S 4S 5S", "2H 3H 4H")  # all pass left
    for seat, cards in enumerate(passes):
        for code in cards.split():
            s.play(f"pass {code}", seat)
    east = zone(s.view(0), "hand/1")
    assert east["pieces"] is None and sorted(east["known"]) == sorted(passes[0].split())
    assert "known" not in zone(s.view(2), "hand/1")  # South passed to West, not to East
    assert "known" not in zone(s.view(None), "hand/1")
    assert s.view(0)["passed"] == {"to": 1, "cards": C.codes(sorted(C.cards(passes[0])))}
    rng = random.Random(2)
    passed = set(C.cards(passes[0]))
    moved = 0
    for _ in range(30):
        smp = s.sample(0, rng)
        assert isinstance(smp, TrickState)
        assert passed <= set(smp.hands[1]) and smp.view(0) == s.view(0)
        moved += smp.hands[1] != s.hands[1]
    assert moved > 20  # the rest of East's hand is unseen and redealt


def test_a_seat_that_showed_out_of_a_suit_is_never_dealt_it() -> None:
    for seed in range(6):
        s = trick_state("whist-with-10s", None, 4, seed=seed)
        rng = random.Random(seed)
        while not any(s.void) and not s.is_over:
            random_steps(s, rng, 1)
        holder = next(t for t in range(4) if s.void[t])
        suits = s.void[holder]
        assert not any(C.SUIT_OF[c] in suits for c in s.hands[holder])
        hand_zone = next(z for z in s.zones() if z.key == f"hand/{holder}")
        assert hand_zone.allowed is not None
        assert not any(hand_zone.allowed(c) for c in range(52) if C.SUIT_OF[c] in suits)
        for seat in (t for t in range(4) if t != holder):
            for _ in range(15):
                smp = s.sample(seat, rng)
                assert isinstance(smp, TrickState)
                assert not any(C.SUIT_OF[c] in suits for c in smp.hands[holder])
                assert smp.view(seat) == s.view(seat)


def test_euchre_layout_shows_the_picked_up_card_until_the_discard_and_never_which_was_thrown() -> None:
    hands = ["JC AH KH QH TS", "9S TH AC AS AD", "QC KC QD KD TD", "JS 9C TC JH KS"]
    kept = new("euchre", hands, "9H JD")
    play_all(kept, ["pass", "pass", "pass", "pickup"])
    assert zone(kept.view(1), "hand/0")["known"] == ["9H"]  # everyone saw the dealer take it
    thrown = kept.clone()
    kept.play("discard TS")
    thrown.play("discard 9H")
    for seat in (1, 2, 3, None):
        assert "known" not in zone(kept.view(seat), "hand/0")
        assert kept.view(seat)["layout"] == thrown.view(seat)["layout"]

