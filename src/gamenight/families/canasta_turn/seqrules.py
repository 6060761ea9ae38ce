"""Samba's melds as pure rules (the state and the bots share them): sequences beside the rank
books, several books of one rank, merging, wild-only melds, and what a side's melds count as.

* A **sequence** is three to seven consecutive naturals of one suit, four lowest and ace high,
  never a wild card or a three; seven is a *samba* and cannot grow. On the table it is a
  :class:`~gamenight.families.canasta.Book` whose rank is :func:`seq_rank` of its suit (so a
  side's books stay one list), its cards in rank order.
* A **group** is three or more of one rank with at least two naturals and at most
  ``group_max_wilds`` wild cards; a side may hold several groups of a rank and merge them.
  Naturals may go onto a canasta (from the hand), wild cards never (other-seeds §8.1 gap 6).
* A **wild meld** (Bolivia) is three to seven wild cards alone; seven is a *bolivia*.
* :class:`SequenceRules` are the switches a rule set sets (``TurnRules.sequences``); a side's
  canastas by kind are a :class:`Tally`, which decides going out.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from gamenight.equipment import cards as C
from gamenight.families.canasta import WILD, Book

#: a sequence's "rank" on the table: SEQ + its suit
SEQ = 20
SAMBA_SIZE = 7
TOP_ONLY, WHOLE_PILE = "top_only", "whole_pile"
NATURAL, MIXED, SAMBA, BOLIVIA = "natural", "mixed", "samba", "bolivia"
GROUP, RUN, WILDS = "group", "sequence", "wild"
IS_WILD = [C.RANK_OF[c] in (C.TWO, 13) for c in range(53)]


@dataclass(frozen=True, slots=True)
class SequenceRules:
    """The switches of a rule set with sequences (Samba, Bolivia, Brazilian)."""

    #: most wild cards in a group (Samba: 2)
    group_max_wilds: int = 2
    #: melds of three to seven wild cards alone (Bolivia)
    wild_melds: bool = False
    #: going out: canastas of any kind, group (or bolivia) canastas, and sambas the side needs
    need_any: int = 2
    need_groups: int = 0
    need_sambas: int = 0
    #: the top card laid onto a sequence takes only itself ("top_only", D4) or the whole pile (BIC)
    seq_pickup_takes: str = TOP_ONLY
    #: the pile may be taken (by a natural pair) for a side's first meld (Brazilian: no)
    pile_opens: bool = True

    def need_words(self) -> str:
        parts = []
        if self.need_groups:
            parts.append(f"{self.need_groups} canasta{'s' if self.need_groups > 1 else ''} (not a samba)")
        if self.need_sambas:
            parts.append(f"{self.need_sambas} samba{'s' if self.need_sambas > 1 else ''}")
        if self.need_any > self.need_groups + self.need_sambas or not parts:
            parts.insert(0, f"{self.need_any} canastas or sambas in all")
        return " and ".join(parts)


def seq_rank(suit: int) -> int:
    return SEQ + suit


def is_seq(rank: int) -> bool:
    return rank >= SEQ


def run_ok(cards: Sequence[int]) -> bool:
    """Three to seven consecutive naturals of one suit, four to ace."""
    if not 3 <= len(cards) <= SAMBA_SIZE or any(c >= 52 for c in cards):
        return False
    suit = C.SUIT_OF[cards[0]]
    ranks = sorted(C.RANK_OF[c] for c in cards)
    return (all(C.SUIT_OF[c] == suit for c in cards) and ranks[0] >= C.FOUR
            and ranks == list(range(ranks[0], ranks[0] + len(ranks))))


def run_ends(book: Book) -> tuple[int, ...]:
    """The cards that extend a sequence of fewer than seven (at its low end, at its high end)."""
    if book.size >= SAMBA_SIZE:
        return ()
    suit = book.rank - SEQ
    low, high = C.RANK_OF[book.cards[0]], C.RANK_OF[book.cards[-1]]
    out = []
    if low > C.FOUR:
        out.append(C.make_card(low - 1, suit))
    if high < C.ACE:
        out.append(C.make_card(high + 1, suit))
    return tuple(out)


def group_ok(naturals: int, wilds: int, max_wilds: int) -> bool:
    return naturals >= 2 and wilds <= max_wilds and naturals >= wilds and naturals + wilds >= 3


def new_meld(cards: Sequence[int]) -> Book:
    """The book ``cards`` make (the caller has checked they are one): a sequence, a group, or
    wild cards alone."""
    naturals = [c for c in cards if not IS_WILD[c]]
    if not naturals:
        return Book(WILD, tuple(cards), len(cards), False)
    ranks = {C.RANK_OF[c] for c in naturals}
    if len(ranks) > 1:
        run = tuple(sorted(cards, key=C.RANK_OF.__getitem__))
        return Book(seq_rank(C.SUIT_OF[naturals[0]]), run, 0, False)
    return Book(ranks.pop(), tuple(cards), len(cards) - len(naturals), False)


def grown(book: Book, c: int) -> Book:
    """``book`` with one more card (a sequence keeps its cards in rank order)."""
    if is_seq(book.rank):
        return Book(book.rank, tuple(sorted((*book.cards, c), key=C.RANK_OF.__getitem__)), 0, False)
    return Book(book.rank, (*book.cards, c), book.wilds + IS_WILD[c], False)


def fits(book: Book, c: int, max_wilds: int) -> bool:
    """Whether card ``c`` may be added to ``book``: a sequence's next card at either end, a wild
    card onto a wild meld of fewer than seven, a wild card onto a group that is not a canasta and
    keeps its wild cards within the rules, a natural of the group's rank (never onto threes)."""
    if is_seq(book.rank):
        return c in run_ends(book)
    if book.rank == WILD:
        return IS_WILD[c] and book.size < SAMBA_SIZE
    if book.rank == C.THREE:
        return False
    if IS_WILD[c]:
        return not is_canasta(book) and group_ok(book.naturals, book.wilds + 1, max_wilds)
    return C.RANK_OF[c] == book.rank


def merged(a: Book, b: Book) -> Book:
    if is_seq(a.rank):
        return Book(a.rank, tuple(sorted((*a.cards, *b.cards), key=C.RANK_OF.__getitem__)), 0, False)
    return Book(a.rank, a.cards + b.cards, a.wilds + b.wilds, False)


def is_canasta(book: Book) -> bool:
    return book.size >= SAMBA_SIZE and book.rank != C.THREE


def kind_of(book: Book) -> str:
    """natural / mixed (group canastas), samba, bolivia; group, sequence, wild (shorter)."""
    if is_seq(book.rank):
        return SAMBA if book.size >= SAMBA_SIZE else RUN
    if book.rank == WILD:
        return BOLIVIA if book.size >= SAMBA_SIZE else WILDS
    if book.size >= SAMBA_SIZE:
        return NATURAL if book.wilds == 0 else MIXED
    return GROUP


def why_not_merge(a: Book, b: Book, rules: SequenceRules) -> str:
    """Why books ``a`` and ``b`` may not be merged into one, or ``""``."""
    if a.rank != b.rank or a.rank == C.THREE:
        return "Only two groups of one rank, or two sequences of one suit, may be merged."
    if is_canasta(a) and is_canasta(b):
        return "Two canastas are not merged: each counts its own bonus."
    if is_seq(a.rank):
        both = (*a.cards, *b.cards)
        if len(both) > SAMBA_SIZE:
            return "A merged sequence may hold at most seven cards."
        if not run_ok(both):
            return "The merged sequence must be consecutive, with no rank twice."
        return ""
    if a.rank == WILD:
        return "" if a.size + b.size <= SAMBA_SIZE else "A wild meld holds at most seven cards."
    if a.wilds + b.wilds > rules.group_max_wilds:
        return f"A group may hold at most {rules.group_max_wilds} wild cards."
    if (is_canasta(a) and b.wilds) or (is_canasta(b) and a.wilds):
        return "No wild card may be added to a completed canasta."
    return ""


@dataclass(frozen=True, slots=True)
class Tally:
    """A side's canastas by kind, and its incomplete sambas and bolivias (sizes)."""

    natural: int = 0
    mixed: int = 0
    sambas: int = 0
    bolivias: int = 0
    short_runs: tuple[int, ...] = ()
    short_wilds: tuple[int, ...] = ()

    @property
    def canastas(self) -> int:
        return self.natural + self.mixed + self.sambas + self.bolivias

    def meets(self, rules: SequenceRules) -> bool:
        return (self.canastas >= rules.need_any and self.sambas >= rules.need_sambas
                and self.natural + self.mixed + self.bolivias >= rules.need_groups)

    def words(self) -> str:
        parts = [f"{n} {w}" for n, w in ((self.natural, "natural"), (self.mixed, "mixed"),
                                         (self.sambas, "samba"), (self.bolivias, "bolivia")) if n]
        return ", ".join(parts) if parts else "no canasta yet"


def tally(books: Iterable[Book]) -> Tally:
    natural = mixed = sambas = bolivias = 0
    short_runs: list[int] = []
    short_wilds: list[int] = []
    for b in books:
        kind = kind_of(b)
        if kind == NATURAL:
            natural += 1
        elif kind == MIXED:
            mixed += 1
        elif kind == SAMBA:
            sambas += 1
        elif kind == BOLIVIA:
            bolivias += 1
        elif kind == RUN:
            short_runs.append(b.size)
        elif kind == WILDS:
            short_wilds.append(b.size)
    return Tally(natural, mixed, sambas, bolivias, tuple(short_runs), tuple(short_wilds))


def describe(book: Book) -> str:
    """"a sequence of hearts 8–10 (3 cards)", "a samba of hearts 8–A", "a group of kings (4 cards,
    1 wild)", "a mixed canasta of queens (7 cards, 2 wild)", "a bolivia"."""
    kind = kind_of(book)
    if is_seq(book.rank):
        suit = C.SUIT_NAMES[book.rank - SEQ]
        # an en dash between the ends, as the rules and the table write a run (a hyphen reads as a code)
        span = f"{C.RANKS[C.RANK_OF[book.cards[0]]]}–{C.RANKS[C.RANK_OF[book.cards[-1]]]}".replace("T", "10")
        return f"a {'samba' if kind == SAMBA else 'sequence'} of {suit} {span} ({book.size} cards)"
    if book.rank == WILD:
        return f"a {'bolivia' if kind == BOLIVIA else 'wild meld'} ({book.size} cards)"
    what = f"{kind} canasta" if kind in (NATURAL, MIXED) else "group"
    wilds = f", {book.wilds} wild" if book.wilds else ""
    return f"a {what} of {C.RANK_PLURALS[book.rank]} ({book.size} cards{wilds})"


#: the most cards a search for a way out takes on (asking partner, or after a "yes"): a hand dealt
#: (fifteen) and the draw of two; a bigger one, only ever made by taking the pile, answers no
OUT_SEARCH_CARDS = 17
#: the most positions it visits before it answers no (fewer for a hand of more than eleven cards:
#: a way out is found early or seldom there, and the search is asked once a turn); a hand with
#: more than one card no meld could ever take is answered at once
OUT_SEARCH_BUDGET = 3000
BIG_HAND_BUDGET, BIG_HAND = 150, 11


class _OutOfBudget(Exception):
    pass


def _wilds_last(c: int) -> tuple[bool, int]:
    return IS_WILD[c], c


@lru_cache(maxsize=4096)
def can_go_out(hand: tuple[int, ...], books: tuple[Book, ...], rules: SequenceRules) -> bool:
    """Whether a player holding ``hand`` can lay every card this turn but at most one last
    discard, his side's melds ``books`` then meeting the going-out tally: what asking partner
    needs (a player asks only when a "yes" could be kept) and what a "yes" binds every later play
    to. Black threes go out as one group of three or four, or one of them as the discard.

    Sound, and exact within its reach, whatever the hand's size: a True always comes with a way
    out (each card in turn, wild cards last, goes onto a meld, starts one with cards still held,
    or is the discard). A hand holding more cards that no meld could ever take than the one
    discard answers False at once (:func:`_stranded`); a hand of more than
    :data:`OUT_SEARCH_CARDS` cards, or a search past :data:`OUT_SEARCH_BUDGET` positions, answers
    False without having looked everywhere."""
    threes = [c for c in hand if C.RANK_OF[c] == C.THREE]
    cards = tuple(sorted((c for c in hand if C.RANK_OF[c] != C.THREE), key=_wilds_last))
    if len(threes) == 2 or len(threes) > 4 or len(cards) > OUT_SEARCH_CARDS:
        return False
    if _stranded(cards, books, rules) > (1 if len(threes) != 1 else 0):
        return False
    if len(threes) > 1 and any(b.rank == C.THREE for b in books):
        return False  # one group of black threes goes out, and it is down already
    seen: dict[tuple[tuple[int, ...], tuple[Book, ...], bool], bool] = {}
    budget = [OUT_SEARCH_BUDGET if len(cards) <= BIG_HAND else BIG_HAND_BUDGET]
    try:
        return _lay_out(cards, books, len(threes) != 1, rules, seen, budget)
    except _OutOfBudget:
        return False


def _stranded(cards: tuple[int, ...], books: tuple[Book, ...], rules: SequenceRules) -> int:
    """How many of ``cards`` no meld could ever take this turn, by a generous test (so a card
    counted here truly cannot go down): a natural with no group of its rank and no sequence of its
    suit on the table, fewer than three cards of its rank in the hand (two, with a wild card, where
    groups take wild cards), and no three consecutive cards of its suit in the hand around it; a
    wild card with no group or wild meld on the table, no natural pair in the hand, and fewer than
    three wild cards where wild melds are allowed."""
    ranks: dict[int, int] = {}
    wilds = 0
    for c in cards:
        if IS_WILD[c]:
            wilds += 1
        else:
            ranks[C.RANK_OF[c]] = ranks.get(C.RANK_OF[c], 0) + 1
    held = set(cards)
    table_ranks = {b.rank for b in books}
    pairs = any(k >= 2 for k in ranks.values())
    stranded = 0
    for c in cards:
        if IS_WILD[c]:
            takes = (pairs or any(not is_seq(r) and r != C.THREE for r in table_ranks)
                     or (rules.wild_melds and wilds >= 3))
        else:
            rank, suit = C.RANK_OF[c], C.SUIT_OF[c]
            same = ranks[rank]
            takes = (rank in table_ranks or seq_rank(suit) in table_ranks or same >= 3
                     or (same >= 2 and wilds >= 1 and rules.group_max_wilds >= 1)
                     or any(all(C.make_card(r, suit) in held for r in range(low, low + 3))
                            for low in (rank - 2, rank - 1, rank) if low >= C.FOUR and low + 2 <= C.ACE))
        stranded += not takes
    return stranded


def _lay_out(cards: tuple[int, ...], books: tuple[Book, ...], may_discard: bool, rules: SequenceRules,
             seen: dict[tuple[tuple[int, ...], tuple[Book, ...], bool], bool], budget: list[int]) -> bool:
    if not cards or (may_discard and len(cards) == 1):
        return tally(books).meets(rules)
    key = (cards, books, may_discard)
    if key in seen:
        return seen[key]
    budget[0] -= 1
    if budget[0] < 0:
        raise _OutOfBudget
    c, rest = cards[0], cards[1:]
    found = may_discard and _lay_out(rest, books, False, rules, seen, budget)
    for i, book in enumerate(books):
        if found:
            break
        if fits(book, c, rules.group_max_wilds):
            after = (*books[:i], grown(book, c), *books[i + 1:])
            found = _lay_out(rest, after, may_discard, rules, seen, budget)
    if not found:
        for meld, left in _melds_starting_with(c, rest, rules):
            if _lay_out(left, (*books, new_meld(meld)), may_discard, rules, seen, budget):
                found = True
                break
    seen[key] = found
    return found


Cards = tuple[int, ...]


def _melds_starting_with(c: int, rest: Cards, rules: SequenceRules) -> list[tuple[Cards, Cards]]:
    """The three-card melds holding ``c`` and two cards of ``rest`` (each choice of card values
    once), with the cards left: longer melds grow from them card by card."""
    out: dict[tuple[int, ...], tuple[int, ...]] = {}
    wilds = sorted({w for w in rest if IS_WILD[w]})
    if IS_WILD[c]:
        if rules.wild_melds:
            for i, a in enumerate(rest):
                for b in rest[i + 1:]:
                    if IS_WILD[a] and IS_WILD[b]:
                        out.setdefault(tuple(sorted((c, a, b))), ())
    else:
        rank, suit = C.RANK_OF[c], C.SUIT_OF[c]
        same = sorted({x for x in rest if C.RANK_OF[x] == rank})
        for i, a in enumerate(same):
            for b in same[i:]:
                if a != b or rest.count(a) >= 2:
                    out.setdefault(tuple(sorted((c, a, b))), ())
            if rules.group_max_wilds:
                for w in wilds:
                    out.setdefault(tuple(sorted((c, a, w))), ())
        for low in (rank - 2, rank - 1, rank):
            if low >= C.FOUR and low + 2 <= C.ACE:
                run = tuple(C.make_card(r, suit) for r in range(low, low + 3))
                if all(x == c or x in rest for x in run):
                    out.setdefault(run, ())
    return [(meld, _without(rest, meld, c)) for meld in out]


def _without(rest: tuple[int, ...], meld: tuple[int, ...], c: int) -> tuple[int, ...]:
    left = list(rest)
    dropped = False
    for x in meld:
        if x == c and not dropped:
            dropped = True
            continue
        left.remove(x)
    return tuple(left)
