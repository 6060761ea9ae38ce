"""Contracts: the melds a contract rummy requires before a player may meld freely.

Push's five deals, 10 Dime's eight rounds, Desert Rummy's eleven levels and each Sticks stick are
*contracts*: a list of groups, each a set or a run of a stated length (a minimum, or exact where
the game says so: Sticks), perhaps of a given suit or rank, or a group of wild cards only. This
module holds them as data a family can read and edit, checks the melds a player lays against
one, and searches a hand for a way to meet it.

The notation (``Contract.parse`` reads it; ``str(contract)`` writes it back)
-----------------------------------------------------------------------------
Groups joined by ``+``; ``FREE`` is a contract of nothing (Sticks' free stick).

* ``S3`` a set of three, ``R4`` a run of four, ``W5`` five wild cards laid as one group.
* A bracket constrains a group: a suit (``R5[♥]`` or ``R5[H]``), a set's rank (``S4[K]``,
  ``S3[10]``), a run's span from one rank to another (``R5[10-A]``, ``R3[Q-A]``: the run lies
  exactly there), or a lowercase letter tying runs to one suit (``R4[x]+R4[x]``: two runs of
  four in the same suit, Desert Rummy's eighth meld).

A group's length is its minimum unless the contract is exact (``Contract(..., exact=True)`` or
``Contract.parse(text, exact=True)``); a contract may also require its sets to be of different
ranks (``distinct_ranks``, 10 Dime's option).

Checking and searching
----------------------
``contract.check(melds)`` says whether melds laid together meet the contract, one meld per group,
or names the group that fails. ``search(contract, hand, rules)`` finds melds in a hand that meet
it (or ``None``), exactly: every way to fill each group with the hand's naturals and wild cards
is tried, depth first, with a memo on what is left of the hand and a bound from the best way found
so far. ``shortfall`` is the same search allowed to imagine the naturals a hand lacks: how many
more cards it needs, a bot's measure of how close a hand is (``discard_shortfalls`` for every
discard at once). Wild cards are interchangeable for legality, so the search counts them;
the melds it returns use the hand's own wild cards (twos before jokers, which score more).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from typing import Final

from gamenight.core.layout import number_word
from gamenight.equipment import cards as C
from gamenight.families.melds import POS_RANK, RANK_PLURAL, RANK_SHORT, RUN, SET, Meld, MeldRules

WILD: Final = "wild"
GROUP_KINDS: Final = (SET, RUN, WILD)
_LETTER: Final = {SET: "S", RUN: "R", WILD: "W"}
_KIND_OF_LETTER: Final = {v: k for k, v in _LETTER.items()}
FREE_TEXT: Final = "FREE"
_SUIT_READ: Final = {**{s: i for i, s in enumerate(C.SUITS)}, **{s: i for i, s in enumerate(C.SUIT_SYMBOLS)}}
_RANK_READ: Final = {**{r: i for i, r in enumerate(C.RANKS)}, "10": C.TEN}


class ContractError(ValueError):
    """Contract text that cannot be read; the message is a sentence for the person who wrote it."""


def _rank_label(rank: int) -> str:
    return RANK_SHORT[rank]


def _position_label(p: int) -> str:
    return RANK_SHORT[POS_RANK[p]]


# ---- groups ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Group:
    """One group of a contract. ``rank`` is a rank index (0..12, two..ace); ``span`` a run's first
    and last position (the meld kernel's run positions: 0 an ace below the two, 13 above the
    king); ``tie`` a letter shared by runs that must be of one suit."""

    kind: str
    size: int
    suit: int | None = None
    rank: int | None = None
    span: tuple[int, int] | None = None
    tie: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in GROUP_KINDS:
            raise ContractError(f"A group is a set, a run or wild cards, not {self.kind!r}.")
        if not 1 <= self.size <= 13 and not (self.kind != RUN and 1 <= self.size <= 40):
            raise ContractError(f"{self.size} cards is not a length a group can have.")
        if self.kind != RUN and (self.suit is not None or self.span is not None or self.tie is not None):
            raise ContractError("Only a run can be of a suit, a span or tied to another run.")
        if self.kind != SET and self.rank is not None:
            raise ContractError("Only a set can be of a rank.")
        if self.span is not None and self.span[1] - self.span[0] + 1 != self.size:
            raise ContractError(f"A run from the {_position_label(self.span[0])} to the "
                                f"{_position_label(self.span[1])} is not {number_word(self.size)} "
                                "cards long.")

    @property
    def text(self) -> str:
        return _group_text(self)

    def _text(self) -> str:
        marks = []
        if self.suit is not None:
            marks.append(C.SUIT_SYMBOLS[self.suit])
        if self.rank is not None:
            marks.append(_rank_label(self.rank))
        if self.span is not None:
            marks.append(f"{_position_label(self.span[0])}-{_position_label(self.span[1])}")
        if self.tie is not None:
            marks.append(self.tie)
        return _LETTER[self.kind] + str(self.size) + "".join(f"[{m}]" for m in marks)

    def __str__(self) -> str:
        return self.text

    def noun(self, exact: bool = False, *, count: int = 1) -> str:
        """``set of three``, ``runs of four spades``, ``set of exactly four kings``."""
        n = ("exactly " if exact else "") + number_word(self.size)
        plural = count != 1
        if self.kind == WILD:
            return f"group{'s' if plural else ''} of {n} wild cards"
        if self.kind == SET:
            of = f" {RANK_PLURAL[self.rank]}" if self.rank is not None else ""
            return f"set{'s' if plural else ''} of {n}{of}"
        tail = f" {C.SUIT_NAMES[self.suit]}" if self.suit is not None else ""
        if self.span is not None:
            first, last = (C.RANK_NAMES[POS_RANK[p]] for p in self.span)
            tail += f" from the {first} to the {last}"
        return f"run{'s' if plural else ''} of {n}{tail}"

    def describe(self, exact: bool = False) -> str:
        return _article(self.noun(exact))

    def fits(self, meld: Meld, exact: bool = False, *, all_wild: bool = True) -> str:
        """Why ``meld`` cannot be this group (``""`` when it can); suits tied to other runs are
        the contract's to check. ``all_wild``: whether a set or run of wild cards only may fill
        a set or run group (the game's meld rules say)."""
        want = self.describe(exact)
        if self.kind == WILD:
            if not meld.all_wild:
                return f"{_cards(meld)} is not {want}: the group is wild cards only."
        elif meld.all_wild and not all_wild:
            return f"{_cards(meld)} is wild cards only: {want} needs a natural card."
        elif meld.kind != self.kind:
            return f"{_cards(meld)} is a {meld.kind}, not {want}."
        if meld.size < self.size or (exact and meld.size != self.size):
            return (f"{_cards(meld)} is {number_word(meld.size)} cards: the contract's {self.noun(exact)} "
                    f"needs {'exactly ' if exact else ''}{number_word(self.size)}.")
        if self.rank is not None and meld.rank != self.rank:
            return f"{_cards(meld)} is not {want}."
        if self.suit is not None and meld.suit != self.suit:
            return f"{_cards(meld)} is not {want}."
        if self.span is not None and (meld.start, meld.end) != self.span:
            return f"{_cards(meld)} is not {want}."
        return ""


@lru_cache(maxsize=4096)
def _group_text(group: Group) -> str:
    return group._text()


@lru_cache(maxsize=4096)
def _contract_text(contract: Contract) -> str:
    return FREE_TEXT if contract.free else "+".join(g.text for g in contract.groups)


def _article(noun: str) -> str:
    return ("an " if noun[0] in "aeiou" else "a ") + noun


def _cards(meld: Meld) -> str:
    return " ".join(C.LABEL_OF[c] for c in meld.cards)


# ---- contracts ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Contract:
    """The groups a contract requires (see the module notes)."""

    groups: tuple[Group, ...]
    exact: bool = False
    distinct_ranks: bool = False
    free: bool = False
    _ties: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        if self.free and self.groups:
            raise ContractError("A free contract has no groups.")
        if not self.free and not self.groups:
            raise ContractError("A contract needs at least one group, or is FREE.")
        ties: dict[str, list[int]] = {}
        for i, g in enumerate(self.groups):
            if g.tie is not None:
                ties.setdefault(g.tie, []).append(i)
        object.__setattr__(self, "_ties", tuple(tuple(v) for v in ties.values()))

    @classmethod
    def parse(cls, text: str, *, exact: bool = False, distinct_ranks: bool = False) -> Contract:
        """Read ``S3+S3``, ``R4[♠]+R4[♣]``, ``W5``, ``FREE`` (see the module notes)."""
        t = text.strip()
        if not t:
            raise ContractError("Write a contract, such as 'S3+S3' or 'R4+S3'.")
        if t.upper() == FREE_TEXT:
            return cls((), exact=exact, distinct_ranks=distinct_ranks, free=True)
        return cls(tuple(_parse_group(part.strip(), t) for part in t.split("+")), exact=exact,
                   distinct_ranks=distinct_ranks)

    @property
    def text(self) -> str:
        # views print every player's contract (Sticks' catalogue of 44) each time: written once
        return _contract_text(self)

    def __str__(self) -> str:
        return self.text

    @property
    def size(self) -> int:
        """The cards the contract needs at its stated lengths."""
        return sum(g.size for g in self.groups)

    def describe(self) -> str:
        """The contract in words: ``two sets of three``, ``a run of four and a set of three``."""
        if self.free:
            return "free: nothing to lay"
        parts: list[str] = []
        i = 0
        groups = self.groups
        while i < len(groups):
            j = i
            while j + 1 < len(groups) and groups[j + 1] == groups[i]:
                j += 1
            count = j - i + 1
            noun = groups[i].noun(self.exact, count=count)
            parts.append(f"{number_word(count)} {noun}" if count > 1 else _article(noun))
            i = j + 1
        words = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
        for tied in self._ties:
            if len(tied) > 1:
                words += ", in one suit"
        if self.distinct_ranks and sum(g.kind == SET for g in groups) > 1:
            words += ", of different ranks"
        return words

    # ---- checking melds laid ---------------------------------------------------------------

    def assign(self, melds: Sequence[Meld], *, all_wild: bool = True) -> tuple[int, ...] | None:
        """The group each meld fills (one meld per group, every constraint kept), or ``None``.
        ``all_wild``: as in :meth:`Group.fits`."""
        return next(self.assignments(melds, all_wild=all_wild), None)

    def assignments(self, melds: Sequence[Meld], *, all_wild: bool = True) -> Iterator[tuple[int, ...]]:
        """Every way to give each meld a group of its own, keeping every constraint."""
        if len(melds) <= len(self.groups):
            yield from self._match(list(melds), 0, [], {}, all_wild)

    def _match(self, melds: list[Meld], i: int, used: list[int],
               ties: dict[str, int], all_wild: bool) -> Iterator[tuple[int, ...]]:
        if i == len(melds):
            yield tuple(used)
            return
        meld = melds[i]
        for g, group in enumerate(self.groups):
            if g in used or group.fits(meld, self.exact, all_wild=all_wild):
                continue
            if group.tie is not None and ties.get(group.tie, meld.suit) != meld.suit:
                continue
            if self.distinct_ranks and meld.kind == SET and any(
                    melds[k].kind == SET and melds[k].rank == meld.rank for k in range(i)):
                continue
            new_ties = {**ties, group.tie: meld.suit} if group.tie is not None else ties
            yield from self._match(melds, i + 1, [*used, g], new_ties, all_wild)

    def open_groups(self, melds: Sequence[Meld], *, all_wild: bool = True) -> list[int]:
        """The groups still to lay once ``melds`` are down (empty if they do not fit at all)."""
        got = self.assign(melds, all_wild=all_wild)
        return [] if got is None else [g for g in range(len(self.groups)) if g not in got]

    def check(self, melds: Sequence[Meld], *, all_wild: bool = True) -> str:
        """``""`` when ``melds`` meet the contract, one meld per group; else the sentence naming the
        group that fails."""
        if self.free:
            return "" if not melds else "A free contract lays nothing."
        if self.assign(melds, all_wild=all_wild) is not None and len(melds) == len(self.groups):
            return ""
        if len(melds) > len(self.groups):
            return (f"The contract is {self.describe()}: {number_word(len(self.groups))} "
                    f"group{'s' if len(self.groups) > 1 else ''}, not {number_word(len(melds))}.")
        return self._first_failure(melds, all_wild)

    def _first_failure(self, melds: Sequence[Meld], all_wild: bool) -> str:
        left = list(melds)
        for group in self.groups:
            reasons = [group.fits(m, self.exact, all_wild=all_wild) for m in left]
            fit = next((k for k, r in enumerate(reasons) if not r), None)
            if fit is None:
                return reasons[0] if reasons else f"{group.describe(self.exact).capitalize()} is missing."
            left.pop(fit)
        if any(len(t) > 1 for t in self._ties):
            return f"The contract's runs must be of one suit: {self.describe()}."
        if self.distinct_ranks:
            return f"The contract's sets must be of different ranks: {self.describe()}."
        return f"Those melds do not make the contract: {self.describe()}."


_GROUP_RE: Final = re.compile(r"^([SRW])(\d{1,2})((?:\[[^\]]*\])*)$")


def _parse_group(part: str, whole: str) -> Group:
    m = _GROUP_RE.match(part)
    if not m:
        raise ContractError(f"{part!r} in {whole!r} is not a group: write S3 (a set of three), R4 (a run "
                            "of four) or W5 (five wild cards), with [♥], [K], [10-A] or [x] after it.")
    kind = _KIND_OF_LETTER[m.group(1)]
    size = int(m.group(2))
    suit = rank = tie = None
    span: tuple[int, int] | None = None
    for mark in re.findall(r"\[([^\]]*)\]", m.group(3)):
        mark = mark.strip()
        if mark in _SUIT_READ:
            suit = _SUIT_READ[mark]
        elif len(mark) == 1 and mark.islower():
            tie = mark
        elif "-" in mark:
            span = _parse_span(mark, size, whole)
        elif mark.upper() in _RANK_READ:
            rank = _RANK_READ[mark.upper()]
        else:
            raise ContractError(f"[{mark}] in {whole!r} is not a suit, a rank, a span or a letter.")
    if kind == SET and (span is not None or tie is not None or suit is not None):
        raise ContractError(f"{part!r} in {whole!r}: a set may name a rank, not a suit or span.")
    if kind == RUN and rank is not None:
        raise ContractError(f"{part!r} in {whole!r}: a run may name a suit, a span or a letter, not a rank.")
    if kind == WILD and (rank is not None or suit is not None or span is not None or tie is not None):
        raise ContractError(f"{part!r} in {whole!r}: a group of wild cards takes no brackets.")
    try:
        return Group(kind, size, suit=suit, rank=rank, span=span, tie=tie)
    except ContractError as e:
        raise ContractError(f"{part!r} in {whole!r}: {e}") from None


def _parse_span(mark: str, size: int, whole: str) -> tuple[int, int]:
    lo_text, _, hi_text = mark.partition("-")
    lo, hi = _RANK_READ.get(lo_text.strip().upper()), _RANK_READ.get(hi_text.strip().upper())
    if lo is None or hi is None:
        raise ContractError(f"[{mark}] in {whole!r} is not a span from one rank to another.")
    first = 0 if lo == C.ACE else lo + 1
    last = 13 if hi == C.ACE else hi + 1
    if last - first + 1 != size:
        raise ContractError(f"[{mark}] in {whole!r} is {last - first + 1} cards, not {size}.")
    return first, last


# ---- catalogues -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Catalogue:
    """A list of contracts (Sticks' pot of sticks; a game's rounds)."""

    entries: tuple[Contract, ...]

    @staticmethod
    def split(text: str | Iterable[str]) -> list[str]:
        """The contracts' texts in a catalogue: one a line or several on a line between commas or
        semicolons (a form's one-line box); ``#`` starts a comment; blank entries are skipped."""
        lines = text.splitlines() if isinstance(text, str) else list(text)
        out: list[str] = []
        for line in lines:
            body = line.split("#", 1)[0]
            out.extend(e.strip() for e in body.replace(";", ",").split(",") if e.strip())
        return out

    @classmethod
    def parse(cls, text: str | Iterable[str], *, exact: bool = False,
              distinct_ranks: bool = False) -> Catalogue:
        """Read a catalogue (see :meth:`split`); a bad entry raises :class:`ContractError`
        naming its number and text."""
        out: list[Contract] = []
        for n, body in enumerate(cls.split(text), 1):
            try:
                out.append(Contract.parse(body, exact=exact, distinct_ranks=distinct_ranks))
            except ContractError as e:
                raise ContractError(f"Entry {n}, {body!r}: {e}") from None
        if not out:
            raise ContractError("The list has no contracts.")
        return cls(tuple(out))

    @property
    def text(self) -> str:
        return "\n".join(c.text for c in self.entries)

    def __len__(self) -> int:
        return len(self.entries)

    def __iter__(self) -> Iterator[Contract]:
        return iter(self.entries)

    def __getitem__(self, i: int) -> Contract:
        return self.entries[i]


# ---- searching a hand -----------------------------------------------------------------------


class _Option:
    """One way to fill a group from a hand: the naturals it uses (packed counts), ``fill`` more
    cards to find, at most ``cap`` of them wild, and what to build the meld from."""

    __slots__ = ("cap", "fill", "kind", "naturals", "packed", "rank", "start", "suit")

    def __init__(self, kind: str, packed: int, naturals: tuple[int, ...], fill: int, cap: int, *,
                 rank: int = -1, suit: int = -1, start: int = -1) -> None:
        self.kind = kind
        self.packed = packed
        self.naturals = naturals
        self.fill = fill
        self.cap = cap
        self.rank = rank
        self.suit = suit
        self.start = start


def split_hand(hand: Iterable[int], rules: MeldRules) -> tuple[dict[int, int], list[int]]:
    """A hand's natural cards counted (card -> copies) and its wild cards; cards that never meld
    are left out."""
    counts: dict[int, int] = {}
    wilds: list[int] = []
    for c in hand:
        if rules.natural_table[c]:
            counts[c] = counts.get(c, 0) + 1
        elif rules.wild_table[c]:
            wilds.append(c)
    return counts, wilds


class _Hand:
    """A hand's naturals packed into one int (a few bits per distinct card, a guard bit on top
    of each, as in the meld solver), its wild cards, and the rules it is read under."""

    __slots__ = ("count", "full", "guard", "rules", "slot", "unit", "wilds")

    def __init__(self, hand: Iterable[int], rules: MeldRules) -> None:
        counts, wilds = split_hand(hand, rules)
        self.rules = rules
        self.count = counts
        width = max(counts.values(), default=1).bit_length() + 1
        self.slot = {c: i for i, c in enumerate(sorted(counts))}
        self.unit = {c: 1 << (i * width) for c, i in self.slot.items()}
        self.full = sum(n * self.unit[c] for c, n in counts.items())
        self.guard = sum(1 << (i * width + width - 1) for i in range(len(counts)))
        # twos before jokers: the search spends the cheaper wild cards first
        self.wilds = sorted(wilds, key=lambda c: (c == C.JOKER, c))

    def fits(self, rem: int, packed: int) -> bool:
        g = self.guard
        return ((rem | g) - packed) & g == g


def _cap(rules: MeldRules, kind: str, naturals: int, fill: int) -> int:
    """The most of ``fill`` missing cards that may be wild, when the rest would be naturals (a
    group of wild cards only takes all: its option is made whole in ``_options``)."""
    if kind == RUN and not rules.wilds_in_runs:
        return 0
    if naturals == 0 and rules.all_wild:
        return fill
    for w in range(fill, -1, -1):
        if rules.wild_limit(naturals + fill - w) >= w:
            return w
    return -1


def _set_options(group: Group, hand: _Hand, exact_size: int, drop: int,
                 spare_ranks: int) -> Iterator[_Option]:
    """Every choice of a set's naturals (giving up at most ``drop`` of those the hand holds for
    it); ranks the hand does not hold at all, ``spare_ranks`` of them, for wild or missing cards."""
    rules = hand.rules
    too_big = rules.max_set is not None and exact_size > rules.max_set
    if not rules.sets or too_big or exact_size < rules.min_set:
        return
    by_rank: dict[int, list[int]] = {}
    for c in hand.count:
        by_rank.setdefault(C.RANK_OF[c], []).append(c)
    ranks = [group.rank] if group.rank is not None else list(range(13))
    for rank in ranks:
        held = sorted(by_rank.get(rank, ()))
        pool = held if rules.distinct_suits_in_sets else [c for c in held for _ in range(hand.count[c])]
        if not held:
            if spare_ranks <= 0:
                continue
            spare_ranks -= 1
        seen: set[tuple[int, ...]] = set()
        most = min(len(pool), exact_size)
        for k in range(most, max(-1, most - drop - 1), -1):
            if k == 0 and held and not rules.all_wild:
                continue  # a rank the hand holds is reached through its naturals
            for combo in combinations(pool, k):
                if combo in seen:
                    continue
                seen.add(combo)
                fill = exact_size - k
                cap = _cap(rules, SET, k, fill)
                if cap < 0:
                    continue
                yield _Option(SET, sum(hand.unit[c] for c in combo), combo, fill, cap, rank=rank)


def _run_starts(group: Group, rules: MeldRules, size: int) -> list[int]:
    if group.span is not None:
        return [group.span[0]] if rules._window(group.span[0], size) else []
    top = 13 if rules.ace == "around" else 14
    return [s for s in range(top) if rules._window(s, size)]


def _run_options(group: Group, hand: _Hand, size: int, suits: Sequence[int], drop: int) -> Iterator[_Option]:
    """Every window of the run's length in each suit, with each choice of the naturals the hand
    holds there (giving up at most ``drop`` of them); one empty window per suit."""
    rules = hand.rules
    if not rules.runs or size < rules.min_run:
        return
    empty_done: set[int] = set()
    for start in _run_starts(group, rules, size):
        for suit in suits:
            window = (suit * 13 + POS_RANK[p] for p in range(start, start + size))
            present = [c for c in window if c in hand.count]
            if not present:
                if suit in empty_done:
                    continue
                empty_done.add(suit)
            for k in range(len(present), max(-1, len(present) - drop - 1), -1):
                for combo in combinations(present, k):
                    fill = size - k
                    cap = _cap(rules, RUN, k, fill)
                    if cap < 0:
                        continue
                    yield _Option(RUN, sum(hand.unit[c] for c in combo), combo, fill, cap,
                                  suit=suit, start=start)


def _options(contract: Contract, g: int, hand: _Hand, suit: int | None, drop: int) -> list[_Option]:
    group = contract.groups[g]
    size = group.size
    if group.kind == WILD:
        return [_Option(WILD, 0, (), size, size)]
    if group.kind == SET:
        return list(_set_options(group, hand, size, drop, len(contract.groups)))
    suits = [group.suit] if group.suit is not None else ([suit] if suit is not None else list(range(4)))
    return list(_run_options(group, hand, size, suits, drop))


class _Search:
    """Depth-first over the contract's groups: the fewest missing cards (``phantoms`` allowed)
    or a way with none. Wild cards fill each group up to what it may hold, in order: any wild
    saves one missing card wherever it goes, so spending them greedily is optimal."""

    def __init__(self, contract: Contract, hand: _Hand, phantoms: bool,
                 skip: frozenset[int] = frozenset()) -> None:
        self.contract = contract
        self.skip = skip
        self.hand = hand
        self.phantoms = phantoms
        # without missing cards a group gives up no more naturals than wild cards can replace;
        # imagining missing cards, a group gives up at most one it holds to another group (a
        # bound that keeps a bot's search within milliseconds on four-group contracts)
        self.drop = 1 if phantoms else len(hand.wilds)
        #: per state: (exact, the best way or None, the bound a failed search proved)
        self.memo: dict[tuple[object, ...], tuple[bool, tuple[int, tuple[_Option, ...]] | None, int]] = {}
        self.cache: dict[tuple[Group, int | None], list[_Option]] = {}
        groups = contract.groups
        # identical groups in a row (S3+S3+S3) take their options in order, so each choice of
        # options is tried once rather than once per ordering
        self.same_as_last = [g > 0 and groups[g] == groups[g - 1] and g - 1 not in skip
                             for g in range(len(groups))]

    def options(self, g: int, suit: int | None) -> list[_Option]:
        key = (self.contract.groups[g], suit)
        got = self.cache.get(key)
        if got is None:
            # the ways needing the fewest more cards first: the bound tightens soonest
            got = self.cache[key] = sorted(_options(self.contract, g, self.hand, suit, self.drop),
                                           key=lambda o: o.fill)
        return got

    def best(self, g: int, rem: int, wilds: int, ties: tuple[tuple[str, int], ...],
             ranks: frozenset[int], floor: int = 0,
             bound: int = 1 << 30) -> tuple[int, tuple[_Option, ...]] | None:
        """(missing cards, options chosen) for groups ``g`` onward, the fewest missing and fewer than
        ``bound``; ``None`` if there is no such way (branch and bound: a choice that cannot beat the
        best found so far is not followed, and the memo keeps what a failed bound proved)."""
        groups = self.contract.groups
        while g in self.skip:
            g += 1
        if g == len(groups):
            return (0, ()) if bound > 0 else None
        first = floor if self.same_as_last[g] else 0
        key = (g, rem, wilds, ties, ranks, first)
        known = self.memo.get(key)
        if known is not None:
            if known[0]:  # exact
                found = known[1]
                return found if found is not None and found[0] < bound else None
            if known[2] >= bound:  # already shown: nothing below this bound
                return None
        group = groups[g]
        tied = dict(ties).get(group.tie) if group.tie is not None else None
        out: tuple[int, tuple[_Option, ...]] | None = None
        limit = bound
        options = self.options(g, tied)
        fits = self.hand.fits
        distinct = self.contract.distinct_ranks
        for index in range(first, len(options)):
            opt = options[index]
            w = opt.cap if opt.cap < opt.fill else opt.fill
            if w > wilds:
                w = wilds
            missing = opt.fill - w
            if missing >= limit or (missing and not self.phantoms):
                continue
            if opt.packed and not fits(rem, opt.packed):
                continue
            if distinct and opt.kind == SET and opt.rank in ranks:
                continue
            new_ties = ties if group.tie is None or tied is not None else (*ties, (group.tie, opt.suit))
            new_ranks = ranks | {opt.rank} if opt.kind == SET and distinct else ranks
            rest = self.best(g + 1, rem - opt.packed, wilds - w, new_ties, new_ranks, index, limit - missing)
            if rest is None:
                continue
            out = (missing + rest[0], (opt, *rest[1]))
            limit = out[0]
            if limit == 0:
                break
        if out is not None or bound >= 1 << 30:
            self.memo[key] = (True, out, 0)
        else:
            self.memo[key] = (False, None, bound)
        return out


def _build(options: Sequence[_Option], hand: _Hand) -> tuple[Meld, ...]:
    rules = hand.rules
    spare = list(hand.wilds)
    out: list[Meld] = []
    for opt in options:
        take = [spare.pop(0) for _ in range(opt.fill)]
        out.append(_meld_of(opt, take, rules))
    return tuple(out)


def _meld_of(opt: _Option, wild_cards: list[int], rules: MeldRules) -> Meld:
    if opt.kind == SET:
        nat = tuple(sorted(opt.naturals))
        wl = tuple(sorted(wild_cards))
        return Meld(SET, nat + wl, ((1 << len(wl)) - 1) << len(nat), rank=opt.rank)
    if opt.kind == WILD:
        wl = tuple(sorted(wild_cards))
        # a wild group lies on the table as a set of aces (what it stands for is never read)
        return Meld(SET, wl, (1 << len(wl)) - 1, rank=C.ACE)
    size = len(opt.naturals) + len(wild_cards)
    naturals = set(opt.naturals)
    pool = iter(sorted(wild_cards))
    seq: list[int] = []
    mask = 0
    for i, p in enumerate(range(opt.start, opt.start + size)):
        c = opt.suit * 13 + POS_RANK[p]
        if c not in naturals:
            seq.append(next(pool))
            mask |= 1 << i
        else:
            seq.append(c)
    start = opt.start % 13 if rules.ace == "around" else opt.start
    return Meld(RUN, tuple(seq), mask, suit=opt.suit, start=start)


def search(contract: Contract, hand: Iterable[int], rules: MeldRules, *, keep: int = 0,
           laid: Sequence[Meld] = ()) -> tuple[Meld, ...] | None:
    """Melds from ``hand`` that meet ``contract`` under ``rules``, leaving at least ``keep`` cards;
    ``None`` when the hand cannot. Each group is met at its stated length. ``laid``: melds of the
    contract already down (laying it group by group): the search fills the groups they leave,
    keeping the suits and ranks they fixed."""
    if contract.free:
        return ()
    return _search_sorted(contract, tuple(sorted(hand)), rules, keep, tuple(laid))


@lru_cache(maxsize=8192)
def _search_sorted(contract: Contract, cards: tuple[int, ...], rules: MeldRules, keep: int,
                   laid: tuple[Meld, ...]) -> tuple[Meld, ...] | None:
    """:func:`search` of a sorted hand, remembered: every meld a player might lay asks whether the
    rest of his contract can still follow, each listing of legal moves asks again, and so does
    every copy of the game (a bot's sampled worlds, a replay); the answer depends only on these
    values (the search reads the hand as counts, not in order), and the cards of one turn give the
    same few hands over and over."""
    h = _Hand(cards, rules)
    for fixed in (contract.assignments(laid, all_wild=rules.all_wild) if laid else iter([()])):
        need = sum(g.size for i, g in enumerate(contract.groups) if i not in fixed)
        if len(cards) - need < keep:
            continue
        ties = tuple(sorted({(tie, laid[k].suit) for k, g in enumerate(fixed)
                             if (tie := contract.groups[g].tie) is not None}))
        ranks = frozenset(laid[k].rank for k, g in enumerate(fixed)
                          if laid[k].kind == SET and contract.distinct_ranks)
        found = _Search(contract, h, False, frozenset(fixed)).best(0, h.full, len(h.wilds), ties, ranks)
        if found is not None:
            return _build(found[1], h)
    return None


def shortfall(contract: Contract, hand: Iterable[int], rules: MeldRules) -> int:
    """The fewest more cards ``hand`` needs to meet ``contract`` (0: it can now), where each group
    gives up at most one natural it could use to another group: exact for one-group contracts
    and 0 exactly when :func:`search` finds the contract, an upper bound otherwise."""
    if contract.free:
        return 0
    h = _Hand(hand, rules)
    found = _Search(contract, h, phantoms=True).best(0, h.full, len(h.wilds), (), frozenset())
    return contract.size if found is None else found[0]


#: a hand's shortfall for a contract and the cards the way to it uses (:func:`contract_outlook`)
Outlook = tuple[int, tuple[int, ...]]


def contract_outlook(contract: Contract, hand: Iterable[int], rules: MeldRules) -> Outlook:
    """:func:`shortfall`, and the cards of ``hand`` the way it found uses (its naturals, then its
    wild cards, twos before jokers): how near the hand is to the contract and which of its cards
    the contract would take (a search's estimate of a deal, ``ContractState.deal_estimate``)."""
    if contract.free:
        return 0, ()
    return _outlook_sorted(contract, tuple(sorted(hand)), rules)


@lru_cache(maxsize=8192)
def _outlook_sorted(contract: Contract, cards: tuple[int, ...], rules: MeldRules) -> Outlook:
    # remembered as _search_sorted is: a search's rollouts score the same few hands over and over
    h = _Hand(cards, rules)
    found = _Search(contract, h, phantoms=True).best(0, h.full, len(h.wilds), (), frozenset())
    if found is None:
        return contract.size, ()
    missing, chosen = found
    used: list[int] = []
    wilds = list(h.wilds)
    for opt in chosen:
        used.extend(opt.naturals)
        w = min(opt.cap, opt.fill, len(wilds))  # as _Search.best spends them: greedily, in order
        used.extend(wilds[:w])
        del wilds[:w]
    return missing, tuple(used)


def discard_shortfalls(contract: Contract, hand: Sequence[int], rules: MeldRules) -> dict[int, int]:
    """For each distinct card of ``hand``, the shortfall of the hand without it (a bot choosing a
    discard). A card the best arrangement leaves unused costs nothing to give up, so only the
    cards it uses are searched again."""
    if contract.free:
        return dict.fromkeys(hand, 0)
    h = _Hand(hand, rules)
    found = _Search(contract, h, phantoms=True).best(0, h.full, len(h.wilds), (), frozenset())
    if found is None:
        return dict.fromkeys(hand, contract.size)
    base, chosen = found
    used: dict[int, int] = {}
    for opt in chosen:
        for c in opt.naturals:
            used[c] = used.get(c, 0) + 1
    wild_used = sum(min(o.cap, o.fill) for o in chosen)
    out: dict[int, int] = {}
    for c in set(hand):
        spare = hand.count(c) - used.get(c, 0) if rules.natural_table[c] else len(h.wilds) - wild_used
        if spare > 0:
            out[c] = base
        else:
            rest = list(hand)
            rest.remove(c)
            out[c] = shortfall(contract, rest, rules)
    return out


__all__ = ["FREE_TEXT", "GROUP_KINDS", "WILD", "Catalogue", "Contract", "ContractError", "Group",
           "Outlook", "contract_outlook", "discard_shortfalls", "search", "shortfall", "split_hand"]
