"""The conformance suite of DESIGN.md, for every registered game × preset × player count.

* seeded random playouts finish;
* every card is in exactly one zone, always (conservation);
* replaying the log gives the same game;
* every legal move applies, and illegal ones raise IllegalMove with the state unchanged;
* views, moves and logs round-trip through JSON and text;
* view(seat) == sample(seat, rng).view(seat) at every step, and sample really moves the
  unseen cards.

"Every step" is every step of the first deal and ``AFTER_FIRST_DEAL`` steps into the next (at most
``DENSE_STEPS``), and every ``SAMPLE_EVERY``-th after.

Two tiers. The default run (``python3 -m pytest``) plays, for every game × preset × player count,
one whole seeded playout with its replay, and one short seeded playout with every every-step check
for ``FAST_STEPS`` steps. The full matrix (two whole playouts each, the every-step checks through
the first ``EVERY_STEP_LIMIT`` steps) is marked ``slow`` (its whole playout is seed 1 beside the
default tier's 0; where a configuration is played every step, that playout goes on to the end and
is replayed in place of seed 1): CI runs it, in parallel, with everything else.

Illegal moves are near-misses of legal ones (:func:`tests.helpers.near_misses`: a card swapped, a
number moved, an argument dropped or added, another verb, another seat's move), for any game and
any kind of move, plus a few fixed unreadable texts.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

import gamenight
from gamenight.core.moves import Move, parse_move
from gamenight.core.registry import get as get_spec
from gamenight.core.state import State
from tests.helpers import deal_marker, near_misses

MAX_MOVES = 20_000
#: the every-step test checks everything at every step up to here (a whole first deal and more in
#: every game), then at every SAMPLE_EVERY-th step, playing the steps between: random rummy matches
#: run to thousands of moves, each check copies the game several times, and the later deals repeat
#: the phases the first one went through (a check every fifteenth step still lands in each of them:
#: a rummy turn is two to four steps, a trick four to nine, a deal sixty and more)
DENSE_STEPS = 500
SAMPLE_EVERY = 15
#: once the first deal is over, the checks stay at every step this much longer (the next deal
#: dealt and begun), then go to every SAMPLE_EVERY-th: random play ends a first deal at a median of
#: 65 steps, and every step of 500 repeated the same phases in deal after deal for most games
AFTER_FIRST_DEAL = 30
#: the slow tier's every-step playout stops here: several deals into any game (a random rummy match
#: runs to five thousand moves and more, its later deals repeating the phases of the first ones);
#: the end of every match is the whole playouts' (three seeds of every configuration)
EVERY_STEP_LIMIT = 2_500
#: the default tier's every-step playout stops after this many steps (the slow tier plays on to the end)
FAST_STEPS = 40
#: at most this many near-misses are tried at each step (their kinds interleaved), from a few legal moves
NEAR_MISSES = 16
NEAR_MISS_BASES = 3


#: rule sets whose matches random play never finishes (a target random players never reach: under
#: DeMeritt's rules both sides sink below -300,000 in 60,000 random moves), with the options the
#: suite bounds them by (ten hands: about 2,000 random moves); each match ends by its own rules
BOUNDED: dict[tuple[str, str | None], dict[str, object]] = {("hand-and-foot", "demeritt"): {"max_hands": 10}}
#: Rook: random bidders are set hand after hand, and both sides sink (−13,000 after 275 hands)
BOUNDED.update({("rook", p): {"max_hands": 8} for p in [None, *get_spec("rook").presets]})
#: Desert Rummy: random players lay the early melds but hardly ever the run of nine, and a hand ends
#: only when someone who laid his meld goes out (two hands: about 300-1,000 random moves)
BOUNDED[("desert-rummy", None)] = {"max_hands": 2}
#: Oklahoma Canasta: random players do reach 1,000 (four hands or so), but each step of a hand of
#: thirteen cards and a whole pile lists many named melds and pickups: one hand keeps CI's minutes
#: (its redeal, the stock running out and the game's end are the game's own stacked tests)
BOUNDED[("oklahoma-canasta", None)] = {"max_hands": 1}
#: Joker Canasta: random players seldom meet the 100-point minimum with an always-frozen pile, and
#: their threes then count minus: both sides sink (−200,000 after 2,000 hands)
BOUNDED[("joker-canasta", None)] = {"max_hands": 3}
#: Samba, Bolivia, Brazilian: random sides' totals drift (red threes and hands count minus) and a
#: random match to 10,000 or 15,000 runs past the move budget (three hands: about 1,500 moves)
BOUNDED.update({("samba", p): {"max_hands": 3} for p in (None, "bolivia", "brazilian")})
#: Mexican Train: thirteen rounds of random play (about 1,300 moves a match, each checked at every
#: step in the slow tier) are bounded to four; the engines of later rounds are the game's own tests
BOUNDED.update({("mexican-train", p): {"rounds": 4} for p in (None, "common")})


#: options that change how play flows rather than what it scores (a claim window after every
#: discard): each is played at the game's usual player count, in both tiers, like a preset
VARIANTS: list[tuple[str, dict[str, object]]] = [
    ("ten-dime-rummy", {"buy_timing": "any_time"}),
    ("five-hundreds", {"claim_resolution": "first_click"}),
    ("sweep", {"face_up_timing": "after_hand_empty"}),
    ("sweep", {"ten_led": "normal_lowest"}),
    ("mexican-train", {"announce": "penalty", "rounds": 2}),
    ("mexican-train", {"held_out_engine": True, "rounds": 2}),
    ("mexican-train", {"must_satisfy_doubles": True, "rounds": 2}),
    ("chicken-foot", {"tile_set": "double12", "round_order": "descending", "double_blank": 0, "rounds": 3}),
    ("jokers-wild", {"castle_overshoot": "must_wait", "back_in_with_8": False}),
    ("mexicana", {"mex_goout": "red3_ge_canastas", "sevens_natural_only": True, "max_hands": 2}),
]
VARIANT_IDS = [f"{g}-{'-'.join(f'{k}={v}' for k, v in o.items())}" for g, o in VARIANTS]


def configurations() -> list[tuple[str, str | None, int]]:
    out = []
    for spec in gamenight.games():
        for preset in [None, *spec.presets]:
            counts = spec.presets[preset].players if preset else None
            for n in counts or spec.tested_players or spec.players:
                out.append((spec.id, preset, n))
    return out


CONFIGS = configurations()
IDS = [f"{g}-{p or 'default'}-{n}p" for g, p, n in CONFIGS]


def representative(configs: list[tuple[str, str | None, int]]) -> list[tuple[str, str | None, int]]:
    """Of the book's rule set's player counts, the fewest, the usual and the most; of a preset's,
    the usual (else its fewest): the slow tier's every-step playout of a whole match costs its
    length, the counts between add no rule the three do not exercise, and a preset changes rules,
    not seating, which the book's own rule set has exercised at every size. Every count of every
    rule set keeps the fast tier and the slow tier's whole playouts."""
    counts: dict[tuple[str, str | None], list[int]] = {}
    for game, preset, n in configs:
        counts.setdefault((game, preset), []).append(n)
    keep = set()
    for (game, preset), ns in counts.items():
        usual = get_spec(game).default_players
        typical = usual if usual in ns else min(ns)
        keep |= {(game, preset, n) for n in ((typical,) if preset else (min(ns), typical, max(ns)))}
    return [c for c in configs if c in keep]


EVERY_STEP = representative(CONFIGS)
EVERY_STEP_IDS = [f"{g}-{p or 'default'}-{n}p" for g, p, n in EVERY_STEP]


def random_playout(game: str, preset: str | None, n: int, seed: int,
                   options: dict[str, object] | None = None) -> State:
    options = options or BOUNDED.get((game, preset))
    s = gamenight.new(game, preset=preset, players=n, seed=seed, options=options)
    rng = random.Random(seed)
    for _ in range(MAX_MOVES):
        if s.is_over:
            return s
        seat = sorted(s.to_act)[rng.randrange(len(s.to_act))]
        moves = s.legal_moves(seat)
        assert moves, f"seat {seat} is to act but has no legal move in phase {s.phase()}"
        s.play(moves[rng.randrange(len(moves))], seat)
    raise AssertionError(f"{game} did not finish in {MAX_MOVES} moves")


def snapshot(s: State) -> str:
    return json.dumps([s.view(seat) for seat in [None, *range(s.num_players)]] + [s.log], sort_keys=True)


def check_conservation(s: State) -> None:
    zones = s.card_zones()
    held = Counter(c for cards in zones.values() for c in cards)
    assert held == Counter(s.deck_template()), "cards were created or lost"  # type: ignore[attr-defined]


def check_playout_finishes_and_replays(game: str, preset: str | None, n: int, seed: int,
                                       options: dict[str, object] | None = None) -> None:
    check_finished_and_replays(random_playout(game, preset, n, seed, options), n)


def check_finished_and_replays(s: State, n: int) -> None:
    """A finished match has its outcome, nobody to act, refuses any move, and its log replays to
    the same game (every seat's view, the spectator's and the log)."""
    out = s.outcome
    assert out is not None and s.is_over
    assert len(out.scores) == n and out.winners and set(out.winners) <= set(range(n))
    assert s.to_act == frozenset() and s.legal_moves(0) == []
    again = gamenight.replay(json.loads(json.dumps(s.log)))
    assert snapshot(again) == snapshot(s)
    with pytest.raises(gamenight.IllegalMove):
        s.play("pass", 0)


@pytest.mark.parametrize(("game", "preset", "n"), CONFIGS, ids=IDS)
def test_a_random_playout_finishes_and_replays(game: str, preset: str | None, n: int) -> None:
    check_playout_finishes_and_replays(game, preset, n, 0)


#: the configurations whose second whole playout is here: the others' is their every-step playout,
#: played on to the end and replayed
SECOND_PLAYOUT = [pytest.param(*c, id=i) for c, i in zip(CONFIGS, IDS, strict=True) if c not in EVERY_STEP]


@pytest.mark.slow
@pytest.mark.parametrize(("game", "preset", "n"), SECOND_PLAYOUT)
def test_a_second_random_playout_finishes_and_replays(game: str, preset: str | None, n: int) -> None:
    # (seed 0 is the default tier's; a third seed of every configuration, a fifth of this module's
    # CPU, found nothing the two playouts, the every-step checks and the move fuzzer do not)
    check_playout_finishes_and_replays(game, preset, n, 1)


#: the fast tier's first steps of a configuration the slow tier plays every step of are the first
#: FAST_STEPS steps of that very playout (same seeds): ``--all`` deselects them (tests/conftest.py)
PREFIX = pytest.mark.prefix_of_slow("test_every_step_keeps_the_invariants")
FIRST_STEPS = [pytest.param(*c, id=i, marks=[PREFIX] if c in EVERY_STEP else [])
               for c, i in zip(CONFIGS, IDS, strict=True)]


@pytest.mark.parametrize(("game", "preset", "n"), FIRST_STEPS)
def test_the_first_steps_keep_the_invariants(game: str, preset: str | None, n: int) -> None:
    check_every_step(game, preset, n, FAST_STEPS)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "preset", "n"), EVERY_STEP, ids=EVERY_STEP_IDS)
def test_every_step_keeps_the_invariants(game: str, preset: str | None, n: int) -> None:
    """The every-step checks, then the same match played on to its end and replayed: the second
    of the two whole playouts of this configuration."""
    s = check_every_step(game, preset, n, EVERY_STEP_LIMIT)
    check_finished_and_replays(play_out(s, random.Random(2)), n)


@pytest.mark.parametrize(("game", "options"), VARIANTS, ids=VARIANT_IDS)
def test_a_variant_plays_out_and_replays(game: str, options: dict[str, object]) -> None:
    check_playout_finishes_and_replays(game, None, get_spec(game).default_players, 0, options)


@pytest.mark.prefix_of_slow("test_a_variant_keeps_the_invariants_at_every_step")
@pytest.mark.parametrize(("game", "options"), VARIANTS, ids=VARIANT_IDS)
def test_a_variant_keeps_its_first_steps_invariants(game: str, options: dict[str, object]) -> None:
    check_every_step(game, None, get_spec(game).default_players, FAST_STEPS, options)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "options"), VARIANTS, ids=VARIANT_IDS)
def test_a_variant_keeps_the_invariants_at_every_step(game: str, options: dict[str, object]) -> None:
    check_every_step(game, None, get_spec(game).default_players, EVERY_STEP_LIMIT, options)


def looked_at(steps: int, n: int, to_act: frozenset[int]) -> list[int | None]:
    """The seats (``None``: a spectator) whose whole view (layout included) is round-tripped
    through JSON at a checked step, and whose ``sample()`` is checked: a seat to act (whose view
    lists its legal moves) and one more in rotation, so every seat and the spectator come round
    every ``n + 1`` checked steps, in every phase of a deal. Checking every seat at every step cost
    a copy and a redeal per seat per step (half the every-step playouts' CPU at eight players) and
    found nothing the rotation does not: a view is built by the same code for every seat."""
    acting = sorted(to_act)
    turn = steps % (n + 1)
    seats: list[int | None] = [acting[steps % len(acting)]] if acting else []
    rotating = None if turn == n else turn
    if rotating not in seats:
        seats.append(rotating)
    return seats


def unchanged_fingerprint(s: State, seat: int,
                          views: dict[int | None, dict[str, Any]] | None = None) -> list[object]:
    """What "unchanged" means after a refused move, compared as data: every zone's pieces in order
    (whoever may see them), what a spectator and the seat that made the refused moves see (the
    entries: the layout is drawn from them and from the zones), the number of moves and the last
    one. Another seat's view adds only what that seat alone knows beyond the zones, which no move
    of this seat's touches without a zone or a public entry changing too (compared, one other seat
    a step in turn, it never caught what these did not). ``views``: the state's
    views of those seats already made (a view with its layout is the same entries plus the
    layout), so the fingerprint before the refusals costs no view of its own."""
    last = str(s.moves[-1][1]) if s.moves else ""
    keys = (None, seat)
    entries = [{k: v for k, v in views[seat].items() if k != "layout"} if views
               else s.view(seat, layout=False) for seat in keys]
    zones = {key: list(pieces) for key, pieces in s.card_zones().items()}
    return [zones, entries, len(s.moves), last]


def check_views_and_samples(s: State, views: dict[int | None, dict[str, Any]], steps: int,
                            rng: random.Random) -> int:
    """The looked-at seats' views (``views``: the state's own, layout included) round-trip through
    JSON and equal their samples' (which conserve the pieces); returns how many samples moved an
    unseen piece."""
    moved_unseen = 0
    for seat, v in views.items():
        assert json.loads(json.dumps(v)) == v
        if seat is None:
            continue
        smp = s.sample(seat, rng)
        assert smp.view(seat) == v, f"sample changes what seat {seat} sees at step {steps}"
        check_conservation(smp)
        if smp.card_zones() != s.card_zones():
            moved_unseen += 1
    return moved_unseen


def check_every_step(game: str, preset: str | None, n: int, max_steps: int,
                     options: dict[str, object] | None = None) -> State:
    """Every check at every step (then every SAMPLE_EVERY-th) for ``max_steps`` steps of a seeded
    random playout; returns the game where it stopped."""
    options = options or BOUNDED.get((game, preset))
    s = gamenight.new(game, preset=preset, players=n, seed=99, options=options)
    rng = random.Random(7)
    pick = random.Random(11)  # chooses the near-misses, apart from the playout's own choices
    verbs: set[str] = set()  # every verb legal so far: a near-miss may use any of them
    read_back: set[Move] = set()  # the legal moves whose text has been read back
    moved_unseen = 0
    steps = 0
    dense = DENSE_STEPS
    first_deal = deal_marker(s)
    while not s.is_over and steps < max_steps:
        steps += 1
        if dense == DENSE_STEPS and deal_marker(s) != first_deal:
            dense = min(DENSE_STEPS, steps + AFTER_FIRST_DEAL)
        if steps > dense and steps % SAMPLE_EVERY:
            seat = sorted(s.to_act)[rng.randrange(len(s.to_act))]
            legal = s.legal_moves(seat)
            s.play(legal[rng.randrange(len(legal))], seat)
            continue
        check_conservation(s)
        seats = looked_at(steps, n, s.to_act)
        seat = sorted(s.to_act)[rng.randrange(len(s.to_act))]
        views = {key: s.view(key) for key in dict.fromkeys([None, *seats, seat])}
        before = unchanged_fingerprint(s, seat, views)
        moved_unseen += check_views_and_samples(s, {k: views[k] for k in seats}, steps, rng)
        legal = s.legal_moves(seat)
        assert len(set(legal)) == len(legal), "legal moves have duplicates"
        for m in legal:
            # a move's text reads back to the move itself (moves are interned and ``parse_move``
            # reads text alone: once a playout); the game's own reading may depend on the position
            if m not in read_back:
                assert parse_move(str(m)) == m, f"{m} does not round-trip"
                read_back.add(m)
            assert s.parse(str(m)) == m, f"{m} does not round-trip at this position"
        if steps % 7 == 0:  # every legal move applies
            for m in legal:
                s.clone().play(m, seat)
        verbs.update(m.verb for m in legal)
        for bad in illegal_candidates(s, seat, legal, pick, verbs):
            if isinstance(bad, Move) and s._resolve(seat, bad, legal) is not None:
                # a shorthand the game reads as a legal move (interchangeable cards named): it applies
                accepted = s.clone()
                accepted.play(bad, seat)
                check_conservation(accepted)
                continue
            with pytest.raises(gamenight.IllegalMove) as err:
                s.play(bad, seat)
            assert str(err.value).strip(), "an illegal move needs a reason"
        for other in set(range(n)) - s.to_act:
            if legal:
                with pytest.raises(gamenight.IllegalMove):
                    s.play(legal[0], other)
        assert unchanged_fingerprint(s, seat) == before, "an illegal move changed the state"
        s.play(legal[rng.randrange(len(legal))], seat)
    # a game with nothing hidden (dice on the table: ``all_public``) has nothing to redeal
    assert moved_unseen > 0 or getattr(s, "all_public", False), "sample never redealt any unseen card"
    return s


def play_out(s: State, rng: random.Random) -> State:
    """Random moves to the end of the match (``MAX_MOVES`` in all)."""
    while not s.is_over and len(s.moves) < MAX_MOVES:
        seat = sorted(s.to_act)[rng.randrange(len(s.to_act))]
        moves = s.legal_moves(seat)
        assert moves, f"seat {seat} is to act but has no legal move in phase {s.phase()}"
        s.play(moves[rng.randrange(len(moves))], seat)
    assert s.is_over, f"{s.spec.id} did not finish in {MAX_MOVES} moves"
    return s


def illegal_candidates(s: State, seat: int, legal: list[Move], pick: random.Random,
                       verbs: set[str]) -> list[Move | str]:
    legal_set = set(legal)
    out: list[Move | str] = ["", "xyzzy", "play", "play ZZ", "bid -1 QS QS"]
    bases = pick.sample(legal, min(NEAR_MISS_BASES, len(legal)))
    out.extend(near_misses(s, seat, legal, bases=bases, verbs=verbs)[:NEAR_MISSES])
    for text in ("pass", "bid 99", "call H", "order", "discard AS"):
        try:
            m = parse_move(text)
        except gamenight.IllegalMove:
            continue
        if m not in legal_set:
            out.append(m)
    return out


def test_games_listing_describes_every_option() -> None:
    listed = gamenight.games()
    assert listed
    for spec in listed:
        assert spec.id and spec.title and spec.family and spec.players
        for o in spec.options:
            assert o.label and o.help, f"{spec.id}.{o.name} needs a label and a help line"
        for p in spec.presets.values():
            assert p.description
            gamenight.new(spec.id, preset=p.name)  # every preset builds
