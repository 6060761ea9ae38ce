"""Zones: conservation, views and sampling all follow from one zone table.

The toy game here is Golf's layout, built from zones alone with no new core code: each player
has a grid of six cards face down, two of which he has peeked at and two turned face up; a
stock nobody sees; a discard pile everyone sees. Nothing in it knows Golf: if this works, a
face-down grid is expressible as zones.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pytest

from gamenight.core.moves import Move
from gamenight.core.notation import NUMBER
from gamenight.core.options import Options
from gamenight.core.registry import GameSpec
from gamenight.core.state import State
from gamenight.core.zones import (
    Knowledge,
    Show,
    Visibility,
    Zone,
    check_zones,
    layout,
    redeal_unseen,
    zone_view,
)
from gamenight.equipment import cards as C

CARD_TEXT = C.CARD_TEXT


@dataclass(frozen=True, kw_only=True)
class ToyOptions(Options):
    pass


class ToyGolf(State):
    """Two players, a 2×3 grid each; players only flip, which is enough to exercise the zones."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        deck = C.shuffled(C.standard_deck(), self.rng)
        self.grids = [deck[0:6], deck[6:12]]
        self.up = [[False] * 6, [False] * 6]
        self.stock = deck[13:]
        self.discards = [deck[12]]
        self.turn = 0
        for seat in (0, 1):
            # each player peeks at the two cards of his bottom row (positions 3 and 4)
            self.knowledge.tell(f"grid/{seat}", [self.grids[seat][3], self.grids[seat][4]], [seat])

    def zones(self) -> list[Zone]:
        grids = [Zone(f"grid/{s}", self.grids[s], CARD_TEXT, owner=s, visibility=Visibility.FACES,
                      face_up=self.up[s], show=Show.GRID, columns=3, label=f"{self.names[s]}'s cards")
                 for s in (0, 1)]
        return [*grids,
                Zone("stock", self.stock, CARD_TEXT, visibility=Visibility.NOBODY, show=Show.PILE),
                Zone("discards", self.discards, CARD_TEXT, show=Show.PILE)]

    def _to_act(self) -> frozenset[int]:
        return frozenset() if all(all(u) for u in self.up) else frozenset((self.turn,))

    def _legal(self, seat: int) -> list[Move]:
        return [Move("flip", NUMBER(i)) for i in range(6) if not self.up[seat][i]]

    def _why_illegal(self, seat: int, move: Move) -> str:
        return "That card is already face up."

    def _apply(self, seat: int, move: Move) -> None:
        assert move.number is not None
        self.up[seat][move.number] = True
        self.turn = 1 - seat

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {}


SPEC = GameSpec(id="toy-golf", title="Toy Golf", family="test", players=(2,), default_players=2,
                options_cls=ToyOptions, state_cls=ToyGolf, summary="Zones only.")


def toy(seed: int = 3) -> ToyGolf:
    state = ToyGolf(SPEC, ToyOptions(), 2, seed)
    state.play("flip 0", 0)
    state.play("flip 1", 1)
    return state


def test_the_zone_table_is_well_formed_and_conserves_the_deck() -> None:
    s = toy()
    check_zones(s.zones())
    assert s.pieces_in_play() == {c: 1 for c in range(52)}


def test_a_seat_sees_face_up_cards_only_and_knows_the_ones_it_peeked_at() -> None:
    s = toy()
    grid0 = next(z for z in s.view(1)["layout"]["zones"] if z["key"] == "grid/0")
    assert grid0["pieces"][0] == C.CODE_OF[s.grids[0][0]]  # turned face up: everyone sees it
    assert grid0["pieces"][1:] == [None] * 5
    assert "known" not in grid0  # seat 1 never peeked at seat 0's cards
    own = next(z for z in s.view(0)["layout"]["zones"] if z["key"] == "grid/0")
    assert own["known"] == [C.CODE_OF[s.grids[0][3]], C.CODE_OF[s.grids[0][4]]]
    stock = next(z for z in s.view(0)["layout"]["zones"] if z["key"] == "stock")
    assert stock["pieces"] is None and stock["count"] == 39
    assert next(z for z in s.view(None)["layout"]["zones"] if z["key"] == "discards")["pieces"] == [
        C.CODE_OF[s.discards[0]]]


def test_sampling_redeals_face_down_cards_in_place_and_keeps_what_the_seat_knows() -> None:
    s = toy()
    rng = random.Random(5)
    moved = 0
    for _ in range(20):
        smp = s.sample(0, rng)
        assert smp.view(0) == s.view(0)
        assert smp.pieces_in_play() == s.pieces_in_play()
        assert isinstance(smp, ToyGolf)
        assert smp.grids[0][0] == s.grids[0][0]  # face up
        assert smp.grids[0][3:5] == s.grids[0][3:5]  # peeked at
        assert smp.discards == s.discards
        moved += smp.grids[1] != s.grids[1] or smp.grids[0][5] != s.grids[0][5]
    assert moved > 15
    own = s.sample(1, rng)
    assert isinstance(own, ToyGolf) and own.grids[1][3:5] == s.grids[1][3:5]  # seat 1 knows its own two


def test_sampling_honours_a_zone_constraint() -> None:
    s = toy()
    hearts = {c for c in range(52) if C.SUIT_OF[c] == C.HEARTS}
    zones = s.zones()
    zones[1].allowed = lambda c: c not in hearts  # "seat 1 showed out of hearts"
    from gamenight.core.zones import redeal_unseen

    # a consistent deal exists only if seat 1's face-down cards could all be non-hearts: make them so
    free = [c for c in s.stock if c not in hearts]
    for i in range(1, 6):
        j = s.stock.index(free[i])
        s.stock[j], s.grids[1][i] = s.grids[1][i], s.stock[j]
    for seed in range(20):
        redeal_unseen(zones, 0, s.knowledge, random.Random(seed))
        assert not any(c in hearts for c in s.grids[1][1:] if c not in s.grids[1][3:5])


def test_knowledge_is_a_multiset_and_forgets_a_card_that_left() -> None:
    k = Knowledge()
    k.tell("hand/1", [5, 5, 7])
    k.tell("hand/1", [9], observers=[2])
    assert sorted(k.known_to(2, "hand/1")) == [5, 5, 7, 9]
    assert sorted(k.known_to(0, "hand/1")) == [5, 5, 7]
    k.forget("hand/1", [5, 9])
    assert sorted(k.known_to(2, "hand/1")) == [5, 7]
    copy = k.copy()
    copy.forget("hand/1", [7])
    assert sorted(k.public("hand/1")) == [5, 7]


def test_a_bad_zone_table_is_refused() -> None:
    with pytest.raises(ValueError, match="face-up flag"):
        check_zones([Zone("grid/0", [1, 2], CARD_TEXT, visibility=Visibility.FACES, face_up=[True])])
    with pytest.raises(ValueError, match="repeat"):
        check_zones([Zone("a", [], CARD_TEXT), Zone("a", [], CARD_TEXT)])
    with pytest.raises(ValueError, match="owner"):
        check_zones([Zone("hand", [], CARD_TEXT, visibility=Visibility.OWNER)])


def test_the_layout_lists_every_zone_with_how_it_is_shown() -> None:
    s = toy()
    out = layout(s.zones(), 0, s.knowledge)
    assert [z["key"] for z in out] == ["grid/0", "grid/1", "stock", "discards"]
    assert out[0]["show"] == "grid" and out[0]["columns"] == 3 and out[0]["piece"] == "card"
    assert zone_view(s.zones()[2], None)["pieces"] is None


def test_positions_the_owner_sees_face_down_are_his_alone_and_kept_where_they_lie() -> None:
    """``Zone.owner_sees`` (Golf's bottom corners): the owner's view shows those face-down pieces in
    place, marked ``peeked``; everyone else sees backs; a redeal for the owner keeps them, a redeal
    for another seat may change them (it cannot know them) but never shows them to that seat."""
    peek = [False, False, True, True]
    grid = [10, 11, 12, 13]
    up = [True, False, False, False]
    other = [20, 21, 22, 23]
    zones = [Zone("grid/0", grid, CARD_TEXT, owner=0, visibility=Visibility.FACES, face_up=up,
                  owner_sees=peek, show=Show.GRID, columns=2),
             Zone("stock", other, CARD_TEXT, visibility=Visibility.NOBODY)]
    check_zones(zones)
    own = zone_view(zones[0], 0)
    assert own["pieces"] == [C.CODE_OF[10], None, C.CODE_OF[12], C.CODE_OF[13]] and own["peeked"] == [2, 3]
    theirs = zone_view(zones[0], 1)
    assert theirs["pieces"] == [C.CODE_OF[10], None, None, None] and "peeked" not in theirs
    assert zones[0].hidden_from(0) == [1] and zones[0].hidden_from(1) == [1, 2, 3]
    rng = random.Random(1)
    changed = 0
    for _ in range(20):
        redeal_unseen(zones, 0, None, rng)
        assert grid[0] == 10 and grid[2:] == [12, 13]
        g1, s1 = list(grid), list(other)
        redeal_unseen(zones, 1, None, rng)
        changed += grid[2:] != [12, 13]
        assert grid[0] == 10
        grid[:], other[:] = g1, s1  # back to the truth
    assert changed
    with pytest.raises(ValueError, match="owner"):
        check_zones([Zone("grid/1", [1], CARD_TEXT, visibility=Visibility.FACES, face_up=[False],
                          owner_sees=[True])])
