"""Phases: the shape every kernel's turn takes.

A game is always in one phase (bidding, passing, the draw, play, a partner's answer...), and the
four questions :class:`~gamenight.core.state.State` asks — who acts, what is legal, why a move is
not, what a move does — are each answered by the phase alone. So a kernel writes one
:class:`PhaseHandler` per phase, keeps its handlers in a ``phases`` table keyed by the phase's
name, names the current one in ``phase_name``, and mixes in :class:`PhaseDispatch`: the state's
four hooks (``_to_act``, ``_legal``, ``_why_illegal``, ``_apply``) and ``phase()`` become one
lookup in that table. A game adds a phase of its own by extending the table::

    class HandAndFoot(CanastaState):  # DeMeritt's rules: everyone first chooses his hand
        phases = {**CanastaState.phases, "choose": ChoosePacket()}

Within a phase, moves come in kinds (draw, pick up the pile, meld, discard): a
:class:`MoveKind` holds one kind's rule once — its candidates, ``verify`` (legal, or the sentence
of the rule broken), ``apply`` and ``describe`` — and a :class:`KindsPhase` is a phase made of
kinds, in the order their moves are listed; its legal moves are the kinds' candidates that
verify and its refusal of a move is the move's kind's ``verify``. Every acting phase of every
game is built this way.

A kernel or game names its phases in a :class:`PhaseName` enum: each member is the name programs
read (``view["phase"]``) and the words a person reads (``view["phase_label"]``)::

    class Phase(PhaseName):
        DRAW = "draw", "Draw from the stock or take the pile"
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, TypeVar

from gamenight.core.moves import Move

if TYPE_CHECKING:
    from gamenight.core.state import State
    from gamenight.core.views import Place

S = TypeVar("S", bound="State")


class PhaseName(StrEnum):
    """A phase's name and its label for players: ``DRAW = "draw", "Draw a card"``. The member is its
    name (a ``str``: what views show as ``phase`` and programs compare), ``label`` what a person
    reads (``phase_label``): words written for the table, never an identifier."""

    label: str

    def __new__(cls, value: str, label: str = "") -> Self:
        member = str.__new__(cls, value)
        member._value_ = value
        member.label = label
        return member


class MoveKind(Generic[S]):
    """One kind of move (draw, take the pile, meld, discard, bid, keep dice...), its rule written once.

    A kind answers four questions about its moves, each in one method:

    * :meth:`candidates` lists the moves of this kind that *might* be legal now, cheaply (every card
      in the hand for a discard, every scoring keep of the roll): never missing a legal one;
    * :meth:`verify` says whether one move is legal now: ``None``, or the sentence of the first rule
      it breaks — the one place the kind's rule is written;
    * :meth:`apply` does it;
    * :meth:`describe` says it in the players' words ("Keep the 1 and the 5");
    * :meth:`confirm` asks, for a move that ends the turn early or commits the hand (a knock, going
      alone, a bet), the question a player answers with a second tap before it is sent.

    The legal moves are the candidates that verify (:meth:`legal`); a kind whose listing is on a hot
    path overrides :meth:`legal` with a faster equivalent, which the conformance suite
    (``tests/conformance/test_kinds.py``) checks against the definition at every step it plays. A
    refused move's sentence is always its kind's :meth:`verify` (the same check), so the refusal and
    the listing cannot drift.

    Subclasses register themselves (:attr:`registry`): a program or a check can list every kind of
    move the games have. A kind keeps no state of its own; one instance serves every game.
    """

    #: the verbs this kind's moves are made with
    verbs: tuple[str, ...] = ()
    #: every kind of move, registered by the class itself when it is defined
    registry: ClassVar[list[type[MoveKind[Any]]]] = []
    #: a kind still written the old way (listing and refusal apart): :class:`ByName`
    legacy: ClassVar[bool] = False
    #: the question every move of this kind is confirmed with (None: one tap sends it)
    question: ClassVar[str | None] = None
    #: the zone a move of this kind takes from as a whole (the stock, the discard pile), where a
    #: person taps to make it (:meth:`target`); None: the move lies nowhere on the felt itself
    source: ClassVar[str | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        MoveKind.registry.append(cls)

    def candidates(self, s: S, seat: int) -> Iterable[Move]:
        """The moves of this kind that might be legal now: a superset of the legal ones."""
        raise NotImplementedError(f"{type(self).__name__} lists no candidates")

    def verify(self, s: S, seat: int, move: Move) -> str | None:
        """``None`` when ``move`` (one of this kind's verbs) is legal for ``seat`` now; else the
        sentence, in the players' words, of the first rule it breaks."""
        raise NotImplementedError(f"{type(self).__name__} has no rule")

    def apply(self, s: S, seat: int, move: Move) -> None:
        """Do a legal move of this kind, then every automatic step up to the next decision."""
        raise NotImplementedError(f"{type(self).__name__} cannot be applied")

    def legal(self, s: S, seat: int) -> list[Move]:
        """The legal moves of this kind: by definition the candidates that verify."""
        return [m for m in self.candidates(s, seat) if self.verify(s, seat, m) is None]

    def describe(self, s: S, move: Move, viewer: int | None) -> str:
        """The move in the players' words, as a button or a menu line reads it: by default its
        verb and its arguments in words ("Play Q♠", "Bid 3"); a kind says better where it can."""
        return move_words(move)

    def places(self, s: S, seat: int, move: Move) -> Sequence[Place | None] | None:
        """Where each of ``move``'s arguments lies on the table, for ``seat`` to tap it there (one
        entry per argument, ``None`` for one that lies nowhere but the hand or is no piece); by
        default nowhere: the page offers the move as a button, or by the hand's pieces."""
        return None

    def target(self, s: S, seat: int, move: Move) -> Place | None:
        """Where ``move`` itself lies on the table, apart from its arguments: the zone it takes
        from (:attr:`source`: Golf's draw is the stock, Canasta's pickup the pile), so a person
        taps the stock or the pile to make it; ``None`` for a move made by its arguments or a word."""
        return {"zone": self.source} if self.source else None

    def confirm(self, s: S, seat: int, move: Move) -> str | None:
        """The question a player confirms before ``move`` is sent, in the players' words ("Knock?
        Everyone else gets one more turn."), or ``None``: a move that cannot be taken back and
        ends the turn early or commits the hand asks, so a stray tap costs nothing. By default the
        kind's :attr:`question`; any move made alone (Euchre's "order alone") asks whatever its kind."""
        if any(arg.kind.slot == "flag" and arg.value == ALONE for arg in move.args):
            return ALONE_QUESTION
        return self.question


class OneMove(MoveKind[S]):
    """A kind with exactly one move, a verb alone (``draw``, ``stop``, ``knock``): its candidate is
    that move, a word after the verb is refused, and :meth:`rule` (default: none) says when it may
    not be made."""

    #: the one move of this kind
    move: Move

    def __init__(self, move: Move) -> None:
        self.move = move
        self.verbs = (move.verb,)

    def candidates(self, s: S, seat: int) -> Iterable[Move]:
        return (self.move,)

    def verify(self, s: S, seat: int, move: Move) -> str | None:
        if move.args:
            return f"'{self.move}' takes nothing after it: say just '{self.move}'."
        return self.rule(s, seat)

    def rule(self, s: S, seat: int) -> str | None:
        """Why the move may not be made now, or ``None``: by default it always may."""
        return None


class ByName(MoveKind[S]):
    """A kind still written the old way: the names of the state's methods that list its legal
    moves (``(seat) -> list[Move]``), say why one is not legal (``(seat, move) -> str``) and apply
    one (``(seat, move) -> None``). Its refusal and its listing are separate code, so it is marked
    :attr:`legacy`; a game moves each onto a :class:`MoveKind` of its own (the conformance suite
    lists the games that still have one)."""

    legacy: ClassVar[bool] = True

    def __init__(self, verbs: tuple[str, ...], can: str, why_not: str, do: str) -> None:
        self.verbs = verbs
        self.can = can
        self.why_not = why_not
        self.do = do

    def candidates(self, s: S, seat: int) -> Iterable[Move]:
        return self.legal(s, seat)

    def legal(self, s: S, seat: int) -> list[Move]:
        moves: list[Move] = getattr(s, self.can)(seat)
        return moves

    def verify(self, s: S, seat: int, move: Move) -> str | None:
        if move in self.legal(s, seat):
            return None
        why: str = getattr(s, self.why_not)(seat, move)
        return why

    def apply(self, s: S, seat: int, move: Move) -> None:
        getattr(s, self.do)(seat, move)


def pile_top(zone: str, size: int) -> list[Place | None]:
    """The one argument of a move taking a pile's top card (``take 8H``): that card, where the
    pile lies (nowhere when the pile is empty)."""
    return [{"zone": zone, "index": size - 1}] if size else [None]


#: the word that makes a bid a lone hand ("order alone", "call H alone")
ALONE = "alone"
ALONE_QUESTION = "Go alone? Your partner sits out this hand and you take every trick on your own."


def move_words(move: Move) -> str:
    """A move's verb and its arguments in words, capitalised: ``play QS`` reads "Play Q♠"."""
    words = " ".join(arg.kind.words(arg.value) for arg in move.args)
    verb = move.verb.capitalize()
    return f"{verb} {words}" if words else verb


class PhaseHandler(Generic[S]):
    """One phase: nobody acts and nothing is legal unless a subclass says so."""

    def to_act(self, s: S) -> frozenset[int]:
        return frozenset()

    def legal(self, s: S, seat: int) -> list[Move]:
        return []

    def why_illegal(self, s: S, seat: int, move: Move) -> str:
        return f"'{move}' is not a move you can make now."

    def apply(self, s: S, seat: int, move: Move) -> None:
        raise NotImplementedError(move.verb)

    def places(self, s: S, seat: int, move: Move) -> Sequence[Place | None] | None:
        """Where ``move``'s arguments lie on the table (:meth:`MoveKind.places`): nowhere here."""
        return None

    def target(self, s: S, seat: int, move: Move) -> Place | None:
        """Where ``move`` itself lies on the table (:meth:`MoveKind.target`): nowhere here."""
        return None

    def kinds_now(self, s: S) -> Sequence[MoveKind[S]] | None:
        """The kinds of move this phase is made of, or ``None`` for a phase written as a whole
        (a phase where nobody acts, or one not yet moved onto kinds)."""
        return None

    def describe(self, s: S, move: Move, viewer: int | None) -> str:
        return move_words(move)

    def confirm(self, s: S, seat: int, move: Move) -> str | None:
        """The question ``move`` is confirmed with (:meth:`MoveKind.confirm`), or ``None``."""
        return None


class KindsPhase(PhaseHandler[S]):
    """A phase made of kinds of move (``kinds``), listed in order; a verb of another phase is
    refused with its sentence in ``wrong``, anything else with ``otherwise``."""

    #: verbs of other phases, and the sentence that refuses them here
    wrong: ClassVar[dict[str, str]] = {}
    #: the sentence for any other move (None: the generic one)
    otherwise: ClassVar[str | None] = None

    def __init__(self) -> None:
        #: per state class: its kinds in order, and each verb's kind
        self._tables: dict[type, tuple[tuple[MoveKind[S], ...], dict[str, MoveKind[S]]]] = {}

    def kinds(self, s: S) -> Sequence[MoveKind[S]]:
        """The phase's kinds for the state's class, in the order their moves are listed. Read
        once per class (from class-level settings only, such as a meld verb), then kept."""
        raise NotImplementedError

    def _table(self, s: S) -> tuple[tuple[MoveKind[S], ...], dict[str, MoveKind[S]]]:
        table = self._tables.get(s.__class__)
        if table is None:
            kinds = tuple(self.kinds(s))
            table = self._tables[s.__class__] = (kinds, {v: k for k in kinds for v in k.verbs})
        return table

    def kinds_now(self, s: S) -> Sequence[MoveKind[S]] | None:
        return self._table(s)[0]

    def kind_of(self, s: S, verb: str) -> MoveKind[S] | None:
        """The kind of move ``verb`` names in this phase, if any."""
        return self._table(s)[1].get(verb)

    def legal(self, s: S, seat: int) -> list[Move]:
        kinds = (self._tables.get(s.__class__) or self._table(s))[0]
        if len(kinds) == 1:  # most phases (a pass, a discard, a bid): that kind's list as it comes
            return kinds[0].legal(s, seat)
        return [m for kind in kinds for m in kind.legal(s, seat)]

    def legal_of_verb(self, s: S, seat: int, verb: str) -> list[Move] | None:
        """The legal moves of the kind ``verb`` names: part of :meth:`legal`, which joins every
        kind's, so a move found here is legal without listing the others (a replayed discard need
        not list every meld). ``None`` where the phase lists its moves its own way."""
        if type(self).legal is not KindsPhase.legal:
            return None
        kind = self._table(s)[1].get(verb)
        return None if kind is None else kind.legal(s, seat)

    def why_illegal(self, s: S, seat: int, move: Move) -> str:
        kind = self._table(s)[1].get(move.verb)
        if kind is not None:
            why = kind.verify(s, seat, move)
            if why is not None:
                return why
            # the kind's rule allows what its listing left out: a defect the conformance suite
            # catches (test_kinds); the player still gets a sentence, never a crash
            return f"'{move}' is not a move you can make now."
        if move.verb in self.wrong:
            return self.wrong[move.verb]
        return self.otherwise or super().why_illegal(s, seat, move)

    def apply(self, s: S, seat: int, move: Move) -> None:
        (self._tables.get(s.__class__) or self._table(s))[1][move.verb].apply(s, seat, move)

    def describe(self, s: S, move: Move, viewer: int | None) -> str:
        kind = self._table(s)[1].get(move.verb)
        return move_words(move) if kind is None else kind.describe(s, move, viewer)

    def places(self, s: S, seat: int, move: Move) -> Sequence[Place | None] | None:
        kind = self._table(s)[1].get(move.verb)
        return None if kind is None else kind.places(s, seat, move)

    def target(self, s: S, seat: int, move: Move) -> Place | None:
        kind = self._table(s)[1].get(move.verb)
        return None if kind is None else kind.target(s, seat, move)

    def confirm(self, s: S, seat: int, move: Move) -> str | None:
        kind = self._table(s)[1].get(move.verb)
        return None if kind is None else kind.confirm(s, seat, move)


class PhaseDispatch:
    """Mixed into a state (before :class:`~gamenight.core.state.State`): its four hooks and
    ``phase()`` are one lookup of ``phase_name`` in ``phases``."""

    phases: ClassVar[Mapping[str, PhaseHandler[Any]]]
    phase_name: str
    #: a game's own words for a kernel's phase, by name (Gin's play is a discard or going out)
    PHASE_LABELS: ClassVar[Mapping[str, str]] = {}

    def phase(self) -> str:
        return str(self.phase_name)

    def phase_label(self) -> str:
        """The current phase in players' words: the game's own, else its :class:`PhaseName` label."""
        name = self.phase_name
        own = self.PHASE_LABELS.get(name)
        return own if own else str(getattr(name, "label", ""))

    def _to_act(self) -> frozenset[int]:
        return self.phases[self.phase_name].to_act(self)

    def _legal(self, seat: int) -> list[Move]:
        return self.phases[self.phase_name].legal(self, seat)

    def _legal_of_verb(self, seat: int, verb: str) -> list[Move] | None:
        if type(self)._legal is not PhaseDispatch._legal:  # a game that lists its moves its own way
            return None
        phase = self.phases[self.phase_name]
        return phase.legal_of_verb(self, seat, verb) if isinstance(phase, KindsPhase) else None

    def _why_illegal(self, seat: int, move: Move) -> str:
        return self.phases[self.phase_name].why_illegal(self, seat, move)

    def _apply(self, seat: int, move: Move) -> None:
        self.phases[self.phase_name].apply(self, seat, move)

    def move_kinds(self, seat: int) -> Sequence[MoveKind[Any]] | None:
        """The kinds of move ``seat``'s moves are now (``None``: the phase is written as a whole)."""
        return self.phases[self.phase_name].kinds_now(self)

    def describe_move(self, move: Move, viewer: int | None = None) -> str:
        """``move``, legal now, in the players' words (its kind's :meth:`MoveKind.describe`)."""
        return self.phases[self.phase_name].describe(self, move, viewer)

    def confirm_move(self, move: Move, seat: int) -> str | None:
        """The question ``move``, legal now for ``seat``, is confirmed with, or ``None`` (its kind's
        :meth:`MoveKind.confirm`)."""
        return self.phases[self.phase_name].confirm(self, seat, move)

    def place_move(self, move: Move, seat: int) -> Sequence[Place | None] | None:
        """Where ``move``'s arguments lie on the table for ``seat`` (its kind's :meth:`MoveKind.places`)."""
        return self.phases[self.phase_name].places(self, seat, move)

    def target_move(self, move: Move, seat: int) -> Place | None:
        """Where ``move`` itself lies on the table for ``seat`` (its kind's :meth:`MoveKind.target`)."""
        return self.phases[self.phase_name].target(self, seat, move)


__all__ = ["ALONE", "ALONE_QUESTION", "ByName", "KindsPhase", "MoveKind", "OneMove", "PhaseDispatch",
           "PhaseHandler", "PhaseName", "move_words", "pile_top"]
