"""Helpers shared by the tests: stacked decks, positions described literally (:func:`position`, from
``gamenight.core.position``: a test sets a table through it, never through a state's attributes),
looking at canasta positions, the golden matches, and illegal moves made by altering legal ones
(:func:`near_misses`)."""

from __future__ import annotations

import contextlib
import io
import json
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import pytest

import gamenight
from gamenight.core.errors import IllegalMove
from gamenight.core.moves import Move, parse_move
from gamenight.core.position import REST
from gamenight.core.position import Pieces as Pieces
from gamenight.core.position import PositionError as PositionError  # (for the tests)
from gamenight.core.position import edited as edited
from gamenight.core.position import position as position
from gamenight.core.position import set_position as set_position
from gamenight.core.state import State
from gamenight.equipment import cards as C

S = TypeVar("S", bound=State)

#: the recorded matches (``tests/golden/*.json``); ``python3 -m tests.golden.record`` re-records them
GOLDEN_DIR = Path(__file__).parent / "golden"


def deal_deck(hands: Sequence[str], rest: str = "", *, dealer: int = 0) -> list[str]:
    """A stacked ``deck`` that deals ``hands[s]`` (space-separated codes) to seat ``s``.

    Cards are dealt one at a time clockwise from the dealer's left (the stacked first deal
    has dealer seat 0), then ``rest`` lies on top of the undealt cards in that order.
    """
    split = [h.split() for h in hands]
    n = len(split)
    size = len(split[0])
    if any(len(h) != size for h in split):
        raise ValueError("every hand must have the same number of cards")
    deck: list[str] = []
    for i in range(size * n):
        seat = (dealer + 1 + i) % n
        deck.append(split[seat][i // n])
    return deck + rest.split()


def play_all(state: State, moves: Sequence[str | tuple[int, str]]) -> State:
    """Play moves in order; an entry may be ``(seat, text)`` for simultaneous phases."""
    for m in moves:
        if isinstance(m, tuple):
            state.play(m[1], m[0])
        else:
            state.play(m)
    return state


def new(game: str, hands: Sequence[str], rest: str = "", **kwargs: object) -> State:
    return gamenight.new(game, deck=deal_deck(hands, rest), players=len(hands), **kwargs)  # type: ignore[arg-type]


def lay_out_rummy_deal(s: S, hands: Sequence[str], rest: str) -> S:
    """Lay out a rummy deal just dealt (a draw-and-discard state): ``hands[s]`` (space-separated
    codes) to seat ``s``, the first card of ``rest`` on the discard pile and the rest on top of the
    stock in that order (``stock[0]`` is its top), every other card below them. Cards are only
    moved (conservation is checked), and what seats knew of the hands is forgotten."""
    top = rest.split()
    described: dict[str, Pieces] = {f"hand/{seat}": h for seat, h in enumerate(hands)}
    described |= {"discards": top[:1], "stock": [*top[1:], "..."]}
    return set_position(s, zones=described)


def run_down_stock(s: S, keep: int = 0, *, stock: str = "stock", top_last: bool = False,
                   set_aside: bool = False, **settings: Any) -> S:
    """The stock down to its ``keep`` top pieces (the first of the kernel's list, a rummy stock's
    top; the last with ``top_last``, a canasta stock's), every other piece under the discard pile,
    in order: as a long hand leaves it (nothing is lost). With ``set_aside`` they are out of play
    instead, the pile as it was (under it they would freeze it or be taken with it)."""
    zones = s.card_zones()
    pieces = zones[stock]
    cut = len(pieces) - keep if top_last else keep
    left, gone = (pieces[cut:], pieces[:cut]) if top_last else (pieces[:cut], pieces[cut:])
    if set_aside:
        return set_position(s, zones={stock: left}, out_of_play=REST, **settings)  # with any set aside before
    return set_position(s, zones={stock: left, "discards": [*gone, *zones["discards"]]}, **settings)


def hand_and_foot_deck(hands: Sequence[str], feet: Sequence[str], up: str, rest: str = "") -> list[str]:
    """A stacked Hand and Foot shoe (dealer seat 0): ``hands[s]`` and then ``feet[s]`` are dealt one
    card at a time from the dealer's left, ``up`` is turned up (cover a wild card with the next
    card of ``rest``), and ``rest`` lies on top of the stock in that order (the next draws)."""
    return deal_deck(hands) + deal_deck(feet) + up.split() + rest.split()


# ---- looking at and changing positions (canasta and rummy alike) -----------------------------

def deal_marker(s: State) -> tuple[int, int]:
    """What moves when a deal is over: the deal number, and a party's game number (a Court Whist
    party's tables each deal their own hand, and the party's ``deal_no`` does not move)."""
    return s.deal_no, int(getattr(s, "game_no", 0))


def codes(cards: Iterable[int]) -> list[str]:
    return sorted(C.CODE_OF[c] for c in cards)


def texts(s: State, seat: int | None = None) -> list[str]:
    return [str(m) for m in s.legal_moves(seat)]


def _table(s: State) -> tuple[object, ...]:
    """What a refused move must leave as it was: the moves made, every zone, the books and the phase."""
    books = getattr(s, "books", None)
    return (len(s.moves), {k: list(v) for k, v in s.card_zones().items()},
            [list(b) for b in books] if books is not None else None, s.phase())


def refused(s: State, move: str, match: str, seat: int | None = None) -> None:
    """The move is refused with a sentence naming the rule, and nothing changes."""
    before = _table(s)
    with pytest.raises(gamenight.IllegalMove, match=match):
        s.play(move, seat)
    assert _table(s) == before


def play(s: S, *moves: str) -> S:
    for m in moves:
        s.play(m)
    return s


def zones(s: State) -> Counter[int]:
    return Counter(c for cards in s.card_zones().values() for c in cards)


# ---- golden matches --------------------------------------------------------------------------

def golden_record(name: str) -> dict[str, Any]:
    """The recorded match ``tests/golden/<name>.json``: its ``log``, ``score_sheet`` and ``outcome``."""
    record: dict[str, Any] = json.loads((GOLDEN_DIR / f"{name}.json").read_text())
    return record


def golden_match(name: str) -> State:
    """The recorded match replayed from its log: the bots that played it do not run again."""
    return gamenight.replay(golden_record(name)["log"])


# ---- illegal moves made by altering legal ones ----------------------------------------------

#: every card code (the joker last): the cards a near-miss may name instead of a legal move's
ALL_CODES: tuple[str, ...] = tuple(C.CODE_OF)
#: a number no game takes in any position
BIG_NUMBER = 99
#: how many of the last moves lend their verbs and words to near-misses (pass ``verbs`` for more)
HISTORY = 64


def _word_kind(word: str) -> str:
    """How :func:`parse_move` reads one word after the verb: ``suit``, ``number``, ``card`` or ``flag``."""
    if len(word) == 1 and C.is_suit_code(word):
        return "suit"
    if word.lstrip("-").isdigit():
        return "number"
    if C.is_card_code(word):
        return "card"
    return "flag"


def near_misses(s: State, seat: int, legal: Sequence[Move] | None = None, *,
                bases: Sequence[Move] | None = None, verbs: Iterable[str] = (),
                per_slot: int = 2) -> list[Move]:
    """Moves that are *almost* legal for ``seat`` now, made by altering the text of legal moves.

    From each move of ``bases`` (default: every legal move) it derives: one card swapped for
    another (first cards named by other legal moves, then any card of the deck); a number moved
    by ±1 or to a big one; a suit changed; an argument dropped; a card, a number or a word added;
    the verb changed to another verb the game uses (in ``legal``, in the recent log, in ``verbs``). It
    adds the legal moves of other seats and the moves other seats played last. Every candidate
    is built by :func:`gamenight.core.moves.parse_move` from altered *text* (words of
    ``str(move)``, never ``Move`` fields), and only those not in ``legal`` by identity nor by text
    are kept. The kinds are interleaved, so a prefix of the list samples every kind.

    A game may still accept a near-miss as a shorthand for a legal move (``State._resolve``: an
    interchangeable card, an omitted book number); the caller decides what to do with those.
    """
    legal = list(s.legal_moves(seat) if legal is None else legal)
    legal_set = set(legal)
    legal_texts = {str(m) for m in legal}
    seen: set[str] = set()
    kinds: dict[str, list[Move]] = {}

    def keep(kind: str, words: Sequence[str]) -> bool:
        text = " ".join(words)
        if text in seen or text in legal_texts:
            return False
        seen.add(text)
        try:
            m = parse_move(text)
        except IllegalMove:
            return False
        if m in legal_set or str(m) in legal_texts:
            return False
        kinds.setdefault(kind, []).append(m)
        return True

    history = [m for _, m in s.moves[-HISTORY:]]  # the recent moves (a whole log costs O(moves) a step)
    all_verbs = sorted({m.verb for m in legal} | {m.verb for m in history} | set(verbs))
    flags = sorted({w for m in (*legal, *history) for w in str(m).split()[1:] if _word_kind(w) == "flag"})
    named = [code for m in legal for code in str(m).split()[1:] if _word_kind(code) == "card"]
    # cards other legal moves name first (a plausible wrong card), then the whole deck, starting at a
    # place that moves on with the game (so a playout tries every card in turn)
    start = 7 * len(s.moves) % len(ALL_CODES)
    pool = list(dict.fromkeys([*named, *ALL_CODES[start:], *ALL_CODES[:start]]))

    for base in legal if bases is None else bases:
        words = str(base).split()
        verb, args = words[0], words[1:]
        for i, word in enumerate(args):
            at = i + 1
            kind = _word_kind(word)
            if kind == "card":
                kept = 0
                for code in pool:
                    if code != word and keep("card", [*words[:at], code, *words[at + 1:]]):
                        kept += 1
                        if kept >= per_slot:
                            break
            elif kind == "number":
                n = int(word)
                for near in (n + 1, n - 1, BIG_NUMBER):
                    keep("number", [*words[:at], str(near), *words[at + 1:]])
            elif kind == "suit":
                for other in C.SUITS:
                    if other != word.upper():
                        keep("suit", [*words[:at], other, *words[at + 1:]])
            keep("drop", [*words[:at], *words[at + 1:]])
        # add an argument: a card (one more, or one named twice), a number, a word
        cards = [w for w in args if _word_kind(w) == "card"]
        kept = 0
        for code in pool:
            if code not in cards and keep("add", [*words, code]):
                kept += 1
                if kept >= per_slot:
                    break
        if cards:
            keep("add", [*words, cards[0]])
        if not any(_word_kind(w) == "number" for w in args):
            keep("add", [*words, "1"])
        if not any(_word_kind(w) == "flag" for w in args):
            for flag in flags[:per_slot]:
                keep("add", [*words, flag])
        for other in all_verbs:
            if other != verb:
                keep("verb", [other, *args])

    for other_seat in range(s.num_players):
        if other_seat != seat:
            for m in s.legal_moves(other_seat):
                keep("seat", str(m).split())
    for who, m in reversed(s.moves[-4 * s.num_players:]):
        if who != seat:
            keep("seat", str(m).split())

    out: list[Move] = []
    lists = list(kinds.values())
    for i in range(max((len(x) for x in lists), default=0)):
        out.extend(x[i] for x in lists if i < len(x))
    return out


def assert_same_tables(before: dict[str, Any], after: dict[str, Any]) -> None:
    """Two snapshots of the same tables (table id -> GET /api/tables/{id}) are equal, except that a
    seat waited for may carry a stamp that moved by under a second: a table loaded again from
    storage dates the wait from its last stored move, which was written a moment after it was made."""
    assert before.keys() == after.keys()
    for key in before:
        old, new = dict(before[key]), dict(after[key])
        old_wait, new_wait = old.pop("waiting", []), new.pop("waiting", [])
        assert [w["seat"] for w in old_wait] == [w["seat"] for w in new_wait], key
        assert all(abs(a["since"] - b["since"]) < 1 for a, b in zip(old_wait, new_wait, strict=True)), key
        assert new == old, key


#: the README, whose Python examples the tests run as a reader would
README = Path(__file__).resolve().parents[1] / "README.md"


def run_readme_example(heading: str) -> tuple[str, dict[str, object]]:
    """The first Python example under the README's ``heading``, run as a reader runs it: what it
    printed, and the names it left behind."""
    text = README.read_text(encoding="utf-8")
    section = text[text.index(heading):]
    code = re.search(r"```python\n(.*?)```", section, re.S)
    assert code is not None, f"the README's {heading!r} section has no Python example"
    printed = io.StringIO()
    names: dict[str, object] = {}
    with contextlib.redirect_stdout(printed):
        exec(compile(code.group(1), "README.md", "exec"), names)  # the README's own code
    return printed.getvalue(), names

