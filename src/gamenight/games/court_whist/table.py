"""One table of a Court Whist party: a four-handed trick table on the trick kernel.

A :class:`CourtTable` is a :class:`~gamenight.families.tricks.TrickState` of four chairs that
the party (``party.py``) owns and drives: the kernel deals, follows suit, wins tricks and lists
the table's zones exactly as for any trick game; the table adds Coronation's naming of trumps and
Conspiracy's turned-up card, and hands each finished hand back to the party, which scores it and
moves the players. Its seats are chairs 0-3; ``seats[chair]`` is the party seat sitting there,
and its names are theirs. It is never registered as a game and never played directly: its
events are collected by the party (:meth:`take_events`), its RNG and knowledge are the party's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from gamenight.core.events import Event
from gamenight.core.moves import Move
from gamenight.core.phases import MoveKind, PhaseHandler, PhaseName
from gamenight.equipment import cards as C
from gamenight.families.match import MatchRules
from gamenight.families.tricks import ONLY, ActingPhase, Phase, PlayPhase, TrickState
from gamenight.games.court_whist import rules as R

if TYPE_CHECKING:
    from gamenight.games.court_whist.party import CourtWhist

#: Coronation: naming a suit for trumps
CALL: list[Move] = [Move("call", C.SUIT_ARG[s]) for s in range(4)]


class CourtPhase(PhaseName):
    """The table's own phases besides the kernel's play; ``str`` is what views show."""

    NAME = "name_trump", "Naming trumps"
    WAIT = "wait", "Waiting for the other tables to finish the game"


class NameTrumps(MoveKind["CourtTable"]):
    """Coronation: the holder of the hand's king names any of the four suits for trumps."""

    verbs = ("call",)

    def candidates(self, s: CourtTable, seat: int) -> list[Move]:
        return CALL

    def verify(self, s: CourtTable, seat: int, move: Move) -> str | None:
        return None if move in CALL else s.name_trumps_first()

    def apply(self, s: CourtTable, seat: int, move: Move) -> None:
        assert move.suit is not None
        s.trump_named(seat, move.suit)

    def describe(self, s: CourtTable, move: Move, viewer: int | None) -> str:
        assert move.suit is not None
        return f"Name {C.SUIT_NAMES[move.suit]} trumps"


class NamePhase(ActingPhase):
    """Coronation: the holder of the hand's king names any suit for trumps before the lead."""

    def to_act(self, s: CourtTable) -> frozenset[int]:
        return ONLY[s.namer]

    def kinds(self, s: CourtTable) -> list[MoveKind[Any]]:
        return [NameTrumps()]

    def why_not_other(self, s: CourtTable, seat: int, move: Move) -> str | None:
        return s.name_trumps_first()


class CourtPlay(PlayPhase):
    def why_not_other(self, s: TrickState, seat: int, move: Move) -> str | None:
        return "Trumps are settled: play a card, for example 'play QS'."


class WaitPhase(PhaseHandler["CourtTable"]):
    def why_illegal(self, s: CourtTable, seat: int, move: Move) -> str:
        return "Your table has played its four hands: the others are still finishing the game."


class CourtTable(TrickState):
    """A table of four chairs; partners opposite (0 & 2, 1 & 3); the men in chairs 0 and 1."""

    phases: ClassVar[dict[str, PhaseHandler[Any]]] = {
        **TrickState.phases, CourtPhase.NAME: NamePhase(), CourtPhase.WAIT: WaitPhase(),
        Phase.PLAY: CourtPlay(),
    }

    def __init__(self, party: CourtWhist, number: int) -> None:
        super().__init__(party.spec, party.options, R.CHAIRS, party.seed, party.stacked_deck)
        self._init_tricks(MatchRules(deals=R.HANDS_PER_GAME * len(R.GAMES)), teams=2)
        self.party = party
        self.rng = party.rng
        self.number = number  # from 0
        self.seats: list[int] = []
        self.game = R.GAMES[0]
        self.hand = 0  # this game's hand, from 0
        self.first_dealer = 0
        self.namer = 0
        self.turned: int | None = None  # Conspiracy's card, while the dealer still holds it
        #: each chair's partnership figure over this game's hands, before speech penalties
        self.game_totals = [0] * R.CHAIRS
        self.phase_name = CourtPhase.WAIT

    # ---- the party's handle on the table -------------------------------------------------

    def seat_players(self, seats: list[int], names: list[str]) -> None:
        self.seats = list(seats)
        self.names = [names[p] for p in seats]

    def take_events(self) -> list[Event]:
        """The events since the last call, in party seats (the party logs them)."""
        seats = self.seats
        out = [Event(e.kind, e.text, seats[e.seat] if e.seat is not None else None,
                     seats[e.to] if e.to is not None else None, e.data) for e in self.events]
        self.events.clear()
        return out

    def start_game(self, game: R.Game, first_dealer: int) -> None:
        self.game = game
        self.hand = 0
        self.first_dealer = first_dealer
        self.game_totals = [0] * R.CHAIRS
        self.start_hand()

    @property
    def waiting(self) -> bool:
        return self.phase_name == CourtPhase.WAIT

    # ---- a hand -----------------------------------------------------------------------

    def start_hand(self) -> None:
        self.begin_deal()
        self.dealer = (self.first_dealer + self.hand) % R.CHAIRS
        game = self.game
        self.set_trump(R.fixed_trump(game, self.hand))
        self.deal_hands(13)
        self.turned = None
        what = f"{game.name}, hand {self.hand + 1} of {R.HANDS_PER_GAME}: {self.names[self.dealer]} deals"
        if game.trump is R.Trump.TURNED:
            # the last card dealt is the dealer's: shown to all, then kept (everyone knows he holds it)
            card = self.hands[self.dealer][-1]
            self.turned = card
            self.set_trump(C.SUIT_OF[card])
            self.party.knowledge.tell(self.party.hand_key(self.seats[self.dealer]), [card])
            self.emit("hand", f"{what} and turns up the last card dealt, {C.LABEL_OF[card]}: "
                              f"{C.SUIT_NAMES[C.SUIT_OF[card]]} are trumps.",
                      seat=self.dealer, trump_card=C.CODE_OF[card])
        elif game.trump is R.Trump.NAMED:
            king = R.KINGS[self.hand]
            self.namer = next(c for c in range(R.CHAIRS) if king in self.hands[c])
            self.emit("hand", f"{what}; {self.names[self.namer]} holds {C.LABEL_OF[king]} and names trumps.",
                      seat=self.dealer)
            self.phase_name = CourtPhase.NAME
            return
        else:
            trumps = f"{C.SUIT_NAMES[self.trump]} are trumps" if self.trump is not None else "no trumps"
            self.emit("hand", f"{what}; {trumps}.", seat=self.dealer)
        self.start_play(self.left_of_dealer())

    def name_trumps_first(self) -> str:
        """Coronation's sentence to the namer, for any move but naming one of the four suits."""
        king = C.NAME_OF[R.KINGS[self.hand]]
        return f"You hold {king}: name trumps first, for example 'call H' (any of the four suits)."

    def trump_named(self, chair: int, suit: int) -> None:
        self.set_trump(suit)
        self.emit("trump", f"{self.names[chair]} names {C.SUIT_NAMES[suit]} trumps.", seat=chair,
                  suit=C.SUITS[suit])
        self.start_play(self.left_of_dealer())

    def play_card(self, seat: int, c: int) -> None:
        if c == self.turned and seat == self.dealer:
            self.party.knowledge.forget(self.party.hand_key(self.seats[seat]), [c])
            self.turned = None
        super().play_card(seat, c)

    def _on_hand_over(self) -> None:
        faces = [R.face_cards(cards) for cards in self.taken]
        figures = R.hand_figures(self.game, self.tricks_won, faces)
        for chair in range(R.CHAIRS):
            self.game_totals[chair] += figures[chair]
        self.party.hand_scored(self, figures, faces)
        self.hand += 1
        if self.hand < R.HANDS_PER_GAME:
            self.start_hand()
        else:
            self.phase_name = CourtPhase.WAIT
            self.party.table_done(self)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return self._trick_view(seat)


__all__ = ["CALL", "CourtPhase", "CourtTable"]
