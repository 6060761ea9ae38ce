"""Pile access for the rummy kernel beyond the top card: digging a spread discard pile, and
claiming a discard out of turn (the switches ``dig`` and ``claims`` of
:class:`~gamenight.families.rummy_rules.RummyRules`).

* **Dig** (:class:`DigDeep`): the discard pile lies spread (every card reads) and ``dig 3 9D``
  takes its top three cards, the 9♦ the deepest, which must then be melded first, this turn, with
  a card held before the dig (``Dig.TO_PLAY``, Five Hundreds) or with a natural pair of its rank
  held before (``Dig.TO_PAIR``, Horseshit). A dig is legal only where such a meld exists and leaves
  the turn a way to end.
* **Claims** (:class:`ClaimPhase`): after a discard that does not end the hand, the players who
  could play it now, but the discarder and the next player, answer at once: ``claim 2 8H`` (lay
  it off on meld 2, :class:`ClaimDiscard`) or ``pass`` (:class:`LetItGo`). ``claim_order`` says
  whose claim stands. A game may name and apply its own claim (``claim_verb``, ``_claims_of``,
  ``_claimed``: 10 Dime's buying out of turn). The window's seats and their ``pass`` are
  ``lapse_moves()``, which a server times.

The kinds hold the rules; the state (:class:`~gamenight.families.draw_discard.DrawDiscardState`)
keeps the few hooks a game overrides (``_may_claim``, ``_claims_of``, ``_claimed``, ``_may_lay``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from gamenight.core.moves import Move
from gamenight.core.phases import KindsPhase, MoveKind, OneMove
from gamenight.equipment import cards as C
from gamenight.families.melds import lay_off_end
from gamenight.families.rummy_rules import ClaimOrder, Dig

if TYPE_CHECKING:
    from gamenight.families.draw_discard import DrawDiscardState

#: the answer that lets a discard go
PASS_CLAIM: Move = Move("pass")


def same(move: Move, canonical: Move) -> bool:
    """Whether ``move`` is ``canonical``: the same interned move, or (a move parsed before any game
    built it is a copy) the same text."""
    return move is canonical or str(move) == str(canonical)


def dig_move(depth: int, card: int) -> Move:
    """``dig N CARD``: take the top ``depth`` cards of the discard pile, ``card`` the deepest."""
    return C.card_move("dig", (card,), depth)


def claim_move(number: int, card: int, end: str | None = None, verb: str = "claim") -> Move:
    """``claim N CARD [low|high]``: claim the discard ``card`` out of turn and lay it off on meld
    number ``number``."""
    return C.card_move(verb, (card,), number, None, end)


# ---- digging ----------------------------------------------------------------------------------

def shallowest_dig(s: DrawDiscardState, seat: int) -> int:
    """A dig takes at least two cards where the top card may be taken freely (that is a ``take``,
    with no card to meld), else at least the top card."""
    return 2 if s._may_take_discard(seat) else 1


def natural_pair(s: DrawDiscardState, cards: Sequence[int], target: int) -> tuple[int, int] | None:
    """Two natural cards of ``target``'s rank among ``cards`` (Horseshit's dig), or ``None``; a wild
    card is never the card dug to."""
    rules = s.meld_rules
    if rules.is_wild(target):
        return None
    rank = C.RANK_OF[target]
    found = [c for c in cards if C.RANK_OF[c] == rank and not rules.is_wild(c)]
    return (found[0], found[1]) if len(found) >= 2 else None


def meets_dig(s: DrawDiscardState, cards: Sequence[int], target: int, before: Sequence[int]) -> bool:
    """Whether a meld of ``cards`` melds the card dug to as the rules ask: with a card held before
    the dig (Five Hundreds), or with a natural pair of its rank held before (Horseshit)."""
    rest = list(cards)
    if target not in rest:
        return False
    rest.remove(target)
    held = Counter(before)
    if s.rummy.dig is Dig.TO_PAIR:
        rank, rules = C.RANK_OF[target], s.meld_rules
        mates = Counter(c for c in rest if C.RANK_OF[c] == rank and not rules.is_wild(c))
        return sum(min(k, held[c]) for c, k in mates.items()) >= 2
    return any(held[c] > 0 for c in rest)


def dig_melds_rest(s: DrawDiscardState, seat: int, depth: int) -> list[list[int]]:
    """For each meld the dig to ``depth`` would allow — holding its deepest card and a card of the
    hand before the dig — the cards that would be left in the hand after laying it."""
    pile = s.discards
    target = pile[-depth]
    hand = s.hands[seat]
    after = [*hand, *pile[-depth:]]
    rules = s.meld_rules
    # only cards of the target's rank or suit, and wild cards, can share a meld with it
    near = [c for c in after if C.RANK_OF[c] == C.RANK_OF[target] or C.SUIT_OF[c] == C.SUIT_OF[target]
            or rules.is_wild(c)]
    out = []
    for meld in rules.all_melds(near):
        if meets_dig(s, meld.cards, target, hand) and s._may_lay(seat, meld.cards, meld, None, after):
            rest = Counter(after)
            rest.subtract(meld.cards)
            out.append(list(rest.elements()))
    return out


def pair_dig_leaves_a_way_on(s: DrawDiscardState, seat: int, depth: int, pair: tuple[int, int]) -> bool:
    """A dig to a pair: whether the hand, once the card dug to is melded with the pair, could end
    the turn."""
    pile = s.discards
    rest = Counter(s.hands[seat])
    rest.update(pile[-depth:])
    rest.subtract((pile[-depth], *pair))
    return s._way_on_after(seat, list(rest.elements()))


def may_dig_to(s: DrawDiscardState, seat: int, depth: int) -> bool:
    """Whether ``seat`` may dig ``depth`` cards deep: the deepest card taken could then be melded
    this turn as the rules ask, leaving the turn a way to end."""
    target = s.discards[-depth]
    if s.rummy.dig is Dig.TO_PAIR:
        pair = natural_pair(s, s.hands[seat], target)
        return pair is not None and pair_dig_leaves_a_way_on(s, seat, depth, pair)
    return any(s._way_on_after(seat, rest) for rest in dig_melds_rest(s, seat, depth))


class DigDeep(MoveKind["DrawDiscardState"]):
    """Dig the spread discard pile down to a card, which must then be melded first this turn."""

    verbs = ("dig",)

    def candidates(self, s: DrawDiscardState, seat: int) -> list[Move]:
        pile = s.discards
        if s.rummy.dig is Dig.NONE:
            return []
        return [dig_move(depth, pile[-depth]) for depth in range(1, len(pile) + 1)]

    def legal(self, s: DrawDiscardState, seat: int) -> list[Move]:
        if s.rummy.dig is Dig.NONE:
            return []
        pile = s.discards
        return [dig_move(depth, pile[-depth]) for depth in range(shallowest_dig(s, seat), len(pile) + 1)
                if may_dig_to(s, seat, depth)]

    def verify(self, s: DrawDiscardState, seat: int, move: Move) -> str | None:
        dig = s.rummy.dig
        if dig is Dig.NONE:
            return "Only the top card of the discard pile can be taken in this game."
        pile = s.discards
        depth = move.number
        if depth is None or len(move.cards) != 1:
            return "Dig names how many cards you take and the deepest of them, for example 'dig 3 9D'."
        if not 1 <= depth <= len(pile):
            return f"The discard pile holds {len(pile)} card{'' if len(pile) == 1 else 's'}."
        target = pile[-depth]
        if move.cards[0] != target:
            return (f"The card {depth} deep in the discard pile is {C.NAME_OF[target]}: "
                    f"'dig {depth} {C.CODE_OF[target]}'.")
        if depth < shallowest_dig(s, seat):
            return f"Take the top card with 'take {C.CODE_OF[target]}'."
        if not same(move, dig_move(depth, target)):
            return f"Say it as 'dig {depth} {C.CODE_OF[target]}'."
        if dig is Dig.TO_PAIR:
            return self._pair_rule(s, seat, depth, target)
        if not may_dig_to(s, seat, depth):
            return (f"You could not meld {C.NAME_OF[target]} this turn with a card from your hand, as the "
                    "card you dig to must be, and still keep a card you could end the turn with.")
        return None

    def _pair_rule(self, s: DrawDiscardState, seat: int, depth: int, target: int) -> str | None:
        """Horseshit's dig: to a natural card the hand holds a natural pair of."""
        if s.meld_rules.is_wild(target):
            return "A wild card cannot be the card you dig to: only a card you hold a natural pair of."
        pair = natural_pair(s, s.hands[seat], target)
        if pair is None:
            return (f"You may dig only to a card you hold two natural cards of the same rank as: you do "
                    f"not hold a pair to meld {C.NAME_OF[target]} with.")
        if not pair_dig_leaves_a_way_on(s, seat, depth, pair):
            return (f"Melding {C.NAME_OF[target]} with your pair would leave you no card you could end the "
                    "turn with.")
        return None

    def apply(self, s: DrawDiscardState, seat: int, move: Move) -> None:
        assert move.number is not None
        s.dig_discards(seat, move.number)

    def describe(self, s: DrawDiscardState, move: Move, viewer: int | None) -> str:
        depth = move.number or 0
        return f"Dig to {C.LABEL_OF[move.cards[0]]} ({depth} cards)"


# ---- claims -------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class ClaimWindow:
    """A discard the other players may claim out of turn: who may, in priority order (from the
    discarder's left), and each answer so far (a claim move, or ``None`` for a pass). Immutable:
    clones of a state share it, and an answer makes a new one."""

    discarder: int
    card: int
    order: tuple[int, ...]
    answers: dict[int, Move | None] = field(default_factory=dict)

    def answered(self, seat: int, move: Move | None) -> ClaimWindow:
        return ClaimWindow(self.discarder, self.card, self.order, {**self.answers, seat: move})

    def waiting(self) -> frozenset[int]:
        return frozenset(s for s in self.order if s not in self.answers)

    def to_view(self) -> dict[str, Any]:
        """The window as a view shows it."""
        return {"card": C.CODE_OF[self.card], "discarder": self.discarder, "order": list(self.order),
                "waiting": sorted(self.waiting()), "claimed": [s for s, m in self.answers.items() if m]}

    def words(self, names: Sequence[str]) -> str:
        """The window in a person's words: the card, who is still to answer, who claimed it."""
        waiting = " and ".join(names[s] for s in self.order if s not in self.answers)
        claimed = [names[s] for s, m in self.answers.items() if m is not None]
        said = f"; {' and '.join(claimed)} claimed it" if claimed else ""
        return f"{C.LABEL_OF[self.card]}: waiting for {waiting} to claim it or let it go{said}."

    def winner(self, first_click: bool) -> int | None:
        """The claim that stands: the first made (``first_click``), else the claim of the seat
        nearest the discarder's left once everyone before it has passed."""
        if first_click:
            return next((s for s, m in self.answers.items() if m is not None), None)
        for s in self.order:
            if s not in self.answers:
                return None
            if self.answers[s] is not None:
                return s
        return None


def claimants(s: DrawDiscardState, discarder: int, card: int) -> tuple[int, ...]:
    """Who may claim ``card`` just discarded, nearest the discarder's left first: every other player
    but the next (he may take it in his turn) who could play it now."""
    out = []
    nxt = s.next_seat(discarder)
    seat = s.next_seat(nxt)
    while seat != discarder and seat != nxt:
        if s._claims_of(seat, card):
            out.append(seat)
        seat = s.next_seat(seat)
    return tuple(out)


def lay_off_claims(s: DrawDiscardState, seat: int, card: int) -> list[Move]:
    """``seat``'s claims of ``card``: laying it off on each meld it fits (one move per end where it
    could go at either)."""
    rules = s.meld_rules
    out: list[Move] = []
    for i, meld in enumerate(s.melds):
        if not s._may_lay_off_on(seat, i):
            continue
        ways = rules.lay_offs(meld, card)
        if len(ways) == 1:
            out.append(claim_move(i + 1, card))
        else:
            out.extend(claim_move(i + 1, card, lay_off_end(meld, m)) for m in ways)
    return out


def open_claims(s: DrawDiscardState, discarder: int, card: int) -> bool:
    """Open the claim window on ``card`` just discarded, if anyone may claim it."""
    order = claimants(s, discarder, card)
    if not order:
        return False
    s.claim = ClaimWindow(discarder, card, order)
    s.phase_name = "claim"
    who = " and ".join(s.names[p] for p in order)
    s.emit("claim_open", f"{C.LABEL_OF[card]} may be claimed by {who}.", card=C.CODE_OF[card])
    return True


def settle_claims(s: DrawDiscardState) -> None:
    """A claim that stands takes the discard; once nobody is left to answer, play goes on."""
    claim = s.claim
    assert claim is not None
    winner = claim.winner(s.rummy.claim_order is ClaimOrder.FIRST_CLICK)
    if winner is None and claim.waiting():
        return
    s.claim = None
    if winner is not None:
        move = claim.answers[winner]
        assert move is not None
        s._claimed(winner, move)
    if s._outcome is None and s.phase_name == "claim":
        s._next_turn(claim.discarder)


def answer_rule(s: DrawDiscardState, seat: int) -> str | None:
    """Whether ``seat`` has a claim to answer now."""
    claim = s.claim
    if claim is None or seat not in claim.order:
        return "You may not claim this discard: it fits nothing you could lay it on."
    if seat in claim.answers:
        return "You have answered already: wait for the others."
    return None


class ClaimDiscard(MoveKind["DrawDiscardState"]):
    """Claim the discard out of turn, laying it off on a meld of the table."""

    def __init__(self, verb: str) -> None:
        self.verbs = (verb,)

    def candidates(self, s: DrawDiscardState, seat: int) -> list[Move]:
        claim = s.claim
        return [] if claim is None else s._claims_of(seat, claim.card)

    def legal(self, s: DrawDiscardState, seat: int) -> list[Move]:
        claim = s.claim
        if claim is None or answer_rule(s, seat) is not None:
            return []
        return s._claims_of(seat, claim.card)

    def verify(self, s: DrawDiscardState, seat: int, move: Move) -> str | None:
        why = answer_rule(s, seat)
        if why is not None:
            return why
        claim = s.claim
        assert claim is not None
        card, n = claim.card, move.number
        if move.cards != (card,) or n is None:
            return f"The discard up for a claim is {C.NAME_OF[card]}: 'claim N {C.CODE_OF[card]}'."
        if not 1 <= n <= len(s.melds):
            return f"There is no meld {n} on the table."
        if not s._may_lay_off_on(seat, n - 1):
            return "You may lay off only on your own melds."
        meld = s.melds[n - 1]
        ways = s.meld_rules.lay_offs(meld, card)
        if not ways:
            return s.meld_rules.why_no_lay_off(meld, card)
        if len(ways) > 1 and move.flag not in ("low", "high"):
            return f"Say which end: 'claim {n} {C.CODE_OF[card]} low' or '... high'."
        canonical = claim_move(n, card, move.flag if len(ways) > 1 else None)
        if not same(move, canonical):
            return f"Say it as '{canonical}'."
        return None

    def apply(self, s: DrawDiscardState, seat: int, move: Move) -> None:
        assert s.claim is not None
        s.claim = s.claim.answered(seat, move)
        s.emit("claim_call", f"{s.names[seat]} calls for {C.LABEL_OF[s.claim.card]}!", seat=seat)
        settle_claims(s)

    def describe(self, s: DrawDiscardState, move: Move, viewer: int | None) -> str:
        n = move.number or 0
        end = f", at the {move.flag} end" if move.flag else ""
        return f"Claim {C.LABEL_OF[move.cards[0]]} onto meld {n}{end}"

    def confirm(self, s: DrawDiscardState, seat: int, move: Move) -> str | None:
        """Calling Rummy out of turn binds the caller: asked before it is sent."""
        card, meld = C.LABEL_OF[move.cards[0]], move.number or 0
        return f"Call Rummy on {card}? It goes onto meld {meld}, in front of you."


class LetItGo(OneMove["DrawDiscardState"]):
    """Let the discard go: no claim."""

    def rule(self, s: DrawDiscardState, seat: int) -> str | None:
        return answer_rule(s, seat)

    def apply(self, s: DrawDiscardState, seat: int, move: Move) -> None:
        assert s.claim is not None
        s.claim = s.claim.answered(seat, None)
        settle_claims(s)

    def describe(self, s: DrawDiscardState, move: Move, viewer: int | None) -> str:
        return f"Let {C.LABEL_OF[s.claim.card]} go" if s.claim is not None else "Let it go"


class ClaimPhase(KindsPhase["DrawDiscardState"]):
    """After a discard, the players who may claim it out of turn answer, all at once: a claim
    (``claim 2 8H``) or ``pass``. The window closes when a claim stands or everyone has passed."""

    otherwise = "The discard is up for a claim: claim it onto a meld of the table, or let it go ('pass')."

    def to_act(self, s: DrawDiscardState) -> frozenset[int]:
        assert s.claim is not None
        return s.claim.waiting()

    def kinds(self, s: DrawDiscardState) -> list[MoveKind[Any]]:
        return [ClaimDiscard(s.RUMMY_RULES.claim_verb), LetItGo(PASS_CLAIM)]


__all__ = ["PASS_CLAIM", "ClaimDiscard", "ClaimPhase", "ClaimWindow", "DigDeep", "LetItGo", "answer_rule",
           "claim_move", "claimants", "dig_move", "lay_off_claims", "meets_dig", "natural_pair",
           "open_claims", "same", "settle_claims"]
