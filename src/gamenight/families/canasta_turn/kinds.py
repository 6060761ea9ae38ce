"""The kinds of move of the canasta turn (:class:`~gamenight.core.phases.MoveKind`): each kind's
rule is written once, as the state's verify-style method (``_draw_rule``, ``_pickup_rule``,
``_meld_rule``, ...: ``None`` or the sentence of the first rule the move breaks), so a game that
changes a rule (Samba's pile, Mexicana's bonus draw) overrides the rule itself and both the
listing and the refusal follow. A kind's legal moves are its candidates that verify; the meld
and the discard, listed at every step a bot takes, keep the state's fast listing, which the
conformance suite checks against the rule.

Each kind says its moves in the players' words: "Take the pile with 8♥ 8♠", "Meld three
sevens", "Add 9♣ to your nines", "Ask Bob: may I go out?", "Discard K♦".
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from gamenight.core.moves import Move
from gamenight.core.phases import MoveKind, OneMove, pile_top
from gamenight.equipment import cards as C
from gamenight.families.canasta import WILD
from gamenight.families.canasta_turn.going_out import NO, YES
from gamenight.families.canasta_turn.rules import IS_BLACK3, IS_WILD

if TYPE_CHECKING:
    from gamenight.core.views import Place
    from gamenight.families.canasta_turn.sequences import SequenceMixin
    from gamenight.families.canasta_turn.turn import CanastaState


def labels(cards: Iterable[int]) -> str:
    return " ".join(C.LABEL_OF[c] for c in cards)


def only(move: Move, *slots: str) -> bool:
    """Whether every argument of ``move`` is of one of ``slots`` (pieces, numbers, flag...)."""
    return all(arg.kind.slot in slots for arg in move.args)


_COUNT = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


def count_words(n: int, rank: int) -> str:
    """"three sevens", "a seven"."""
    plural = C.RANK_PLURALS[rank]
    if n == 1:
        word = plural[:-2] if plural.endswith("xes") else plural[:-1]
        return f"{'an' if word[0] in 'ae' else 'a'} {word}"
    return f"{_COUNT.get(n, str(n))} {plural}"


class Draw(MoveKind["CanastaState"]):
    """Draw from the stock (from one numbered stock pile where each player keeps his own)."""

    verbs = ("draw",)
    source = "stock"

    def candidates(self, s: CanastaState, seat: int) -> Iterable[Move]:
        return s._draw_candidates(seat)

    def verify(self, s: CanastaState, seat: int, move: Move) -> str | None:
        return s._draw_rule(seat, move)

    def target(self, s: CanastaState, seat: int, move: Move) -> Place | None:
        """The stock pile drawn from (each numbered where players keep their own); nowhere once
        the stock is exhausted (the move then declines the pile)."""
        if s.stock_dry:
            return None
        return {"zone": "stock" if move.number is None else f"stock/{move.number}"}

    def apply(self, s: CanastaState, seat: int, move: Move) -> None:
        s._draw(seat, move)

    def describe(self, s: CanastaState, move: Move, viewer: int | None) -> str:
        if s.stock_dry:
            return "Decline the pile: the stock is exhausted, so the hand is over"
        if move.number is not None:
            return f"Draw a card from stock pile {move.number}"
        k = min(s.draws_left, s.stock_size())
        if k == 1:
            return "Draw a card from the stock"
        return f"Draw {_COUNT.get(k, str(k))} cards from the stock"


class TakeUpcard(MoveKind["CanastaState"]):
    """The hand's first player may take the single turned-up card instead of drawing (DeMeritt)."""

    verbs = ("take",)

    def candidates(self, s: CanastaState, seat: int) -> Iterable[Move]:
        return [C.card_move("take", (s.discards[-1],))] if s.discards else []

    def verify(self, s: CanastaState, seat: int, move: Move) -> str | None:
        return s._take_rule(seat, move)

    def places(self, s: CanastaState, seat: int, move: Move) -> list[Place | None]:
        return pile_top("discards", len(s.discards))

    def apply(self, s: CanastaState, seat: int, move: Move) -> None:
        s._take_upcard(seat, move)

    def describe(self, s: CanastaState, move: Move, viewer: int | None) -> str:
        return f"Take the turned-up {labels(move.cards)}"


class Pickup(MoveKind["CanastaState"]):
    """Take the discard pile: its top card goes down at once with cards from the hand (or onto
    the side's meld), the rest of the pile to the hand."""

    verbs = ("pickup",)

    def target(self, s: CanastaState, seat: int, move: Move) -> Place | None:
        return pile_top("discards", len(s.discards))[0]  # the pile's top card, tapped where it lies

    def candidates(self, s: CanastaState, seat: int) -> Iterable[Move]:
        return s._pickup_candidates(seat)

    def verify(self, s: CanastaState, seat: int, move: Move) -> str | None:
        return s._pickup_rule(seat, move)

    def apply(self, s: CanastaState, seat: int, move: Move) -> None:
        s._pickup(seat, move)

    def describe(self, s: CanastaState, move: Move, viewer: int | None) -> str:
        top = s.discards[-1] if s.discards else None
        if top is None:
            return "Take the pile"
        if move.number is not None:
            return f"Take {C.LABEL_OF[top]} from the pile onto your meld {move.number}"
        if not move.cards:
            return f"Take the pile: {C.LABEL_OF[top]} goes onto your {C.RANK_PLURALS[C.RANK_OF[top]]}"
        return f"Take the pile with {labels(move.cards)}"


class Meld(MoveKind["CanastaState"]):
    """Start a book (``meld``) or add one card to one of the side's books (``add``)."""

    verbs = ("meld", "add")

    def candidates(self, s: CanastaState, seat: int) -> Iterable[Move]:
        return [move for move, _, _ in s._meld_candidates(s.team_of(seat), s.usable(seat))]

    def legal(self, s: CanastaState, seat: int) -> list[Move]:
        return s._meld_moves(seat)  # on every step a bot takes: the candidates each checked once

    def verify(self, s: CanastaState, seat: int, move: Move) -> str | None:
        return s._meld_rule(seat, move)

    def apply(self, s: CanastaState, seat: int, move: Move) -> None:
        s._lay(seat, move)

    def describe(self, s: CanastaState, move: Move, viewer: int | None) -> str:
        if move.verb == "add":
            return s._add_words(seat_team(s, viewer), move)
        return meld_words(move.cards)


def seat_team(s: CanastaState, viewer: int | None) -> int:
    """The team whose books a move names: the player whose turn it is (only he melds)."""
    return s.team_of(s.turn if viewer is None else viewer)


def meld_words(cards: tuple[int, ...]) -> str:
    """"Meld three sevens", "Meld two kings and 2♠", "Meld three wild cards", "Meld three black
    threes"; a run of one suit (Samba) by its cards."""
    naturals = [c for c in cards if not IS_WILD[c]]
    wilds = [c for c in cards if IS_WILD[c]]
    ranks = {C.RANK_OF[c] for c in naturals}
    if not naturals:
        return f"Meld {_COUNT.get(len(cards), str(len(cards)))} wild cards: {labels(cards)}"
    if len(ranks) > 1:
        return f"Meld the run {labels(cards)}"
    rank = ranks.pop()
    black = " black" if all(IS_BLACK3[c] for c in naturals) and rank == C.THREE else ""
    what = count_words(len(naturals), rank).replace(" threes", f"{black} threes", 1)
    return f"Meld {what}" + (f" and {labels(wilds)}" if wilds else "")


def book_words(rank: int) -> str:
    return "wild cards" if rank == WILD else C.RANK_PLURALS[rank]


class Discard(MoveKind["CanastaState"]):
    """Discard one card, ending the turn (six or more black threes together from the foot)."""

    verbs = ("discard",)

    def candidates(self, s: CanastaState, seat: int) -> Iterable[Move]:
        return s._discard_candidates(seat)

    def legal(self, s: CanastaState, seat: int) -> list[Move]:
        return s._discard_moves(seat)  # on every step a bot takes

    def verify(self, s: CanastaState, seat: int, move: Move) -> str | None:
        return s._discard_rule(seat, move)

    def apply(self, s: CanastaState, seat: int, move: Move) -> None:
        s._discard(seat, move)

    def describe(self, s: CanastaState, move: Move, viewer: int | None) -> str:
        if len(move.cards) > 1:
            return f"Discard {_COUNT.get(len(move.cards), str(len(move.cards)))} black threes"
        seat = s.turn
        out = len(s.hands[seat]) == len(move.cards) and (s.in_foot[seat] or not s.feet[seat])
        return f"Discard {labels(move.cards)}" + (" and go out" if out else "")


class Ask(OneMove["CanastaState"]):
    """Ask partner "may I go out?" right after the draw (binding)."""

    def rule(self, s: CanastaState, seat: int) -> str | None:
        return s._ask_rule(seat)

    def apply(self, s: CanastaState, seat: int, move: Move) -> None:
        s._ask(seat, move)

    def describe(self, s: CanastaState, move: Move, viewer: int | None) -> str:
        partner = s.partner(s.turn)
        who = "your partner" if partner is None else s.names[partner]
        return f"Ask {who}: may I go out?"

    def confirm(self, s: CanastaState, seat: int, move: Move) -> str | None:
        """The partner's answer binds: a yes means going out this turn."""
        return "Ask to go out? Your partner's answer binds you: on a yes you must go out this turn."


class Retract(OneMove["CanastaState"]):
    """Take back the books laid below the opening minimum this turn."""

    def rule(self, s: CanastaState, seat: int) -> str | None:
        return s._retract_rule(seat)

    def apply(self, s: CanastaState, seat: int, move: Move) -> None:
        s._retract(seat, move)

    def describe(self, s: CanastaState, move: Move, viewer: int | None) -> str:
        k = len(s.prov_cards)
        return f"Take back the {k} card{'s' if k != 1 else ''} laid below the minimum"


class Irregular(MoveKind["CanastaState"]):
    """Where a game penalises irregularities: ``short 9C`` ends the turn below the opening minimum
    (the short first meld comes back to the hand, charged, the minimum raised) and ``misplay KC
    2C 2D`` lays a meld the rules refuse (taken back, charged). Only typed: no move is listed, so
    every bot, search and playout keeps today's legal moves (the state accepts the typed move in
    ``_resolve``)."""

    verbs = ("short", "misplay")

    def candidates(self, s: CanastaState, seat: int) -> Iterable[Move]:
        return ()

    def verify(self, s: CanastaState, seat: int, move: Move) -> str | None:
        return s._irregular_rule(seat, move)

    def apply(self, s: CanastaState, seat: int, move: Move) -> None:
        s._irregular(seat, move)

    def describe(self, s: CanastaState, move: Move, viewer: int | None) -> str:
        if move.verb == "misplay":
            return f"Lay {labels(move.cards)} as a meld against the rules (each card taken back costs 100)"
        return f"End the turn below the minimum, discarding {labels(move.cards)} (the short meld is charged)"


class EndHand(OneMove["CanastaState"]):
    """The stock's last card was a red three: no discard, the player ends the hand."""

    def rule(self, s: CanastaState, seat: int) -> str | None:
        return s._end_rule(seat)

    def apply(self, s: CanastaState, seat: int, move: Move) -> None:
        s._end_hand(seat, move)

    def describe(self, s: CanastaState, move: Move, viewer: int | None) -> str:
        return "Finish the hand without a discard (the stock is exhausted)"

    def confirm(self, s: CanastaState, seat: int, move: Move) -> str | None:
        return "Finish the hand now? Everyone's cards are counted."


class Answer(MoveKind["CanastaState"]):
    """The partner asked "may I go out?" answers yes or no; the answer binds."""

    verbs = ("answer",)

    def candidates(self, s: CanastaState, seat: int) -> Iterable[Move]:
        return (YES, NO)

    def verify(self, s: CanastaState, seat: int, move: Move) -> str | None:
        if len(move.args) != 1 or move.flag not in ("yes", "no"):
            return "Answer your partner with one word: 'answer yes' or 'answer no'."
        return None

    def apply(self, s: CanastaState, seat: int, move: Move) -> None:
        s._answer(seat, move)

    def describe(self, s: CanastaState, move: Move, viewer: int | None) -> str:
        who = s.names[s.turn]
        if move.flag == "yes":
            return f"Yes: {who} may go out, and must"
        return f"No: {who} may not go out this turn"


class Merge(MoveKind["SequenceMixin"]):
    """Samba: merge two groups of one rank, or two sequences of one suit, into one meld."""

    verbs = ("merge",)

    def candidates(self, s: SequenceMixin, seat: int) -> Iterable[Move]:
        return s._merge_candidates(seat)

    def verify(self, s: SequenceMixin, seat: int, move: Move) -> str | None:
        return s._merge_rule(seat, move)

    def apply(self, s: SequenceMixin, seat: int, move: Move) -> None:
        s._merge(seat, move)

    def describe(self, s: SequenceMixin, move: Move, viewer: int | None) -> str:
        a, b = move.numbers[0], move.numbers[1]
        return f"Merge your melds {a} and {b} into one"


__all__ = ["Answer", "Ask", "Discard", "Draw", "EndHand", "Irregular", "Meld", "Merge", "Pickup", "Retract",
           "TakeUpcard", "book_words", "count_words", "labels", "meld_words", "only"]
