"""The exact best arrangement of a hand: :class:`MeldSolver` and its shortcuts (the algorithm is
described in the package docstring of :mod:`gamenight.families.melds`)."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import product
from typing import Final, NamedTuple

from gamenight.core.moves import on_age
from gamenight.equipment import cards as C
from gamenight.families.melds.meld import (
    _UNLIMITED,
    ACE_AROUND,
    ACE_HIGH,
    ACE_LOW,
    LONGEST_RUN,
    POS_RANK,
    RUMMY_VALUES,
    RUN,
    SET,
    Meld,
)
from gamenight.families.melds.rules import MeldRules, _lay_out_run

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


def _forget_hands() -> None:
    """Every shared solver forgets the hands it solved: its caches hold up to 2 × 8,192 hands each, 64
    solvers, so a long-running server that played many meld games grew by the hands of every deal
    (issue 31, F8). Called when the move table ages (``core.moves.on_age``): at most once a minute
    from a server's archiver, or when many new moves were built."""
    for solver in list(_SOLVERS.values()):  # a copy: another thread may add a solver meanwhile
        solver.cache_clear()


on_age(_forget_hands)


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
