"""The protocol's pieces: cards, moves, options, the registry, sampling, the trick kernel."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

import gamenight
from gamenight.core.moves import Move, parse_move
from gamenight.core.notation import NUMBER, WORD
from gamenight.core.options import Options, Preset, build, option
from gamenight.core.sampling import redeal
from gamenight.equipment import cards as C
from gamenight.families.tricks import trick_tables

# ---- cards ---------------------------------------------------------------------------

def test_card_codes_round_trip_and_aliases() -> None:
    for c in range(53):
        assert C.card(C.CODE_OF[c]) == c
    assert C.card("10H") == C.card("TH") == C.card("th")
    assert C.card("JK") == C.JOKER
    assert C.LABEL_OF[C.card("TH")] == "10♥"
    assert C.NAME_OF[C.card("QS")] == "the queen of spades"
    with pytest.raises(ValueError, match="not a card"):
        C.card("1X")


def test_decks() -> None:
    assert len(C.standard_deck()) == 52 and len(set(C.standard_deck())) == 52
    euchre = C.euchre_deck()
    assert len(euchre) == 24 and {C.RANK_OF[c] for c in euchre} == {7, 8, 9, 10, 11, 12}
    shoe = C.standard_deck(decks=3, jokers=6)
    assert len(shoe) == 162 and Counter(shoe)[C.card("AS")] == 3 and Counter(shoe)[C.JOKER] == 6


def test_stacked_deck_puts_named_cards_on_top_and_refuses_extras() -> None:
    rng = random.Random(1)
    deck = C.stack_deck(C.euchre_deck(), ["JH", "JD"], rng)
    assert deck[:2] == C.cards("JH JD") and sorted(deck) == sorted(C.euchre_deck())
    with pytest.raises(ValueError, match="more often"):
        C.stack_deck(C.euchre_deck(), ["2C"], rng)
    with pytest.raises(ValueError, match="more often"):
        C.stack_deck(C.euchre_deck(), ["JH", "JH"], rng)


# ---- moves ---------------------------------------------------------------------------

@given(verb=st.sampled_from(["play", "bid", "pass", "call", "discard"]),
       cards=st.lists(st.integers(0, 52), max_size=3),
       number=st.none() | st.integers(0, 99),
       suit=st.none() | st.integers(0, 3),
       flag=st.none() | st.sampled_from(["alone", "blind"]))
def test_move_text_round_trips(verb: str, cards: list[int], number: int | None, suit: int | None,
                               flag: str | None) -> None:
    # the arguments in the order card games print them: suit, number, cards, flag
    args = [*([C.SUIT(suit)] if suit is not None else []), *([NUMBER(number)] if number is not None else []),
            *map(C.CARD, cards), *([WORD(flag)] if flag is not None else [])]
    m = Move(verb, *args)
    assert parse_move(str(m)) is m
    assert Move(verb, *args) is m  # interned
    assert (m.cards, m.number, m.suit, m.flag) == (tuple(cards), number, suit, flag)


def test_unknown_move_text_is_a_clear_illegal_move() -> None:
    with pytest.raises(gamenight.IllegalMove, match="Type a move"):
        parse_move("   ")
    with pytest.raises(gamenight.IllegalMove, match="not a card, named wild card, suit, number"):
        parse_move("play Q?")
    odd = parse_move("frobnicate 3")
    assert str(odd) == "frobnicate 3"


# ---- options -------------------------------------------------------------------------

@dataclass(frozen=True, kw_only=True)
class DemoOptions(Options):
    target: int = option(10, "Target", "First to this wins.", minimum=1)
    alone: bool = option(False, "Alone", "Go alone.")
    deck: str = option("24", "Deck", "24 or 32 cards.", choices=("24", "32"))

    def check(self, players: int) -> None:
        if self.deck == "32" and self.alone:
            raise gamenight.OptionError("The 32-card deck does not allow going alone here.")


PRESETS = {"short": Preset("short", "A short game.", {"target": 5})}


def test_options_defaults_presets_values_and_errors() -> None:
    assert build(DemoOptions, PRESETS, preset=None, values=None, players=4).target == 10
    assert build(DemoOptions, PRESETS, preset="short", values=None, players=4).target == 5
    o = build(DemoOptions, PRESETS, preset="short", values={"target": "7", "alone": "on"}, players=4)
    assert (o.target, o.alone) == (7, True)
    cases: list[tuple[dict[str, object], str]] = [
        ({"nope": 1}, "Unknown option 'nope'"),
        ({"target": 0}, "at least 1"),
        ({"target": "ten"}, "whole number"),
        ({"alone": "maybe"}, "on or off"),
        ({"deck": "52"}, "one of: 24, 32"),
        ({"deck": "32", "alone": True}, "does not allow"),
    ]
    for values, message in cases:
        with pytest.raises(gamenight.OptionError, match=message):
            build(DemoOptions, PRESETS, preset=None, values=values, players=4)
    with pytest.raises(gamenight.OptionError, match="Unknown preset"):
        build(DemoOptions, PRESETS, preset="long", values=None, players=4)


# ---- registry ------------------------------------------------------------------------

def test_registry_errors_are_clear() -> None:
    with pytest.raises(gamenight.UnknownGame, match="No game 'chess'"):
        gamenight.new("chess")
    with pytest.raises(gamenight.OptionError, match="played by 4 players, not 3"):
        gamenight.new("whist-with-10s", players=3)


def test_games_records_carry_the_protocol_fields() -> None:
    spec = next(g for g in gamenight.games() if g.id == "whist-with-10s")
    assert spec.players == (4,) and spec.family == "trick-taking"
    names = [o.name for o in spec.options]
    assert "low_nt_ranking" in names
    assert spec.to_json()["options"][0]["default"] == "normal"


def test_same_seed_same_game_and_none_seed_is_recorded() -> None:
    a = gamenight.new("whist-with-10s", seed=42)
    b = gamenight.new("whist-with-10s", seed=42)
    assert a.view(0) == b.view(0)
    c = gamenight.new("whist-with-10s")
    assert isinstance(c.log["seed"], int)
    assert gamenight.replay(c.log).view(1) == c.view(1)


def test_illegal_move_leaves_the_state_untouched_and_says_why() -> None:
    s = gamenight.new("whist-with-10s", seed=1)
    before = (s.log, s.view(None))
    seat = s.to_move
    assert seat is not None
    other = (seat + 1) % 4
    with pytest.raises(gamenight.IllegalMove, match="not your turn"):
        s.play(s.legal_moves()[0], other)
    not_held = next(c for c in range(52) if c not in s.hands[seat])  # type: ignore[attr-defined]
    with pytest.raises(gamenight.IllegalMove, match="You do not hold"):
        s.play(C.CODE_OF[not_held])
    with pytest.raises(gamenight.IllegalMove, match="no seat 9"):
        s.play("pass", 9)
    assert (s.log, s.view(None)) == before


def test_clone_is_independent() -> None:
    s = gamenight.new("whist-with-10s", seed=1)
    t = s.clone()
    t.play(t.legal_moves()[0])
    assert s.log["moves"] == [] and len(t.log["moves"]) == 1
    assert s.view(0)["hand_sizes"] != t.view(0)["hand_sizes"]
    # the copy's RNG is its own too: both continue to the same next deal if played alike
    assert s.rng.random() == t.rng.random()


# ---- sampling ------------------------------------------------------------------------

def test_redeal_respects_voids_and_sizes() -> None:
    rng = random.Random(3)
    unseen = list(range(26))  # clubs and diamonds
    for _ in range(50):
        zones = redeal(unseen, [10, 8, 8], lambda c, z: not (z == 0 and c < 13), rng)
        assert [len(z) for z in zones] == [10, 8, 8]
        assert all(c >= 13 for c in zones[0])  # zone 0 is void in clubs
        assert sorted(c for z in zones for c in z) == unseen


def test_redeal_finds_the_only_consistent_deal() -> None:
    rng = random.Random(0)
    for _ in range(30):
        # zone 0 may hold only clubs, zone 1 only diamonds: greedy choices must be repaired
        zones = redeal([0, 1, 13, 14], [2, 2], lambda c, z: (c < 13) == (z == 0), rng)
        assert sorted(zones[0]) == [0, 1] and sorted(zones[1]) == [13, 14]


def test_sample_keeps_what_the_seat_saw_and_moves_the_rest() -> None:
    s = gamenight.new("whist-with-10s", seed=8)
    rng = random.Random(1)
    for _ in range(9):  # two tricks and a bit: some players show voids
        s.play(s.legal_moves()[-1])
    differs = 0
    for _ in range(20):
        smp = s.sample(0, rng)
        assert smp.view(0) == s.view(0)
        for seat in range(1, 4):
            for suit in s.void[seat]:  # type: ignore[attr-defined]
                assert all(C.SUIT_OF[c] != suit for c in smp.hands[seat])  # type: ignore[attr-defined]
        differs += smp.hands[1] != s.hands[1]  # type: ignore[attr-defined]
    assert differs > 0


# ---- the trick kernel -----------------------------------------------------------------

def test_left_bower_is_a_trump_and_ranks_second() -> None:
    suit_of, power = trick_tables(C.HEARTS, bowers=True)
    jh, jd, ah = C.cards("JH JD AH")
    assert suit_of[jd] == C.HEARTS and suit_of[C.card("QD")] == C.DIAMONDS
    assert power[jh] > power[jd] > power[ah]


def test_low_ranking_reverses_power() -> None:
    _, power = trick_tables(None, low=True)
    assert power[C.card("2S")] > power[C.card("AS")]


def test_the_later_of_two_identical_cards_wins() -> None:
    s = gamenight.new("whist-with-10s", seed=1)
    s.set_trump(None)  # type: ignore[attr-defined]
    s.trick, s.trick_seats, s.led = C.cards("KS AS AS 2S"), [1, 2, 3, 0], C.SPADES  # type: ignore[attr-defined]
    assert s.trick_winner() == 3  # type: ignore[attr-defined]
