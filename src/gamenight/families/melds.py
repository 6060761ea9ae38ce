"""The meld kernel of the rummy family: sets, runs, wild cards, laying off, and the exact best
arrangement of a hand.

Every rummy, gin, contract rummy and canasta game builds on four things here:

* :class:`MeldRules` — one frozen value saying what a meld is in this game (or this round):
  which cards are wild (jokers; wild ranks such as deuces, "this round's rank", the dealer's
  upcard rank), whether sets and runs are melds, their sizes, where the ace goes in a run, and
  how wild cards may be mixed in. ``rules.check(cards)`` returns a :class:`Meld` or the sentence
  naming the rule the cards break.
* :class:`Meld` — a validated meld as plain data: its kind, its cards, which of them are wild,
  and what each card stands for (a set's rank; a run's suit and the position of its first
  card), so an ambiguous meld has one explicit reading. ``meld.to_move("meld")`` and
  ``rules.read(move)`` convert to and from the move notation below.
* Laying off and wild swaps: ``rules.lay_offs(meld, card)`` lists every meld the card can turn
  ``meld`` into (a wild card may go at either end of a run), ``rules.why_no_lay_off`` explains a
  refusal, and ``rules.wild_swaps(meld, card)`` replaces a wild by the natural card it stands for
  where a game allows stealing wilds.
* :class:`MeldSolver` / :func:`best_arrangement` — the one exact solver for the best arrangement
  of a hand (least deadwood, or highest melded value minus deadwood), shared by scoring,
  legality ("can this hand go out?") and the bots. It is exact, not greedy.

Cards are the ints of :mod:`gamenight.equipment.cards` (joker 52); several decks are repeated
ints, and identical cards are interchangeable.

Definitions (the options of :class:`MeldRules` in brackets)
----------------------------------------------------------
* A card is **wild** if it is a joker [``jokers_wild``] or of a wild rank [``wild_ranks``].
  A wild card is wild wherever it lies — a deuce in deuces-wild is never "a natural two",
  even in A-2-3 (The Card Game's "a card of the wild rank is always wild"; G-PU-6, G-DR-7).
  Every other card is **natural**, except cards that may never be melded [``unmeldable``]
  (Hand and Foot's threes) and jokers when jokers are not wild.
* A **set** [``sets``] is cards of one rank, at least ``min_set`` and at most ``max_set`` of
  them; identical cards from several decks may share a set unless no two naturals of a set
  may have the same suit [``distinct_suits_in_sets``, Push].
* A **run** [``runs``] is consecutive cards of one suit, ``min_run`` to ``max_run`` long and
  never more than thirteen. Where the ace goes [``ace``]: ``low`` (A-2-3 only), ``high``
  (Q-K-A only), ``either`` (low or high but not both in one run, so never K-A-2), ``around``
  (round the corner: K-A-2 is a run). Runs may hold wild cards unless ``wilds_in_runs`` is off
  (Samba's sequences).
* **Mixing wilds** into a meld that holds naturals: at least ``min_naturals`` naturals; the
  ratio [``wild_ratio``]: ``any``, ``at_most_naturals`` (never more wilds than naturals:
  Canasta, 10 Dime, Desert) or ``fewer_than_naturals`` (always more naturals than wilds: Hand
  and Foot); and a cap on the wilds in one meld [``max_wilds``, ``None`` for no cap].
* A meld of wild cards only is allowed where ``all_wild`` is on (Push; Bolivia's wild melds);
  it is exempt from the three limits above and must declare what it stands for.

Representation and move notation
--------------------------------
A set's cards are kept naturals first (sorted), then wilds (sorted); every wild stands for the
set's rank. A run's cards are kept in run order, low to high: card ``i`` stands for position
``start + i``, where position 0 is an ace below the two, 1..12 are two..king and 13 is an ace
above the king (round-the-corner runs count on past 13). So a wild's stand-in is where it lies.

Moves follow the core notation ``verb [SUIT] [NUMBER] CARDS word`` with the kind as the word:
``meld 7C 7D JK set``, ``meld 5H 6H JK run`` (the joker is the 7♥), ``meld JK 5H 6H run`` (the
joker is the 4♥), ``meld 7H 7H 7S set`` (two decks). Only an all-wild meld needs more: a set
names its rank as a number 2..14 (ace 14: ``meld 7 JK JK 2C set``), a run its suit and the
number of its first card 1..13 (ace low 1: ``meld H 5 JK JK 2C run`` is 5♥-6♥-7♥). The
``JK=7H`` notation is not used because core ``parse_move`` must read every legal move back.
A typed run listed out of order (``7H 5H 6H``) is read in canonical order, with any wild that
is not fixed between two naturals placed above the run first, then below; games canonicalise
typed moves with ``rules.read(move).to_move(verb)``. Laying off names the end where a card
could go at both: ``lay_offs`` returns the candidates and :func:`lay_off_end` says which end
("low"/"high") each one extends.

The solver
----------
``MeldSolver(rules, values, meld_values=None)`` maximises
``sum(meld_values[c] for melded c) - sum(values[c] for deadwood c)``; with no ``meld_values``
that is the least deadwood ("deadwood" objective: gin, rummy, The Card Game). Ties go to the
arrangement melding more cards. Algorithm:

1. The hand is split into naturals (a multiset packed into one int, a few bits per distinct
   card, with a guard bit per field so "does this meld fit in what is left" is one subtraction
   and one mask), wild cards (interchangeable for legality, so only their number matters;
   the ones used are the most valuable, a prefix of the list sorted by value) and cards that
   can never meld (always deadwood).
2. Every *core* the hand can form is enumerated once: the natural cards of a set or run plus
   the wilds it *needs* (gaps inside a run, cards short of the minimum size) and the wilds it
   *could still absorb* (capacity: room at a run's ends, the ratio and cap limits). Cores are
   filed under their lowest card.
3. Exact dynamic programming over "what is left": the lowest natural left (by rank, then suit)
   is either deadwood or in one of the cores filed under it that fits. The state is (naturals
   left, wilds left, capacity so far), memoised; at the end, spare wilds go into the capacity of
   the chosen melds or into all-wild melds. Each wild's value is counted only through how many
   are used. Taking cards rank by rank keeps a set's cards together, so the memo stays small
   even for the 30-40 card hands of the canasta family.
4. The winning path is replayed to build the :class:`Meld` objects (spare wilds pad a run
   above first, then below).

``solver.deadwood(hand)`` / ``solver.score(hand)`` answer without building melds, results are
kept in an LRU cache keyed by the sorted hand, and ``solver.deadwood_after_discards(hand)``
evaluates every possible discard of an 11-card hand with one shared memo.

Left to the games
-----------------
Rules about the table rather than one meld stay in the game modules: one meld per rank per side
and closed seven-card naturals (Canasta, Hand and Foot), black threes melded only when going
out, contracts and exact stick sizes (Push, 10 Dime, Desert, Sticks), merging sambas, and a wild
that may not stand for the Q♠ (Oklahoma). The solver values a card the same wherever it is
melded, so Oklahoma's "a deuce scores what it stands for" needs the game's own count. And
``all_melds`` lists every placement of every wild card: in all-wild games (Push) that runs to
thousands of moves, so such games should offer "declare a meld" moves of their own.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations, permutations, product
from typing import Final, NamedTuple

from gamenight.core.moves import Move
from gamenight.equipment import cards as C

SET: Final = "set"
RUN: Final = "run"
KINDS: Final = (SET, RUN)

ACE_LOW: Final = "low"
ACE_HIGH: Final = "high"
ACE_EITHER: Final = "either"
ACE_AROUND: Final = "around"
ACE_MODES: Final = (ACE_LOW, ACE_HIGH, ACE_EITHER, ACE_AROUND)

ANY: Final = "any"
AT_MOST_NATURALS: Final = "at_most_naturals"
FEWER_THAN_NATURALS: Final = "fewer_than_naturals"
WILD_RATIOS: Final = (ANY, AT_MOST_NATURALS, FEWER_THAN_NATURALS)

#: longest run: thirteen ranks
LONGEST_RUN: Final = 13
#: "no limit" for wild counts and meld sizes inside the solver
_UNLIMITED: Final = 1 << 20
#: rank each run position stands for: 0 ace (low), 1..12 two..king, 13 ace (high), then on round
#: the corner (position p is rank POS_RANK[p]; any p in 0..38)
POS_RANK: Final[tuple[int, ...]] = tuple(C.ACE if p % 13 == 0 else p % 13 - 1 for p in range(39))
RANK_PLURAL: Final = ("twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
                      "jacks", "queens", "kings", "aces")
RANK_SHORT: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
NUMBER_WORDS: Final = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                       "ten", "eleven", "twelve", "thirteen")

#: the usual rummy deadwood values: ace 1, two to nine their face, ten and courts 10, joker 0
#: (Standard Rummy, Gin Rummy, The Card Game — where a wild counts its face value)
RUMMY_VALUES: Final[tuple[int, ...]] = tuple(
    [1 if C.RANK_OF[c] == C.ACE else min(10, C.RANK_OF[c] + 2) for c in range(52)] + [0])


def values_by_rank(per_rank: Sequence[int], joker: int = 0) -> tuple[int, ...]:
    """A 53-entry value table from 13 values for the ranks two..ace (and the joker's)."""
    if len(per_rank) != 13:
        raise ValueError("give one value for each rank, two to ace")
    return (*tuple(per_rank[C.RANK_OF[c]] for c in range(52)), joker)


def words(n: int) -> str:
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def _cards_text(cards: Iterable[int]) -> str:
    return " ".join(C.LABEL_OF[c] for c in cards)


def _plural(n: int, noun: str) -> str:
    return f"{words(n)} {noun}{'' if n == 1 else 's'}"


# ---- melds ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Meld:
    """A valid meld with one explicit reading.

    ``cards``: a set's naturals (sorted) then its wilds (sorted); a run's cards low to high.
    ``wild``: bit ``i`` is set when ``cards[i]`` is a wild card. ``rank``: a set's rank index
    (0..12, two..ace), -1 for a run. ``suit`` and ``start``: a run's suit and the position of
    its first card (0 = an ace below the two, 1..12 = two..king), -1 for a set.
    Build melds through :class:`MeldRules` (``check``, ``meld``, ``read``), not by hand.
    """

    kind: str
    cards: tuple[int, ...]
    wild: int
    rank: int = -1
    suit: int = -1
    start: int = -1

    @property
    def is_set(self) -> bool:
        return self.kind == SET

    @property
    def is_run(self) -> bool:
        return self.kind == RUN

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def wilds(self) -> int:
        return self.wild.bit_count()

    @property
    def naturals(self) -> int:
        return len(self.cards) - self.wild.bit_count()

    @property
    def all_wild(self) -> bool:
        return self.wild.bit_count() == len(self.cards)

    def is_wild_at(self, i: int) -> bool:
        return bool(self.wild >> i & 1)

    def wild_cards(self) -> list[int]:
        return [c for i, c in enumerate(self.cards) if self.wild >> i & 1]

    def natural_cards(self) -> list[int]:
        return [c for i, c in enumerate(self.cards) if not self.wild >> i & 1]

    @property
    def end(self) -> int:
        """A run's last position (``start + size - 1``; past 13 when it goes round the corner)."""
        return self.start + len(self.cards) - 1

    def rank_at(self, i: int) -> int:
        """The rank card ``i`` stands for."""
        return self.rank if self.kind == SET else POS_RANK[self.start + i]

    def stand_in(self, i: int) -> int | None:
        """The exact card that card ``i`` stands for: itself if natural; in a run, the card of
        its place; ``None`` for a wild in a set (a set's wild stands for a rank, not a suit)."""
        if not self.wild >> i & 1:
            return self.cards[i]
        if self.kind == SET:
            return None
        return self.suit * 13 + POS_RANK[self.start + i]

    def number(self) -> int:
        """The number an all-wild meld's move names: a set's rank 2..14, a run's first card 1..13."""
        return self.rank + 2 if self.kind == SET else self.start + 1

    def to_move(self, verb: str = "meld") -> Move:
        """The interned move laying this meld: ``meld 5H 6H JK run``; an all-wild meld also names
        its rank (``meld 7 JK JK 2C set``) or its suit and first card (``meld H 5 JK JK 2C run``)."""
        if self.all_wild:
            suit = self.suit if self.kind == RUN else None
            return C.card_move(verb, self.cards, self.number(), suit, self.kind)
        return C.card_move(verb, self.cards, None, None, self.kind)

    @property
    def text(self) -> str:
        """The move text without its verb, e.g. ``5H 6H JK run``."""
        head = ""
        if self.all_wild:
            head = f"{C.SUITS[self.suit]} {self.number()} " if self.kind == RUN else f"{self.number()} "
        return head + " ".join(C.CODE_OF[c] for c in self.cards) + " " + self.kind

    def __str__(self) -> str:
        return self.text

    def describe(self) -> str:
        """A phrase for events and views: ``run of hearts 5–7: 5♥ 6♥ Joker (as 7♥)``."""
        parts = []
        for i, c in enumerate(self.cards):
            label = C.LABEL_OF[c]
            if self.wild >> i & 1:
                stood = self.stand_in(i)
                label += f" (as {C.LABEL_OF[stood] if stood is not None else RANK_SHORT[self.rank]})"
            parts.append(label)
        if self.kind == SET:
            head = f"set of {RANK_PLURAL[self.rank]}"
        else:
            head = (f"run of {C.SUIT_NAMES[self.suit]} {RANK_SHORT[POS_RANK[self.start]]}–"
                    f"{RANK_SHORT[POS_RANK[self.end]]}")
        return f"{head}: {' '.join(parts)}"

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"kind": self.kind, "cards": C.codes(self.cards), "text": self.text,
                                  "wild": [i for i in range(len(self.cards)) if self.wild >> i & 1]}
        if self.kind == SET:
            out["rank"] = RANK_SHORT[self.rank]
        else:
            out["suit"] = C.SUITS[self.suit]
            out["stands_for"] = [C.CODE_OF[self.suit * 13 + POS_RANK[self.start + i]]
                                 for i in range(len(self.cards))]
        return out


def lay_off_end(before: Meld, after: Meld) -> str | None:
    """Which end of a run a lay-off extended (``"low"`` or ``"high"``); ``None`` for a set.
    Use it as the trailing word of a lay-off move where :meth:`MeldRules.lay_offs` offers two."""
    if before.kind == SET:
        return None
    return "high" if after.cards[: len(before.cards)] == before.cards else "low"


# ---- the rules ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MeldRules:
    """What a meld is in one game (or one round of it). Frozen and hashable: solvers are cached
    per rules value, and ``dataclasses.replace`` makes the next round's rules."""

    sets: bool = True
    runs: bool = True
    min_set: int = 3
    max_set: int | None = None
    min_run: int = 3
    max_run: int | None = None
    ace: str = ACE_LOW
    jokers_wild: bool = True
    wild_ranks: frozenset[int] = frozenset()
    min_naturals: int = 1
    wild_ratio: str = ANY
    max_wilds: int | None = None
    wilds_in_runs: bool = True
    all_wild: bool = False
    distinct_suits_in_sets: bool = False
    unmeldable: frozenset[int] = frozenset()
    #: derived per-card tables (not part of equality)
    wild_table: tuple[bool, ...] = field(init=False, repr=False, compare=False, hash=False)
    natural_table: tuple[bool, ...] = field(init=False, repr=False, compare=False, hash=False)
    limit_table: tuple[int, ...] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        if self.ace not in ACE_MODES:
            raise ValueError(f"ace must be one of {', '.join(ACE_MODES)}")
        if self.wild_ratio not in WILD_RATIOS:
            raise ValueError(f"wild_ratio must be one of {', '.join(WILD_RATIOS)}")
        if not (self.sets or self.runs):
            raise ValueError("a game needs sets, runs or both")
        if self.min_set < 2 or self.min_run < 2 or self.min_naturals < 1:
            raise ValueError("melds need at least two cards and mixed melds at least one natural")
        if self.max_set is not None and self.max_set < self.min_set:
            raise ValueError("max_set is below min_set")
        if self.max_run is not None and self.max_run < self.min_run:
            raise ValueError("max_run is below min_run")
        if self.min_run > LONGEST_RUN:
            raise ValueError("a run cannot be longer than thirteen cards")
        if any(not 0 <= r < 13 for r in self.wild_ranks):
            raise ValueError("wild ranks are rank indices 0..12 (two..ace)")
        wild = tuple([C.RANK_OF[c] in self.wild_ranks and c not in self.unmeldable for c in range(52)]
                     + [self.jokers_wild and C.JOKER not in self.unmeldable])
        natural = tuple([not wild[c] and c not in self.unmeldable for c in range(52)] + [False])
        object.__setattr__(self, "wild_table", wild)
        object.__setattr__(self, "natural_table", natural)
        object.__setattr__(self, "limit_table", tuple(self.wild_limit(k) for k in range(64)))

    # ---- cards --------------------------------------------------------------------------

    def is_wild(self, c: int) -> bool:
        return self.wild_table[c]

    def is_natural(self, c: int) -> bool:
        return self.natural_table[c]

    def is_meldable(self, c: int) -> bool:
        return self.wild_table[c] or self.natural_table[c]

    def with_wild_ranks(self, *ranks: int) -> MeldRules:
        """The same rules with these ranks wild instead (The Card Game's round rank; Horseshit's
        dealer's upcard rank)."""
        return replace(self, wild_ranks=frozenset(ranks))

    def wild_limit(self, naturals: int) -> int:
        """The most wild cards a meld with this many naturals may hold (large when unlimited)."""
        if naturals < self.min_naturals:
            return -1
        limit = _UNLIMITED
        if self.wild_ratio == AT_MOST_NATURALS:
            limit = naturals
        elif self.wild_ratio == FEWER_THAN_NATURALS:
            limit = naturals - 1
        if self.max_wilds is not None:
            limit = min(limit, self.max_wilds)
        return limit

    @property
    def longest_run(self) -> int:
        return min(LONGEST_RUN, self.max_run) if self.max_run is not None else LONGEST_RUN

    def ace_positions(self) -> tuple[int, ...]:
        """The run positions an ace may take."""
        return _ACE_POSITIONS[self.ace]

    def positions_of(self, c: int) -> tuple[int, ...]:
        r = C.RANK_OF[c]
        return self.ace_positions() if r == C.ACE else (r + 1,)

    # ---- validation ---------------------------------------------------------------------

    def check(self, cards: Sequence[int], kind: str | None = None, *, number: int | None = None,
              suit: int | None = None) -> Meld | str:
        """The meld these cards make, or the sentence naming the rule they break.

        ``kind`` is ``"set"``, ``"run"`` or ``None`` (whichever the cards make; a reason if they
        could make both, such as 8♥ and two jokers). A run is read in the order given when that
        order is a run, otherwise in canonical order. ``number``/``suit`` declare what an
        all-wild meld stands for (see the module notes).
        """
        cards = tuple(cards)
        problem = self._card_problem(cards)
        if problem:
            return problem
        if kind is not None and kind not in KINDS:
            return f"A meld is a set or a run, not a {kind!r}."
        if kind is None and number is not None:
            kind = RUN if suit is not None else SET
        if kind == SET:
            return self._check_set(cards, number)
        if kind == RUN:
            return self._check_run(cards, number, suit)
        as_set = self._check_set(cards, number)
        as_run = self._check_run(cards, number, suit)
        if isinstance(as_set, Meld) and isinstance(as_run, Meld):
            return (f"{_cards_text(cards)} could be a set or a run: say which "
                    f"('{as_set.text}' or '{as_run.text}').")
        if isinstance(as_set, Meld):
            return as_set
        if isinstance(as_run, Meld):
            return as_run
        return self._likelier_reason(cards, as_set, as_run)

    def meld(self, cards: Sequence[int] | str, kind: str | None = None, *, number: int | None = None,
             suit: int | None = None) -> Meld:
        """Like :meth:`check` but raises ``ValueError`` with the reason; accepts card codes."""
        cs = C.cards(cards) if isinstance(cards, str) else list(cards)
        out = self.check(cs, kind, number=number, suit=suit)
        if isinstance(out, str):
            raise ValueError(out)
        return out

    def read(self, move: Move) -> Meld | str:
        """The meld a move such as ``meld 5H 6H JK run`` lays, or why it is not one."""
        if move.flag is not None and move.flag not in KINDS:
            return f"End a meld with 'set' or 'run', not {move.flag!r}."
        return self.check(move.cards, move.flag, number=move.number, suit=move.suit)

    def interpretations(self, cards: Sequence[int]) -> list[Meld]:
        """Every reading of these cards as a meld (a set and/or a run)."""
        out = []
        for kind in KINDS:
            m = self.check(cards, kind)
            if isinstance(m, Meld):
                out.append(m)
        return out

    def _card_problem(self, cards: tuple[int, ...]) -> str:
        if not cards:
            return "Name the cards of the meld."
        for c in cards:
            if not 0 <= c <= C.JOKER:
                return f"{c!r} is not a card."
            if not self.wild_table[c] and not self.natural_table[c]:
                if c == C.JOKER:
                    return "Jokers are not wild in this game and cannot be melded."
                return f"{C.NAME_OF[c].capitalize()} can never be melded in this game."
        return ""

    def _wild_problem(self, naturals: int, wilds: int, kind: str) -> str:
        """The wild-card rule broken by a meld of this make-up, or ``""``."""
        if wilds and kind == RUN and not self.wilds_in_runs:
            return "Wild cards may not be used in runs in this game."
        if naturals == 0:
            if self.all_wild:
                return ""
            need = self.min_naturals
            return f"A meld needs at least {_plural(need, 'natural card')}, not only wild cards."
        if wilds == 0:
            return ""
        if naturals < self.min_naturals:
            return f"A meld with wild cards needs at least {_plural(self.min_naturals, 'natural card')}."
        if self.wild_ratio == AT_MOST_NATURALS and wilds > naturals:
            return "A meld may not hold more wild cards than natural cards."
        if self.wild_ratio == FEWER_THAN_NATURALS and wilds >= naturals:
            return "A meld must hold more natural cards than wild cards."
        if self.max_wilds is not None and wilds > self.max_wilds:
            return f"A meld may hold at most {_plural(self.max_wilds, 'wild card')}."
        return ""

    def _likelier_reason(self, cards: tuple[int, ...], as_set: str, as_run: str) -> str:
        """Of a failed set and a failed run reading, the reason a player most likely needs."""
        nat = [c for c in cards if self.natural_table[c]]
        if len(nat) <= 1 or len({C.RANK_OF[c] for c in nat}) == 1:
            return as_set
        if len({C.SUIT_OF[c] for c in nat}) == 1:
            return as_run
        return (f"{_cards_text(cards)} is not a meld: a set is cards of one rank and a run is "
                "consecutive cards of one suit.")

    # sets

    def _check_set(self, cards: tuple[int, ...], number: int | None) -> Meld | str:
        if not self.sets:
            return "Only runs are melds in this game, not sets."
        nat = sorted(c for c in cards if self.natural_table[c])
        wl = sorted(c for c in cards if self.wild_table[c])
        ranks = sorted({C.RANK_OF[c] for c in nat})
        if len(ranks) > 1:
            return (f"A set needs cards of one rank: {_cards_text(nat)} are "
                    f"{' and '.join(RANK_PLURAL[r] for r in ranks)}.")
        declared = _set_rank(number) if number is not None else None
        if number is not None and declared is None:
            return f"{number} is not a rank: name a set's rank as 2 to 14 (jacks 11, aces 14)."
        if ranks:
            rank = ranks[0]
            if declared is not None and declared != rank:
                return f"Those cards are {RANK_PLURAL[rank]}, not {RANK_PLURAL[declared]}."
        elif declared is None:
            if not self.all_wild:
                return self._wild_problem(0, len(wl), SET)
            return "Say which rank an all-wild set stands for, as in 'meld 7 JK JK 2C set'."
        else:
            rank = declared
        n = len(cards)
        if n < self.min_set:
            return f"A set needs at least {words(self.min_set)} cards."
        if self.max_set is not None and n > self.max_set:
            return f"A set may hold at most {words(self.max_set)} cards."
        if self.distinct_suits_in_sets:
            suits = [C.SUIT_OF[c] for c in nat]
            for s in set(suits):
                if suits.count(s) > 1:
                    return f"A set may not hold two natural {C.SUIT_NAMES[s]}."
        problem = self._wild_problem(len(nat), len(wl), SET)
        if problem:
            return problem
        return Meld(SET, tuple(nat) + tuple(wl), ((1 << len(wl)) - 1) << len(nat), rank=rank)

    # runs

    def _window(self, start: int, n: int) -> bool:
        """Whether positions start..start+n-1 are a run this game allows (ace rule, length)."""
        if n > self.longest_run:
            return False
        if self.ace == ACE_AROUND:
            return 0 <= start < 13
        end = start + n - 1
        if self.ace == ACE_LOW:
            return start >= 0 and end <= 12
        if self.ace == ACE_HIGH:
            return start >= 1 and end <= 13
        return start >= 0 and end <= 13  # either: n <= 13 keeps out an ace at both ends

    def _run_in_order(self, cards: tuple[int, ...], start: int) -> Meld | str:
        """The run of ``cards`` laid in this order from position ``start``, or why not."""
        n = len(cards)
        if not self._window(start, n):
            return self._window_reason(start, n)
        nat_suits = set()
        wild = 0
        for i, c in enumerate(cards):
            if self.wild_table[c]:
                wild |= 1 << i
                continue
            if C.RANK_OF[c] != POS_RANK[start + i]:
                return "not in order"
            nat_suits.add(C.SUIT_OF[c])
        if len(nat_suits) > 1:
            return "A run needs cards of one suit."
        return Meld(RUN, cards, wild, suit=nat_suits.pop() if nat_suits else -1, start=start)

    def _window_reason(self, start: int, n: int) -> str:
        if n > LONGEST_RUN:
            return "A run cannot be longer than thirteen cards."
        if self.max_run is not None and n > self.max_run:
            return f"A run may hold at most {words(self.max_run)} cards."
        return self._ace_reason()

    def _ace_reason(self) -> str:
        if self.ace == ACE_LOW:
            return "Aces are low in this game: A-2-3 is a run, Q-K-A is not."
        if self.ace == ACE_HIGH:
            return "Aces are high in this game: Q-K-A is a run, A-2-3 is not."
        return "An ace is low or high but not both: a run may not go round the corner (K-A-2)."

    def _check_run(self, cards: tuple[int, ...], number: int | None, suit: int | None) -> Meld | str:
        if not self.runs:
            return "Only sets are melds in this game, not runs."
        n = len(cards)
        nat = [c for c in cards if self.natural_table[c]]
        nw = n - len(nat)
        if n < self.min_run:
            return f"A run needs at least {words(self.min_run)} cards."
        if n > self.longest_run:
            return self._window_reason(0, n)
        suits = {C.SUIT_OF[c] for c in nat}
        if len(suits) > 1:
            return "A run needs cards of one suit."
        if suit is not None and suits and suit not in suits:
            return f"Those cards are {C.SUIT_NAMES[suits.pop()]}, not {C.SUIT_NAMES[suit]}."
        problem = self._wild_problem(len(nat), nw, RUN)
        if problem:
            return problem
        if not nat:
            return self._all_wild_run(cards, number, suit)
        s = suits.pop()
        if number is not None:  # an explicit first card
            start = _run_start(number, self.ace)
            if start is None:
                return f"{number} is not where a run can start: give its first card as 1 (ace) to 13."
            m = self._run_in_order(cards, start)
            return m if isinstance(m, Meld) or m != "not in order" else (
                f"{_cards_text(cards)} is not a run starting from the {RANK_SHORT[POS_RANK[start]]}.")
        # the order given, where it is a run
        first = next(i for i, c in enumerate(cards) if self.natural_table[c])
        for p in self.positions_of(cards[first]):
            start = p - first
            if self.ace == ACE_AROUND:
                start %= 13
            m = self._run_in_order(cards, start)
            if isinstance(m, Meld):
                return m
        return self._place_run(nat, sorted(c for c in cards if self.wild_table[c]), s)

    def _all_wild_run(self, cards: tuple[int, ...], number: int | None, suit: int | None) -> Meld | str:
        if number is None or suit is None:
            return ("Say where an all-wild run lies: its suit and first card, as in "
                    "'meld H 5 JK JK 2C run'.")
        start = _run_start(number, self.ace)
        if start is None or not self._window(start, len(cards)):
            return self._window_reason(start if start is not None else -1, len(cards))
        return Meld(RUN, cards, (1 << len(cards)) - 1, suit=suit, start=start)

    def _place_run(self, nat: list[int], wl: list[int], suit: int, ace: str | None = None) -> Meld | str:
        """Canonical reading of naturals and wilds as a run: gaps filled by wilds in order, spare
        wilds above the run first, then below."""
        mode = ace or self.ace
        options = [_ACE_POSITIONS[mode] if C.RANK_OF[c] == C.ACE else (C.RANK_OF[c] + 1,) for c in nat]
        reason = ""
        for choice in product(*options):
            placed = self._placement(list(choice), nat, wl, suit, mode)
            if isinstance(placed, Meld):
                return placed
            reason = reason or placed
        if ace is None and any(C.RANK_OF[c] == C.ACE for c in nat) and self.ace != ACE_AROUND \
                and isinstance(self._place_run(nat, wl, suit, ACE_AROUND), Meld):
            return self._ace_reason()
        return reason

    def _placement(self, pos: list[int], nat: list[int], wl: list[int], suit: int, mode: str) -> Meld | str:
        n = len(nat) + len(wl)
        if mode == ACE_AROUND:
            # the rotation with the shortest span: start after the largest gap between naturals
            order = sorted(set(pos))
            if len(order) < len(pos):
                return self._duplicate_reason(nat)
            gaps = [(order[(i + 1) % len(order)] - order[i] - 1) % 13 for i in range(len(order))]
            big = max(range(len(order)), key=lambda i: (gaps[i], -i))
            lo = order[(big + 1) % len(order)]
            pos = [p if p >= lo else p + 13 for p in pos]
        by_pos = dict(zip(pos, nat, strict=True))
        if len(by_pos) < len(nat):
            return self._duplicate_reason(nat)
        lo, hi = min(pos), max(pos)
        span = hi - lo + 1
        gaps_needed = span - len(nat)
        if gaps_needed > len(wl):
            sorted_nat = [by_pos[p] for p in sorted(by_pos)]
            extra = "" if not wl else (f": {_plural(len(wl), 'wild card')} cannot fill "
                                       f"{words(gaps_needed)} gaps")
            return f"{_cards_text(sorted_nat)} are not consecutive{extra}."
        if n > self.longest_run:
            return self._window_reason(lo, n)
        if mode == ACE_AROUND:
            top, bottom = lo + LONGEST_RUN - 1, hi - LONGEST_RUN + 1
        else:
            bottom = {ACE_LOW: 0, ACE_HIGH: 1}.get(mode, 1 if hi == 13 else 0)
            top = {ACE_LOW: 12, ACE_HIGH: 13}.get(mode, 12 if lo == 0 else 13)
        spare = len(wl) - gaps_needed
        above = min(spare, top - hi)
        below = spare - above
        if lo - below < bottom:
            return self._window_reason(lo - below, n)
        start = lo - below
        seq, wild = _lay_out_run(start, hi + above, by_pos, wl)
        if mode == ACE_AROUND:
            start %= 13
        elif not self._window(start, n):
            return self._window_reason(start, n)
        return Meld(RUN, tuple(seq), wild, suit=suit, start=start)

    @staticmethod
    def _duplicate_reason(nat: list[int]) -> str:
        ranks = [C.RANK_OF[c] for c in nat]
        dup = next(r for r in ranks if ranks.count(r) > 1)
        return f"A run may not hold two {RANK_PLURAL[dup]}."

    # ---- laying off and wild swaps ------------------------------------------------------

    def lay_offs(self, meld: Meld, card: int) -> list[Meld]:
        """Every meld ``card`` can turn ``meld`` into: none, one, or two where a card could go
        at either end of a run (a wild card; an ace in ``either``/``around`` runs)."""
        if not self.is_meldable(card):
            return []
        if meld.kind == SET:
            m = self._check_set((*meld.cards, card), meld.rank + 2)
            return [m] if isinstance(m, Meld) else []
        out: list[Meld] = []
        if not self.wild_table[card] and C.SUIT_OF[card] != meld.suit:
            return out
        if self.wild_table[card] and not self.wilds_in_runs:
            return out
        n = meld.size + 1
        candidates = [((*meld.cards, card), meld.start)]
        low = meld.start - 1
        if self.ace == ACE_AROUND:
            low %= 13
        candidates.append(((card, *meld.cards), low))
        for cards, start in candidates:
            m = self._run_in_order(cards, start)
            if isinstance(m, Meld) and m.size == n and not self._wild_problem(m.naturals, m.wilds, RUN) \
                    and m.suit in (meld.suit, -1):
                out.append(replace(m, suit=meld.suit))
        return out

    def why_no_lay_off(self, meld: Meld, card: int) -> str:
        """Why ``card`` cannot be laid off on ``meld`` (empty if it can)."""
        if self.lay_offs(meld, card):
            return ""
        label = C.LABEL_OF[card]
        problem = self._card_problem((card,))
        if problem:
            return problem
        if meld.kind == SET:
            m = self._check_set((*meld.cards, card), meld.rank + 2)
            return m if isinstance(m, str) else f"{label} does not fit that set."
        if self.wild_table[card]:
            if not self.wilds_in_runs:
                return "Wild cards may not be used in runs in this game."
            problem = self._wild_problem(meld.naturals, meld.wilds + 1, RUN)
            return problem or ("That run cannot grow at either end: "
                               + self._window_reason(meld.start, meld.size + 1))
        if C.SUIT_OF[card] != meld.suit:
            return f"{label} is not a {C.SUIT_SINGULAR[meld.suit]}: a run is one suit."
        low = meld.start - 1
        if self.ace == ACE_AROUND:
            low %= 13
        ends = [POS_RANK[low]] if self._window(low, meld.size + 1) else []
        if self._window(meld.start, meld.size + 1):
            ends.append(POS_RANK[meld.end + 1])
        if not ends:
            return f"That run cannot grow: {self._window_reason(meld.start, meld.size + 1)}"
        wanted = " or the ".join(RANK_SHORT[r] for r in ends)
        return f"{label} does not extend that run: only the {wanted} of {C.SUIT_NAMES[meld.suit]} would."

    def wild_swaps(self, meld: Meld, card: int) -> list[tuple[Meld, int]]:
        """Ways to put natural ``card`` in place of a wild it stands for in ``meld``: each
        ``(new meld, the wild card freed)``. In a run the card must be the wild's exact
        stand-in; in a set any natural of the set's rank (each distinct wild once)."""
        if not self.natural_table[card]:
            return []
        out: list[tuple[Meld, int]] = []
        if meld.kind == RUN:
            for i in range(meld.size):
                if meld.wild >> i & 1 and meld.stand_in(i) == card:
                    cards = (*meld.cards[:i], card, *meld.cards[i + 1:])
                    m = self._run_in_order(cards, meld.start)
                    if isinstance(m, Meld) and not self._wild_problem(m.naturals, m.wilds, RUN):
                        out.append((m, meld.cards[i]))
            return out
        if C.RANK_OF[card] != meld.rank:
            return out
        for w in sorted(set(meld.wild_cards())):
            rest = list(meld.cards)
            rest.remove(w)
            m = self._check_set((*rest, card), meld.rank + 2)
            if isinstance(m, Meld):
                out.append((m, w))
        return out

    # ---- every meld a hand can lay ------------------------------------------------------

    def all_melds(self, hand: Iterable[int], *, all_wild: bool = True) -> list[Meld]:
        """Every distinct meld the cards of ``hand`` can make (for legal-move lists): each set,
        each run with each placement of its wilds, each choice of which wild cards. Grows fast
        with wild cards; ``all_wild=False`` leaves out melds of wild cards only."""
        cards = list(hand)
        nat_count: dict[int, int] = {}
        for c in cards:
            if self.natural_table[c]:
                nat_count[c] = nat_count.get(c, 0) + 1
        wilds = sorted(c for c in cards if self.wild_table[c])
        out: dict[Meld, None] = {}
        if self.sets:
            for m in self._all_sets(nat_count, wilds, all_wild):
                out[m] = None
        if self.runs:
            for m in self._all_runs(nat_count, wilds, all_wild):
                out[m] = None
        return list(out)

    def _all_sets(self, nat_count: dict[int, int], wilds: list[int], all_wild: bool) -> Iterator[Meld]:
        top = self.max_set if self.max_set is not None else _UNLIMITED
        by_rank: dict[int, list[int]] = {}
        for c in sorted(nat_count):
            by_rank.setdefault(C.RANK_OF[c], []).append(c)
        per_rank = [(r, cs) for r, cs in by_rank.items()]
        if all_wild and self.all_wild:
            per_rank += [(r, []) for r in range(13)]
        for rank, cs in per_rank:
            caps = [min(nat_count[c], 1 if self.distinct_suits_in_sets else nat_count[c]) for c in cs]
            for combo in product(*[range(k + 1) for k in caps]):
                nat = [c for c, k in zip(cs, combo, strict=True) for _ in range(k)]
                if not nat and cs:
                    continue
                for j in range(len(wilds) + 1):
                    size = len(nat) + j
                    if size < self.min_set or size > top:
                        continue
                    if self._wild_problem(len(nat), j, SET):
                        continue
                    for chosen in _sub_multisets(wilds, j):
                        m = self._check_set(tuple(nat) + chosen, rank + 2)
                        if isinstance(m, Meld):
                            yield m

    def _all_runs(self, nat_count: dict[int, int], wilds: list[int], all_wild: bool) -> Iterator[Meld]:
        longest = self.longest_run
        wild_only = all_wild and self.all_wild and bool(wilds)
        spare = len(wilds) if self.wilds_in_runs else 0
        for suit in range(4):
            if not wild_only and not any(C.SUIT_OF[c] == suit for c in nat_count):
                continue
            for start in range(13 if self.ace == ACE_AROUND else 14):
                missing = 0
                places: list[int] = []
                held: list[int] = []
                for p in range(start, start + longest):
                    if self.ace != ACE_AROUND and p > 13:
                        break
                    places.append(p)
                    if suit * 13 + POS_RANK[p] in nat_count:
                        held.append(p)
                    else:
                        missing += 1
                        if missing > spare:
                            break  # a longer window needs even more wild cards
                    if len(places) >= self.min_run and self._window(start, len(places)):
                        yield from self._runs_in_window(suit, start, list(places), list(held), wilds,
                                                        all_wild)

    def _runs_in_window(self, suit: int, start: int, places: list[int], natural_places: list[int],
                        wilds: list[int], all_wild: bool) -> Iterator[Meld]:
        n = len(places)
        for k in range(len(natural_places), -1, -1):
            if n - k > len(wilds):
                break
            for chosen in _combinations(natural_places, k):
                if k == 0 and not (all_wild and self.all_wild):
                    continue
                if self._wild_problem(k, n - k, RUN):
                    continue
                fixed = set(chosen)
                wild_places = [i for i, p in enumerate(places) if p not in fixed]
                for wset in _sub_multisets(wilds, n - k):
                    for arrangement in dict.fromkeys(permutations(wset)):
                        seq = [suit * 13 + POS_RANK[p] for p in places]
                        for i, w in zip(wild_places, arrangement, strict=True):
                            seq[i] = w
                        m = self._run_in_order(tuple(seq), start)
                        if isinstance(m, Meld):
                            yield replace(m, suit=suit)


_ACE_POSITIONS: Final = {ACE_LOW: (0,), ACE_HIGH: (13,), ACE_EITHER: (0, 13), ACE_AROUND: (0,)}


def _lay_out_run(start: int, end: int, by_pos: dict[int, int], wilds: list[int]) -> tuple[list[int], int]:
    """The cards of a run from position ``start`` to ``end``: each natural at its place, the wilds
    filling the gaps in order; with the bitmask of the places a wild holds."""
    seq: list[int] = []
    mask = 0
    spare = iter(wilds)
    for i, p in enumerate(range(start, end + 1)):
        c = by_pos.get(p)
        if c is None:
            seq.append(next(spare))
            mask |= 1 << i
        else:
            seq.append(c)
    return seq, mask


def _set_rank(number: int) -> int | None:
    if number in (1, 14):
        return C.ACE
    return number - 2 if 2 <= number <= 13 else None


def _run_start(number: int, ace: str) -> int | None:
    if 1 <= number <= 13:
        return number - 1
    if number == 14 and ace == ACE_AROUND:
        return 0
    return None


def _sub_multisets(items: list[int], k: int) -> Iterator[tuple[int, ...]]:
    """Distinct sorted sub-multisets of size ``k`` of the sorted list ``items``."""
    seen: set[tuple[int, ...]] = set()
    for combo in _combinations(items, k):
        t = tuple(combo)
        if t not in seen:
            seen.add(t)
            yield t


def _combinations(items: list[int], k: int) -> Iterator[tuple[int, ...]]:
    return combinations(items, k)


# ---- the solver ---------------------------------------------------------------------------

#: the value function of one hand: f(naturals left, wilds left, capacity so far) -> best gain
_DP = Callable[[int, int, int], int]
#: weights are scaled so that, between arrangements of equal value, more melded cards win
_TIE_BITS: Final = 8
_TIE_MASK: Final = (1 << _TIE_BITS) - 1


@dataclass(frozen=True, slots=True)
class Arrangement:
    """The best arrangement of a hand: its melds, the cards left over (deadwood) and their value
    (``values``), the melded cards' value (``meld_values``; 0 without), and ``score`` =
    melded value − deadwood value, the quantity the solver maximised."""

    melds: tuple[Meld, ...]
    deadwood: tuple[int, ...]
    deadwood_value: int
    melded_value: int = 0
    #: cards laid off on melds already on the table (``MeldSolver.best_with_lay_offs``)
    lay_offs: tuple[LayOff, ...] = ()

    @property
    def score(self) -> int:
        return self.melded_value - self.deadwood_value

    @property
    def complete(self) -> bool:
        """Every card melded (gin; going out)."""
        return not self.deadwood

    def melded_cards(self) -> list[int]:
        """The hand's cards that leave it: in its own melds and laid off."""
        return [c for m in self.melds for c in m.cards] + [c for lo in self.lay_offs for c in lo.cards]

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"melds": [m.to_json() for m in self.melds],
                                  "deadwood": C.codes(self.deadwood), "deadwood_value": self.deadwood_value,
                                  "melded_value": self.melded_value}
        if self.lay_offs:
            out["lay_offs"] = [{"meld": lo.target, "cards": C.codes(lo.cards), "result": lo.meld.text}
                               for lo in self.lay_offs]
        return out


class LayOff(NamedTuple):
    """Cards of a hand laid off on the table meld at ``target`` (0-based), and that meld after."""

    target: int
    cards: tuple[int, ...]
    meld: Meld


class _Choice(NamedTuple):
    """One way to deal with the lowest card left, in ``best_with_lay_offs``."""

    value: int
    kind: str                # "dead", "meld" or "layoff"
    slot: int = -1           # dead: the card's slot
    packed: int = 0          # meld / layoff: the naturals used
    core: int = -1           # meld: index into the problem's cores
    w: int = 0               # meld: wilds and capacity after it
    x: int = 0
    lay_off: LayOff | None = None


class _Core(NamedTuple):
    """The naturals of one candidate meld, what it needs and what it could take of wild cards
    (a named tuple: hands with wilds make hundreds of these per call)."""

    kind: str
    naturals: tuple[int, ...]     # for a run: by position, low to high
    required: int                 # wild cards it cannot do without
    capacity: int                 # further wild cards it could take
    rank: int = -1                # set
    suit: int = -1                # run
    lo: int = 0                   # run: first and last natural positions
    hi: int = 0
    positions: tuple[int, ...] = ()
    pad: int = 0                  # run: wild cards needed beyond its ends to reach min_run


class _Problem:
    """One hand, prepared for the dynamic programme: its naturals packed into an int (a field
    of ``width`` bits per distinct card, the top bit of each a guard), its wilds by value, and
    every candidate core filed under its lowest card as ``(packed, gain, required, capacity,
    index into infos)``."""

    __slots__ = ("cores", "dead", "full", "guard", "infos", "prefix", "slots", "unit", "width", "wilds",
                 "wilds_sorted")

    def __init__(self, solver: MeldSolver, hand: Sequence[int]) -> None:
        rules = solver.rules
        weight = solver.weight
        counts: dict[int, int] = {}
        wilds: list[int] = []
        dead: list[int] = []
        natural = rules.natural_table
        wild = rules.wild_table
        for c in hand:
            if natural[c]:
                counts[c] = counts.get(c, 0) + 1
            elif wild[c]:
                wilds.append(c)
            else:
                dead.append(c)
        # rank-major order keeps a set's cards together and bounds how far a run reaches, which
        # keeps the memo small (sets-only hands of 40 cards: 0.7 ms against 1.3 s suit-major)
        slots = self.slots = sorted(counts, key=_RANK_MAJOR.__getitem__)
        most = max(counts.values(), default=1)
        width = self.width = most.bit_length() + 1
        unit = self.unit = [1 << (i * width) for i in range(len(slots))]
        self.full = sum(counts[c] << (i * width) for i, c in enumerate(slots))
        self.guard = sum(1 << (i * width + width - 1) for i in range(len(slots)))
        self.dead = dead
        # the wilds that get used are the most valuable: sort by weight, high first
        self.wilds_sorted = sorted(wilds, key=lambda c: (-weight[c], c)) if wilds else wilds
        W = self.wilds = len(wilds)
        prefix = [0]
        for c in self.wilds_sorted:
            prefix.append(prefix[-1] + weight[c])
        self.prefix = prefix
        self.infos: list[_Core] = []
        self.cores: list[list[tuple[int, int, int, int, int]]] = [[] for _ in slots]
        # candidates by (packed naturals, wilds required): the largest capacity wins
        found: dict[tuple[int, int], tuple[int, int, int, _Core]] = {}
        if rules.sets:
            _set_cores(rules, slots, counts, unit, weight, W, found)
        if rules.runs:
            _run_cores(rules, slots, unit, weight, W, found)
        if W == 0:
            for packed, low, gain, core in found.values():
                self.cores[low].append((packed, gain, 0, 0, len(self.infos)))
                self.infos.append(core)
            return
        # drop a core when another with the same naturals needs no more wilds and takes as many
        by_packed: dict[int, list[tuple[int, int, int, _Core]]] = {}
        for entry in found.values():
            by_packed.setdefault(entry[0], []).append(entry)
        for group in by_packed.values():
            group.sort(key=lambda e: (e[3].required, -e[3].capacity))
            reach = -1
            for packed, low, gain, core in group:
                if core.required + core.capacity > reach:
                    reach = core.required + core.capacity
                    self.cores[low].append((packed, gain, core.required, core.capacity, len(self.infos)))
                    self.infos.append(core)


_Found = dict[tuple[int, int], tuple[int, int, int, _Core]]
#: the order in which the programme takes "the lowest card left": by rank, then suit
_RANK_MAJOR: Final = tuple(C.RANK_OF[c] * 5 + C.SUIT_OF[c] for c in range(53))


def _keep(found: _Found, packed: int, low: int, gain: int, core: _Core) -> None:
    key = (packed, core.required)
    old = found.get(key)
    if old is None or old[3].capacity < core.capacity:
        found[key] = (packed, low, gain, core)


def _set_cores(rules: MeldRules, slots: list[int], counts: dict[int, int], unit: list[int],
               weight: list[int], W: int, found: _Found) -> None:
    """Every natural part of a set the hand can make, with the wilds it needs and could take."""
    limits = rules.limit_table
    top = rules.max_set if rules.max_set is not None else _UNLIMITED
    min_set = rules.min_set
    by_rank: dict[int, list[int]] = {}
    for i, c in enumerate(slots):
        by_rank.setdefault(C.RANK_OF[c], []).append(i)
    for rank, idx in by_rank.items():
        caps = [1 if rules.distinct_suits_in_sets else counts[slots[i]] for i in idx]
        if sum(caps) + W < min_set:
            continue
        for combo in product(*[range(k + 1) for k in caps]):
            k = sum(combo)
            if k == 0 or k > top or k + W < min_set:
                continue
            limit = limits[k] if k < len(limits) else rules.wild_limit(k)
            need = min_set - k if k < min_set else 0
            if limit < need:
                continue
            cap = min(limit - need, top - k - need, W - need)
            packed = gain = 0
            low = -1
            nat: list[int] = []
            for i, m in zip(idx, combo, strict=True):
                if m:
                    if low < 0:
                        low = i
                    packed += m * unit[i]
                    gain += m * weight[slots[i]]
                    nat.extend([slots[i]] * m)
            _keep(found, packed, low, gain, _Core(SET, tuple(nat), need, cap, rank=rank))


def _run_cores(rules: MeldRules, slots: list[int], unit: list[int], weight: list[int], W: int,
               found: _Found) -> None:
    """Every natural part of a run the hand can make: a first and last natural and, between
    them, naturals or gaps for wild cards."""
    longest = rules.longest_run
    around = rules.ace == ACE_AROUND
    in_runs = rules.wilds_in_runs
    max_gaps = W if in_runs else 0
    min_run = rules.min_run
    limits = rules.limit_table
    ace_positions = rules.ace_positions()
    by_suit: list[dict[int, int]] = [{}, {}, {}, {}]  # per suit: position -> slot
    for i, c in enumerate(slots):
        at = by_suit[C.SUIT_OF[c]]
        for p in (ace_positions if C.RANK_OF[c] == C.ACE else (C.RANK_OF[c] + 1,)):
            at[p] = i
    for suit, at in enumerate(by_suit):
        if len(at) + max_gaps < min_run:
            continue
        if max_gaps == 0 and not around:
            _plain_run_cores(rules, slots, unit, weight, W, found, suit, at)
            continue
        for lo in sorted(at):
            first = at[lo]
            # (last place, places, gaps, packed naturals, their gain, lowest slot)
            stack: list[tuple[int, tuple[int, ...], int, int, int, int]] = [
                (lo, (lo,), 0, unit[first], weight[slots[first]], first)]
            while stack:
                hi, places, gaps, packed, gain, low = stack.pop()
                span = hi - lo + 1
                pad = min_run - span if span < min_run else 0
                need = gaps + pad
                k = len(places)
                if need <= W and span + pad <= longest:
                    limit = (limits[k] if k < len(limits) else rules.wild_limit(k)) if in_runs else 0
                    if limit >= need:
                        cap = min(limit - need, longest - span - pad, W - need)
                        old = found.get((packed, need))
                        if old is None or old[3].capacity < cap:
                            nat = tuple(slots[at[p % 13 if around else p]] for p in places)
                            found[(packed, need)] = (packed, low, gain, _Core(
                                RUN, nat, need, cap, suit=suit, lo=lo, hi=hi, positions=places, pad=pad))
                for nxt in range(hi + 1, lo + longest):
                    g = gaps + (nxt - hi - 1)
                    if g > max_gaps or (not around and nxt > 13):
                        break
                    j = at.get(nxt % 13 if around else nxt)
                    if j is not None:
                        stack.append((nxt, (*places, nxt), g, packed + unit[j], gain + weight[slots[j]],
                                      j if j < low else low))


def _plain_run_cores(rules: MeldRules, slots: list[int], unit: list[int], weight: list[int], W: int,
                     found: _Found, suit: int, at: dict[int, int]) -> None:
    """Runs without wild cards: every window of ``min_run`` or more places inside a stretch of
    consecutive naturals (the common case, gin and rummy, kept fast)."""
    min_run = rules.min_run
    longest = rules.longest_run
    limits = rules.limit_table
    places = sorted(at)
    stretch: list[int] = []
    for n, p in enumerate(places):
        stretch.append(p)
        if n + 1 < len(places) and places[n + 1] == p + 1:
            continue
        for a in range(len(stretch) - min_run + 1):
            packed = gain = 0
            low = len(slots)
            for b in range(a, min(len(stretch), a + longest)):
                i = at[stretch[b]]
                packed += unit[i]
                gain += weight[slots[i]]
                if i < low:
                    low = i
                k = b - a + 1
                if k >= min_run and (limits[k] if k < len(limits) else rules.wild_limit(k)) >= 0:
                    window = tuple(stretch[a:b + 1])
                    nat = tuple(slots[at[q]] for q in window)
                    found[(packed, 0)] = (packed, low, gain, _Core(
                        RUN, nat, 0, 0, suit=suit, lo=window[0], hi=window[-1], positions=window))
        stretch = []


class MeldSolver:
    """The exact best arrangement of hands under one game's meld rules and value tables.

    ``values[c]``: what card ``c`` costs left in hand (deadwood). ``meld_values[c]`` (optional):
    what it earns melded. The solver maximises melded value − deadwood value, so with no
    ``meld_values`` it finds the least deadwood. Tables have 53 entries (joker last) and a
    card's ``values + meld_values`` may not be negative. Keep one solver per rules and tables
    (``solver_for`` caches them); results are cached per hand (LRU, ``cache_size`` hands).
    """

    def __init__(self, rules: MeldRules, values: Sequence[int] = RUMMY_VALUES,
                 meld_values: Sequence[int] | None = None, *, cache_size: int = 8192) -> None:
        if len(values) != 53 or (meld_values is not None and len(meld_values) != 53):
            raise ValueError("a value table has 53 entries: one per card, the joker last")
        self.rules = rules
        self.values = tuple(values)
        self.meld_values = tuple(meld_values) if meld_values is not None else None
        gains = [v + (meld_values[c] if meld_values is not None else 0) for c, v in enumerate(values)]
        if min(gains) < 0:
            raise ValueError("melding a card may not cost points: values + meld_values must be >= 0")
        #: per card: what melding it gains, scaled, plus one (ties go to more melded cards)
        self.weight = [(g << _TIE_BITS) + 1 for g in gains]
        self.cache_size = cache_size
        self._score_cache: OrderedDict[tuple[int, ...], int] = OrderedDict()
        self._best_cache: OrderedDict[tuple[int, ...], Arrangement] = OrderedDict()

    # ---- public ---------------------------------------------------------------------

    def best(self, hand: Iterable[int]) -> Arrangement:
        """The best arrangement of ``hand`` (exact)."""
        key = tuple(sorted(hand))
        cache = self._best_cache
        found = cache.get(key)
        if found is not None:
            cache.move_to_end(key)
            return found
        prob = _Problem(self, key)
        memo: dict[int, int] = {}
        f = self._dp(prob, memo)
        top = f(prob.full, prob.wilds, 0)
        arrangement = self._rebuild(prob, f, key)
        assert (top >> _TIE_BITS) == self._gain(arrangement), "solver replay disagrees"
        cache[key] = arrangement
        if len(cache) > self.cache_size:
            cache.popitem(last=False)
        return arrangement

    def score(self, hand: Iterable[int]) -> int:
        """Melded value − deadwood value of the best arrangement (−deadwood without meld values)."""
        key = tuple(sorted(hand))
        cache = self._score_cache
        found = cache.get(key)
        if found is not None:
            cache.move_to_end(key)
            return found
        prob = _Problem(self, key)
        top = self._dp(prob, {})(prob.full, prob.wilds, 0)
        value = (top >> _TIE_BITS) - sum(self.values[c] for c in key)
        cache[key] = value
        if len(cache) > self.cache_size:
            cache.popitem(last=False)
        return value

    def deadwood(self, hand: Iterable[int]) -> int:
        """The least deadwood value of ``hand`` (a solver without ``meld_values``)."""
        if self.meld_values is not None:
            return self.best(hand).deadwood_value
        return -self.score(hand)

    def melds_all(self, hand: Iterable[int]) -> bool:
        """Whether every card of ``hand`` can be melded at once (gin; going out)."""
        key = tuple(sorted(hand))
        prob = _Problem(self, key)
        if prob.dead:
            return False
        top = self._dp(prob, {})(prob.full, prob.wilds, 0)
        return (top & _TIE_MASK) == len(key)

    def score_after_discards(self, hand: Iterable[int]) -> dict[int, int]:
        """For each distinct card of ``hand``: the best score of the hand without it (the
        candidate discards of an 11-card gin hand), sharing one memo between discards."""
        key = tuple(sorted(hand))
        total = sum(self.values[c] for c in key)
        prob = _Problem(self, key)
        f = self._dp(prob, {})
        out: dict[int, int] = {}
        index = {c: i for i, c in enumerate(prob.slots)}
        wild_done: set[int] = set()
        for c in key:
            if c in out:
                continue
            rest_total = total - self.values[c]
            if c in index:
                top = f(prob.full - prob.unit[index[c]], prob.wilds, 0)
                out[c] = (top >> _TIE_BITS) - rest_total
            elif self.rules.wild_table[c]:
                if c not in wild_done:
                    wild_done.add(c)
                    out[c] = self.score([x for x in _without(key, c)])
            else:  # a card that never melds: the rest is arranged as before
                top = f(prob.full, prob.wilds, 0)
                out[c] = (top >> _TIE_BITS) - rest_total
        return out

    def deadwood_after_discards(self, hand: Iterable[int]) -> dict[int, int]:
        """For each distinct card of ``hand``: the least deadwood of the hand without it."""
        if self.meld_values is not None:
            raise ValueError("deadwood_after_discards needs a solver without meld_values")
        return {c: -v for c, v in self.score_after_discards(hand).items()}

    def cache_clear(self) -> None:
        self._score_cache.clear()
        self._best_cache.clear()

    def best_with_lay_offs(self, hand: Iterable[int], table: Sequence[Meld]) -> Arrangement:
        """The best arrangement of ``hand`` when its cards may also be laid off on the ``table``
        melds (the opponent of a gin player who knocked): each table meld may be extended once —
        a run by a chain of cards at either end or both (7♥ then 8♥), a set by more cards of
        its rank — jointly with the hand's own melds, exactly. Wild cards are not laid off."""
        key = tuple(sorted(hand))
        prob = _Problem(self, key)
        ext = self._extensions(prob, table)
        unit, G, width, W = prob.unit, prob.guard, prob.width, prob.wilds
        prefix, cores = prob.prefix, prob.cores
        leaf = self._leaf_table(prob) if W else [[(0, 0)]]
        memo: dict[tuple[int, int, int, int], int] = {}

        def f(rem: int, w: int, x: int, mask: int) -> int:
            k = (rem, w, x, mask)
            v = memo.get(k)
            if v is None:
                v = leaf[w][x][0] if rem == 0 else max(o.value for o in options(rem, w, x, mask))
                memo[k] = v
            return v

        def options(rem: int, w: int, x: int, mask: int) -> Iterator[_Choice]:
            """Each choice for the lowest card left, with its value."""
            i = ((rem & -rem).bit_length() - 1) // width
            yield _Choice(f(rem - unit[i], w, x, mask), "dead", slot=i, packed=unit[i])
            used = W - w
            for packed, gain, req, cap, idx in cores[i]:
                if req <= w and ((rem | G) - packed) & G == G:
                    w2, x2 = w - req, min(w - req, x + cap)
                    value = gain + prefix[used + req] - prefix[used] + f(rem - packed, w2, x2, mask)
                    yield _Choice(value, "meld", packed=packed, core=idx, w=w2, x=x2)
            for packed, gain, t, extension in ext[i]:
                if not mask >> t & 1 and ((rem | G) - packed) & G == G:
                    yield _Choice(gain + f(rem - packed, w, x, mask | 1 << t), "layoff", packed=packed,
                                  lay_off=extension)

        target = f(prob.full, W, 0, 0)
        rem, w, x, mask = prob.full, W, 0, 0
        chosen: list[_Core] = []
        lay_offs: list[LayOff] = []
        deadwood = list(prob.dead)
        while rem:
            best = f(rem, w, x, mask)
            choice = next(o for o in options(rem, w, x, mask) if o.value == best)
            rem -= choice.packed
            if choice.kind == "dead":
                deadwood.append(prob.slots[choice.slot])
            elif choice.kind == "meld":
                chosen.append(prob.infos[choice.core])
                w, x = choice.w, choice.x
            else:
                assert choice.lay_off is not None
                lay_offs.append(choice.lay_off)
                mask |= 1 << choice.lay_off.target
        all_wild = leaf[w][x][1] if W else 0
        extra = min(w - all_wild, x)
        used_wilds = prob.wilds_sorted[: W - w + extra + all_wild]
        deadwood.extend(prob.wilds_sorted[W - w + extra + all_wild:])
        melds = self._lay_out(chosen, extra, all_wild, list(used_wilds))
        dead = tuple(sorted(deadwood))
        mv = self.meld_values
        melded_value = sum(mv[c] for m in melds for c in m.cards) + sum(
            mv[c] for lo in lay_offs for c in lo.cards) if mv else 0
        out = Arrangement(tuple(melds), dead, sum(self.values[c] for c in dead), melded_value,
                          tuple(sorted(lay_offs, key=lambda lo: lo.target)))
        assert (target >> _TIE_BITS) == self._gain(out), "lay-off replay disagrees"
        return out

    def _extensions(self, prob: _Problem, table: Sequence[Meld]) -> list[list[tuple[int, int, int, LayOff]]]:
        """Per lowest slot: (packed, gain, table index, lay-off) for every way the hand's naturals
        can extend one table meld."""
        rules = self.rules
        index = {c: i for i, c in enumerate(prob.slots)}
        field_mask = (1 << (prob.width - 1)) - 1
        counts = [(prob.full >> (i * prob.width)) & field_mask for i in range(len(prob.slots))]
        out: list[list[tuple[int, int, int, LayOff]]] = [[] for _ in prob.slots]

        def add(t: int, cards: tuple[int, ...], meld: Meld) -> None:
            packed = sum(prob.unit[index[c]] for c in cards)
            if ((prob.full | prob.guard) - packed) & prob.guard != prob.guard:
                return  # needs more copies than the hand holds
            low = min(index[c] for c in cards)
            out[low].append((packed, sum(self.weight[c] for c in cards), t, LayOff(t, cards, meld)))

        for t, meld in enumerate(table):
            if meld.kind == SET:
                fits = [c for c in prob.slots if C.RANK_OF[c] == meld.rank]
                for combo in product(*[range(counts[index[c]] + 1) for c in fits]):
                    cards = tuple(c for c, k in zip(fits, combo, strict=True) for _ in range(k))
                    if cards:
                        m = rules._check_set((*meld.cards, *cards), meld.rank + 2)
                        if isinstance(m, Meld):
                            add(t, cards, m)
                continue
            low_chain = self._chain(prob, meld, -1)
            high_chain = self._chain(prob, meld, +1)
            for a in range(len(low_chain) + 1):
                for b in range(len(high_chain) + 1):
                    if a == b == 0:
                        continue
                    below = tuple(reversed(low_chain[:a]))
                    start = meld.start - a
                    if rules.ace == ACE_AROUND:
                        start %= 13
                    m = rules._run_in_order((*below, *meld.cards, *high_chain[:b]), start)
                    if isinstance(m, Meld):
                        add(t, below + tuple(high_chain[:b]), replace(m, suit=meld.suit))
        return out

    def _chain(self, prob: _Problem, meld: Meld, step: int) -> list[int]:
        """The hand's naturals that continue a run outward from one end, nearest first."""
        chain: list[int] = []
        p = meld.start - 1 if step < 0 else meld.end + 1
        for _ in range(LONGEST_RUN - meld.size):
            if self.rules.ace != ACE_AROUND and not 0 <= p <= 13:
                break
            c = meld.suit * 13 + POS_RANK[p % 13 if self.rules.ace == ACE_AROUND else p]
            if c not in prob.slots or not self.rules.natural_table[c]:
                break
            chain.append(c)
            p += step
        return chain

    # ---- the dynamic programme --------------------------------------------------------

    def _gain(self, arrangement: Arrangement) -> int:
        return sum(self.values[c] + (self.meld_values[c] if self.meld_values else 0)
                   for c in arrangement.melded_cards())

    def _dp(self, prob: _Problem, memo: dict[int, int]) -> _DP:
        """The memoised value function f(naturals left, wilds left, capacity) of one hand."""
        unit = prob.unit
        G = prob.guard
        width = prob.width
        W = prob.wilds
        if W == 0:
            cores0 = [[(packed, gain) for packed, gain, _, _, _ in cs] for cs in prob.cores]
            memo[0] = 0

            def f0(rem: int) -> int:
                v = memo.get(rem)
                if v is not None:
                    return v
                i = ((rem & -rem).bit_length() - 1) // width
                best = f0(rem - unit[i])
                for packed, gain in cores0[i]:
                    if ((rem | G) - packed) & G == G:
                        v = gain + f0(rem - packed)
                        if v > best:
                            best = v
                memo[rem] = best
                return best

            def f_nowild(rem: int, w: int, x: int) -> int:
                return f0(rem)

            return f_nowild

        prefix = prob.prefix
        cores = prob.cores
        leaf = self._leaf_table(prob)

        # one memo per (wilds left, capacity): the key is then the packed naturals themselves
        memos: list[dict[int, int]] = [{0: leaf[w][x][0]} for w in range(W + 1) for x in range(W + 1)]
        side = W + 1

        def f(rem: int, w: int, x: int) -> int:
            table = memos[w * side + x]
            v = table.get(rem)
            if v is not None:
                return v
            i = ((rem & -rem).bit_length() - 1) // width
            best = f(rem - unit[i], w, x)
            used = W - w
            base = prefix[used]
            for packed, gain, req, cap, _ in cores[i]:
                if req <= w and ((rem | G) - packed) & G == G:
                    w2 = w - req
                    x2 = x + cap
                    if x2 > w2:
                        x2 = w2
                    v = gain + prefix[used + req] - base + f(rem - packed, w2, x2)
                    if v > best:
                        best = v
            table[rem] = best
            return best

        return f

    def _leaf_table(self, prob: _Problem) -> list[list[tuple[int, int]]]:
        """(gain, wilds put into all-wild melds) when no natural is left, for each number of
        wilds left and capacity of the melds chosen."""
        W = prob.wilds
        prefix = prob.prefix
        rules = self.rules
        feasible = _all_wild_totals(rules, W)
        table: list[list[tuple[int, int]]] = []
        for w in range(W + 1):
            row = []
            used = W - w
            for x in range(W + 1):
                best = (prefix[used + min(w, x)] - prefix[used], 0)
                for a in feasible:
                    if 0 < a <= w:
                        got = a + min(w - a, x)
                        gain = prefix[used + got] - prefix[used]
                        if gain > best[0]:
                            best = (gain, a)
                row.append(best)
            table.append(row)
        return table

    def _rebuild(self, prob: _Problem, f: _DP, hand: tuple[int, ...]) -> Arrangement:
        """Replay the optimal choices and lay out the melds."""
        unit = prob.unit
        G = prob.guard
        W = prob.wilds
        prefix = prob.prefix
        rem, w, x = prob.full, W, 0
        chosen: list[_Core] = []
        deadwood = list(prob.dead)
        while rem:
            target = f(rem, w, x)
            i = ((rem & -rem).bit_length() - 1) // prob.width
            if f(rem - unit[i], w, x) == target:
                deadwood.append(prob.slots[i])
                rem -= unit[i]
                continue
            used = W - w
            for packed, gain, req, cap, idx in prob.cores[i]:
                if req <= w and ((rem | G) - packed) & G == G:
                    w2 = w - req
                    x2 = min(w2, x + cap)
                    if gain + prefix[used + req] - prefix[used] + f(rem - packed, w2, x2) == target:
                        chosen.append(prob.infos[idx])
                        rem -= packed
                        w, x = w2, x2
                        break
            else:  # pragma: no cover - the memo always holds a matching choice
                raise AssertionError("no choice reproduces the optimum")
        all_wild = self._leaf_table(prob)[w][x][1] if W else 0
        extra = min(w - all_wild, x)
        used_wilds = prob.wilds_sorted[: W - w + extra + all_wild]
        deadwood.extend(prob.wilds_sorted[W - w + extra + all_wild:])
        melds = self._lay_out(chosen, extra, all_wild, list(used_wilds))
        dead = tuple(sorted(deadwood))
        dv = sum(self.values[c] for c in dead)
        mv = sum(self.meld_values[c] for m in melds for c in m.cards) if self.meld_values else 0
        return Arrangement(tuple(melds), dead, dv, mv)

    def _lay_out(self, chosen: list[_Core], extra: int, all_wild: int, wilds: list[int]) -> list[Meld]:
        rules = self.rules
        melds: list[Meld] = []
        pool = iter(wilds)
        for core in chosen:
            more = min(extra, core.capacity)
            extra -= more
            take = [next(pool) for _ in range(core.required + more)]
            melds.append(_build(rules, core, more, take))
        left = [next(pool) for _ in range(all_wild)]
        melds.extend(_all_wild_melds(rules, left))
        return melds


def _build(rules: MeldRules, core: _Core, more: int, wild_cards: list[int]) -> Meld:
    """The meld of a core with ``more`` spare wilds added (a run pads above first, then below)."""
    wl = sorted(wild_cards)
    if core.kind == SET:
        nat = tuple(sorted(core.naturals))
        return Meld(SET, nat + tuple(wl), ((1 << len(wl)) - 1) << len(nat), rank=core.rank)
    lo, hi = core.lo, core.hi
    pads = core.pad + more
    if rules.ace == ACE_AROUND:
        top = lo + LONGEST_RUN - 1
    else:
        top = {ACE_LOW: 12, ACE_HIGH: 13}.get(rules.ace, 12 if lo == 0 else 13)
    above = min(pads, top - hi)
    start = lo - (pads - above)
    by_pos = dict(zip(core.positions, core.naturals, strict=True))
    seq, mask = _lay_out_run(start, hi + above, by_pos, wl)
    if rules.ace == ACE_AROUND:
        start %= 13
    return Meld(RUN, tuple(seq), mask, suit=core.suit, start=start)


def _all_wild_sizes(rules: MeldRules) -> list[tuple[str, int, int]]:
    """(kind, fewest, most cards) of the all-wild melds this game allows."""
    sizes = []
    if rules.sets:
        sizes.append((SET, rules.min_set, rules.max_set if rules.max_set is not None else _UNLIMITED))
    if rules.runs and rules.wilds_in_runs:
        sizes.append((RUN, rules.min_run, rules.longest_run))
    return sizes


def _all_wild_totals(rules: MeldRules, most: int) -> list[int]:
    """How many wild cards can be laid entirely in all-wild melds (0 always)."""
    if not rules.all_wild:
        return [0]
    sizes = _all_wild_sizes(rules)
    ok = [True] + [False] * most
    for total in range(1, most + 1):
        ok[total] = any(ok[total - part] for _, lo, hi in sizes for part in range(lo, min(hi, total) + 1))
    return [t for t in range(most + 1) if ok[t]]


def _all_wild_melds(rules: MeldRules, wilds: list[int]) -> list[Meld]:
    """Lay ``wilds`` (a feasible total) as all-wild melds: sets of aces where a set of that size
    is a meld, else runs of spades from the two (from the ace for thirteen, aces low)."""
    out: list[Meld] = []
    left = sorted(wilds)
    sizes = _all_wild_sizes(rules)
    while left:
        n = len(left)
        # the first kind, and its largest part, that leaves a remainder all-wild melds can take
        kind, part = next((k, p) for k, lo, hi in sizes for p in range(min(hi, n), lo - 1, -1)
                          if n - p in _all_wild_totals(rules, n - p))
        cards, left = tuple(left[:part]), left[part:]
        mask = (1 << part) - 1
        if kind == SET:
            out.append(Meld(SET, cards, mask, rank=C.ACE))
        else:
            start = 0 if part == LONGEST_RUN and rules.ace == ACE_LOW else 1
            out.append(Meld(RUN, cards, mask, suit=C.SPADES, start=start))
    return out


def _without(cards: Sequence[int], c: int) -> list[int]:
    out = list(cards)
    out.remove(c)
    return out


_SOLVERS: OrderedDict[tuple[MeldRules, tuple[int, ...], tuple[int, ...] | None], MeldSolver] = OrderedDict()
_SOLVER_CACHE = 64


def solver_for(rules: MeldRules, values: Sequence[int] = RUMMY_VALUES,
               meld_values: Sequence[int] | None = None) -> MeldSolver:
    """The shared solver for these rules and tables (kept in a small LRU)."""
    key = (rules, tuple(values), tuple(meld_values) if meld_values is not None else None)
    solver = _SOLVERS.get(key)
    if solver is None:
        solver = _SOLVERS[key] = MeldSolver(rules, values, meld_values)
        if len(_SOLVERS) > _SOLVER_CACHE:
            _SOLVERS.popitem(last=False)
    else:
        _SOLVERS.move_to_end(key)
    return solver


def best_arrangement(hand: Iterable[int], rules: MeldRules, values: Sequence[int] = RUMMY_VALUES, *,
                     meld_values: Sequence[int] | None = None) -> Arrangement:
    """The exact best arrangement of ``hand``: least deadwood by ``values``; with ``meld_values``,
    the highest melded value minus deadwood value."""
    return solver_for(rules, values, meld_values).best(hand)


def least_deadwood(hand: Iterable[int], rules: MeldRules, values: Sequence[int] = RUMMY_VALUES) -> int:
    """The least deadwood value ``hand`` can be arranged to."""
    return solver_for(rules, values).deadwood(hand)


__all__ = [
    "ACE_AROUND", "ACE_EITHER", "ACE_HIGH", "ACE_LOW", "ANY", "AT_MOST_NATURALS", "FEWER_THAN_NATURALS",
    "POS_RANK", "RUMMY_VALUES", "RUN", "SET", "Arrangement", "LayOff", "Meld", "MeldRules", "MeldSolver",
    "best_arrangement", "lay_off_end", "least_deadwood", "solver_for", "values_by_rank",
]
