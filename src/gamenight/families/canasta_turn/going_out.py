"""Going out, the foot, and asking partner.

* **The foot**: a hand melded out takes the foot at once and plays on; a hand emptied by the
  discard takes the foot for the next turn.
* **Going out** empties the foot and needs the team's canastas (``TurnRules.need``); a move that
  would leave a player in his foot with no way to end the turn is refused.
* **Going out concealed** (classic): nothing melded in an earlier turn of the hand, no card laid
  on a book that lay before the turn, a canasta among the books laid this turn; recorded as
  ``concealed_out`` for the game's bonus. Under ``concealed_exempt`` such a player needs no
  opening minimum unless he took the pile.
* **Asking partner** ``ask`` right after the draw, before any meld but the pile's, and only when
  the player could go out this turn; the partner's ``answer yes`` / ``answer no`` binds.

The rules themselves are the pure functions of :mod:`.rules` (:func:`permission`,
:func:`everyone_in_foot`, :func:`hand_can_finish`), which the bots call too.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from gamenight.core.moves import Move
from gamenight.core.notation import WORD
from gamenight.core.zones import redeal_unseen
from gamenight.equipment import cards as C
from gamenight.families.canasta import Book, table_of, team_canastas
from gamenight.families.canasta_turn.base import Phase
from gamenight.families.canasta_turn.opening import OpeningMixin
from gamenight.families.canasta_turn.rules import (
    BONUS,
    GROUP_OUT,
    OFF,
    everyone_in_foot,
    hand_can_finish,
    permission,
)

ASK = Move("ask")
YES, NO = Move("answer", WORD("yes")), Move("answer", WORD("no"))
#: how many redeals a sample tries, while an ask waits for its answer, for an asker's hand that could
#: go out (a random hand of a few cards could in one case of twenty or so; the true hand is one)
ASK_REDEALS = 200


class GoingOutMixin(OpeningMixin):
    """Whether a player may and can go out, the foot, and asking partner."""

    # ---- may he go out -----------------------------------------------------------------

    def _permission(self, seat: int, asked: str | None = None) -> bool:
        """Asking partner lets ``seat`` go out (``asked``: as if so answered; default: as asked)."""
        return permission(self.turn_rules.ask, self.partner(seat) is not None,
                          self.asked if asked is None else asked)

    def _everyone_in_foot(self, seat: int) -> bool:
        if not self.turn_rules.all_in_foot:  # (spares listing the team on every query)
            return True
        return everyone_in_foot(self.turn_rules, seat, self.teammates(seat), self.played_foot)

    def _exempt(self, seat: int) -> bool:
        """``concealed_exempt``: below the minimum, a player who has melded nothing this hand and
        has not taken the pile this turn may still go out, concealed, without it."""
        return (self.turn_rules.concealed_exempt and not self.opened[self.team_of(seat)]
                and not self.has_melded[seat] and not self.took_pile)

    def _went_out_concealed(self, seat: int) -> bool:
        """Nothing melded in an earlier turn, nothing laid on an older book, and a canasta among
        the books laid this turn."""
        if self.has_melded[seat] or self.touched_old:
            return False
        rules = self.turn_rules.books
        return any(b.is_canasta(rules) for b in self.books[self.team_of(seat)][self.books_before:])

    def _round_over(self, out: int | None) -> None:
        self.concealed_out = out is not None and self._went_out_concealed(out)
        super()._round_over(out)

    def _may_go_out(self, seat: int, books: Sequence[Book]) -> bool:
        team = self.team_of(seat)
        return ((self.opened[team] or self._exempt(seat)) and self._permission(seat)
                and self._everyone_in_foot(seat)
                and self.turn_rules.need.met(team_canastas(books, self.turn_rules.books)))

    def _why_not_out(self, seat: int, books: Sequence[Book]) -> str:
        if not self._permission(seat):
            if self.asked == "no":
                return "your partner said no, so you may not go out this turn."
            return "you must ask your partner ('ask') before going out."
        if not self._everyone_in_foot(seat):
            return "every player of your team must have played from his foot before you go out."
        return f"to go out your team needs {self.turn_rules.need.describe()}."

    def _must_go_out(self, seat: int) -> str:
        """Why ``seat`` must go out this turn (the start of a sentence), or ``""``: his partner said
        yes, or his black threes are down (they go down only on the turn he goes out)."""
        if self.asked == "yes":
            return "Your partner said yes"
        if self._black_threes_down(seat):
            return "Your black threes are down"
        return ""

    def _black_threes_down(self, seat: int) -> bool:
        """Black threes laid this turn: a side's books hold them only on the turn its player goes out
        (asked for every candidate meld: nothing laid yet this turn answers at once)."""
        return (self.melded and self.turn_rules.black_threes == GROUP_OUT
                and any(b.rank == C.THREE for b in self.books[self.team_of(seat)]))

    def _could_finish(self, seat: int, hand: Sequence[int], books: Sequence[Book],
                      asked: str | None = None) -> bool:
        """Whether ``seat``, holding ``hand`` with the team's ``books``, can go out this turn
        (``asked``: as if the partner had answered so)."""
        team = self.team_of(seat)
        if not ((self.opened[team] or self._exempt(seat)) and self._permission(seat, asked)
                and self._everyone_in_foot(seat)):
            return False
        # one group of black threes goes out: once it is down, any other black three is the discard
        group_left = not any(b.rank == C.THREE for b in books)
        return hand_can_finish(self.turn_rules, table_of(books, self.turn_rules.books), hand,
                               group_left=group_left)

    # ---- what asking tells the table -------------------------------------------------------

    def _redeal_hidden(self, seat: int, rng: random.Random) -> None:
        """A player may only ask when he could go out this turn, so while the answer is awaited
        everyone knows his hand is one that could (the partner deciding it above all): a sample
        keeps to such hands, redealing until the asker's could go out. Should ``ASK_REDEALS``
        redeals find none, the asker keeps his hand and the rest is redealt (a sample may then know
        his hand, never anyone else's)."""
        asker = self.turn
        if self.phase_name != Phase.ANSWER or seat == asker:
            super()._redeal_hidden(seat, rng)
            return
        team_books = self.books[self.team_of(asker)]
        zones = self.zones()
        true = [list(z.pieces) for z in zones]
        for _ in range(ASK_REDEALS):
            super()._redeal_hidden(seat, rng)
            if self._could_finish(asker, self.hands[asker], team_books, asked="yes"):
                return
        for zone, pieces in zip(zones, true, strict=True):
            zone.pieces[:] = pieces
        hand_key = next(z.key for z in zones if z.pieces is self.hands[asker])
        redeal_unseen([z for z in self.zones() if z.key != hand_key], seat, self.knowledge, rng)

    # ---- the foot ----------------------------------------------------------------------

    def _after_hand_change(self, seat: int) -> None:
        """A hand melded out: the foot comes up, or the player goes out."""
        if self.hands[seat] or self.phase_name != Phase.PLAY:
            return
        if self.in_foot[seat] or not self.feet[seat]:
            self.emit("out", f"{self.names[seat]} goes out.", seat=seat)
            self._round_over(seat)
            return
        self._take_foot(seat)

    def _take_foot(self, seat: int) -> None:
        self.hands[seat] = self.feet[seat]
        self.feet[seat] = []
        self.knowledge.drop(f"hand/{seat}")
        self.in_foot[seat] = True
        self.emit("foot", f"{self.names[seat]} picks up the foot.", seat=seat)
        self.emit("foot_cards", f"Your foot: {' '.join(C.LABEL_OF[c] for c in self.hands[seat])}.",
                  seat=seat, to=seat)
        if self.turn_rules.red_threes == BONUS:
            self._lay_red_threes(seat, replace=True)

    # ---- ask and answer: the rules, what they do ---------------------------------------

    def _ask_rule(self, seat: int) -> str | None:
        """Right after the draw (the pile's book aside), from the foot, every player of the team in
        his foot where the rules ask it, and only when he could go out if the answer were yes."""
        if self.turn_rules.ask == OFF or self.partner(seat) is None:
            return "Asking partner is not part of these rules."
        if self.asked:
            return "You have asked already this turn."
        if self.melded:
            return "Ask right after drawing, before you meld."
        if not self.in_foot[seat]:
            return "You can only ask when you are playing from your foot."
        if not self._everyone_in_foot(seat):
            return ("You can only ask when you could go out this turn, and every player of your team must "
                    "first have played from his foot.")
        if len(self.hands[seat]) < 2:
            return "You can only ask holding two cards or more: with one card left, going out is its discard."
        if not self._could_finish(seat, self.hands[seat], self.books[self.team_of(seat)], asked="yes"):
            return "You can only ask when you could go out this turn."
        return None

    def _ask(self, seat: int, move: Move = ASK) -> None:
        self.phase_name = Phase.ANSWER
        partner = self.partner(seat)
        assert partner is not None
        self.emit("ask", f"{self.names[seat]} asks {self.names[partner]}: may I go out?", seat=seat)

    def _answer(self, seat: int, move: Move) -> None:
        self.asked = move.flag or "no"
        self.phase_name = Phase.PLAY
        partner = self.partner(self.turn)
        assert partner is not None
        self.emit("answer", f"{self.names[partner]} answers {self.asked}.", seat=partner)
