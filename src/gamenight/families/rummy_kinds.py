"""The kinds of move of the rummy kernel's turn (:mod:`gamenight.core.phases`: each rule once).

* The draw (:class:`DrawPhase`): :class:`DrawFromStock` (``draw``), :class:`TakeDiscard`
  (``take 7H``, the top of the discard pile) and, where the pile may be dug,
  :class:`~gamenight.families.pile_access.DigDeep`.
* The play (:class:`PlayPhase`): :class:`LayMeld` (``meld 5H 6H 7H run``), :class:`LayOff`
  (``layoff 2 8H``) and :class:`Discard` (``discard 9C``, which ends the turn).

Each kind's ``verify`` is the whole rule; where a game changes a rule it overrides the state's
rule method the kind asks (``take_discard_rule``, ``_meld_rule``, ``_lay_off_rule``,
``_lay_off_on_rule``, ``_discard_rule``: each ``None`` or the sentence of the rule broken) or the
state's predicates of the turn's end (``_may_lay``, ``_leaves_a_way_on``), so a listing and its
refusal read the same rule. ``legal`` is a fast path on the hot ones (a discard and a draw are
every turn of every rummy); the conformance suite checks it against ``verify``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from gamenight.core.moves import Move
from gamenight.core.phases import KindsPhase, MoveKind, OneMove, PhaseName, pile_top
from gamenight.equipment import cards as C
from gamenight.families.pile_access import DigDeep, same

if TYPE_CHECKING:
    from gamenight.core.views import Place
    from gamenight.families.draw_discard import DrawDiscardState


class Phase(PhaseName):
    """The kernel's phases; ``str(phase)`` is what views show. A game's own are in its own enum."""

    NONE = "", "Between deals"  # between hands, and once the match is over
    DRAW = "draw", "Drawing: from the stock or the discard pile"
    PLAY = "play", "Melding and discarding"
    CLAIM = "claim", "The discard may be claimed"


#: interned moves: legal-move lists allocate nothing new
DRAW: Move = Move("draw")
TAKE: list[Move] = [Move("take", C.CARD_ARG[c]) for c in range(53)]
DISCARD: list[Move] = [Move("discard", C.CARD_ARG[c]) for c in range(53)]
ONLY: list[frozenset[int]] = [frozenset((s,)) for s in range(16)]


def lay_off_move(number: int, card: int, end: str | None = None) -> Move:
    """``layoff N CARD [low|high]``: add ``card`` to meld number ``number`` (1-based)."""
    return C.card_move("layoff", (card,), number, None, end)


def cards_words(cards: tuple[int, ...]) -> str:
    return " ".join(C.LABEL_OF[c] for c in cards)


# ---- the draw ---------------------------------------------------------------------------------

class DrawFromStock(OneMove["DrawDiscardState"]):
    """Draw the top card of the stock (told to the drawer only)."""

    source = "stock"

    def rule(self, s: DrawDiscardState, seat: int) -> str | None:
        return None if s.stock else "The stock is empty."

    def legal(self, s: DrawDiscardState, seat: int) -> list[Move]:
        return [DRAW] if s.stock else []

    def apply(self, s: DrawDiscardState, seat: int, move: Move) -> None:
        s.draw_card(seat)

    def describe(self, s: DrawDiscardState, move: Move, viewer: int | None) -> str:
        return "Draw from the stock"


class TakeDiscard(MoveKind["DrawDiscardState"]):
    """Take the top card of the discard pile: everyone then knows it is in the taker's hand."""

    verbs = ("take",)

    def candidates(self, s: DrawDiscardState, seat: int) -> list[Move]:
        return [TAKE[s.discards[-1]]] if s.discards else []

    def legal(self, s: DrawDiscardState, seat: int) -> list[Move]:
        pile = s.discards
        if not pile or s.take_discard_rule(seat) is not None or not s._take_leaves_a_way_on(seat, pile[-1]):
            return []
        return [TAKE[pile[-1]]]

    def verify(self, s: DrawDiscardState, seat: int, move: Move) -> str | None:
        pile = s.discards
        if not pile:
            return "The discard pile is empty."
        top = pile[-1]
        if not same(move, TAKE[top]):
            return f"Only the top card of the discard pile can be taken: 'take {C.CODE_OF[top]}'."
        why = s.take_discard_rule(seat)
        if why is not None:
            return why
        if not s._take_leaves_a_way_on(seat, top):
            return (f"Taking {C.NAME_OF[top]} would leave you only copies of it, and a copy of the card "
                    "taken may not be discarded this turn: draw from the stock.")
        return None

    def places(self, s: DrawDiscardState, seat: int, move: Move) -> list[Place | None]:
        return pile_top("discards", len(s.discards))

    def apply(self, s: DrawDiscardState, seat: int, move: Move) -> None:
        s.take_discard(seat)

    def describe(self, s: DrawDiscardState, move: Move, viewer: int | None) -> str:
        return f"Take {C.LABEL_OF[move.cards[0]]} from the discard pile"


class TurnPhase(KindsPhase["DrawDiscardState"]):
    """A phase of the player whose turn it is, made of kinds of move."""

    def to_act(self, s: DrawDiscardState) -> frozenset[int]:
        return ONLY[s.turn]


class DrawPhase(TurnPhase):
    """Draw from the stock, or take the top of the discard pile (or dig it, where it may be dug).
    A game's subclass adds kinds (``kinds``)."""

    def kinds(self, s: DrawDiscardState) -> list[MoveKind[Any]]:
        return [DrawFromStock(DRAW), TakeDiscard(), DigDeep()]

    def why_illegal(self, s: DrawDiscardState, seat: int, move: Move) -> str:
        if self.kind_of(s, move.verb) is None and move.verb not in self.wrong:
            top = f" or the discard pile ('take {C.CODE_OF[s.discards[-1]]}')" \
                if s._may_take_discard(seat) else ""
            return f"Draw first: from the stock ('draw'){top}."
        return super().why_illegal(s, seat, move)


# ---- the play -----------------------------------------------------------------------------------

class LayMeld(MoveKind["DrawDiscardState"]):
    """Lay a new meld from the hand (the meld kernel's notation: ``meld 5H 6H 7H run``)."""

    def __init__(self, verb: str) -> None:
        self.verbs = (verb,)

    def candidates(self, s: DrawDiscardState, seat: int) -> list[Move]:
        return s._meld_candidates(seat)

    def legal(self, s: DrawDiscardState, seat: int) -> list[Move]:
        return s._meld_moves(seat)

    def verify(self, s: DrawDiscardState, seat: int, move: Move) -> str | None:
        return s.meld_rule(seat, move)

    def apply(self, s: DrawDiscardState, seat: int, move: Move) -> None:
        s.apply_meld(seat, move)

    def describe(self, s: DrawDiscardState, move: Move, viewer: int | None) -> str:
        return f"Meld {cards_words(move.cards)}"


class LayOff(MoveKind["DrawDiscardState"]):
    """Add a card from the hand to a meld on the table (``layoff 2 8H``; ``low``/``high`` names the
    end where it could go at either)."""

    verbs = ("layoff",)

    def candidates(self, s: DrawDiscardState, seat: int) -> list[Move]:
        return s._lay_off_candidates(seat)

    def legal(self, s: DrawDiscardState, seat: int) -> list[Move]:
        return s._lay_off_moves(seat)

    def verify(self, s: DrawDiscardState, seat: int, move: Move) -> str | None:
        return s.lay_off_rule(seat, move)

    def apply(self, s: DrawDiscardState, seat: int, move: Move) -> None:
        s.apply_lay_off(seat, move)

    def describe(self, s: DrawDiscardState, move: Move, viewer: int | None) -> str:
        n = move.number or 0
        meld = s.melds[n - 1].describe().split(":")[0] if 1 <= n <= len(s.melds) else f"meld {n}"
        end = f", at the {move.flag} end" if move.flag else ""
        return f"Lay {C.LABEL_OF[move.cards[0]]} off on the {meld}{end}"


class Discard(MoveKind["DrawDiscardState"]):
    """Discard a card, which ends the turn (or goes out, with the last card)."""

    verbs = ("discard",)

    def candidates(self, s: DrawDiscardState, seat: int) -> list[Move]:
        return [DISCARD[c] for c in sorted(set(s.hands[seat]))]

    def legal(self, s: DrawDiscardState, seat: int) -> list[Move]:
        return s._discard_moves(seat)

    def verify(self, s: DrawDiscardState, seat: int, move: Move) -> str | None:
        return s.discard_rule(seat, move)

    def apply(self, s: DrawDiscardState, seat: int, move: Move) -> None:
        s.discard_card(seat, move.cards[0])

    def describe(self, s: DrawDiscardState, move: Move, viewer: int | None) -> str:
        c = move.cards[0]
        last = len(s.hands[s.turn]) == 1
        return f"Discard {C.LABEL_OF[c]}" + (" and go out" if last else "")


class PlayPhase(TurnPhase):
    """Meld, lay off, and discard to end the turn. A game's subclass adds kinds (``kinds``) and
    refusals (``wrong``)."""

    wrong: ClassVar[dict[str, str]] = dict.fromkeys(
        ("draw", "take", "dig"), "You have drawn already this turn: meld, lay off or discard.")
    otherwise = "Meld, lay off, or end your turn with a discard."

    def kinds(self, s: DrawDiscardState) -> list[MoveKind[Any]]:
        return [LayMeld(s.RUMMY_RULES.meld_verb), LayOff(), Discard()]


__all__ = ["DISCARD", "DRAW", "ONLY", "TAKE", "Discard", "DrawFromStock", "DrawPhase", "LayMeld", "LayOff",
           "Phase", "PlayPhase", "TakeDiscard", "TurnPhase", "cards_words", "lay_off_move"]
