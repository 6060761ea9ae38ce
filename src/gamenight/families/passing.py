"""Passing cards before the play: everyone at once chooses cards for a neighbour, then they
change hands together (Hearts' pass, Rook's pass).

A game mixes :class:`Passes` into its trick state, puts :class:`PassPhase` in its ``phases``
table under its own phase name, and calls :meth:`Passes.start_passing` with how many cards go
how far round the table. Each seat chooses one card a move (``pass QS``, the kind
:class:`PassCard`: any card its game's ``pass_rule`` allows); a chosen card stays chosen, and
only how many each seat has chosen is public. When the last seat has chosen, the cards change
hands at once: each passer is told where its cards went (``knowledge``), each receiver gets
them through :meth:`Passes._receive` (into the hand, or held apart by a game whose player may
not look yet), and the game's :meth:`Passes._passing_done` runs.
"""

from __future__ import annotations

from typing import Any

from gamenight.core.events import Event
from gamenight.core.layout import Field, Kind, number_word
from gamenight.core.moves import Move
from gamenight.core.phases import MoveKind
from gamenight.core.zones import Knowledge, Show, Visibility, Zone
from gamenight.equipment import cards as C
from gamenight.families.tricks import ActingPhase

#: one interned move per card for the passing phase
PASS: list[Move] = [Move("pass", C.CARD_ARG[c]) for c in range(C.CARD_COUNT)]

#: what a person sees of a pass (merge into a game's ``FIELDS``)
PASS_FIELDS: tuple[Field, ...] = (
    Field("passes_chosen", "Chosen to pass", Kind.NUMBER, per_seat=True),
    Field("passed_cards", "You passed", Kind.PIECES, piece="card"),
    Field("received", "Received in the pass", Kind.MARKS, piece="card"),
    Field("choose", "Cards still to pass", Kind.CHOOSE),
)



class Passes:
    """Everyone at once passes ``pass_size`` cards to the seat ``pass_offset`` places round."""

    hands: list[list[int]]
    names: list[str]
    num_players: int
    knowledge: Knowledge
    events: list[Event]
    emit: Any  # State.emit

    def init_passing(self) -> None:
        n = self.num_players
        #: the cards each seat has chosen to pass (its own until the exchange)
        self.chosen: list[list[int]] = [[] for _ in range(n)]
        #: the cards each seat received in this deal's pass (marked in its hand)
        self.received: list[list[int]] = [[] for _ in range(n)]
        #: the seats still choosing
        self.waiting: frozenset[int] = frozenset()
        self.pass_size = 0
        self.pass_offset = 0
        self.pass_direction = ""

    def start_passing(self, size: int, offset: int, direction: str) -> None:
        """Every seat passes ``size`` cards to the seat ``offset`` places to its left (negative:
        to its right); ``direction`` is how players say it ("left")."""
        self.chosen = [[] for _ in range(self.num_players)]
        self.received = [[] for _ in range(self.num_players)]
        self.pass_size = size
        self.pass_offset = offset
        self.pass_direction = direction
        self.waiting = frozenset(range(self.num_players))

    def pass_target(self, seat: int) -> int:
        return (seat + self.pass_offset) % self.num_players

    def choose_pass(self, seat: int, c: int) -> None:
        """``seat`` sets ``c`` aside to pass; the last seat's last card makes the exchange."""
        self.hands[seat].remove(c)
        chosen = self.chosen[seat]
        chosen.append(c)
        if len(chosen) < self.pass_size:
            return
        self.waiting = self.waiting - {seat}
        self.emit("passed", f"{self.names[seat]} has chosen {number_word(self.pass_size)} cards to pass.",
                  seat=seat)
        if not self.waiting:
            self._exchange()

    def _exchange(self) -> None:
        """Everyone has chosen: the cards change hands at once, and each passer knows where
        its cards went."""
        for s in range(self.num_players):
            t = self.pass_target(s)
            cards = self.chosen[s]
            self.received[t] = list(cards)
            seen = self._receive(t, s, cards)
            labels = " ".join(C.LABEL_OF[c] for c in cards)
            self.emit("pass", f"You pass {labels} to {self.names[t]}.", seat=s, to=s, cards=C.codes(cards))
            if seen:
                self.emit("receive", f"You receive {labels} from {self.names[s]}.", seat=t, to=t,
                          cards=C.codes(cards))
            else:
                self.emit("receive", f"{self.names[s]} passes you {number_word(len(cards))} cards, face "
                                     "down for now.", seat=t, to=t)
        self.chosen = [[] for _ in range(self.num_players)]
        self._passing_done()

    def _receive(self, seat: int, passer: int, cards: list[int]) -> bool:
        """Hook: ``seat`` takes the cards ``passer`` passed it (into its hand, by default); whether
        it sees them now (a game may hold them face down for a while: its event then names none)."""
        self.hands[seat].extend(cards)
        self.knowledge.tell(f"hand/{seat}", cards, [passer])
        return True

    def _passing_done(self) -> None:
        """Hook: the cards have changed hands."""
        raise NotImplementedError

    def pass_rule(self, seat: int, c: int) -> str | None:
        """Hook: why ``seat`` may not pass ``c``, a card of its hand, or ``None``: any card may be
        passed unless the game says."""
        return None

    def pass_example(self, seat: int) -> str:
        """How to pass, for a move that is not one card: how many, to whom, an example."""
        to = self.names[self.pass_target(seat)]
        return (f"Pass {number_word(self.pass_size)} cards {self.pass_direction} to {to}, one at a time, "
                "for example 'pass QS'.")

    def pass_view(self, seat: int | None, *, passing: bool) -> dict[str, Any]:
        """The view's entries about the pass; ``passing``: the game is in its passing phase."""
        passed = None
        if seat is not None and not passing and self.received[self.pass_target(seat)]:
            to = self.pass_target(seat)
            passed = {"to": to, "cards": C.codes(sorted(self.knowledge.known_to(seat, f"hand/{to}")))}
        return {
            # how many cards each seat has chosen, while they choose
            "passes_chosen": [len(p) for p in self.chosen] if passing else None,
            "my_pass": C.codes(self.chosen[seat]) if seat is not None else None,
            "passed": passed,
            "received": C.codes(self.received[seat]) if seat is not None else None,
            "choose": ({"verb": "pass", "count": self.pass_size - len(self.chosen[seat])}
                       if passing and seat is not None and seat in self.waiting else None),
            "passed_cards": passed["cards"] if passed else None,
        }

    def pass_zones(self) -> list[Zone]:
        """While passing, the cards each seat has chosen to pass (its own until the exchange)."""
        return [
            Zone(f"pass/{s}", cards, C.CARD_TEXT, owner=s, visibility=Visibility.OWNER,
                 label=f"{self.names[s]}'s cards to pass", show=Show.ROW)
            for s, cards in enumerate(self.chosen)
        ]


class PassCard(MoveKind[Any]):  # Passes is a mixin, not a State
    """Choose a card of the hand to pass, one at a time: any the game's ``pass_rule`` allows."""

    verbs = ("pass",)

    def candidates(self, s: Passes, seat: int) -> list[Move]:
        # the passing games are played with one deck: a hand holds each card once
        return [PASS[c] for c in s.hands[seat]] if seat in s.waiting else []

    def legal(self, s: Passes, seat: int) -> list[Move]:
        # every deal of Hearts passes: a game with no rule of its own passes any card of the hand
        if type(s).pass_rule is not Passes.pass_rule:
            return super().legal(s, seat)
        return self.candidates(s, seat)

    def verify(self, s: Passes, seat: int, move: Move) -> str | None:
        if len(move.args) != 1 or len(move.cards) != 1:
            return s.pass_example(seat)
        c = move.cards[0]
        if c in s.hands[seat]:
            return s.pass_rule(seat, c)
        if c in s.chosen[seat]:
            return f"You have already chosen {C.NAME_OF[c]} to pass."
        return f"You do not hold {C.NAME_OF[c]}."

    def apply(self, s: Passes, seat: int, move: Move) -> None:
        s.choose_pass(seat, move.cards[0])

    def describe(self, s: Passes, move: Move, viewer: int | None) -> str:
        seat = viewer if viewer is not None and viewer in s.waiting else None
        to = f" to {s.names[s.pass_target(seat)]}" if seat is not None else ""
        left = s.pass_size - len(s.chosen[seat]) if seat is not None else s.pass_size
        label = C.LABEL_OF[move.cards[0]]
        return f"Pass {label}{to}" + (f" ({left - 1} more to choose)" if left > 1 else "")


class PassPhase(ActingPhase):
    """Everyone at once passes cards, one at a time; when all have chosen they change hands."""

    def to_act(self, s: Passes) -> frozenset[int]:
        return s.waiting

    def kinds(self, s: Passes) -> list[MoveKind[Any]]:
        return [PassCard()]

    def why_not_other(self, s: Passes, seat: int, move: Move) -> str | None:
        return s.pass_example(seat)
