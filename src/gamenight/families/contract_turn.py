"""The contract rummy turn: the rummy turn of :mod:`gamenight.families.draw_discard` with a
contract (:mod:`gamenight.families.contracts`) each player must lay before he melds freely.

Push, 10 Dime Rummy, Desert Rummy and Sticks subclass :class:`ContractState`, write
``contract_of(seat)`` (the deal's contract, the round's, the player's level or his stick), and
set the switches below. The kernel owns:

* **Laying the contract, group by group, in one turn.** Until a player's contract is down
  (``made[seat]``), his ``meld`` moves are its groups: a meld is legal when it fits a group not
  yet laid (``Contract.assign``) and the rest can still be laid from the cards left
  (``contracts.search`` with the melds already down), keeping a card to discard unless he may go
  out by melding. Once the first group is down nothing else is legal until the last is: the
  contract goes down as one act, and a player can never be left half-way. The last group calls
  ``_contract_made(seat)`` (Sticks turns the stick face up; a game that ends on it may finish).
* **Switches**: ``EXTRA_WITH_CONTRACT`` (more melds, lay-offs and swaps in the turn the contract
  goes down: Push, 10 Dime; not Desert, Sticks), ``NEW_MELDS_AFTER_CONTRACT`` (Desert: only
  additions to your own melds), the draw-discard kernel's ``RUMMY_RULES`` (``lay_off_on``,
  ``out_without_discard``, ``discard_taken``...), and the wild swap: ``SWAP_WILDS`` (``"none"``,
  ``"sets"``, ``"runs"``, ``"both"``), ``SWAP_ON`` (``"any"`` meld or the player's ``"own"``) and
  ``SWAP_BEFORE_CONTRACT`` (Push: the freed wild may go into the contract). Nobody lays off before
  his contract is down (G-TDR-6).
* **The wild swap**: ``swap 3 7H JK`` puts the 7♥ from the hand in place of the joker in meld 3
  (in a run, the wild that stands for the 7♥; in a set, any wild, a natural of the set's rank).
  The freed wild goes to the hand, everyone sees it there, and it must be melded or laid off this
  turn: it may not be discarded, and the turn cannot end while it can still be played. A swap is
  legal only when the freed wild could then be played.
* **Melds listed compactly.** With several wild cards a hand can lay thousands of melds that
  differ only in which identical-looking wild goes where. The legal list names each meld once,
  canonically: wild cards taken by class (the twos, lowest suit first, then the jokers), laid in
  a run in that order, and a run using every natural the hand holds inside its span; a set of
  wild cards only (where the rules allow one) is listed for each rank, a run of wild cards only
  is not listed (four suits and a dozen places each).
* **A contract's group of wild cards only** (Sticks' ``W5``) where the meld rules otherwise want
  a natural: laid as ``meld 14 2C 2D JK JK 2H set`` (or typed without the number), it lies as a
  set of wild cards standing for no rank (``wild_group``), closed: nothing is laid off on it and
  no wild is taken from it. Every other valid form — other twos, the
  wilds in another order, a natural held back from a run, an all-wild run typed as ``meld H 5 JK
  JK 2C run`` — is accepted when played (``_resolve``) by the same check that builds the list.
* **Who laid what** is the rummy kernel's ``contributions`` (a swap puts the natural in the wild's
  place there).

Corner: a player whose only cards left are the one he took from the discard pile this turn (or
copies of it) may discard it; refusing would leave him no move at all.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import Any, ClassVar

from gamenight.core.layout import Field, Kind
from gamenight.core.moves import Move
from gamenight.core.phases import MoveKind, PhaseHandler
from gamenight.equipment import cards as C
from gamenight.families.contracts import WILD, Contract, contract_outlook, search, split_hand
from gamenight.families.deal_estimates import contract_chance
from gamenight.families.draw_discard import DISCARD, HAND, DrawDiscardState, Phase, PlayPhase
from gamenight.families.melds import RUN, SET, Meld, MeldRules, solver_for
from gamenight.families.melds.meld import POS_RANK
from gamenight.families.pile_access import same
from gamenight.families.rummy_rules import LayOffOn

NONE, SETS, RUNS, BOTH = "none", "sets", "runs", "both"
SWAP_MODES = (NONE, SETS, RUNS, BOTH)


#: the number a group of wild cards only names in its move (``meld 14 2C 2D JK set``: it lies as a
#: set of aces, a rank nobody reads)
WILD_GROUP_NUMBER = 14


def wild_group(cards: Sequence[int]) -> Meld:
    """A contract's group of wild cards only, as it lies on the table (see ``ContractState``)."""
    wl = tuple(sorted(cards))
    return Meld(SET, wl, (1 << len(wl)) - 1, rank=C.ACE)


def swap_move(number: int, natural: int, wild: int) -> Move:
    """``swap N NATURAL WILD``: put ``natural`` in place of ``wild`` in meld number ``number``."""
    return C.card_move("swap", (natural, wild), number)


# ---- the melds a hand can lay, named once each -------------------------------------------


def _wild_splits(twos: Sequence[int], jokers: Sequence[int], n: int) -> Iterator[tuple[int, ...]]:
    """Each way to take ``n`` wild cards by class: the lowest twos, then jokers."""
    for j in range(max(0, n - len(twos)), min(len(jokers), n) + 1):
        yield tuple(twos[: n - j]) + tuple(jokers[:j])


def _sub_multisets(pool: Sequence[int], k: int) -> Iterator[tuple[int, ...]]:
    seen: set[tuple[int, ...]] = set()
    for combo in combinations(pool, k):
        if combo not in seen:
            seen.add(combo)
            yield combo


def canonical_melds(hand: Sequence[int], rules: MeldRules) -> list[Meld]:
    """Every meld ``hand`` can lay, each once in canonical form (see the module notes)."""
    counts, wilds = split_hand(hand, rules)
    jokers = [c for c in wilds if c == C.JOKER]
    twos = sorted(c for c in wilds if c != C.JOKER)
    out: list[Meld] = []
    if rules.sets:
        out.extend(_canonical_sets(counts, twos, jokers, rules))
    if rules.runs:
        out.extend(_canonical_runs(counts, twos, jokers, rules))
    return out


def _canonical_sets(counts: dict[int, int], twos: list[int], jokers: list[int],
                    rules: MeldRules) -> Iterator[Meld]:
    by_rank: dict[int, list[int]] = {}
    for c in sorted(counts):
        by_rank.setdefault(C.RANK_OF[c], []).append(c)
    wild_count = len(twos) + len(jokers)
    top = rules.max_set if rules.max_set is not None else 99
    # in a game of sets only, which suits a set holds never matters: one choice per count
    suits_matter = rules.runs or rules.distinct_suits_in_sets
    for rank in range(13):
        held = by_rank.get(rank, [])
        pool = held if rules.distinct_suits_in_sets else [c for c in held for _ in range(counts[c])]
        for k in range(0 if rules.all_wild else rules.min_naturals, min(len(pool), top) + 1):
            choices = _sub_multisets(pool, k) if suits_matter else iter([tuple(pool[:k])])
            for nat in choices:
                limit = wild_count if k == 0 else min(rules.wild_limit(k), wild_count)
                for w in range(max(0, rules.min_set - k), min(limit, top - k) + 1):
                    if k == 0 and w == 0:
                        continue
                    for wl in _wild_splits(twos, jokers, w):
                        yield Meld(SET, nat + wl, ((1 << w) - 1) << k, rank=rank)


def _canonical_runs(counts: dict[int, int], twos: list[int], jokers: list[int],
                    rules: MeldRules) -> Iterator[Meld]:
    wild_count = len(twos) + len(jokers) if rules.wilds_in_runs else 0
    around = rules.ace == "around"
    for suit in range(4):
        if not any(C.SUIT_OF[c] == suit for c in counts):
            continue
        for start in range(13 if around else 14):
            held = 0
            for length in range(1, rules.longest_run + 1):
                p = start + length - 1
                if not around and p > 13:
                    break
                if suit * 13 + POS_RANK[p] in counts:
                    held += 1
                gaps = length - held
                if gaps > wild_count:
                    break
                if length < rules.min_run or held == 0 or not rules._window(start, length):
                    continue
                if gaps and rules.wild_limit(held) < gaps:
                    continue
                yield from _runs_at(suit, start, length, counts, _wild_splits(twos, jokers, gaps), around)


def _runs_at(suit: int, start: int, length: int, counts: dict[int, int], splits: Iterator[tuple[int, ...]],
             around: bool) -> Iterator[Meld]:
    for wl in splits:
        pool = iter(wl)
        seq: list[int] = []
        mask = 0
        for i in range(length):
            c = suit * 13 + POS_RANK[start + i]
            if c in counts:
                seq.append(c)
            else:
                seq.append(next(pool))
                mask |= 1 << i
        yield Meld(RUN, tuple(seq), mask, suit=suit, start=start % 13 if around else start)


# ---- the turn ----------------------------------------------------------------------------


class SwapWild(MoveKind["ContractState"]):
    """Put a natural card from the hand in place of a wild card in a meld, taking the wild back to
    play this turn."""

    verbs = ("swap",)

    def candidates(self, s: ContractState, seat: int) -> list[Move]:
        return list(dict.fromkeys(swap_move(i + 1, c, wild) for i, c, _, wild in s._swaps(seat)))

    def legal(self, s: ContractState, seat: int) -> list[Move]:
        return s._swap_moves(seat)

    def verify(self, s: ContractState, seat: int, move: Move) -> str | None:
        return s.swap_rule(seat, move)

    def apply(self, s: ContractState, seat: int, move: Move) -> None:
        s._swap(seat, move)

    def describe(self, s: ContractState, move: Move, viewer: int | None) -> str:
        natural, wild = move.cards
        return f"Put {C.LABEL_OF[natural]} in meld {move.number} for {C.LABEL_OF[wild]}, to play it"


class ContractPlayPhase(PlayPhase):
    """The play: melds (the contract's groups first), lay-offs, swaps and the discard."""

    def kinds(self, s: DrawDiscardState) -> list[MoveKind[Any]]:
        return [*super().kinds(s), SwapWild()]


class ContractState(DrawDiscardState):
    """The rummy turn with a contract per player (see the module notes)."""

    phases: ClassVar[dict[str, PhaseHandler[Any]]] = {
        **DrawDiscardState.phases, Phase.PLAY: ContractPlayPhase(),
    }
    FIELDS: tuple[Field, ...] = (
        Field("my_contract", "Your contract", Kind.TEXT),
        Field("contracts", "Contract", Kind.TEXT, per_seat=True),
    )

    #: the switches are class attributes a game sets, or sets per game from its options in
    #: ``__init__`` (as the draw-discard kernel's)
    EXTRA_WITH_CONTRACT: bool = True
    NEW_MELDS_AFTER_CONTRACT: bool = True
    SWAP_WILDS: str = NONE
    SWAP_ON: str = "any"
    SWAP_BEFORE_CONTRACT: bool = False

    def _init_contracts(self) -> None:
        """Call after ``_init_table``."""
        n = self.num_players
        self.made: list[bool] = [False] * n
        self.made_now = False
        self.laid_now: list[int] = []
        self.freed: list[int] = []

    def contract_of(self, seat: int) -> Contract:
        """The contract ``seat`` must lay this hand."""
        raise NotImplementedError

    def _contract_made(self, seat: int) -> None:
        """``seat`` has laid the last group of its contract (a game's hook)."""

    def contract_visible(self, seat: int, viewer: int | None) -> bool:
        """Whether ``viewer`` may see ``seat``'s contract (Sticks hides a face-down stick)."""
        return True

    # ---- deals and turns ----------------------------------------------------------------

    def begin_deal(self) -> None:
        super().begin_deal()
        self.made = [False] * self.num_players
        self.made_now = False
        self.laid_now = []
        self.freed = []

    def begin_turn(self, seat: int, *, draw: bool = True) -> None:
        self.made_now = False
        self.laid_now = []
        self.freed = []
        super().begin_turn(seat, draw=draw)

    def laying_contract(self, seat: int) -> bool:
        """Part-way through laying the contract: only its other groups are legal."""
        return bool(self.laid_now) and not self.made[seat]

    def _extra_allowed(self, seat: int) -> bool:
        """Melds, lay-offs and swaps beyond the contract are possible now."""
        return self.made[seat] and (self.EXTRA_WITH_CONTRACT or not self.made_now)

    # ---- melds ----------------------------------------------------------------------------

    def _meld_moves(self, seat: int) -> list[Move]:
        hand = self.hands[seat]
        if not self.made[seat]:
            contract = self.contract_of(seat)
            if contract.free or not self._contract_possible(seat, contract):
                return []
        elif not (self._extra_allowed(seat) and self.NEW_MELDS_AFTER_CONTRACT):
            return []
        verb = self.RUMMY_RULES.meld_verb
        melds = [*canonical_melds(hand, self.meld_rules), *self._wild_group_candidates(seat)]
        return [m.to_move(verb) for m in melds if not self._why_not_this_meld(seat, m)]

    def _meld_candidates(self, seat: int) -> list[Move]:
        verb = self.RUMMY_RULES.meld_verb
        hand = self.hands[seat]
        return [m.to_move(verb) for m in [*canonical_melds(hand, self.meld_rules),
                                          *self._wild_group_candidates(seat)]]

    # ---- a contract's group of wild cards only (Sticks' W5) --------------------------------
    # Where the meld rules want a natural in every meld, a group of wild cards only is a meld only
    # as such a group of a contract: it lies as a set of wild cards standing for nothing (its
    # rank is never read: ``wild_group``), closed — nothing is added to it, no wild taken from it.

    def _closed(self, meld: Meld) -> bool:
        return meld.all_wild and not self.meld_rules.all_wild

    def _open_wild_sizes(self, seat: int) -> list[int]:
        """The sizes of the groups of wild cards only still to lay in ``seat``'s contract."""
        if self.made[seat]:
            return []
        contract = self.contract_of(seat)
        if not any(g.kind == WILD for g in contract.groups):
            return []
        laid = [self.melds[i] for i in self.laid_now]
        open_groups = contract.open_groups(laid, all_wild=self.meld_rules.all_wild) if laid else range(
            len(contract.groups))
        return sorted({contract.groups[g].size for g in open_groups if contract.groups[g].kind == WILD})

    def _wild_group_candidates(self, seat: int) -> list[Meld]:
        if self.meld_rules.all_wild:
            return []  # the canonical list has every meld of wild cards already
        hand = self.hands[seat]
        twos = sorted(c for c in hand if self.meld_rules.is_wild(c) and c != C.JOKER)
        jokers = [c for c in hand if c == C.JOKER]
        return [wild_group(cards) for size in self._open_wild_sizes(seat)
                for cards in _wild_splits(twos, jokers, size) if len(cards) == size]

    def _read(self, seat: int, move: Move) -> Meld | str:
        """The meld a move lays: the meld rules' reading, or a group of wild cards only."""
        found = self.meld_rules.read(move)
        if isinstance(found, Meld) or not self._reads_as_wild_group(move):
            return found
        return wild_group(move.cards)

    def _reads_as_wild_group(self, move: Move) -> bool:
        return (not self.meld_rules.all_wild and bool(move.cards) and move.flag in (None, SET)
                and move.number in (None, WILD_GROUP_NUMBER) and move.suit is None
                and all(0 <= c <= C.JOKER and self.meld_rules.is_wild(c) for c in move.cards))

    def parse(self, text: str) -> Move:
        move = super().parse(text)
        verb = self.RUMMY_RULES.meld_verb
        if move.verb == verb and isinstance(self.meld_rules.read(move), str) \
                and self._reads_as_wild_group(move):
            return wild_group(move.cards).to_move(verb)
        return move

    def _contract_possible(self, seat: int, contract: Contract) -> bool:
        laid = [self.melds[i] for i in self.laid_now]
        found = search(contract, self.hands[seat], self.meld_rules, keep=self._keep(seat), laid=laid)
        return found is not None

    def _keep(self, seat: int) -> int:
        """Cards the contract must leave in hand: one to discard, unless the player may go out by
        melding (and may play on in the turn he lays his contract)."""
        return 0 if self._may_go_out_by_melding(seat) else 1

    def _why_not_this_meld(self, seat: int, meld: Meld) -> str:
        """Why ``seat`` may not lay ``meld`` now (``""`` if he may): the one check behind the
        listed melds and every other form a player types."""
        if self._closed(meld) and not self._open_wild_sizes(seat):
            return "A meld needs at least one natural card, not only wild cards."
        if not self.made[seat]:
            return self._why_not_contract_group(seat, meld)
        if not self._extra_allowed(seat):
            return "You may lay nothing more in the turn you lay your contract."
        if not self.NEW_MELDS_AFTER_CONTRACT:
            return "Once your contract is down you may only add cards to your own melds."
        if not self._leaves_a_way_on(seat, meld.cards):
            return self._keep_a_discard_reason(seat, meld.cards)
        return ""

    def _why_not_contract_group(self, seat: int, meld: Meld) -> str:
        contract = self.contract_of(seat)
        if contract.free:
            return "Your contract is free: there is nothing to lay for it."
        laid = [self.melds[i] for i in self.laid_now]
        all_wild = self.meld_rules.all_wild
        if contract.assign([*laid, meld], all_wild=all_wild) is None:
            open_groups = contract.open_groups(laid, all_wild=all_wild) if laid else list(
                range(len(contract.groups)))
            # the reason from a group of the meld's own kind says most (a run too short, not
            # "a run is not a set")
            same_kind = sorted(open_groups, key=lambda g: contract.groups[g].kind != meld.kind)
            reasons = [contract.groups[g].fits(meld, contract.exact, all_wild=all_wild) for g in same_kind]
            why = next((r for r in reasons if r), "")
            return f"Your contract is {contract.describe()}. " + (
                why or "That meld does not fit what is left of it.")
        rest = list(self.hands[seat])
        for c in meld.cards:
            rest.remove(c)
        done = [*laid, meld]
        if len(done) == len(contract.groups):
            if not self._leaves_a_way_on(seat, meld.cards):
                return self._keep_a_discard_reason(seat, meld.cards)
            return ""
        if search(contract, rest, self.meld_rules, keep=self._keep(seat), laid=done) is None:
            return (f"After that meld you could not lay the rest of your contract ({contract.describe()}) "
                    "from the cards left.")
        return ""

    def meld_rule(self, seat: int, move: Move) -> str | None:
        missing = self._missing(seat, move.cards)
        if missing:
            return missing
        found = self._read(seat, move)
        if isinstance(found, str):
            return found
        why = self._why_not_this_meld(seat, found) or self._meld_rule(seat)
        if why:
            return why
        canonical = found.to_move(self.RUMMY_RULES.meld_verb)
        if not same(move, canonical) or canonical not in self._meld_moves(seat):
            return f"Write that meld as it is listed: {canonical}."
        return None

    def _resolve(self, seat: int, move: Move, legal: list[Move]) -> Move | None:
        """Any valid form of a meld, lay-off or swap the list names in canonical form."""
        verb = self.RUMMY_RULES.meld_verb
        if move.verb != verb or self.phase_name != Phase.PLAY or seat != self.turn:
            return None
        if self._missing(seat, move.cards):
            return None
        found = self._read(seat, move)
        if isinstance(found, str) or self._why_not_this_meld(seat, found):
            return None
        if self.made[seat] and not self._may_meld(seat):
            return None
        return found.to_move(verb)

    def apply_meld(self, seat: int, move: Move) -> None:
        found = self._read(seat, move)
        assert isinstance(found, Meld)
        self.lay_meld(seat, found)

    def _on_laid(self, seat: int, index: int, cards: Sequence[int], *, new: bool) -> bool:
        """A wild taken back is played; a contract's last group is down."""
        self._release_freed(cards)
        if not new or self.made[seat]:
            return True
        self.laid_now.append(index)
        contract = self.contract_of(seat)
        if len(self.laid_now) < len(contract.groups):
            return True
        self.made[seat] = True
        self.made_now = True
        self.emit("contract", f"{self.names[seat]} has laid the contract: {contract.describe()}.",
                  seat=seat, contract=contract.text)
        self._contract_made(seat)
        return self._outcome is None and self.phase_name != Phase.NONE

    # ---- lay-offs ---------------------------------------------------------------------

    def _lay_off_rule(self, seat: int) -> str | None:
        if not self.made[seat]:
            return "Lay your contract before you lay off cards."
        if not self._extra_allowed(seat):
            return "You may lay nothing more in the turn you lay your contract."
        return super()._lay_off_rule(seat)

    def _lay_off_on_rule(self, seat: int, index: int) -> str | None:
        if self._closed(self.melds[index]):
            return f"Meld {index + 1} is a group of wild cards only: nothing is added to it."
        return super()._lay_off_on_rule(seat, index)

    # ---- wild swaps ----------------------------------------------------------------------

    def _swap_allowed(self, seat: int) -> bool:
        if self.SWAP_WILDS == NONE or self.laying_contract(seat):
            return False
        if not self.made[seat]:
            return self.SWAP_BEFORE_CONTRACT
        return self._extra_allowed(seat)

    def _may_swap_in(self, seat: int, index: int) -> bool:
        meld = self.melds[index]
        if not meld.wild or self._closed(meld) or (self.SWAP_ON == "own" and self.meld_owner[index] != seat):
            return False
        return self.SWAP_WILDS == BOTH or (self.SWAP_WILDS == SETS) == (meld.kind == SET)

    def _swaps(self, seat: int) -> Iterator[tuple[int, int, Meld, int]]:
        """(meld index, natural, meld after, wild freed) for every swap the hand can make."""
        if not self._swap_allowed(seat):
            return
        distinct = sorted(c for c in set(self.hands[seat]) if self.meld_rules.is_natural(c))
        for i in range(len(self.melds)):
            if not self._may_swap_in(seat, i):
                continue
            for c in distinct:
                for after, wild in self.meld_rules.wild_swaps(self.melds[i], c):
                    yield i, c, after, wild

    def _swap_moves(self, seat: int) -> list[Move]:
        out = []
        for i, c, after, wild in self._swaps(seat):
            move = swap_move(i + 1, c, wild)
            if move not in out and self._freed_would_play(seat, i, c, after, wild):
                out.append(move)
        return out

    def swap_rule(self, seat: int, move: Move) -> str | None:
        """The rule a wild swap breaks, or ``None``."""
        if self.SWAP_WILDS == NONE:
            return "Wild cards on the table stay where they are in this game."
        if len(move.cards) != 2 or move.number is None:
            return "Name the meld, your natural card and the wild it replaces, as in 'swap 3 7H JK'."
        if not self._swap_allowed(seat):
            return ("You may swap for a wild card only once your contract is down"
                    + ("" if self.EXTRA_WITH_CONTRACT else ", and not in the turn you lay it") + ".")
        n = move.number
        if not 1 <= n <= len(self.melds):
            return f"There is no meld {n} on the table."
        natural, wild = move.cards
        missing = self._missing(seat, (natural,))
        if missing:
            return missing
        if not self._may_swap_in(seat, n - 1):
            kinds = {SETS: "sets", RUNS: "runs", BOTH: "melds"}[self.SWAP_WILDS]
            whose = "your own " if self.SWAP_ON == "own" else ""
            return f"Wild cards may be taken only from {whose}{kinds}."
        if all(w != wild for _, w in self.meld_rules.wild_swaps(self.melds[n - 1], natural)):
            return f"{C.LABEL_OF[natural]} does not stand in for {C.NAME_OF[wild]} in meld {n}."
        if self.freed:
            return f"Play {C.LABEL_OF[self.freed[0]]}, the wild card you took back, before you take another."
        if not self._swap_leaves_a_way_on(seat, natural):
            return ("You must keep a card to discard: after that swap and playing the wild card you took "
                    "back, you would have none.")
        after = next(a for a, w in self.meld_rules.wild_swaps(self.melds[n - 1], natural) if w == wild)
        if not self._freed_would_play(seat, n - 1, natural, after, wild):
            return (f"You could not play the {C.NAME_OF[wild].removeprefix('a ').removeprefix('the ')} this "
                    "turn after taking it, and a wild card taken back must be played at once.")
        canonical = swap_move(n, natural, wild)
        return None if same(move, canonical) else f"Say it as '{canonical}'."

    def _swap(self, seat: int, move: Move) -> None:
        assert move.number is not None
        index = move.number - 1
        natural, wild = move.cards
        after = next(a for a, w in self.meld_rules.wild_swaps(self.melds[index], natural) if w == wild)
        self.remove_from_hand(seat, (natural,))
        self.melds[index] = after
        owners = self.contributions[index]
        at = next(k for k, (_, c) in enumerate(owners) if c == wild)
        owners[at] = (seat, natural)
        self.hands[seat].append(wild)
        self.knowledge.tell(HAND[seat], (wild,))
        self.freed.append(wild)
        self.emit("swap", f"{self.names[seat]} puts {C.LABEL_OF[natural]} in meld {index + 1} and takes back "
                          f"{C.LABEL_OF[wild]}, to play this turn.", seat=seat, card=C.CODE_OF[natural],
                  wild=C.CODE_OF[wild], meld=index + 1)

    def _freed_would_play(self, seat: int, index: int, natural: int, after: Meld, wild: int) -> bool:
        """Whether the wild a swap frees could then be played this turn: laid off on a meld the
        player may lay off on, or melded (into his contract, before it is down) — one freed wild
        at a time, and still leaving a card to end the turn with (else the player would be stuck
        holding a wild he may neither play nor discard)."""
        if self.freed or not self._swap_leaves_a_way_on(seat, natural):
            return False
        melds = list(self.melds)
        melds[index] = after
        hand = list(self.hands[seat])
        hand.remove(natural)
        hand.append(wild)
        return self._wild_playable(seat, wild, hand, melds)

    def _swap_leaves_a_way_on(self, seat: int, natural: int) -> bool:
        """After swapping ``natural`` in and playing the freed wild, a card is left to discard
        (or the hand is empty where going out by melding is allowed)."""
        rest = list(self.hands[seat])
        rest.remove(natural)
        if not rest:
            return self._may_go_out_by_melding(seat)
        return any(self._discardable(c, rest) for c in rest)

    def _wild_playable(self, seat: int, wild: int, hand: list[int], melds: Sequence[Meld]) -> bool:
        rules = self.meld_rules
        if not self.made[seat]:
            contract = self.contract_of(seat)
            return search(contract, hand, rules, keep=self._keep(seat)) is not None
        for i, meld in enumerate(melds):
            if self._closed(meld):
                continue
            if (self.rummy.lay_off_on is LayOffOn.ANY or self.meld_owner[i] == seat) \
                    and rules.lay_offs(meld, wild):
                return True
        if not self.NEW_MELDS_AFTER_CONTRACT:
            return False
        return any(wild in m.cards for m in canonical_melds(hand, rules))

    def _release_freed(self, cards: Sequence[int]) -> None:
        for c in cards:
            if c in self.freed:
                self.freed.remove(c)

    # ---- the discard --------------------------------------------------------------------

    def _discard_moves(self, seat: int) -> list[Move]:
        if self.laying_contract(seat):
            return []
        hand = self.hands[seat]
        if self.freed and self._wild_playable(seat, self.freed[0], hand, self.melds):
            return []
        return [DISCARD[c] for c in sorted(set(hand)) if self._may_discard(seat, c)]

    def _discard_rule(self, seat: int, c: int) -> str | None:
        if self._discardable(c, self.hands[seat]):
            return None
        if c in self.freed:
            return f"Play {C.LABEL_OF[c]}, the wild card you took back, this turn: it may not be discarded."
        return "You may not discard the card you took from the discard pile this turn."

    def _discardable(self, c: int, hand: Sequence[int], freed: Sequence[int] | None = None) -> bool:
        """Whether ``c`` may end the turn from ``hand``: not a freed wild still to play (an
        identical copy the player held before may go), nor the card just taken."""
        freed = self.freed if freed is None else freed
        if c in freed and hand.count(c) <= freed.count(c):
            return False
        if c == self.taken and not self.rummy.discard_taken:
            return all(x == c for x in hand)  # the corner in the module notes
        return True

    def _leaves_a_way_on(self, seat: int, cards: Sequence[int]) -> bool:
        rest = list(self.hands[seat])
        freed = list(self.freed)
        for c in cards:
            rest.remove(c)
            if c in freed:  # playing a card of the freed wild's kind plays the freed wild
                freed.remove(c)
        if not rest:
            return self._may_go_out_by_melding(seat)
        return any(self._discardable(c, rest, freed) for c in rest)

    def discard_rule(self, seat: int, move: Move) -> str | None:
        if self.laying_contract(seat):
            contract = self.contract_of(seat)
            return f"Finish laying your contract ({contract.describe()}) before you discard."
        if self.freed and self._wild_playable(seat, self.freed[0], self.hands[seat], self.melds):
            return (f"Play {C.LABEL_OF[self.freed[0]]}, the wild card you took back, before you end your "
                    "turn: meld it or lay it off.")
        return super().discard_rule(seat, move)

    # ---- the search's estimate of the deal (bots.horizon) -------------------------------------

    #: what each card costs left in a hand, where the deal's score counts cards (Push, 10 Dime); a
    #: game that scores only the contracts laid (Desert, Sticks) leaves it ``None`` and the
    #: estimate plays no hand out
    ESTIMATE_VALUES: ClassVar[Sequence[int] | None] = None

    def seat_points(self, seat: int, laid: Sequence[int], held: Sequence[int], made: bool) -> float:
        """What the deal would add to ``seat``'s column were it scored with ``laid`` on the table,
        ``held`` in hand and the contract laid or not (``made``): the game's own scoring, one seat
        (the sheet adds partners' points into their team's column)."""
        raise NotImplementedError

    def deal_estimate(self) -> list[float]:
        """The search's horizon estimate (:mod:`gamenight.bots.horizon`): per column, what the deal
        would add were it scored now with nobody out, each hand played out as far as it can be.

        A seat whose contract is down lays what it still can — the melds of its hand's best
        arrangement (where new melds are allowed) and the cards that lay off on melds it may lay
        on — and is scored with the rest in hand. A seat not yet down is scored both ways, its
        contract laid (the cards the nearest way to it uses, then the rest played out as above) and
        not (the whole hand held), weighed by how near the hand is (:func:`~gamenight.families.
        deal_estimates.contract_chance`: a contract it could lay now counts as laid, each card it
        lacks halves that). It reads every hand: the search calls it on sampled deals only."""
        row = [0.0] * len(self.sheet.columns)
        for s in range(self.num_players):
            row[self.column_of(s)] += self._seat_estimate(s)
        return row

    def _seat_estimate(self, seat: int) -> float:
        hand, table = self.hands[seat], self.table_cards(seat)
        if self.made[seat]:
            laid, held = self._played_out(seat, hand)
            return self.seat_points(seat, table + laid, held, True)
        missing, used = contract_outlook(self.contract_of(seat), hand, self.meld_rules)
        chance = contract_chance(missing)
        rest = list(hand)
        for c in used:
            rest.remove(c)
        laid, held = self._played_out(seat, rest)
        down = self.seat_points(seat, [*table, *used, *laid], held, True)
        return chance * down + (1 - chance) * self.seat_points(seat, table, hand, False)

    def _played_out(self, seat: int, cards: Sequence[int]) -> tuple[list[int], list[int]]:
        """``cards`` of a seat whose contract is down split into what it could still lay (the
        melds of their best arrangement, where new melds are allowed, then lay-offs on the melds it
        may lay on, each meld as it lies now) and what it would hold."""
        values = self.ESTIMATE_VALUES
        if values is None:  # the score counts no cards: nothing to play out
            return [], list(cards)
        laid: list[int] = []
        held = list(cards)
        if self.NEW_MELDS_AFTER_CONTRACT and held:
            best = solver_for(self.meld_rules, values).best(held)
            held = list(best.deadwood)
            laid = [c for m in best.melds for c in m.cards]
        targets = [m for i, m in enumerate(self.melds) if self._may_lay_off_on(seat, i)]
        kept: list[int] = []
        for c in held:
            (laid if any(self.meld_rules.lay_offs(m, c) for m in targets) else kept).append(c)
        return laid, kept

    # ---- what a seat sees ------------------------------------------------------------------

    def contract_text(self, seat: int) -> str:
        """``Two sets of three (laid)`` — a seat's contract in players' words."""
        contract = self.contract_of(seat)
        words = contract.describe()
        return words[0].upper() + words[1:] + (" (laid)" if self.made[seat] else "")

    def _contract_view(self, seat: int | None) -> dict[str, Any]:
        n = self.num_players
        shown = [self.contract_visible(s, seat) for s in range(n)]
        return {
            "my_contract": self.contract_text(seat) if seat is not None else None,
            "contracts": [self.contract_text(s) if shown[s] else None for s in range(n)],
            "contract_codes": [self.contract_of(s).text if shown[s] else None for s in range(n)],
            "made": list(self.made),
            "freed": C.codes(self.freed),
            "laying_contract": self.laying_contract(self.turn),
        }


__all__ = ["BOTH", "NONE", "RUNS", "SETS", "SWAP_MODES", "WILD_GROUP_NUMBER", "ContractPlayPhase",
           "ContractState", "canonical_melds", "swap_move", "wild_group"]
