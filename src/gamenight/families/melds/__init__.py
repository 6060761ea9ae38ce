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

from gamenight.families.melds.meld import (
    ACE_AROUND,
    ACE_EITHER,
    ACE_HIGH,
    ACE_LOW,
    ACE_MODES,
    ANY,
    AT_MOST_NATURALS,
    FEWER_THAN_NATURALS,
    KINDS,
    LONGEST_RUN,
    NUMBER_WORDS,
    POS_RANK,
    RANK_PLURAL,
    RANK_SHORT,
    RUMMY_VALUES,
    RUN,
    SET,
    WILD_RATIOS,
    Meld,
    lay_off_end,
    values_by_rank,
    words,
)
from gamenight.families.melds.rules import MeldRules
from gamenight.families.melds.solver import (
    Arrangement,
    LayOff,
    MeldSolver,
    best_arrangement,
    least_deadwood,
    solver_for,
)

__all__ = [
    "ACE_AROUND", "ACE_EITHER", "ACE_HIGH", "ACE_LOW", "ACE_MODES", "ANY", "AT_MOST_NATURALS",
    "FEWER_THAN_NATURALS", "KINDS", "LONGEST_RUN", "NUMBER_WORDS", "POS_RANK", "RANK_PLURAL", "RANK_SHORT",
    "RUMMY_VALUES", "RUN", "SET", "WILD_RATIOS", "Arrangement", "LayOff", "Meld", "MeldRules", "MeldSolver",
    "best_arrangement", "lay_off_end", "least_deadwood", "solver_for", "values_by_rank", "words",
]
