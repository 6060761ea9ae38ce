"""The opening minimum: until a team has met it, the books a player lays in a turn are
provisional. They count toward the minimum (with the pile's top card, but no other card from
the pile, which stays in the hand until the minimum is met), the turn cannot end below the
minimum, and ``retract`` takes the provisional books back into the hand."""

from __future__ import annotations

from collections.abc import Sequence

from gamenight.core.moves import Move
from gamenight.families.canasta import Book, best_meld_value, count_hand, table_of
from gamenight.families.canasta_turn.rules import best_keeping
from gamenight.families.canasta_turn.threes import ThreesMixin

RETRACT = Move("retract")
#: the books' penalties (Ultimate Book of Card Games, "Irregularities"): each card taken back from
#: the table, the raise of a side's minimum after a short first meld, a red three never laid out
CARD_TAKEN_BACK = 100
SHORT_MELD_RAISE = 10
RED_THREE_KEPT = 500


class OpeningMixin(ThreesMixin):
    """Provisional books, the minimum's checks, and ``retract``."""

    # ---- the checks --------------------------------------------------------------------

    def _pickup_reaches_minimum(self, team: int, books: list[Book], rest: Sequence[int], value: int,
                                taken: int = 0) -> bool:
        """Below the minimum, a pickup needs it from the top card, the pair and the rest of the
        hand (no other card from the pile counts). Without a foot the turn must still end with a
        discard, so two cards stay in the hand: the ``taken`` cards from the pile, and the rest
        from the hand (:func:`best_keeping`)."""
        if self.opened[team]:
            return True
        rules = self.turn_rules.books
        if not self.turn_rules.foot:
            keep = max(0, 2 - taken)
            best = best_keeping(rules, table_of(books, rules), rest, self.values, keep)
            return value + best >= self.minimum(team)
        best = best_meld_value(rules, table_of(books, rules), count_hand(rest), self.values)
        return value + best >= self.minimum(team)

    def _why_not_below_minimum(self, team: int, cards: Sequence[int], left: int) -> str:
        """A lay that would empty the hand below the minimum is refused (the turn could not end)."""
        if self.opened[team]:
            return ""
        value = self.prov_value + sum(self.values[c] for c in cards)
        if value < self.minimum(team) and left < 1:
            return (f"Your team's first books must reach {self.minimum(team)} points before your "
                    "hand runs out; keep a card.")
        return ""

    def _why_not_discard_below_minimum(self, seat: int) -> str:
        anyway = (" (or end the turn anyway, charged as the book says: 'short' and the card you discard)"
                  if self.penalise and self.prov_cards and not self.prov_pickup else "")
        return (f"Your books so far make {self.prov_value} of the {self.minimum(self.team_of(seat))} "
                f"points your team needs to open: lay more, or 'retract' them{anyway}.")

    # ---- what laying does below the minimum --------------------------------------------

    def _provisional_pickup(self, team: int, books: list[Book], value: int, taken: list[int]) -> None:
        """The pile's compulsory book stays (a retract keeps its points); its other cards wait."""
        if self.opened[team]:
            return
        self.prov_active = self.prov_pickup = True
        self.retract_books = books
        self.prov_floor = self.prov_value = value
        self.locked = list(taken)

    def _provisional_lay(self, team: int, cards: Sequence[int]) -> None:
        if self.opened[team]:
            return
        if not self.prov_active:
            self.prov_active = True
            self.retract_books = list(self.books[team])
        self.prov_cards.extend(cards)
        self.prov_value += sum(self.values[c] for c in cards)

    def _check_opened(self, team: int) -> None:
        if self.opened[team] or self.prov_value < self.minimum(team):
            return
        self.opened[team] = True
        self.emit("opened", f"Team {self.sheet.columns[team]} has met its minimum of {self.minimum(team)} "
                            f"with {self.prov_value} points.")
        self.prov_active = False
        self.prov_cards = []
        self.retract_books = []
        self.locked = []

    # ---- retract: the rule, what it does ------------------------------------------------

    def _retract_rule(self, seat: int) -> str | None:
        if self.prov_cards:
            return None
        if self.prov_pickup:
            return ("The book made with the pile's top card cannot be taken back, and nothing else was "
                    "laid below the minimum this turn.")
        return "There are no provisional books to take back."

    def _retract(self, seat: int, move: Move = RETRACT) -> None:
        team = self.team_of(seat)
        taken = len(self.prov_cards)
        self.hands[seat].extend(self.prov_cards)
        self.books[team] = list(self.retract_books)
        self.prov_value = self.prov_floor
        self.prov_cards = []
        self.prov_active = self.prov_pickup
        self.emit("retract", f"{self.names[seat]} takes back {taken} card{'s' if taken != 1 else ''} "
                             "laid below the minimum.", seat=seat)

    # ---- irregularities, where a game penalises them instead of refusing them ------------
    # Only typed: the kind (:class:`~.kinds.Irregular`) lists no move, so every bot, search and
    # playout keeps today's legal moves and never makes an irregular play.

    def _charge(self, seat: int, points: int, why: str) -> None:
        """The book's penalty: ``points`` off the side's score for this hand, with the reason."""
        self.penalties[self.team_of(seat)] += points
        self.emit("penalty", f"{self.names[seat]}'s side is charged {points} points: {why}.", seat=seat)
