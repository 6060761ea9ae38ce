"""The canasta family's melds: books of one rank, wild limits, canastas, and the exact searches
the turn kernel and the bots need.

Canasta melds are *books*: cards of one natural rank with some wild cards, or wild cards alone.
Suits never matter in a book, so everything here works on counts, which keeps the searches tiny
however large the shoe: a book is its rank and how many naturals and wilds it holds.

* :class:`BookRules` is what a rule set says about books: the wild-card ratio (naturals at least
  as many as wilds, or strictly more), an absolute cap on wilds, whether all-wild books exist,
  and where books close (a clean book closes at seven in every Hand and Foot; a mixed one closes
  at seven too, or grows on, as in the DeMeritt house rules).
* :class:`Book` is one book on the table (immutable: a change makes a new one, so cloning a game
  copies nothing deep).
* A team keeps **one open book per rank**: a second book of a rank may start only once the first
  has closed (the family book's worked example; G-HF-4). :func:`rank_outcomes` enumerates what
  adding ``a`` naturals and ``b`` wilds to one rank can end as, by playing the cards one at a
  time under the rules (every book starts with three cards and grows by one), so whatever it
  finds is reachable by real moves.
* :func:`can_go_out` decides exactly whether a hand can be melded out (with at most one
  discard) so that the team meets its going-out requirement; :func:`best_meld_value` finds the
  most points a hand can lay down (the opening-meld minimum). Both are dynamic programmes over
  ranks with the wild cards as the shared resource.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from gamenight.equipment import cards as C

#: the "rank" of an all-wild book
WILD = 13
CLEAN, DIRTY, WILDBOOK = "clean", "dirty", "wild"
#: what players call each kind of canasta (the family book's red and black canastas)
KIND_WORDS = {CLEAN: "red", DIRTY: "black", WILDBOOK: "wild"}
AT_LEAST, MORE = "at_least", "more"

#: an outcome of playing cards onto one rank: canastas (clean, dirty, wild) among its books
Outcome = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class BookRules:
    """What a rule set says about books."""

    #: "at_least": naturals >= wilds (the family book, classic canasta); "more": naturals > wilds
    ratio: str = AT_LEAST
    #: most wild cards in a mixed book (None: only the ratio limits them)
    max_wilds: int | None = None
    #: books of wild cards only
    wild_books: bool = True
    #: a mixed book closes at ``canasta`` cards like a clean one (False: it grows on)
    dirty_closes: bool = True
    #: the size of a canasta (a "pile"), where a book closes
    canasta: int = 7
    #: a natural book closes at ``canasta`` cards (False: classic canasta, where every meld grows
    #: on, and a wild card added to a natural canasta makes it mixed)
    clean_closes: bool = True

    def valid(self, rank: int, naturals: int, wilds: int) -> bool:
        """Whether a book of ``rank`` with these counts may lie on the table."""
        size = naturals + wilds
        if size < 3:
            return False
        if rank == WILD:
            return naturals == 0 and self.wild_books and size <= self.canasta
        if wilds == 0:
            return size <= self.canasta or not self.clean_closes
        if self.max_wilds is not None and wilds > self.max_wilds:
            return False
        if naturals < wilds or (self.ratio == MORE and naturals == wilds):
            return False
        return not self.dirty_closes or size <= self.canasta

    def closes(self, rank: int, naturals: int, wilds: int) -> bool:
        """Whether a book of these counts is closed: nothing more may be added."""
        if naturals + wilds < self.canasta:
            return False
        if rank == WILD:
            return True
        return self.clean_closes if wilds == 0 else self.dirty_closes

    def kind(self, rank: int, wilds: int) -> str:
        return WILDBOOK if rank == WILD else CLEAN if wilds == 0 else DIRTY

    def is_canasta(self, naturals: int, wilds: int) -> bool:
        return naturals + wilds >= self.canasta


@dataclass(frozen=True, slots=True)
class Book:
    """One book on a team's table: its rank (or :data:`WILD`), the cards laid, how many of them
    are wild, and whether it is closed."""

    rank: int
    cards: tuple[int, ...]
    wilds: int
    closed: bool

    @property
    def naturals(self) -> int:
        return len(self.cards) - self.wilds

    @property
    def size(self) -> int:
        return len(self.cards)

    def kind(self, rules: BookRules) -> str:
        return rules.kind(self.rank, self.wilds)

    def is_canasta(self, rules: BookRules) -> bool:
        return rules.is_canasta(self.naturals, self.wilds)

    def plus(self, cards: Sequence[int], wilds: int, rules: BookRules) -> Book:
        n = self.naturals + len(cards) - wilds
        w = self.wilds + wilds
        return Book(self.rank, self.cards + tuple(cards), w, rules.closes(self.rank, n, w))

    def describe(self, rules: BookRules) -> str:
        """"a book of sixes (4 cards, 1 wild)", "a red canasta of kings (7 cards, closed)"."""
        name = "wild cards" if self.rank == WILD else C.RANK_PLURALS[self.rank]
        what = f"{KIND_WORDS[self.kind(rules)]} canasta" if self.is_canasta(rules) else "book"
        wilds = f", {self.wilds} wild" if self.wilds and self.rank != WILD else ""
        closed = ", closed" if self.closed else ""
        return f"{what} of {name} ({self.size} cards{wilds}{closed})"


def book_of(rank: int, cards: Sequence[int], wilds: int, rules: BookRules) -> Book:
    n = len(cards) - wilds
    return Book(rank, tuple(cards), wilds, rules.closes(rank, n, wilds))


# ---- one rank: what a number of naturals and wilds can end as --------------------------------

@lru_cache(maxsize=200_000)
def rank_outcomes(rules: BookRules, rank: int, open_n: int, open_w: int, has_open: bool,
                  a: int, b: int) -> frozenset[Outcome]:
    """Every way ``a`` naturals and ``b`` wilds can all be played onto ``rank``, given the team's
    open book of that rank (``has_open``: ``open_n`` naturals, ``open_w`` wilds): the canastas
    that then lie among this rank's touched books, as (clean, dirty, wild) counts. Empty when
    the cards cannot all be played. Only books touched count: the open one (whatever it ends as)
    and the new ones."""
    wild_rank = rank == WILD
    if wild_rank and a:
        return frozenset()
    if a == 0 and b == 0:
        if has_open and rules.is_canasta(open_n, open_w):
            return frozenset({_one(rules.kind(rank, open_w))})
        return frozenset({(0, 0, 0)})
    out: set[Outcome] = set()
    if has_open:
        for da, db in ((1, 0), (0, 1)):
            if da > a or db > b:
                continue
            n, w = open_n + da, open_w + db
            if not rules.valid(rank, n, w):
                continue
            if rules.closes(rank, n, w):
                first = _one(rules.kind(rank, w))
                for rest in rank_outcomes(rules, rank, 0, 0, False, a - da, b - db):
                    out.add(_add(first, rest))
            else:
                out.update(rank_outcomes(rules, rank, n, w, True, a - da, b - db))
    else:
        starts = ((0, 3),) if wild_rank else ((3, 0), (2, 1))
        for n, w in starts:
            if n > a or w > b or not rules.valid(rank, n, w):
                continue
            if rules.closes(rank, n, w):  # a canasta of three: not in any rule set, but exact
                first = _one(rules.kind(rank, w))
                for rest in rank_outcomes(rules, rank, 0, 0, False, a - n, b - w):
                    out.add(_add(first, rest))
            else:
                out.update(rank_outcomes(rules, rank, n, w, True, a - n, b - w))
    return frozenset(out)


def _one(kind: str) -> Outcome:
    return (1, 0, 0) if kind == CLEAN else (0, 1, 0) if kind == DIRTY else (0, 0, 1)


def _add(x: Outcome, y: Outcome) -> Outcome:
    return (x[0] + y[0], x[1] + y[1], x[2] + y[2])


# ---- a team's table, as counts -------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Table:
    """What the searches need of a team's table: per rank its open book (naturals, wilds), and
    the canastas among the books that will not change (closed ones, and open ranks untouched)."""

    open_books: Mapping[int, tuple[int, int]]
    closed: Outcome


def table_of(books: Iterable[Book], rules: BookRules) -> Table:
    open_books: dict[int, tuple[int, int]] = {}
    closed = (0, 0, 0)
    for book in books:
        if book.closed:
            if book.is_canasta(rules):
                closed = _add(closed, _one(book.kind(rules)))
        else:
            open_books[book.rank] = (book.naturals, book.wilds)
    return Table(open_books, closed)


@dataclass(frozen=True, slots=True)
class HandCounts:
    """A hand as the searches see it: naturals per meldable rank, the wild cards, and the
    cards that can never be melded (threes)."""

    naturals: Mapping[int, int]
    jokers: int
    twos: int
    unmeldable: int

    @property
    def wilds(self) -> int:
        return self.jokers + self.twos


def count_hand(cards: Iterable[int]) -> HandCounts:
    naturals: dict[int, int] = {}
    jokers = twos = threes = 0
    for c in cards:
        r = C.RANK_OF[c]
        if r == 13:
            jokers += 1
        elif r == C.TWO:
            twos += 1
        elif r == C.THREE:
            threes += 1
        else:
            naturals[r] = naturals.get(r, 0) + 1
    return HandCounts(naturals, jokers, twos, threes)


# ---- going out -----------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Requirement:
    """The canastas a team must own to go out (clean, dirty, wild; and ``any``: canastas of any
    kind in all, classic canasta's one or two); ``most``: the most canastas in all it may own then
    (Mexicana's other reading: no more than its red threes laid down), ``None`` for no limit."""

    clean: int = 0
    dirty: int = 0
    wild: int = 0
    any: int = 0
    most: int | None = None

    def met(self, have: Outcome) -> bool:
        total = have[0] + have[1] + have[2]
        return (have[0] >= self.clean and have[1] >= self.dirty and have[2] >= self.wild
                and total >= self.any and (self.most is None or total <= self.most))

    def caps(self) -> tuple[int, int, int]:
        """Where a search may stop counting each kind: more of a kind never helps beyond its own
        need and the total's (exact: a kind capped there meets both); with a ``most``, one past it
        (so a way out that makes too many is told from one that does not)."""
        caps = (self.clean + self.any, self.dirty + self.any, self.wild + self.any)
        if self.most is None:
            return caps
        return (max(caps[0], self.most + 1), max(caps[1], self.most + 1), max(caps[2], self.most + 1))

    def describe(self) -> str:
        """"1 red, 1 black and 1 wild canasta", "2 red canastas"."""
        counts = [(n, KIND_WORDS[kind]) for n, kind in ((self.clean, CLEAN), (self.dirty, DIRTY),
                                                         (self.wild, WILDBOOK)) if n]
        if self.any:
            kinds = f" (among them {', '.join(f'{n} {w}' for n, w in counts)})" if counts else ""
            return f"{self.any} canasta{'s' if self.any > 1 else ''}{kinds}"
        if not counts:
            return "no canasta"
        parts = [f"{n} {word}" for n, word in counts]
        listed = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
        return listed + (" canastas" if any(n > 1 for n, _ in counts) else " canasta")


def team_canastas(books: Iterable[Book], rules: BookRules) -> Outcome:
    have = (0, 0, 0)
    for book in books:
        if book.is_canasta(rules):
            have = _add(have, _one(book.kind(rules)))
    return have


def can_go_out(rules: BookRules, table: Table, hand: HandCounts, need: Requirement, *,
               discard: bool = True, three_group: bool = False) -> bool:
    """Whether every card of ``hand`` can be played onto the team's table (with at most one card
    discarded when ``discard``) so that the team then owns the canastas ``need`` asks for.

    ``three_group``: black threes may go down as one group of three or four (classic canasta's
    going out, the Ultimate Book's Hand and Foot). Threes are otherwise unmeldable, so more than
    one of them (or one, without a discard) makes going out impossible here; the family book's
    discard of six or more black threes at once is the turn kernel's business.
    """
    threes = hand.unmeldable
    discard_left = discard
    if threes:
        if three_group and threes in (3, 4):
            threes = 0
        elif (three_group and threes == 5 and discard) or (threes == 1 and discard):
            threes, discard_left = 0, False
        else:
            return False
    if discard_left:
        # one card may go to the discard pile: try each kind of card (or none)
        options: list[tuple[Mapping[int, int], int]] = [(hand.naturals, hand.wilds)]
        if hand.wilds:
            options.append((hand.naturals, hand.wilds - 1))
        for r, k in hand.naturals.items():
            if k:
                fewer = dict(hand.naturals)
                fewer[r] = k - 1
                options.append((fewer, hand.wilds))
        return any(_meld_out(rules, table, nat, w, need) for nat, w in options)
    return _meld_out(rules, table, hand.naturals, hand.wilds, need)


def _meld_out(rules: BookRules, table: Table, naturals: Mapping[int, int], wilds: int,
              need: Requirement) -> bool:
    """Whether these naturals and wilds can all be played so the team meets ``need``."""
    caps = need.caps()
    # states: (wilds used, clean, dirty, wild) with canasta counts capped at the need
    states = {(0, *_cap(table.closed, caps))}
    ranks = set(naturals) | {r for r in table.open_books if r != WILD}
    for r in sorted(ranks):
        a = naturals.get(r, 0)
        n, w = table.open_books.get(r, (0, 0))
        has_open = r in table.open_books
        nxt: set[tuple[int, int, int, int]] = set()
        for used, *have in states:
            for b in range(wilds - used + 1):
                for o in rank_outcomes(rules, r, n, w, has_open, a, b):
                    nxt.add((used + b, *_cap(_add(tuple(have), o), caps)))  # type: ignore[arg-type]
        states = nxt
        if not states:
            return False
    n, w = table.open_books.get(WILD, (0, 0))
    has_open = WILD in table.open_books
    for used, *have in states:
        for o in rank_outcomes(rules, WILD, n, w, has_open, 0, wilds - used):
            if need.met(_add(tuple(have), o)):  # type: ignore[arg-type]
                return True
    return False


def _cap(have: Outcome, caps: tuple[int, int, int]) -> tuple[int, int, int]:
    return (min(have[0], caps[0]), min(have[1], caps[1]), min(have[2], caps[2]))


# ---- the most a hand can lay down ----------------------------------------------------------

def best_meld_value(rules: BookRules, table: Table, hand: HandCounts, values: Sequence[int]) -> int:
    """The most points ``hand`` can lay down onto ``table`` in one turn (naturals by rank, then
    the most valuable wilds; threes never), for the opening-meld minimum. ``values[c]`` is the
    card value of card ``c``; a natural's value depends only on its rank."""
    joker_value = values[C.JOKER]
    two_value = values[C.TWO]
    # best natural value for each number of wilds given to rank books
    best: dict[int, int] = {0: 0}
    # every rank the hand holds, and every open book (wild cards alone may go onto it)
    for r in sorted(set(hand.naturals) | {r for r in table.open_books if r != WILD}):
        h = hand.naturals.get(r, 0)
        n0, w0 = table.open_books.get(r, (0, 0))
        has_open = r in table.open_books
        per = values[r]
        choices: dict[int, int] = {}
        for a in range(h, -1, -1):
            for b in range(hand.wilds + 1):
                if (a or b) and rank_outcomes(rules, r, n0, w0, has_open, a, b):
                    choices[b] = max(choices.get(b, 0), a * per)
        if not choices:
            continue
        nxt = dict(best)
        for used, val in best.items():
            for b, gain in choices.items():
                if used + b <= hand.wilds and nxt.get(used + b, -1) < val + gain:
                    nxt[used + b] = val + gain
        best = nxt
    n0, w0 = table.open_books.get(WILD, (0, 0))
    has_open = WILD in table.open_books
    top = 0
    for used, val in best.items():
        left = hand.wilds - used
        for extra in range(left, -1, -1):
            if extra == 0 or rank_outcomes(rules, WILD, n0, w0, has_open, 0, extra):
                placed = used + extra
                jokers = min(placed, hand.jokers)
                top = max(top, val + jokers * joker_value + (placed - jokers) * two_value)
                break
    return top


__all__ = ["AT_LEAST", "CLEAN", "DIRTY", "KIND_WORDS", "MORE", "WILD", "WILDBOOK", "Book", "BookRules",
           "HandCounts",
           "Requirement", "Table", "best_meld_value", "book_of", "can_go_out", "count_hand",
           "rank_outcomes", "table_of", "team_canastas"]
