"""Whist with 10s — the family rule book (seed 000, p.6).

Four players in two partnerships (North–South against East–West), one 52-card deck, all
cards dealt, thirteen each. Six deals with a fixed trump each: hearts, spades, diamonds,
clubs, high no-trump, low no-trump. The player left of the dealer leads; follow suit if
you can; the highest trump, else the highest card of the suit led, wins.

Scoring, per team and deal: a point for every trick past six, and 10 for every ten taken
("3 tens and 2 tricks after your sixth trick score 32"). In the low no-trump deal you do
not want tricks: what a team takes is scored for the other team, by the same formula.
After the six deals the higher total wins; equal totals share the win.

House decisions where the book is silent (``shared/rules/metzker-book.md`` §5):

* G-W10-1 — partnerships, opposite each other: the low no-trump rule speaks of "the other
  team".
* G-W10-2 — low no-trump keeps the normal ranking (ace high); only the objective is
  reversed. Option ``low_nt_ranking = reversed`` makes the two high and the ace low.
* G-W10-3 — tens always score, also for a team with six tricks or fewer.
* G-W10-4 — the first dealer is chosen at random; the deal passes to the left.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gamenight.core.layout import Field, Kind
from gamenight.core.options import Options, option
from gamenight.core.registry import GameSpec, register
from gamenight.equipment import cards as C
from gamenight.families.match import MatchEnd, MatchRules
from gamenight.families.tricks import TrickState

HIGH_NO_TRUMP = "high no-trump"
LOW_NO_TRUMP = "low no-trump"
#: the six deals: a trump suit, or no trump
SCHEDULE: tuple[int | str, ...] = (C.HEARTS, C.SPADES, C.DIAMONDS, C.CLUBS, HIGH_NO_TRUMP, LOW_NO_TRUMP)
BOOK_TRICKS = 6
TEN_POINTS = 10


@dataclass(frozen=True, kw_only=True)
class WhistOptions(Options):
    low_nt_ranking: str = option(
        "normal", "Card ranking in low no-trump",
        "In the low no-trump deal nobody wants tricks. Do the cards rank the other way round too?",
        choices={"normal": "No: aces stay high, only the aim is reversed",
                 "reversed": "Yes: the two is the highest card and the ace the lowest"},
    )


def deal_points(tricks: int, tens: int) -> int:
    """The book's count: a point per trick past six, plus 10 for each ten taken."""
    return max(0, tricks - BOOK_TRICKS) + TEN_POINTS * tens


def schedule_name(entry: int | str) -> str:
    return f"{C.SUIT_NAMES[entry]} trumps" if isinstance(entry, int) else entry


def deal_row(contract: int | str, tricks: list[int], tens: list[int]) -> tuple[list[int], list[str], str]:
    """A deal's points, details and note from each team's tricks and tens: in low no-trump what a
    team takes counts for the other team."""
    points = [deal_points(tricks[t], tens[t]) for t in (0, 1)]
    low = contract == LOW_NO_TRUMP
    if low:
        points.reverse()
    details = [f"{tricks[t]} tricks, {tens[t]} tens" for t in (0, 1)]
    return points, details, "taken tricks score for the other team" if low else ""


def deal_label(deal: str, contract: int | str) -> str:
    """A deal's row label: the deal and its contract."""
    return f"{deal}: {schedule_name(contract)}"


def over_words(totals: list[int]) -> str:
    """Why the match ended: the six deals are played."""
    level = len(set(totals)) == 1
    return "The six deals are over" + (" with the totals level." if level else ".")


class WhistWith10s(TrickState):
    FIELDS: tuple[Field, ...] = (
        Field("deal", ""),  # the deal counter says it
        Field("deal_of", "{Deal}", Kind.COUNTER, head=True),
        Field("contract", "Contract", Kind.TEXT, head=True),
        Field("tens_taken", "Tens taken", Kind.TEAMS),
    )
    options: WhistOptions

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._init_tricks(MatchRules(deals=len(SCHEDULE)), teams=2)
        self._start_deal()

    def _sheet_columns(self) -> list[str]:
        return ["North–South", "East–West"]

    def current_contract(self) -> int | str:
        return SCHEDULE[self.deal_no - 1]

    def _start_deal(self) -> None:
        self.begin_deal()
        entry = self.current_contract()
        if isinstance(entry, int):
            self.set_trump(entry)
        else:
            self.set_trump(None, low=entry == LOW_NO_TRUMP and self.options.low_nt_ranking == "reversed")
        self.deal_hands(13)
        self.emit("deal", f"{self.deal_name()} of 6: {self.names[self.dealer]} deals; "
                          f"{schedule_name(entry)}.", seat=self.dealer)
        self.start_play(self.left_of_dealer())

    def _on_hand_over(self) -> None:
        tricks = [self.tricks_won[0] + self.tricks_won[2], self.tricks_won[1] + self.tricks_won[3]]
        tens = [sum(1 for c in self.taken[s] + self.taken[s + 2] if C.RANK_OF[c] == C.TEN) for s in (0, 1)]
        points, details, note = deal_row(self.current_contract(), tricks, tens)
        label = deal_label(self.deal_name(), self.current_contract())
        self.sheet.add(label, points, details=details, note=note)
        self.emit("score", f"{label}: North–South {points[0]:+d}, East–West {points[1]:+d}.")
        if not self.match_over(self._over):
            self.pass_deal()
            self._start_deal()

    @staticmethod
    def _over(why: MatchEnd, totals: list[int]) -> str:
        return over_words(totals)

    def _view(self, seat: int | None) -> dict[str, Any]:
        out = self._trick_view(seat)
        out["contract"] = schedule_name(self.current_contract())
        out["deal_of"] = [self.deal_no, len(SCHEDULE)]
        out["tens_taken"] = [sum(1 for s in (t, t + 2) for c in self.taken[s] if C.RANK_OF[c] == C.TEN)
                             for t in (0, 1)]
        return out


SPEC: GameSpec = register(GameSpec(
    id="whist-with-10s",
    title="Whist with 10s",
    family="trick-taking",
    players=(4,),
    default_players=4,
    options_cls=WhistOptions,
    state_cls=WhistWith10s,
    summary="Partnership whist over six deals with set trumps; tricks past six and every ten score, "
            "and in the last deal the tricks you take count for the other side.",
    teams="North–South against East–West",
    rules=__doc__ or "",
))

__all__ = ["SCHEDULE", "SPEC", "WhistOptions", "WhistWith10s", "deal_label", "deal_points", "deal_row",
           "over_words"]
