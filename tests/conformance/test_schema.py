"""Every view satisfies the published schema (``GET /api/schema``: ``core.view_schema``).

For every registered game × preset, a short seeded random playout: at each step the view of every
seat and of a spectator is validated against the one JSON Schema a client downloads, with the
game's own entries typed by their fields' kinds. Negative tests prove the validator refuses views
that break the declared shapes, and the moves' typed arguments are checked to name pieces as the
zones show them, so a client matches a card of the hand to a move by equality.

Two validators of the same schema: ``jsonschema`` (the reference implementation, which also checks
the schema itself against the 2020-12 meta-schema) and ``jsonschema_rs`` (compiled; about 300 times
faster on these views: the playouts' 7,500 views cost some 40 s of CPU with the first, 0.15 s with
the second). The playouts are validated by the fast one; every negative test runs on both, and both
must give the same verdict on the first views of every game, so the fast one proves what the
reference one would.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any, TypeAlias, get_args

import jsonschema
import jsonschema_rs
import pytest

import gamenight
from gamenight.core.layout import KINDS
from gamenight.core.state import State
from gamenight.core.view_schema import view_schema
from gamenight.core.views import FIELD_VALUES, FieldKind, arg_value, move_entry

#: steps of each playout whose views are all validated: a deal dealt and its first turns played,
#: every phase a short random game reaches
STEPS = 25
#: a move may name a piece nobody sees: Rook's bidder calls a partner by naming a card in someone
#: else's hand, so that card is in no zone the caller sees (every other piece a move names is)
UNSEEN_PIECES = frozenset({("rook", "call")})


def configurations() -> list[tuple[str, str | None, int]]:
    out = []
    for spec in gamenight.games():
        for preset in [None, *spec.presets]:
            counts = spec.presets[preset].players if preset else None
            out.append((spec.id, preset, (counts or (spec.default_players,))[0]))
    return out


CONFIGS = configurations()
IDS = [f"{g}-{p or 'default'}-{n}p" for g, p, n in CONFIGS]


@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft202012Validator:
    """The reference validator, of a schema itself checked against the meta-schema."""
    schema = view_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@pytest.fixture(scope="module")
def fast_validator() -> jsonschema_rs.Draft202012Validator:
    """The same schema compiled by ``jsonschema_rs``: what validates the playouts' every view."""
    return jsonschema_rs.Draft202012Validator(view_schema())


def playout(game: str, preset: str | None, n: int, seed: int = 0) -> Iterator[State]:
    """The state at each of the first ``STEPS`` steps of a seeded random playout."""
    s = gamenight.new(game, preset=preset, players=n, seed=seed)
    rng = random.Random(seed)
    for _ in range(STEPS):
        yield s
        if s.is_over:
            return
        seat = sorted(s.to_act)[rng.randrange(len(s.to_act))]
        moves = s.legal_moves(seat)
        s.play(moves[rng.randrange(len(moves))], seat)
    yield s


Reference: TypeAlias = jsonschema.Draft202012Validator
Fast: TypeAlias = jsonschema_rs.Draft202012Validator


def problems(validator: Reference | Fast, view: dict[str, Any]) -> list[str]:
    if isinstance(validator, Fast):
        found = [(e.instance_path, e.message) for e in validator.iter_errors(view)]
    else:
        found = [(list(e.absolute_path), e.message) for e in validator.iter_errors(view)]
    return [f"{'/'.join(map(str, path))}: {message}" for path, message in found][:5]


@pytest.mark.parametrize(("game", "preset", "n"), CONFIGS, ids=IDS)
def test_every_view_of_a_playout_satisfies_the_schema(fast_validator: Fast, game: str, preset: str | None,
                                                      n: int) -> None:
    for s in playout(game, preset, n):
        for seat in [None, *range(n)]:
            view = s.view(seat)
            assert not problems(fast_validator, view), (seat, len(s.moves), problems(fast_validator, view))


def first_views() -> Iterator[tuple[str, dict[str, Any]]]:
    """Every seat's and the spectator's view of the first two steps of every game's default playout."""
    for spec in gamenight.games():
        for step, s in zip(range(2), playout(spec.id, None, spec.default_players), strict=False):
            for seat in [None, *range(s.num_players)]:
                yield f"{spec.id} step {step} seat {seat}", s.view(seat)


def test_the_fast_validator_agrees_with_the_reference(validator: Reference, fast_validator: Fast) -> None:
    """Both validators pass the same real views (and both refuse every broken one, below)."""
    checked = 0
    for where, view in first_views():
        assert problems(validator, view) == [] and problems(fast_validator, view) == [], where
        checked += 1
    assert checked > 2 * len(gamenight.games())


def shown_places(view: dict[str, Any]) -> dict[str, set[Any]]:
    """What the view's pictures show by the values moves name: the dice rolled (faces), a board's
    spaces (their text), a track's holes (numbers); by field kind, never by key."""
    out: dict[str, set[Any]] = {"face": set(), "space": set(), "hole": set()}
    for f in view["layout"]["fields"]:
        value = view.get(f["key"])
        if not value:
            continue
        if f["kind"] == "dice":
            out["face"].update(value["rolled"])
        elif f["kind"] == "board":
            out["space"].update(sp["space"] for sp in value["spaces"])
        elif f["kind"] == "track":
            out["hole"].update(range(value["loop"]))
            for side in value["seats"]:
                out["hole"].update([*side["home"], *side["castle"]])
    return out


def pieces_named(game: str, preset: str | None, n: int) -> int:
    """How many of the playout's move arguments named a piece or a place the view shows, checking
    each is there by equality (a card by the code its zone shows, a die face as the dice field
    shows it, a space as the board names it) and that a move's parts spell its text."""
    named = 0
    for s in playout(game, preset, n, seed=1):
        for seat in sorted(s.to_act):
            view = s.view(seat)
            assert [m["text"] for m in view["moves"]] == view["legal_moves"]
            seen: dict[str, set[Any]] = {}
            for z in view["layout"]["zones"]:
                seen.setdefault(z["piece"], set()).update(p for p in z["pieces"] or () if p is not None)
            places = shown_places(view)
            for move in view["moves"]:
                assert " ".join([move["verb"], *(a["text"] for a in move["args"])]) == move["text"]
                for arg in move["args"]:
                    if arg["kind"] in places and places[arg["kind"]]:
                        assert arg["value"] in places[arg["kind"]], (move, arg)
                        named += 1
                    elif arg["kind"] in seen and (game, move["verb"]) not in UNSEEN_PIECES:
                        assert arg["value"] in seen[arg["kind"]], (move, arg)
                        named += 1
                    if "piece" in arg:  # a wild card named as another: the wild is a card of the hand
                        assert arg["piece"] in seen["card"] and arg["text"] == f"{arg['piece']}={arg['as']}"
    return named


@pytest.mark.parametrize(("game", "preset", "n"), CONFIGS, ids=IDS)
def test_moves_name_pieces_as_the_zones_show_them(game: str, preset: str | None, n: int) -> None:
    pieces_named(game, preset, n)


@pytest.mark.parametrize(("game", "n"), [("hearts", 4), ("mexican-train", 4), ("five-in-a-row", 2),
                                         ("ten-thousand", 2), ("jokers-wild", 4)])
def test_a_hands_pieces_are_found_among_the_moves(game: str, n: int) -> None:
    assert pieces_named(game, None, n) > 0


def test_an_arguments_value_is_how_the_view_names_it() -> None:
    from gamenight.core.moves import parse_move
    from gamenight.equipment.boards import HOLE, SPACE
    from gamenight.equipment.cards import CARD, SUIT, card
    from gamenight.equipment.dice import FACE

    assert arg_value(CARD(card("QS"))) == "QS" and arg_value(SUIT(2)) == "H"
    assert arg_value(FACE(5)) == 5 and arg_value(HOLE(26)) == 26
    assert arg_value(SPACE(224)) == SPACE.format(224) == "7,0"
    entry = move_entry(parse_move("call H alone"))
    assert entry == {"text": "call H alone", "verb": "call", "args": [
        {"kind": "suit", "value": "H", "text": "H"}, {"kind": "word", "value": "alone", "text": "alone"}]}


def test_the_declared_field_kinds_are_the_layouts() -> None:
    assert set(get_args(FieldKind)) == set(KINDS) == set(FIELD_VALUES)


# ---- the validator refuses what breaks the schema ---------------------------------------------


def a_view() -> dict[str, Any]:
    s = gamenight.new("hearts", players=4, seed=5)
    return s.view(s.to_move if s.to_move is not None else sorted(s.to_act)[0])


def broken(change: str) -> dict[str, Any]:
    view = copy.deepcopy(a_view())
    if change == "no moves":
        del view["moves"]
    elif change == "a move without its verb":
        del view["moves"][0]["verb"]
    elif change == "an argument with a list for its value":
        view["moves"][0]["args"][0]["value"] = ["QS"]
    elif change == "a move placed with no zone":  # a draw lies on the stock: the place names its zone
        view["moves"][0]["at"] = {"index": 0}
    elif change == "a zone shown in an unknown way":
        view["layout"]["zones"][0]["show"] = "heap"
    elif change == "a field of an unknown kind":
        view["layout"]["fields"][0]["kind"] = "sparkle"
    elif change == "a stray entry in a zone":
        view["layout"]["zones"][0]["colour"] = "red"
    elif change == "a seat as text":
        view["seat"] = "0"
    elif change == "a per-seat number that is not one":
        key = next(f["key"] for f in view["layout"]["fields"] if f["kind"] == "number" and f["per_seat"])
        view[key][0] = "seven"
    elif change == "a trick without its winner":
        key = next(f["key"] for f in view["layout"]["fields"] if f["kind"] == "trick")
        view[key] = {"number": 1, "deal": 1, "plays": []}
    return view


BREAKS = ["no moves", "a move without its verb", "an argument with a list for its value",
          "a move placed with no zone", "a zone shown in an unknown way", "a field of an unknown kind",
          "a stray entry in a zone",
          "a seat as text", "a per-seat number that is not one", "a trick without its winner"]


def test_the_unbroken_view_passes(validator: Reference, fast_validator: Fast) -> None:
    assert problems(validator, a_view()) == []
    assert problems(fast_validator, a_view()) == []


@pytest.mark.parametrize("change", BREAKS)
def test_a_view_that_breaks_the_schema_fails(validator: Reference, fast_validator: Fast, change: str) -> None:
    assert problems(validator, broken(change)), f"{change} passed the reference validator"
    assert problems(fast_validator, broken(change)), f"{change} passed the fast validator"


# ---- over the API --------------------------------------------------------------------------------


def test_the_server_publishes_the_schema_and_its_views_satisfy_it(tmp_path: Any) -> None:
    import warnings

    from gamenight.server import create_app
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from fastapi.testclient import TestClient
    with TestClient(create_app(str(tmp_path / "tables.db"))) as client:
        published = client.get("/api/schema").json()
        assert published == view_schema()
        check = jsonschema.Draft202012Validator(published)
        created = client.post("/api/tables", json={"game": "hearts", "seats": [{"kind": "human"}] * 4}).json()
        for seat in created["seats"]:
            view = client.get(f"/api/tables/{created['table_id']}",
                              headers={"Authorization": f"Bearer {seat['token']}"}).json()["view"]
            assert not problems(check, view)
            assert [m["text"] for m in view["moves"]] == view["legal_moves"]
            if view["legal_moves"]:
                code = view["legal_moves"][0].split()[1]  # a Hearts pass: "pass QS"
                assert view["moves"][0]["args"] == [{"kind": "card", "value": code, "text": code}]
