"""Every place a move's argument is said to lie (``at``: core.views.Place) is on the table the seat sees.

The page lets a person tap a move's arguments where they are drawn (a card of a Golf grid, a face-up
card, the discard pile's top, a train, a die, a marble's hole), so each ``at`` must name a zone of
the view's layout, or a field drawn as a picture, and a place inside it: an index among the zone's
pieces (the piece there, when the seat sees it, being the one the argument names), a hole of the
track. Checked for every rule set along a seeded random playout, for every seat to act.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import gamenight
from tests.conformance.test_schema import CONFIGS, IDS

#: steps of each playout checked
STEPS = 40


def field_places(kind: str, value: Any) -> set[int]:
    """The places of a picture a move may name by index: the dice rolled, a picture's lines of
    dominoes, a track's holes."""
    if kind == "dice":
        return set(range(len(value["rolled"])))
    if kind == "dominoes":
        return set(range(len(value["lines"])))
    if kind == "track":
        ends = {h for side in value["seats"] for h in [*side["home"], *side["castle"]]}
        return set(range(value["loop"])) | ends
    return set()


def place_problem(view: dict[str, Any], arg: dict[str, Any]) -> str | None:
    """Why ``arg``'s place (or a whole move's: the stock a draw takes from) is not on the seat's
    table, or ``None``."""
    at = arg["at"]
    zones = {z["key"]: z for z in view["layout"]["zones"]}
    fields = {f["key"]: f for f in view["layout"]["fields"]}
    if at["zone"] in zones:
        z = zones[at["zone"]]
        if "index" not in at:
            return None if "args" not in arg or z["count"] else f"{at['zone']} is empty"

        size = len(z["pieces"]) if z["pieces"] is not None else z["count"]
        if not 0 <= at["index"] < size:
            return f"index {at['index']} outside {at['zone']} ({size} pieces)"
        shown = z["pieces"][at["index"]] if z["pieces"] is not None else None
        if shown is not None and arg.get("kind") == z["piece"] and shown != arg["value"]:
            return f"{at['zone']}[{at['index']}] shows {shown}, the move names {arg['value']}"
        return None
    if at["zone"] in fields and view.get(at["zone"]) is not None:
        if "index" in at and at["index"] not in field_places(fields[at["zone"]]["kind"], view[at["zone"]]):
            return f"{at['zone']} has no place {at['index']}"
        return None
    return f"{at['zone']} is neither a zone nor a picture of the view"


def places_checked(game: str, preset: str | None, n: int) -> int:
    s = gamenight.new(game, preset=preset, players=n, seed=2)
    rng = random.Random(2)
    placed = 0
    for _ in range(STEPS):
        if s.is_over:
            break
        for seat in sorted(s.to_act):
            view = s.view(seat)
            for move in view["moves"]:
                if "at" in move:
                    problem = place_problem(view, move)
                    assert problem is None, (move["text"], problem)
                    placed += 1
                for arg in move["args"]:
                    if "at" in arg:
                        problem = place_problem(view, arg)
                        assert problem is None, (move["text"], problem)
                        placed += 1
        seat = sorted(s.to_act)[rng.randrange(len(s.to_act))]
        moves = s.legal_moves(seat)
        s.play(moves[rng.randrange(len(moves))], seat)
    return placed


@pytest.mark.parametrize(("game", "preset", "n"), CONFIGS, ids=IDS)
def test_every_place_a_move_names_is_on_the_table(game: str, preset: str | None, n: int) -> None:
    places_checked(game, preset, n)


@pytest.mark.parametrize(("game", "n"), [("golf", 3), ("sweep", 4), ("mexican-train", 4), ("ten-thousand", 4),
                                         ("jokers-wild", 4), ("gin-rummy", 2),
                                         ("chicken-foot", 4)])
def test_the_pieces_on_the_felt_are_placed(game: str, n: int) -> None:
    assert places_checked(game, None, n) > 0


def targets_of(game: str, n: int, steps: int) -> set[tuple[str, str]]:
    """Each (verb, zone) a move lying on the table as a whole names along a seeded playout."""
    s = gamenight.new(game, players=n, seed=3)
    rng = random.Random(3)
    seen: set[tuple[str, str]] = set()
    for _ in range(steps):
        if s.is_over:
            break
        seat = sorted(s.to_act)[0]
        seen |= {(m["verb"], m["at"]["zone"]) for m in s.view(seat, layout=False)["moves"] if "at" in m}
        moves = s.legal_moves(seat)
        s.play(moves[rng.randrange(len(moves))], seat)
    return seen


@pytest.mark.parametrize(("game", "n", "target"), [("golf", 2, ("draw", "stock")),
                                                   ("canasta", 4, ("pickup", "discards")),
                                                   ("mexican-train", 2, ("draw", "boneyard"))])
def test_the_stock_and_the_pile_are_tapped_where_they_lie(game: str, n: int, target: tuple[str, str]) -> None:
    """A draw from the stock and a pickup of the pile lie where the stock and the pile are drawn."""
    assert target in targets_of(game, n, 200)
