"""What a meld is in one game: :class:`MeldRules`, its options and the checks on cards laid
together (a meld or the sentence naming the rule it breaks), laying off, wild swaps, and every
meld a hand can lay (see the package docstring of :mod:`gamenight.families.melds`)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations, permutations, product
from typing import Final

from gamenight.core.moves import Move
from gamenight.equipment import cards as C
from gamenight.families.melds.meld import (
    _UNLIMITED,
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
    POS_RANK,
    RANK_PLURAL,
    RANK_SHORT,
    RUN,
    SET,
    WILD_RATIOS,
    Meld,
    _cards_text,
    _plural,
    words,
)

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
