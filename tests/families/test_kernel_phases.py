"""The trick and rummy kernels' phases: an enum each, one handler a phase, the hooks one lookup.

For each of the seven games, seeded random play (leaning towards the rarer moves: claiming a
redeal, knocking, laying off) visits every phase the game has. At every decision: the phase is a
member of the kernel's or the game's ``Phase`` enum and has a handler; the handler answers what
the state's four hooks answer (who acts, the legal moves, the refusal of an illegal move, what a
move does); a phase made of kinds lists the same moves through its fast ``legal`` as through its
kinds; and asking (legal moves, refusals, views) changes nothing. One refusal a phase reads
word for word as the games' own tests have it.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from enum import StrEnum
from typing import Any

import pytest

import gamenight
from gamenight.core.moves import Move
from gamenight.core.phases import KindsPhase
from gamenight.core.state import State
from gamenight.equipment import cards as C
from gamenight.families import draw_discard, tricks
from gamenight.games.euchre import EuchrePhase
from gamenight.games.gin_rummy import GinPhase
from gamenight.games.hearts import HeartsPhase
from gamenight.games.oh_hell import OhHellPhase
from gamenight.games.the_card_game import CardGamePhase

Refusal = Callable[[Any, int], tuple[str, str]]  # (state, seat) -> (move, the sentence refusing it)


def _card_not_held(s: Any, seat: int) -> int:
    return next(c for c in range(52) if c not in s.hands[seat])


#: one refusal a phase: the move, and the sentence the game's tests expect for it
REFUSALS: dict[str, dict[str, Refusal]] = {
    "euchre": {
        "claim": lambda s, seat: (
            "order", "Your hand has no ace and no face card: 'claim' the redeal (No Ace–No Face) or 'pass'."),
        "order": lambda s, seat: (
            ("order", "You are the dealer: say 'pickup' (or 'pickup alone') to take the up-card, "
                      "or 'pass'.")
            if seat == s.dealer else
            ("pickup", "Only the dealer picks up: say 'order' to order the dealer to pick it up, "
                       "or 'pass'.")),
        "call": lambda s, seat: (
            f"call {C.SUITS[C.SUIT_OF[s.up_card]]}",
            f"You cannot call {C.SUIT_NAMES[C.SUIT_OF[s.up_card]]}: that suit was turned down this deal."),
        "discard": lambda s, seat: (
            f"discard {C.CODE_OF[_card_not_held(s, seat)]}",
            f"You do not hold {C.NAME_OF[_card_not_held(s, seat)]}."),
        "play": lambda s, seat: (
            "pass", "Trump is made and the cards are being played: play a card, e.g. "
                    f"'play {C.CODE_OF[s.hands[seat][0]]}'."),
    },
    "hearts": {
        "pass": lambda s, seat: (
            "play 2C", f"Pass three cards {s.direction} to "
                       f"{s.names[(seat + {'left': 1, 'right': -1, 'across': 2}[s.direction]) % 4]}, one at "
                       "a time, for example 'pass QS'."),
        "play": lambda s, seat: (
            "pass QS", "It is time to play a card, for example 'play 5C'; there is no passing now."),
    },
    "oh-hell": {
        "bid": lambda s, seat: (
            "play QS", f"Bid the tricks you will take, from 0 to {s.hand_size}: for example "
                       f"'bid {min(s.hand_size, 1)}'."),
        "blind_bid": lambda s, seat: (
            f"bid {s.hand_size + 1}", f"Bids run from 0 to {s.hand_size}: there is 1 trick this round."),
        "play": lambda s, seat: ("bid 1", "The bidding is over: play a card, for example 'play QS'."),
    },
    "whist-with-10s": {
        "play": lambda s, seat: ("pass", "It is time to play a card, for example 'play QS'."),
    },
    "rummy": {
        "draw": lambda s, seat: (
            ("pass", "You may pass only when the stock is used up: draw from the stock or take the top "
                     "discard.")
            if s.stock else ("draw", "The stock is empty.")),
        "play": lambda s, seat: (
            "pass", "You have drawn: a turn ends with a discard, or by going out. Passing is only for a "
                    "player facing a used-up stock."),
    },
    "the-card-game": {
        "vote": lambda s, seat: (
            "draw", "The table is voting on the going-out score first: 'vote 0' or 'vote -5'."),
        "draw": lambda s, seat: (
            "discard 9C", f"Draw first: from the stock ('draw') or the discard pile "
                          f"('take {C.CODE_OF[s.discards[-1]]}')."),
        "play": lambda s, seat: (
            "meld 9C 9D 9H", "Melds are laid down only when going out: 'out 9C' lays down all your other "
                             "cards in melds and discards the 9♣."),
    },
    "gin-rummy": {
        "upcard": lambda s, seat: (
            "draw", f"First the upcard is offered: take it ('take {C.CODE_OF[s.discards[-1]]}') or 'pass'."),
        "wall": lambda s, seat: (
            "draw", f"Only {len(s.stock)} cards are left in the stock: take the discard to knock "
                    f"('take {C.CODE_OF[s.discards[-1]]}') or 'pass' to end the hand."),
        "layoff": lambda s, seat: ("draw", "Lay off on the knocker's melds ('layoff 1 8H') or say 'done'."),
        "arrange": lambda s, seat: (
            "draw", "Lay your melds first: choose one of the arrangements listed ('lay ...')."),
        "draw": lambda s, seat: (
            "knock 9C", "Draw first: a hand is ended after drawing, in place of a discard."),
        "play": lambda s, seat: ("pass", "There is nothing to pass on now: draw, or discard."),
    },
}

TRICK_ENUMS: tuple[type[StrEnum], ...] = (tricks.Phase,)
RUMMY_ENUMS: tuple[type[StrEnum], ...] = (draw_discard.Phase,)

#: game -> (its phase enums, how it is set up so that every phase comes up, the phases it must visit)
GAMES: dict[str, tuple[tuple[type[StrEnum], ...], dict[str, Any], set[str]]] = {
    "euchre": ((*TRICK_ENUMS, EuchrePhase), {"options": {"no_ace_no_face": "claimable"}},
               {"claim", "order", "call", "discard", "play"}),
    "hearts": ((*TRICK_ENUMS, HeartsPhase), {}, {"pass", "play"}),
    "oh-hell": ((*TRICK_ENUMS, OhHellPhase), {"options": {"simultaneous_rounds": "all_one_card"}},
                {"bid", "blind_bid", "play"}),
    "whist-with-10s": (TRICK_ENUMS, {}, {"play"}),
    "rummy": (RUMMY_ENUMS, {"players": 2}, {"draw", "play"}),
    "the-card-game": ((*RUMMY_ENUMS, CardGamePhase), {"options": {"going_out_score": "vote"}},
                      {"vote", "draw", "play"}),
    "gin-rummy": ((*RUMMY_ENUMS, GinPhase), {"preset": "standard", "players": 2},
                  {"upcard", "wall", "layoff", "draw", "play"}),
}

#: moves a random player would seldom choose, chosen when legal so every phase comes up
RARE = ("claim", "knock", "gin", "layoff", "take", "out")


def _choose(s: Any, legal: list[Move], rng: random.Random, seed: int) -> Move:
    """Random play, leaning towards the rare moves; at Gin on even seeds a player who never
    knocks but keeps his deadwood low, so hands reach the wall with a knock in sight."""
    if s.spec.id == "gin-rummy" and seed % 2 == 0:
        if s.phase_name == draw_discard.Phase.PLAY:
            after = s.deadwood_after(s.hands[s.turn])
            discards = [m for m in legal if m.verb == "discard"]
            if discards:
                return min(discards, key=lambda m: after[m.cards[0]])
        if s.phase_name == GinPhase.WALL:
            return legal[0]  # take the discard, to knock
        plain = [m for m in legal if m.verb not in ("knock", "gin", "take")]
        return plain[rng.randrange(len(plain))] if plain else legal[0]
    rare = [m for m in legal if m.verb in RARE]
    return rare[0] if rare and rng.random() < 0.7 else legal[rng.randrange(len(legal))]


def _snapshot(s: State) -> str:
    return json.dumps([s.view(None), [str(m) for _, m in s.moves], s.phase(), sorted(s.to_act)],
                      sort_keys=True, default=str)


def _illegal(s: State, seat: int, legal: list[Move]) -> Move:
    for text in ("pass", "draw", "play QS", "discard 2C", "bid 99", "vote 7", "knock 9C", "done", "order"):
        move = s.parse(text)
        if move not in legal and str(move) not in {str(m) for m in legal}:
            return move
    raise AssertionError("every probe is legal")


def _check(s: Any, enums: tuple[type[StrEnum], ...], seen: dict[str, int], game: str,
           rng: random.Random) -> None:
    phase = s.phase_name
    assert isinstance(phase, StrEnum) and type(phase) in enums, (game, phase)
    assert phase in s.phases, (game, phase)
    assert s.phase() == str(phase)
    handler = s.phases[phase]
    checked = seen.get(str(phase), 0)
    seen[str(phase)] = checked + 1
    if checked >= 4:  # a few decisions a phase are enough; the rest only play on
        return
    before = _snapshot(s)
    assert handler.to_act(s) == s._to_act()
    for seat in sorted(s.to_act):
        legal = handler.legal(s, seat)
        assert legal == s._legal(seat) == s.legal_moves(seat), (game, phase)
        if isinstance(handler, KindsPhase):  # the fast legal lists the kinds' moves, in order
            assert KindsPhase.legal(handler, s, seat) == legal, (game, phase)
        bad = _illegal(s, seat, legal)
        assert handler.why_illegal(s, seat, bad) == s._why_illegal(seat, bad)
        if checked == 0:
            text, sentence = REFUSALS[game][str(phase)](s, seat)
            move = s.parse(text)
            assert move not in legal
            assert handler.why_illegal(s, seat, move) == sentence, (game, phase)
        # what a move does: the handler's step and the hook's are the same
        move = legal[rng.randrange(len(legal))]
        by_handler, by_hook = s.clone(), s.clone()
        handler.apply(by_handler, seat, move)
        by_hook._apply(seat, move)
        assert [e.text for e in by_handler.events] == [e.text for e in by_hook.events]
        assert by_handler.phase() == by_hook.phase()
    assert _snapshot(s) == before, f"{game}: asking about phase {phase!r} changed the state"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_phase_is_an_enum_member_whose_handler_the_hooks_use(game: str) -> None:
    enums, setup, expected = GAMES[game]
    seen: dict[str, int] = {}
    for seed in range(40):
        rng = random.Random(seed)
        kwargs = {"players": 4, **setup}
        s: Any = gamenight.new(game, seed=seed, **kwargs)
        for _ in range(400):
            if s.is_over:
                break
            _check(s, enums, seen, game, rng)
            seat = sorted(s.to_act)[0]
            legal = s.legal_moves(seat)
            s.play(_choose(s, legal, rng, seed), seat)
        if expected <= set(seen):
            break
    assert set(seen) >= expected, f"{game}: phases never reached: {expected - set(seen)}"
    every = {str(p) for enum in enums for p in enum}
    assert set(seen) <= every


def test_each_game_declares_a_handler_for_every_member_of_its_enums() -> None:
    for game, (enums, _, _) in GAMES.items():
        s: Any = gamenight.new(game, seed=1, players=2 if game in ("rummy", "gin-rummy") else 4)
        for enum in enums:
            for member in enum:
                assert member in s.phases, (game, member)
