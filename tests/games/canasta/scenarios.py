"""Canasta positions for the tests, set up on a real game.

:func:`position` starts a game (a stacked, empty deck: dealer seat 0, so seat 1 plays first),
gathers every card back into the stock, then deals out what the test names: hands, the pile
(bottom first), each side's melds and red threes, the stock's next cards (the first named is
drawn first) and earlier scores. Hands not named get inert cards (by default naturals four to ace,
no more than two of a rank). The canasta variations' positions (tests/games/mexicana) are this
one with the game, the inert cards and the hand size of their own. Every card of the deck stays
somewhere; the moves under test are then played for real.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import gamenight
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
    pool = [c for h in s.hands for c in h] + s.stocks[0] + s.discards + [c for r in s.red3 for c in r]
    assert Counter(pool) == Counter(s.deck_template())
    named = {x: _take(pool, text) for x, text in hands.items()}
    s.discards = _take(pool, pile)
    s.books = [[] for _ in range(s.teams)]
    s.red3 = [_take(pool, (red3 or {}).get(t, "")) for t in range(s.teams)]
    s.opened = [False] * s.teams
    rules = s.turn_rules.books
    for team, melds in (books or {}).items():
        for text in melds:
            cards = _take(pool, text)
            w = sum(1 for c in cards if is_wild(c))
            rank = next((C.RANK_OF[c] for c in cards if not is_wild(c)), WILD)
            s.books[team].append(book_of(rank, cards, w if rank != WILD else len(cards), rules))
        s.opened[team] = bool(melds)
    top = _take(pool, stock)
    for x in range(players):
        if x in named:
            s.hands[x] = named[x]
            continue
        per: Counter[int] = Counter()
        s.hands[x] = []
        for code in list(inert) * decks:
            c = C.card(code)
            if len(s.hands[x]) < size and c in pool and per[C.RANK_OF[c]] < 2:
                pool.remove(c)
                s.hands[x].append(c)
                per[C.RANK_OF[c]] += 1
    s.stocks = [pool + list(reversed(top))]
    if scores:
        s.sheet.add("earlier", scores)
    s.knowledge.clear()
    s.begin_turn(seat)
    s._legal_cache = {}
    return s


def parts(s: Canasta, column: int, row: int = -1) -> str:
    """The score sheet row's words for a column ("going out +100, canastas +800, ...")."""
    details = s.sheet.rows[row].details
    assert details is not None
    return details[column]
