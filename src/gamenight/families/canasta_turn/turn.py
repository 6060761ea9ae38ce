"""The turn: its phases, one handler each, and the state they drive.

Phases take the core's shape (:mod:`gamenight.core.phases`): a :class:`PhaseHandler` answers the
four questions of one phase (who acts, what is legal, why a move is not, what a move does), so the
state's dispatch is one lookup in ``phases``. The turn player's phases are :class:`TurnPhase` s
(the core's ``KindsPhase`` acted by the player whose turn it is): a list of kinds of move
(:mod:`.kinds`), each a :class:`MoveKind` whose ``verify`` is the state's one rule method for that
kind (``_draw_rule``, ``_pickup_rule``, ``_meld_rule``, ``_discard_rule``...), in the order its
moves are listed: the legal moves are the candidates the rule allows, and a refusal is the
rule's sentence. A game adds its own phases (Hand and Foot's packet choice) by extending ``phases``.

The draw and the discard, which begin and end a turn, live here with the state class; the other
kinds of move are in their concern's module (:mod:`.pile`, :mod:`.melds`, :mod:`.going_out`,
:mod:`.opening`).
"""

from __future__ import annotations

from typing import Any, ClassVar

from gamenight.core.moves import Move
from gamenight.core.notation import NUMBER
from gamenight.core.phases import KindsPhase, MoveKind, PhaseDispatch, PhaseHandler
from gamenight.equipment import cards as C
from gamenight.families.canasta_turn.base import Phase
from gamenight.families.canasta_turn.estimate import EstimateMixin
from gamenight.families.canasta_turn.going_out import ASK
from gamenight.families.canasta_turn.kinds import (
    Answer,
    Ask,
    Discard,
    Draw,
    EndHand,
    Irregular,
    Meld,
    Pickup,
    Retract,
    TakeUpcard,
    only,
)
from gamenight.families.canasta_turn.opening import CARD_TAKEN_BACK, RETRACT, SHORT_MELD_RAISE
from gamenight.families.canasta_turn.rules import BONUS, CLASS, END, ENDS, MAY_MELD
from gamenight.families.canasta_turn.view import ViewMixin

DRAW = Move("draw")
#: the hand's end, said by a player who drew a red three as the stock's last card and may not discard
END_HAND = Move("end")
#: who acts, for each seat alone (asked at every query: built once)
ONE_SEAT = tuple(frozenset((seat,)) for seat in range(16))


class TurnPhase(KindsPhase["CanastaState"]):
    """A phase of the player whose turn it is, made of kinds of move."""

    def to_act(self, s: CanastaState) -> frozenset[int]:
        return ONE_SEAT[s.turn]


class DrawPhase(TurnPhase):
    """Draw from the stock, take the pile, or (the starter) the turned-up card."""

    otherwise = "Draw first: 'draw', or take the discard pile with 'pickup' and a natural pair."

    def kinds(self, s: CanastaState) -> list[MoveKind[Any]]:
        return [Draw(), TakeUpcard(), Pickup()]


class PlayPhase(TurnPhase):
    """Meld and add, discard (ending the turn), ask partner, take provisional books back."""

    wrong = {verb: "You have drawn already this turn: meld, add or discard."
             for verb in ("draw", "pickup", "take")} | {"answer": "Only the partner who was asked answers."}
    otherwise = "Meld, add to your books, or discard a card to end your turn."

    def kinds(self, s: CanastaState) -> list[MoveKind[Any]]:
        return [Meld(), Discard(), Ask(ASK), Retract(RETRACT), EndHand(END_HAND), Irregular()]


class AnswerPhase(TurnPhase):
    """The partner asked "may I go out?" answers; the answer binds."""

    otherwise = "Answer your partner: 'answer yes' or 'answer no'."

    def kinds(self, s: CanastaState) -> list[MoveKind[Any]]:
        return [Answer()]

    def to_act(self, s: CanastaState) -> frozenset[int]:
        partner = s.partner(s.turn)
        return frozenset(() if partner is None else (partner,))


class CanastaState(PhaseDispatch, ViewMixin, EstimateMixin):
    """A canasta-family game in progress; see the package docstring. Its four hooks are one
    lookup of ``phase_name`` in ``phases`` (:class:`~gamenight.core.phases.PhaseDispatch`)."""

    phases: ClassVar[dict[str, PhaseHandler[Any]]] = {
        Phase.DRAW: DrawPhase(), Phase.PLAY: PlayPhase(), Phase.ANSWER: AnswerPhase(),
        Phase.OVER: PhaseHandler(),
    }
    #: a book starts with three cards ("meld"); more go on it one by one ("add")
    GROWS: ClassVar[dict[str, str]] = {"meld": "add"}

    # ---- the turn's start --------------------------------------------------------------

    def start_play(self, first: int) -> None:
        """After the deal: red threes go out seat by seat from ``first``, then ``first`` plays.
        Without a foot every hand is its player's last packet from the start."""
        n = self.num_players
        self.has_melded = [False] * n
        self.concealed_out = False
        if not self.turn_rules.foot:
            self.in_foot = [True] * n
        if self.turn_rules.red_threes == BONUS:
            for seat in self.seats_from(first):
                self._lay_red_threes(seat, replace=True)
        self.begin_turn(first)

    def begin_turn(self, seat: int) -> None:
        self.turn = seat
        self._reset_turn()
        self.phase_name = Phase.DRAW
        self.draws_left = self.turn_rules.draw
        self.books_before = len(self.books[self.team_of(seat)])
        self.stock_dry = self.stock_size() < self.turn_rules.draw
        if self.stock_dry and (self.turn_rules.stock_out == END or not self._pickup_moves(seat)):
            self.emit("stock_out", "The stock is exhausted: the hand is over.")
            self._round_over(None)

    # ---- draw: the candidates, the rule, what it does ------------------------------------

    def _draw_candidates(self, seat: int) -> list[Move]:
        if self.stock_dry or len(self.stocks) == 1:
            return [DRAW]
        return [Move("draw", NUMBER(i + 1)) for i in range(len(self.stocks))]

    def _draw_rule(self, seat: int, move: Move) -> str | None:
        """The draw: from the stock, or (each player keeping his own piles) from one numbered pile
        at a time; with the stock exhausted, only to decline a pile he is not bound to take
        (``forced_take``), which ends the hand."""
        if self.stock_dry:
            if not self.turn_rules.forced_take:
                return "The stock is empty: take the discard pile, if you can."
            if self._take_forced(seat):
                return ("The stock is exhausted and the pile's top card fits your side's meld: you must "
                        "take the pile.")
            return "Say just 'draw' to decline the pile (the stock is exhausted)." if move.args else None
        if len(self.stocks) == 1:
            return "Draw from the stock with just 'draw'." if move.args else None
        n = move.number
        if n is None or len(move.args) != 1:
            return "Say which stock pile you draw from, for example 'draw 1'."
        if not 1 <= n <= len(self.stocks):
            return f"There is no stock pile {n}: they are numbered 1 to {len(self.stocks)}."
        if not self.stocks[n - 1]:
            return f"That stock pile is empty: draw from another one ({n} has no card left)."
        return None

    def _draw(self, seat: int, move: Move) -> None:
        if self.stock_dry:
            self.emit("stock_out", f"{self.names[seat]} declines the pile and cannot draw: the stock is "
                                   "exhausted, and the hand is over.", seat=seat)
            self._round_over(None)
            return
        pile_no = move.number
        hand = self.hands[seat]
        if pile_no is None:
            got = [self.stocks[0].pop() for _ in range(min(self.draws_left, len(self.stocks[0])))]
            self.draws_left = 0
            where = "the stock"
        else:
            got = [self.stocks[pile_no - 1].pop()]
            self.draws_left -= 1
            where = f"stock pile {pile_no}"
        hand.extend(got)
        self.upcard_take = False
        count = "a card" if len(got) == 1 else f"{len(got)} cards"
        self.emit("draw", f"{self.names[seat]} draws {count} from {where}.", seat=seat)
        self.emit("drawn", f"You draw {', '.join(C.LABEL_OF[c] for c in got)}.", seat=seat, to=seat,
                  cards=C.codes(got))
        if self.draws_left == 0 or self.stock_size() == 0:
            short = self._lay_red_threes(seat, replace=True)
            self.phase_name = Phase.PLAY
            if short and self._last_red_three():
                return
            if self.stock_size() == 0 and not self._legal(seat):
                # red threes the empty stock could not replace left him no way to end the turn:
                # the stock is exhausted, and with it the hand (classic canasta's last red three)
                self.emit("stock_out", "The stock is exhausted: the hand is over.")
                self._round_over(None)

    def _last_red_three(self) -> bool:
        """A red three drawn as the stock's last card (it cannot be replaced): under ``ends`` the
        hand is over at once; under ``may_meld`` he may meld but not discard, and ``end`` ends
        it. Whether the hand ended here."""
        rule = self.turn_rules.last_red_three
        if rule == ENDS:
            self.emit("stock_out", "The stock's last card was a red three: the hand is over.")
            self._round_over(None)
            return True
        if rule == MAY_MELD:
            self.no_discard = True
            self.emit("last_red_three", "The stock's last card was a red three: meld if you like, then "
                                        "'end' (no discard); the hand is then over.")
        return False

    # ---- end (the last red three): the rule, what it does -----------------------------

    def _end_rule(self, seat: int) -> str | None:
        if not self.no_discard:
            return "Only a player who drew a red three as the stock's last card ends the hand so."
        if self.prov_active:
            return self._why_not_discard_below_minimum(seat)
        return None

    def _end_hand(self, seat: int, move: Move) -> None:
        self.emit("stock_out", f"{self.names[seat]} ends the hand: the stock is exhausted.", seat=seat)
        self._round_over(None)

    # ---- discard: the candidates, the rule (and its fast listing), what it does ----------

    def _discard_candidates(self, seat: int) -> list[Move]:
        hand = self.hands[seat]
        out = [Move("discard", C.CARD_ARG[c]) for c in sorted(set(hand))]
        black = self._black_six(seat)
        if black and self.in_foot[seat]:
            out.append(C.card_move("discard", black))
        return out

    def _discard_moves(self, seat: int) -> list[Move]:
        """The candidates :meth:`_discard_rule` allows, the rule read once for the whole hand."""
        hand = self.hands[seat]
        last = len(hand) == 1
        if self.no_discard or (self.prov_active and not (last and self._exempt(seat))):
            return []
        out: list[Move] = []
        going_out = self.in_foot[seat] and last
        if self._must_go_out(seat) and not last:
            pass
        elif not going_out or self._may_go_out(seat, self.books[self.team_of(seat)]):
            out.extend(Move("discard", C.CARD_ARG[c]) for c in sorted(set(hand)))
        out.extend(self._mass_discard_moves(seat))
        return out

    def _mass_discard_moves(self, seat: int) -> list[Move]:
        """``six_discard``: six or more black threes discarded together from the foot."""
        if not self.in_foot[seat]:
            return []
        black = self._black_six(seat)
        if black and self._mass_discard_ok(seat, len(self.hands[seat]) - len(black)):
            return [C.card_move("discard", black)]
        return []

    def _mass_discard_ok(self, seat: int, left: int) -> bool:
        if self._must_go_out(seat) and left:
            return False
        if left == 0:
            return self._may_go_out(seat, self.books[self.team_of(seat)])
        return True

    def _discard_rule(self, seat: int, move: Move) -> str | None:
        """One card from the hand ends the turn (the last one going out, when he may); six or more
        black threes may go together from the foot (``six_discard``); none below the minimum with
        books laid, none after the stock's last red three, none but the last after a "yes"."""
        if not move.cards or not only(move, "pieces"):
            return "Say which card you discard, for example 'discard 9C'."
        hand = self.hands[seat]
        missing = self._missing(hand, move.cards)
        if missing:
            return missing
        if self.no_discard:
            return "The stock's last card was a red three: you may meld, but not discard ('end')."
        last = len(hand) == len(move.cards)
        if self.prov_active and not (len(hand) == 1 and self._exempt(seat)):
            return self._why_not_discard_below_minimum(seat)
        if len(move.cards) > 1:
            black = self._black_six(seat)
            if not (black and self.in_foot[seat] and sorted(move.cards) == list(black)):
                return ("Discard one card: only six or more black threes go together, all of them, and "
                        "only from the foot.")
        must = self._must_go_out(seat)
        if must and not last:
            return must + ": you must go out this turn, so meld your cards first."
        books = self.books[self.team_of(seat)]
        if last and (self.in_foot[seat] or len(move.cards) > 1) and not self._may_go_out(seat, books):
            what = "cards" if len(move.cards) > 1 else "card"
            return f"You may not discard your last {what}: " + self._why_not_out(seat, books)
        return None

    def _discard(self, seat: int, move: Move) -> None:
        cards = move.cards
        hand = self.hands[seat]
        self._remove_from_hand(seat, cards)
        self.discards.extend(cards)
        if self.in_foot[seat]:
            self.played_foot[seat] = True
        self.emit("discard", f"{self.names[seat]} discards {' '.join(C.LABEL_OF[c] for c in cards)}.",
                  seat=seat, cards=C.codes(cards))
        if not hand:
            if self.in_foot[seat] or not self.feet[seat]:
                self.emit("out", f"{self.names[seat]} goes out.", seat=seat)
                self._round_over(seat)
                return
            self._take_foot(seat)
        if self.melded or self.took_pile:
            self.has_melded[seat] = True
        self.begin_turn(self.next_seat(seat))

    # ---- reading what a person types ---------------------------------------------------

    def _nameable(self, seat: int, verb: str) -> list[int]:
        """The cards a player may name for a move of ``verb``: below the minimum after taking the
        pile, a meld or an add may use only the hand he held (the pile's top card went down with
        the pickup), never the pile's other cards, which wait in the hand until the minimum is met."""
        return self.usable(seat) if verb in ("meld", "add") else self.hands[seat]

    def _resolve(self, seat: int, move: Move, legal: list[Move]) -> Move | None:
        """Cards the player holds named instead of the interchangeable ones listed (suits never
        matter in books), or ``add`` without a book number; or an irregular play, typed only
        (never listed, so no bot makes one), accepted where the game penalises irregularities."""
        if move.verb in Irregular.verbs:
            return move if self.penalise and self._irregular_rule(seat, move) is None else None
        if move.verb not in ("meld", "add", "pickup", "discard"):
            return None
        if self._missing(self._nameable(seat, move.verb), move.cards):
            return None
        want = sorted(CLASS[c] for c in move.cards)
        for m in legal:
            if m.verb != move.verb or m.flag != move.flag or len(m.cards) != len(move.cards):
                continue
            if move.number is not None and m.number != move.number:
                continue
            if sorted(CLASS[c] for c in m.cards) != want:
                continue
            if move.number is None and m.number is not None:
                same = [x for x in legal if x.verb == m.verb and sorted(CLASS[c] for c in x.cards) == want]
                if len(same) > 1:
                    return None
            # the cards he named go down (or to the pile), where the listed move would put its own
            return C.card_move(m.verb, move.cards, m.number, m.suit, m.flag)
        return None

    # ---- irregularities, where a game penalises them (the charges: :mod:`.opening`) ------

    def _irregular_rule(self, seat: int, move: Move) -> str | None:
        """``short 9C`` (end the turn below the minimum: the short first meld is taken back, then
        the discard) and ``misplay KC 2C 2D`` (a meld the rules refuse, laid and taken back):
        allowed only where irregularities are penalised, and only when the plain move is refused."""
        if not self.penalise:
            return "Irregular plays are prevented at this table: make a legal move."
        if not move.cards or not only(move, "pieces"):
            return "Name the cards, for example 'short 9C' or 'misplay KC 2C 2D'."
        missing = self._missing(self.hands[seat], move.cards)
        if missing:
            return missing
        if move.verb == "misplay":
            if self._meld_rule(seat, C.card_move("meld", move.cards)) is None:
                return "That meld is legal: meld it."
            return None
        return self._short_rule(seat, move)

    def _short_rule(self, seat: int, move: Move) -> str | None:
        if len(move.cards) != 1:
            return "Name the one card you discard, for example 'short 9C'."
        if self.prov_pickup:
            return "You took the pile for your first meld: it must reach the minimum."
        if not self.prov_cards:
            return "Nothing was laid below your side's minimum this turn: discard as usual."
        after = self.clone()  # the discard must be legal once the short meld is back in the hand
        assert isinstance(after, CanastaState)
        after._retract(seat)
        return after._discard_rule(seat, C.card_move("discard", move.cards))

    def _irregular(self, seat: int, move: Move) -> None:
        if move.verb == "misplay":
            self._charge(seat, CARD_TAKEN_BACK * len(move.cards),
                         f"{' '.join(C.LABEL_OF[c] for c in move.cards)} laid as a meld the rules refuse "
                         "and taken back")
            return
        team = self.team_of(seat)
        laid = len(self.prov_cards)
        self._charge(seat, CARD_TAKEN_BACK * laid,
                     f"a first meld below the minimum, {laid} card{'s' if laid != 1 else ''} taken back")
        self.raised[team] += SHORT_MELD_RAISE
        self._retract(seat)
        self.emit("raised", f"Team {self.sheet.columns[team]}'s minimum rises by {SHORT_MELD_RAISE} "
                            f"to {self.minimum(team)} for the rest of the hand.")
        self._discard(seat, C.card_move("discard", move.cards))
