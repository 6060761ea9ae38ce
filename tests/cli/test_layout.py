"""The layout description (``view["layout"]``) and the renderers that draw from it.

Every registered game's view describes itself: fields naming existing view keys, with a label
and a known kind; zones with labels. The terminal draws any view from that description alone
(an undeclared key is not shown), and a toy game of domino tiles and dice, built from the
equipment and ``core.zones`` with no new core code, draws through the generic fallback.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pytest
from rich.console import Console

import gamenight
from gamenight.cli.render import render_view
from gamenight.core.layout import KINDS, Field, Kind
from gamenight.core.moves import Move
from gamenight.core.notation import NUMBER
from gamenight.core.options import Options
from gamenight.core.registry import GameSpec
from gamenight.core.state import State
from gamenight.core.zones import Show, Visibility, Zone
from gamenight.equipment import dice, dominoes

GAMES = [(spec.id, preset) for spec in gamenight.games() for preset in [None, *spec.presets]]


def playout(game: str, preset: str | None, steps: int, seed: int = 11) -> State:
    state = gamenight.new(game, seed=seed, preset=preset)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = sorted(state.to_act)[0]
        state.play(rng.choice(state.legal_moves(seat)), seat)
    return state


def text_of(view: dict[str, Any], width: int = 110) -> str:
    console = Console(width=width, record=True, color_system=None)
    console.print(render_view(view))
    return console.export_text()


@pytest.mark.parametrize(("game", "preset"), GAMES)
def test_every_view_describes_its_layout(game: str, preset: str | None) -> None:
    for steps in (0, 7, 25):
        state = playout(game, preset, steps)
        for seat in [*sorted(state.to_act)[:1], None]:
            view = state.view(seat)
            layout = view["layout"]
            assert layout["family"] == state.spec.family
            assert layout["fields"], "a game declares the entries a person sees"
            for field in layout["fields"]:
                assert field["key"] in view, field
                assert field["label"] and field["kind"] in KINDS, field
                assert isinstance(field["per_seat"], bool)
                if field["per_seat"] and view[field["key"]] is not None:
                    assert len(view[field["key"]]) == len(view["players"]), field
            assert len({f["key"] for f in layout["fields"]}) == len(layout["fields"])
            for zone in layout["zones"]:
                assert zone["label"], zone
            # drawn from the description alone
            assert view["title"] in text_of(view)


def test_a_view_without_its_layout_is_the_same_view() -> None:
    state = playout("euchre", None, 9)
    full = state.view(0)
    lean = state.view(0, layout=False)
    assert "layout" not in lean
    assert {k: v for k, v in full.items() if k != "layout"} == lean


def test_the_euchre_layout_names_things_as_players_do() -> None:
    state = playout("euchre", None, 9)
    view = state.view(0)
    fields = {f["key"]: f for f in view["layout"]["fields"]}
    assert fields["trump"] == {"key": "trump", "label": "Trumps", "kind": "suit", "per_seat": False,
                               "piece": "card", "head": True}
    assert fields["dealer"]["label"] == "Dealer" and fields["dealer"]["kind"] == "seat"
    assert fields["tricks_won"]["per_seat"] and fields["tricks_won"]["label"] == "Tricks won"
    assert fields["maker"]["label"] == "Maker" and fields["alone"]["kind"] == "flag"
    hand = next(z for z in view["layout"]["zones"] if z["key"] == "hand/0")
    assert hand["pieces"] == view["hand"]  # the hand zone in the order the seat sees it
    assert "hand" not in fields and "trick" not in fields  # the zones show them


def test_an_undeclared_key_is_not_shown_and_a_declared_one_is() -> None:
    view = playout("hearts", None, 5).view(0)
    view["zzz_internal"] = "do-not-show-me"
    text = text_of(view)
    assert "do-not-show-me" not in text and "zzz" not in text.lower()
    view["layout"]["fields"].append({"key": "zzz_internal", "label": "Secret word", "kind": "text",
                                     "per_seat": False})
    assert "Secret word: do-not-show-me" in text_of(view)


def test_the_terminal_shows_a_trick_game_from_its_zones_and_fields() -> None:
    state = playout("euchre", None, 9)
    view = state.view(0)
    text = text_of(view)
    assert "Trumps:" in text and "Your hand:" in text and "Tricks won" in text
    for name in view["players"]:
        assert name in text
    # the key names the old renderer guessed from are not what a person reads
    assert "hand_sizes" not in text and "tricks_won" not in text and "Took up card" not in text


def test_rummy_and_canasta_show_their_hands_before_their_zones() -> None:
    for game in ("rummy", "hand-and-foot", "gin-rummy", "the-card-game"):
        view = playout(game, None, 12).view(sorted(playout(game, None, 12).to_act)[0])
        text = text_of(view)
        assert "Your hand:" in text, game
        assert "Discard pile" in text, game


# ---- a toy game of domino tiles and dice: zones and fields only, no new core code ----------


@dataclass(frozen=True, kw_only=True)
class ToyOptions(Options):
    pass


class ToyBones(State):
    """Two players, three tiles each, a boneyard, a line of tiles and two dice on the table."""

    FIELDS = (
        Field("rolled", "Dice rolled", Kind.PIECES, piece="face"),
        Field("spinner", "Spinner", Kind.PIECE, piece="tile"),
        Field("leader", "Leads", Kind.SEAT),
        Field("pips", "Pips in hand", Kind.NUMBER, per_seat=True),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        tiles = list(dominoes.DOUBLE_TWELVE.tiles)
        self.rng.shuffle(tiles)
        self.hands = [tiles[0:3], tiles[3:6]]
        self.line = [dominoes.tile(12, 7)]
        self.boneyard = [t for t in tiles[6:] if t != self.line[0]]
        if self.line[0] in self.hands[0] or self.line[0] in self.hands[1]:
            raise AssertionError("seed chosen so the spinner is not dealt")
        self.dice = dice.roll(self.rng, 2)

    def zones(self) -> list[Zone]:
        return [
            *(Zone(f"hand/{s}", self.hands[s], dominoes.TILE, owner=s, visibility=Visibility.OWNER,
                   show=Show.HAND, label=f"{self.names[s]}'s tiles") for s in (0, 1)),
            Zone("line", self.line, dominoes.TILE, show=Show.ROW, label="The line of play"),
            Zone("boneyard", self.boneyard, dominoes.TILE, visibility=Visibility.NOBODY, show=Show.PILE,
                 label="The boneyard"),
        ]

    def _to_act(self) -> frozenset[int]:
        return frozenset((0,))

    def _legal(self, seat: int) -> list[Move]:
        return [Move("pass", NUMBER(1))]

    def _why_illegal(self, seat: int, move: Move) -> str:
        return "Only passing here."

    def _apply(self, seat: int, move: Move) -> None:
        pass

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {
            "rolled": [dice.FACE.format(d) for d in self.dice],
            "spinner": dominoes.TILE.format(self.line[0]),
            "leader": 1,
            "pips": [dominoes.pip_count(h) for h in self.hands],
            "zzz_internal": "hidden",
        }


TOY = GameSpec(id="toy-bones", title="Toy Bones", family="dominoes-toy", players=(2,), default_players=2,
               options_cls=ToyOptions, state_cls=ToyBones, summary="Tiles and dice, drawn generically.")


def toy_state() -> ToyBones:
    for seed in range(50):
        try:
            return ToyBones(TOY, ToyOptions(), 2, seed)
        except AssertionError:
            continue
    raise AssertionError("no seed")


def test_a_toy_game_of_tiles_and_dice_renders_through_the_generic_fallback() -> None:
    state = toy_state()
    view = state.view(0)
    assert view["layout"]["family"] == "dominoes-toy"
    text = text_of(view)
    a, b = dominoes.ends(state.hands[0][0])
    assert f" {a}|{b} " in text  # my tile drawn as a tile in my hand
    assert "Your tiles:" in text  # the hand zone's own label, as the viewer says it
    assert "The line of play:  12|7 " in text and "Spinner:  12|7 " in text
    assert "The boneyard:" in text and f"{len(state.boneyard)}, face down" in text
    face = dice.FACE.format(state.dice[0])
    assert f"{'⚀⚁⚂⚃⚄⚅'[int(face) - 1]} {face}" in text  # a die drawn as its face
    assert "Leads: East" not in text and "Leads: Player 2" in text
    assert "Pips in hand" in text  # a per-seat field: a column of the seat table
    # the other seat's tiles are a count, never the tiles
    other = view["layout"]["zones"][1]
    assert other["pieces"] is None and other["count"] == 3
    assert "hidden" not in text
