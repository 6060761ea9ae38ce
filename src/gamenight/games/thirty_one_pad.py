"""Thirty One on the score pad: the ante row before the first round, then per round who knocked,
who showed 31, and each hand's count (three of a kind, 30½, marked as such); the lives lost, the
quarters paid, the players put out and the pot taken by the last one standing, all by the engine's
own :func:`showdown` on the engine's ledger. The match ends with one player left, whatever the
totals say, and :func:`last_standing` names him as the engine does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from gamenight.core.scoring import CENTS, money
from gamenight.families.match import MatchEnd, MatchRules
from gamenight.families.stakes import Ledger
from gamenight.games.thirty_one import (
    THIRTY_ONE2,
    TRIPS2,
    Showdown,
    ThirtyOneOptions,
    last_standing,
    pay_antes,
    round_detail,
    round_label,
    showdown,
)
from gamenight.pad.game import HandScore, MatchOver, PadRules, Progress, SheetRow
from gamenight.pad.schema import CHOICE, HAND, PLAYER, Choice, Entry, Form, PadField, Section

#: the lowest count three cards can have (three suits, the best of them a three: 2♠ 2♥ 3♦)
LOWEST = 3
THIRTY_ONE = THIRTY_ONE2 // 2
#: three of a kind counts 30½, entered as 30 and marked
TRIPS = TRIPS2 // 2


class Table(NamedTuple):
    """The game after some rounds: the ledger, who is out of the game, the last one standing."""

    ledger: Ledger
    out: list[bool]
    winner: int | None


class ThirtyOnePad(PadRules[ThirtyOneOptions]):
    """Thirty One's pad: a column per player, money in cents, an ante row, a row per round."""

    sheet_unit = CENTS

    def columns(self) -> list[str]:
        return list(self.players)

    def opening_rows(self) -> list[SheetRow]:
        q = self.options.quarter
        antes = [f"antes {money(q)}"] * len(self.players)
        return [SheetRow("Ante", self.start().ledger.deal_changes(0), antes)]

    def start(self) -> Table:
        o, n = self.options, len(self.players)
        return Table(pay_antes(Ledger.open(n, stake=(o.lives + 1) * o.quarter, may_owe=False), o.quarter),
                     [False] * n, None)

    def replay(self, entries: Sequence[Entry]) -> Table:
        table = self.start()
        for k, entry in enumerate(entries):
            table = self.play_round(table, k + 1, entry)
        return table

    def counts(self, entry: Entry, table: Table) -> dict[int, int]:
        """Each count of the players still in, doubled as the engine keeps them (30½ is 61)."""
        return {s: TRIPS2 if entry["trips"][s] else 2 * c for s, c in enumerate(entry["count"])
                if not table.out[s]}

    def settle(self, table: Table, deal: int, entry: Entry) -> tuple[Showdown, dict[int, int]]:
        """The round's showdown, by the engine's own function, and the counts shown."""
        counts = self.counts(entry, table)
        playing = [s for s, gone in enumerate(table.out) if not gone]
        return showdown(table.ledger, table.out, deal, playing, counts, entry["shown_31"], entry["knocker"],
                        self.options, self.players), counts

    def play_round(self, table: Table, deal: int, entry: Entry) -> Table:
        done = self.settle(table, deal, entry)[0]
        return Table(done.ledger, done.out, done.winner)

    def form(self, so_far: Progress) -> Form:
        out = self.replay(so_far.entries).out
        still = [(s, p) for s, p in enumerate(self.players) if not out[s]]
        return Form((
            Section("The round", (
                PadField("knocker", "Who knocked", kind=CHOICE, scope=HAND, default=None,
                         choices=(*(Choice(s, p) for s, p in still), Choice(None, "Nobody"))),
                PadField("shown_31", "Who showed 31", kind=CHOICE, scope=HAND, default=None,
                         choices=(*(Choice(s, p) for s, p in still), Choice(None, "Nobody"))),
            )),
            Section("The hands shown", (
                PadField("count", "Count", scope=PLAYER, maximum=THIRTY_ONE,
                         help="The best sum of one suit: ace 11, K Q J 10 ten, the rest their face; 0 for "
                              "a player out of the game."),
                PadField("trips", "Three of a kind (30½)", kind=CHOICE, scope=PLAYER, default=False,
                         choices=(Choice(False, "No"), Choice(True, "Yes")),
                         help="Three cards of one rank count 30½: enter 30 and mark it."),
            )),
        ), self.columns(), self.players)

    def verify(self, entry: Entry, so_far: Progress) -> str | None:
        out = self.replay(so_far.entries).out
        for s, name in enumerate(self.players):
            count, trips = entry["count"][s], entry["trips"][s]
            if out[s] and (count or trips):
                return f"{name} is out of the game: he was dealt no cards."
            if not out[s] and count < LOWEST:
                return f"{name}: three cards count at least {LOWEST}."
            if trips and count != TRIPS:
                return f"{name}: three of a kind counts 30½, entered as {TRIPS}."
        for key in ("knocker", "shown_31"):
            if entry[key] is not None and out[entry[key]]:
                return f"{self.players[entry[key]]} is out of the game."
        shown = entry["shown_31"]
        if shown is not None and entry["count"][shown] != THIRTY_ONE:
            return f"{self.players[shown]} showed 31, and his count is {entry['count'][shown]}."
        if shown is None:
            held = next((s for s, c in enumerate(entry["count"]) if c == THIRTY_ONE), None)
            if held is not None:
                return f"{self.players[held]} holds 31: he shows it at once, and play stops."
        return None

    def score(self, entry: Entry, so_far: Progress) -> HandScore:
        done, counts = self.settle(self.replay(so_far.entries), so_far.hand, entry)
        knocker = entry["knocker"]
        details = [round_detail(s, counts, done, knocker, self.options) for s in range(len(self.players))]
        label = round_label(self.row_label(so_far.hand), self.players, entry["shown_31"], knocker)
        pot = money(done.ledger.pot())
        return HandScore(done.ledger.deal_changes(so_far.hand), details, note=f"pot {pot}", label=label)

    def match_rules(self) -> MatchRules:
        return MatchRules()  # no target: the match ends with one player left standing

    def match_over(self, entries: Sequence[Entry], totals: list[int]) -> MatchOver | None:
        table = self.replay(entries)
        if table.winner is None:
            return None
        winners, reason = last_standing(table.ledger, table.winner, self.players)
        return MatchOver(winners, reason)

    def match_reason(self, why: MatchEnd) -> str:
        return "One player is left standing."


PAD_RULES = ThirtyOnePad

__all__ = ["PAD_RULES", "ThirtyOnePad"]
