"""Canasta positions for the tests, set up on a real game.

:func:`position` starts a game (a stacked, empty deck: dealer seat 0, so seat 1 plays first) and
describes to :func:`gamenight.core.position.set_position` what the test names: hands, the pile
(bottom first), each side's melds and red threes, the stock's next cards (the first named is
drawn first) and earlier scores; every other card lies in the stock. Hands not named get inert
cards (by default naturals four to ace, no more than two of a rank). The canasta variations'
positions (tests/games/mexicana) are this one with the game, the inert cards and the hand size of
their own. Every card of the deck stays somewhere; the moves under test are then played for real.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import gamenight
from gamenight.core.position import Pieces, set_position
from gamenight.equipment import cards as C
from gamenight.families.canasta import WILD, book_of
from gamenight.families.canasta_turn import is_wild
from gamenight.games.canasta import Canasta

INERT = [r + s for r in "456789TJQKA" for s in "CDHS"]


def _take(pool: list[int], text: str) -> list[int]:
    got = []
    for code in text.split():
        c = C.card(code)
        assert c in pool, f"no {code} left"
        pool.remove(c)
        got.append(c)
    return got


def position(players: int = 4, *, hands: dict[int, str], pile: str = "9C", stock: str = "",
             books: dict[int, list[str]] | None = None, red3: dict[int, str] | None = None,
             scores: list[int] | None = None, seat: int = 1, preset: str | None = None,
             options: dict[str, object] | None = None, size: int = 11, game: str = "canasta",
             inert: Sequence[str] = INERT, decks: int = 2) -> Canasta:
    """``inert``: the codes unnamed hands are filled from, each ``decks`` times (every copy in the
    deck), at most two of a rank a hand."""
    s = gamenight.new(game, players=players, seed=5, preset=preset, options=options, deck=[])
    assert isinstance(s, Canasta)
    pool = list(s.deck_template())
    named: dict[str, Pieces] = {f"hand/{x}": _take(pool, text) for x, text in hands.items()}
    named["discards"] = _take(pool, pile)
    for t in range(s.teams):
        named[f"red3/{t}"] = _take(pool, (red3 or {}).get(t, ""))
    rules = s.turn_rules.books
    laid: list[list[object]] = [[] for _ in range(s.teams)]
    for team, melds in (books or {}).items():
        for text in melds:
            cards = _take(pool, text)
            w = sum(1 for c in cards if is_wild(c))
            rank = next((C.RANK_OF[c] for c in cards if not is_wild(c)), WILD)
            laid[team].append(book_of(rank, cards, w if rank != WILD else len(cards), rules))
    top = _take(pool, stock)
    for x in range(players):
        if f"hand/{x}" in named:
            continue
        per: Counter[int] = Counter()
        inert_hand: list[int] = []
        for code in list(inert) * decks:
            c = C.card(code)
            if len(inert_hand) < size and c in pool and per[C.RANK_OF[c]] < 2:
                pool.remove(c)
                inert_hand.append(c)
                per[C.RANK_OF[c]] += 1
        named[f"hand/{x}"] = inert_hand
    named["stock"] = ["...", *reversed(top)]  # the stock's top is its last card
    opened = [bool(team) for team in laid]
    set_position(s, extra={"books": laid, "opened": opened}, zones=named, scores=scores)
    s.begin_turn(seat)  # the kernel's own start of a turn
    return s


def parts(s: Canasta, column: int, row: int = -1) -> str:
    """The score sheet row's words for a column ("going out +100, canastas +800, ...")."""
    details = s.sheet.rows[row].details
    assert details is not None
    return details[column]
