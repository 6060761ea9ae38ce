"""Fuzzing every game's move parser: any text, typed by any seat, into positions of every rule set.

``State.play(text, seat)`` either plays a move or raises :class:`~gamenight.IllegalMove` (or its
documented subclass :class:`~gamenight.SeatError`) with a sentence, the state untouched (the
log, every zone, every view). Nothing else may escape: a ``ValueError`` from ``int()``, a
``KeyError`` from a table, an ``AssertionError`` from a kernel would be a 500 at the server.
A move it accepts leaves every seat's ``legal_moves`` and ``view`` working and the log replaying
to the same game.

The texts: any unicode; words the game's moves are made of (verbs, cards, numbers, suits, flags)
mixed with numbers of any size and sign, unicode digits and junk, in any order and count; and
legal moves with a word swapped, dropped or added.
"""

from __future__ import annotations

import json
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

import gamenight
from gamenight.core.state import State
from gamenight.equipment import cards as C
from tests.fuzz.positions import FAST, IDS, RULE_SETS, SLOW, fingerprint, fingerprints, positions, words

#: words no game reads the way they look: other scripts' digits, signs, separators, long numbers
ODD_WORDS = ["²", "٥", "５", "--5", "+5", "-", "-0", "5.0", "1e3", "1_000", "0x1F", "9" * 12, "9" * 5000,
             "-" + "9" * 400, "10h", "jk", "JOKER", "♥", "hearts", "S", "12-7", "4,2", "\x00", "\u200b",
             "ǅ", "İ", "ß", "ﬁ"]


# (the strategies are made once a rule set: each example drew from new ones, and hypothesis
# prepares a strategy anew for each object, which was most of the fuzzer's cost)
@cache
def any_word(game: str, preset: str | None) -> st.SearchStrategy[str]:
    verbs, args = words(game, preset)
    return st.one_of(
        # (args or verbs: a match whose positions show no argument, a dice game's rolls and stops)
        st.sampled_from(verbs), st.sampled_from(args or verbs), st.sampled_from(C.CODE_OF),
        st.sampled_from(ODD_WORDS), st.integers().map(str),
        st.text(st.characters(blacklist_categories=["Zs", "Cc"]), min_size=1, max_size=8),
    )


@cache
def typed_text(game: str, preset: str | None) -> st.SearchStrategy[str]:
    verbs, _ = words(game, preset)
    word = any_word(game, preset)
    spaces = st.sampled_from([" ", "  ", "\t", " \n "])
    structured = st.tuples(st.sampled_from(verbs), st.lists(st.tuples(spaces, word), max_size=5)).map(
        lambda v: v[0] + "".join(sp + w for sp, w in v[1]))
    return st.one_of(st.text(max_size=40), structured, st.lists(word, max_size=6).map(" ".join))


@st.composite
def typing(draw: st.DrawFn, game: str, preset: str | None) -> tuple[int, object, str]:
    """A position (its index in :func:`positions`), a seat (mostly one that may act, sometimes
    another or none), and a text (often a legal move altered)."""
    at = draw(st.integers(0, len(positions(game, preset)) - 1))
    s = positions(game, preset)[at]
    acting = sorted(s.to_act) or [0]
    seat = draw(st.one_of(st.sampled_from(acting), st.none(), st.integers(0, s.num_players - 1),
                          st.sampled_from([-1, s.num_players, "0", 1.0, True])))
    legal = s.legal_moves(seat) if seat in acting and type(seat) is int else []
    if len(legal) > 0 and draw(st.booleans()):  # (a bool on the left: mypy reads the draw as one)
        base = str(draw(st.sampled_from(legal))).split()
        where = draw(st.integers(0, len(base)))
        edit = draw(st.sampled_from(["swap", "drop", "add"]))
        new = draw(any_word(game, preset))
        if edit == "swap" and where < len(base):
            base[where] = new
        elif edit == "drop" and where < len(base):
            del base[where]
        else:
            base.insert(where, new)
        return at, seat, " ".join(base)
    return at, seat, draw(typed_text(game, preset))


def check_typing(s: State, seat: object, text: str, before: str | None = None) -> None:
    """``text`` typed for ``seat`` into ``s`` (on a copy): refused untouched, or played and sound.
    ``before`` is ``s``'s fingerprint when the caller has it (a fuzzed position never changes)."""
    before = fingerprint(s) if before is None else before
    t = s.clone()
    try:
        t.play(text, seat)  # type: ignore[arg-type]
    except gamenight.IllegalMove as e:
        assert str(e).strip(), f"{text!r} was refused without a sentence"
        assert fingerprint(t) == before, f"refusing {text!r} changed the game"
        return
    for other in (None, *range(t.num_players)):
        t.view(other)
        if other is not None:
            t.legal_moves(other)
    again = gamenight.replay(json.loads(json.dumps(t.log)))
    assert fingerprint(again) == fingerprint(t), f"the game after {text!r} does not replay"


@pytest.mark.parametrize(("game", "preset"), RULE_SETS, ids=IDS)
def test_any_text_is_played_or_refused_with_the_game_untouched(game: str, preset: str | None) -> None:
    @FAST
    @given(typing(game, preset))
    def run(case: tuple[int, object, str]) -> None:
        at, seat, text = case
        check_typing(positions(game, preset)[at], seat, text, fingerprints(game, preset)[at])

    run()


@pytest.mark.slow
@pytest.mark.parametrize(("game", "preset"), RULE_SETS, ids=IDS)
def test_much_more_text_is_played_or_refused(game: str, preset: str | None) -> None:
    @SLOW
    @given(typing(game, preset))
    def run(case: tuple[int, object, str]) -> None:
        at, seat, text = case
        check_typing(positions(game, preset)[at], seat, text, fingerprints(game, preset)[at])

    run()
