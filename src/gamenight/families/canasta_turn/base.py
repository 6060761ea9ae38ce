"""What every part of the canasta turn shares: the phases, the state's fields, the seats and
teams, and the small card helpers. The concerns (threes, the opening minimum, going out, the
pile, melds, the view) are mixins stacked on :class:`CanastaBase`, and
:class:`~gamenight.families.canasta_turn.turn.CanastaState` sits on top of them all.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamenight.core.phases import PhaseName
from gamenight.core.state import State
from gamenight.equipment import cards as C
from gamenight.families.canasta import Book
from gamenight.families.canasta_turn.rules import CLASS, TurnRules
from gamenight.families.table import Seating


class Phase(PhaseName):
    """Where the turn stands; ``str(phase)`` is what views show."""

    DRAW = "draw", "Drawing: from the stock, or take the pile"
    PLAY = "play", "Melding and discarding"
    ANSWER = "answer", "A partner answers: may we go out?"
    CHOOSE = "choose", "Choosing which packet is the hand"
    OVER = "over", "Between rounds"


def part_details(parts: Sequence[dict[str, int]], words: dict[str, str]) -> list[str]:
    """Each column's parts of a hand's score in the game's words, as the sheet writes them (the
    score pad writes its rows with this too)."""
    return [", ".join(f"{words[k]} {v:+d}" for k, v in p.items() if v) for p in parts]


class CanastaBase(Seating, State):
    """The fields of a canasta-family game in progress, and the helpers every concern uses."""

    turn_rules: TurnRules
    #: card value of each card (index by card int); threes' penalties are the game's
    values: list[int]

    # ---- set-up ------------------------------------------------------------------------

    def _turn_rules(self) -> TurnRules:
        """The turn rules the options make, for a game that builds them from its options (then
        built again when an amendment changes them); by default the ones the game was made with."""
        return self.turn_rules

    def _options_changed(self) -> None:
        # the turn rules are a frozen record copied from the options: made again from the amended ones
        self.turn_rules = self._turn_rules()

    def _init_canasta(self, rules: TurnRules, values: list[int], teams: int | None = None) -> None:
        self.turn_rules = rules
        self.values = values
        n = self.num_players
        # two partnerships alternating round the table (one player alone plays for himself; a
        # game may say otherwise: three-hand canasta's three sides); the first dealer is drawn
        # here (seat 0 for a stacked deck)
        self.init_seating(teams=teams or (2 if n > 1 else 1))
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.feet: list[list[int]] = [[] for _ in range(n)]
        self.in_foot = [False] * n
        self.played_foot = [False] * n
        self.stocks: list[list[int]] = [[]]
        self.discards: list[int] = []
        self.books: list[list[Book]] = [[] for _ in range(self.teams)]
        self.red3: list[list[int]] = [[] for _ in range(self.teams)]
        self.opened = [False] * self.teams
        self.phase_name: str = Phase.OVER
        self.turn = 0
        self.deal_no = 0
        self.draws_left = 0
        self.upcard_take = False
        self.stock_dry = False
        #: who has melded in an earlier turn of this hand (a concealed going out needs not)
        self.has_melded = [False] * n
        #: the last hand ended with a concealed going out
        self.concealed_out = False
        #: irregular plays accepted and charged (a game's ``irregularities=penalise``), not refused
        self.penalise = False
        #: this hand, per side: the points charged for irregularities, and the raise of its minimum
        self.penalties = [0] * self.teams
        self.raised = [0] * self.teams
        self._reset_turn()

    def _reset_turn(self) -> None:
        #: below the team's minimum, something laid this turn is provisional
        self.prov_active = False
        #: the pile was taken below the minimum this turn: the turn cannot end until it is met,
        #: even if the pickup's book is worth nothing (two wild twos valued 0 on a wild top)
        self.prov_pickup = False
        #: the cards a ``retract`` takes back, the books it restores, and the points it keeps
        #: (the pile's compulsory book cannot be taken back)
        self.prov_cards: list[int] = []
        self.retract_books: list[Book] = []
        self.prov_floor = 0
        self.prov_value = 0
        self.locked: list[int] = []
        self.asked = ""
        self.melded = False
        #: the turn took the pile; laid onto a book that lay before the turn; the books then
        self.took_pile = False
        self.touched_old = False
        self.books_before = 0
        #: a red three drawn as the stock's last card: he may meld, not discard (``end``)
        self.no_discard = False

    # ---- seats and teams (``Seating``: team_of, column_of, teammates, partner) ----------

    def partner_of(self, seat: int) -> int | None:
        """Whom a player asks: the next player of his team round the table (``Seating.partner``)."""
        return self.partner(seat)

    # ---- what the game writes ----------------------------------------------------------

    def minimum(self, team: int) -> int:
        """The opening-meld minimum of ``team`` this hand."""
        raise NotImplementedError

    def _score_round(self, out: int | None) -> None:
        """Score the hand (``out`` went out; ``None``: the stock ran out), then deal or finish."""
        raise NotImplementedError

    def _record_hand(self, points: list[int], parts: Sequence[dict[str, int]], words: dict[str, str],
                     how: str, **extra: Any) -> None:
        """The hand's points on the score sheet (each column's ``parts`` in the game's ``words``),
        in the view's last hand and last round, and said to the table; ``how`` it ended."""
        details = part_details(parts, words)
        name = self.deal_name()
        columns = self.sheet.columns
        self.sheet.add(name, points, details=details, note=how)
        self.last_hand: dict[str, Any] | None = {"hand": self.deal_no, "how": how, "points": points,
                                                 "parts": details, **extra}
        self.last_round: list[str] | None = [f"{name}: {how}", *(
            f"{columns[t]} {points[t]:+d}" + (f" ({details[t]})" if details[t] else "")
            for t in range(len(points)))]
        self.emit("hand_over", f"{name} is over ({how}): "
                  + ", ".join(f"{columns[t]} {points[t]:+d}" for t in range(len(points))) + ".")

    def _round_over(self, out: int | None) -> None:
        self.phase_name = Phase.OVER
        self._score_round(out)

    # ---- cards -------------------------------------------------------------------------

    def stock_size(self) -> int:
        stocks = self.stocks
        # asked several times a turn; most rule sets have one stock pile
        return len(stocks[0]) if len(stocks) == 1 else sum(len(p) for p in stocks)

    def usable(self, seat: int) -> list[int]:
        """The hand less the cards from the pile that may not be melded before the minimum."""
        hand = list(self.hands[seat])
        for c in self.locked:
            hand.remove(c)
        return hand

    @staticmethod
    def _pick(cards: Sequence[int], cls: int, k: int | None) -> tuple[int, ...] | None:
        """The first ``k`` cards of class ``cls`` in ``cards`` (their canonical choice; ``None``:
        all of them), or ``None`` when there are fewer."""
        got = sorted(c for c in cards if CLASS[c] == cls)
        if k is None:
            return tuple(got)
        return tuple(got[:k]) if len(got) >= k else None

    def open_book(self, team: int, rank: int) -> int | None:
        for i, book in enumerate(self.books[team]):
            if book.rank == rank and not book.closed:
                return i
        return None

    @staticmethod
    def _missing(hand: Sequence[int], cards: Sequence[int]) -> str:
        rest = list(hand)
        for c in cards:
            if c in rest:
                rest.remove(c)
            else:
                return f"You do not hold {C.NAME_OF[c]}" + (" twice." if c in hand else ".")
        return ""

    def _remove_from_hand(self, seat: int, cards: Sequence[int]) -> None:
        """``cards`` leave the hand (and, one for one, the cards known to be in it)."""
        hand = self.hands[seat]
        for c in cards:
            hand.remove(c)
        self.knowledge.forget(f"hand/{seat}", cards)
