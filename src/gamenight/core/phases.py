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
:class:`MoveKind` holds one kind's verbs, its legal moves, the sentence refusing one and its
apply step side by side, and a :class:`KindsPhase` is a phase made of kinds, in the order their
moves are listed. The canasta kernel's turn is built this way (``TurnPhase``); the trick and the
rummy kernels take the same shape.

A kernel or game names its phases in a :class:`PhaseName` enum: each member is the name programs
read (``view["phase"]``) and the words a person reads (``view["phase_label"]``)::

    class Phase(PhaseName):
        DRAW = "draw", "Draw from the stock or take the pile"
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar, Generic, NamedTuple, Self, TypeVar

from gamenight.core.moves import Move

if TYPE_CHECKING:
    from gamenight.core.state import State

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


class MoveKind(NamedTuple):
    """One kind of move in a phase: its verbs, and the names of the state's methods that list its
    legal moves (``(seat) -> list[Move]``), say why one is not legal (``(seat, move) -> str``) and
    apply one (``(seat, move) -> None``). Names, not bound methods, so a phase builds its kinds
    once per state class instead of at every question."""

    verbs: tuple[str, ...]
    can: str
    why_not: str
    do: str


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


class KindsPhase(PhaseHandler[S]):
    """A phase made of kinds of move (``kinds``), listed in order; a verb of another phase is
    refused with its sentence in ``wrong``, anything else with ``otherwise``."""

    #: verbs of other phases, and the sentence that refuses them here
    wrong: ClassVar[dict[str, str]] = {}
    #: the sentence for any other move (None: the generic one)
    otherwise: ClassVar[str | None] = None

    def __init__(self) -> None:
        #: per state class: its kinds in order, and each verb's kind
        self._tables: dict[type, tuple[tuple[MoveKind, ...], dict[str, MoveKind]]] = {}
        #: per state class: each verb's apply step, as the class's function (no lookup by name
        #: and no bound method per move)
        self._steps: dict[type, dict[str, Callable[[S, int, Move], None]]] = {}

    def kinds(self, s: S) -> list[MoveKind]:
        """The phase's kinds for the state's class, in the order their moves are listed. Read
        once per class (from class-level settings only, such as a meld verb), then kept."""
        raise NotImplementedError

    def _table(self, s: S) -> tuple[tuple[MoveKind, ...], dict[str, MoveKind]]:
        table = self._tables.get(s.__class__)
        if table is None:
            kinds = tuple(self.kinds(s))
            table = self._tables[s.__class__] = (kinds, {v: k for k in kinds for v in k.verbs})
        return table

    def kind_of(self, s: S, verb: str) -> MoveKind | None:
        """The kind of move ``verb`` names in this phase, if any."""
        return self._table(s)[1].get(verb)

    def legal(self, s: S, seat: int) -> list[Move]:
        return [m for kind in self._table(s)[0] for m in getattr(s, kind.can)(seat)]

    def why_illegal(self, s: S, seat: int, move: Move) -> str:
        kind = self._table(s)[1].get(move.verb)
        if kind is not None:
            why: str = getattr(s, kind.why_not)(seat, move)
            return why
        if move.verb in self.wrong:
            return self.wrong[move.verb]
        return self.otherwise or super().why_illegal(s, seat, move)

    def apply(self, s: S, seat: int, move: Move) -> None:
        steps = self._steps.get(s.__class__)
        if steps is None:
            cls = s.__class__
            steps = self._steps[cls] = {verb: getattr(cls, kind.do)
                                        for verb, kind in self._table(s)[1].items()}
        steps[move.verb](s, seat, move)


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

    def _why_illegal(self, seat: int, move: Move) -> str:
        return self.phases[self.phase_name].why_illegal(self, seat, move)

    def _apply(self, seat: int, move: Move) -> None:
        self.phases[self.phase_name].apply(self, seat, move)


__all__ = ["KindsPhase", "MoveKind", "PhaseDispatch", "PhaseHandler", "PhaseName"]
