"""Gin Rummy on the score pad: per round, at each table, how the hand ended (who went Gin or
Double Gin, who knocked, or the stock ran out) and each player's deadwood as it was scored; the
hands scored by the engine's own :func:`gin_result`, :func:`run_result` and
:func:`stock_out_result`, the round's awards by :func:`round_awards`, and the match's sheet as the
engine writes it — one game with the box and game bonuses after the last round
(:func:`single_closing`), or the book's three Hollywood games with their Gins and a row for each
game closed (:func:`hollywood_round`, :func:`hollywood_closes`).

Two players keep a column each; four to eight play as two teams (the Guys at even seats, the Girls
at odd seats), the Girls moving one table on each round, as the engine seats them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from gamenight.families.match import HollywoodSheet, MatchEnd, MatchRules, match_end, rotation_pairs
from gamenight.games.gin_kinds import (
    GAMES,
    HandResult,
    Row,
    gin_result,
    hollywood_closes,
    hollywood_round,
    match_words,
    round_awards,
    run_result,
    single_closing,
    single_round,
    stock_out_result,
)
from gamenight.games.gin_rummy import GinOptions, team_names
from gamenight.pad.game import HandScore, MatchOver, PadRules, Progress, SheetRow
from gamenight.pad.schema import CHOICE, HAND, PLAYER, Choice, Entry, Form, PadField, Section

GIN, DOUBLE, KNOCK = "gin", "double", "knock"
#: a card counts at most ten
MOST_A_CARD = 10


class Match(NamedTuple):
    """The match after some rounds: rounds won (one-game scoring), the Hollywood games, the
    sheet's totals, the last round's rows (its own first), and the end once reached."""

    boxes: list[int]
    hollywood: HollywoodSheet
    totals: list[int]
    rows: list[Row]
    over: tuple[list[int], str] | None


class GinRummyPad(PadRules[GinOptions]):
    """Gin Rummy's pad: a row per round (every table's hand), the sheet's columns the engine's."""

    @property
    def hollywood(self) -> bool:
        return self.options.scoring == "hollywood"

    def teams(self) -> list[str]:
        n = len(self.players)
        return list(self.players) if n == 2 else team_names(n, self.options.teams)[0]

    def columns(self) -> list[str]:
        if not self.hollywood:
            return self.teams()
        return [f"{t}: {g}" for t in self.teams() for g in ("Game 1", "Game 2", "Game 3", "total")]

    def column_of(self, seat: int) -> int:
        return 4 * (seat % 2) + GAMES if self.hollywood else seat % 2

    def members(self) -> list[str]:
        if not self.hollywood:
            return super().members()
        sides = [" & ".join(p for s, p in enumerate(self.players) if s % 2 == t) for t in (0, 1)]
        return [sides[c // 4] for c in range(8)]

    # ---- the form -----------------------------------------------------------------------------

    def form(self, so_far: Progress) -> Form:
        pairs = rotation_pairs(len(self.players), so_far.hand)
        ends = tuple(PadField(f"end_{t + 1}", "How the hand ended" if len(pairs) == 1 else
                              f"Table {t + 1} ({self.players[a]} and {self.players[b]}): how the hand ended",
                              kind=CHOICE, scope=HAND, default=None, choices=self.endings((a, b)))
                     for t, (a, b) in enumerate(pairs))
        return Form((
            Section("The hands", ends),
            Section("Deadwood", (PadField(
                "deadwood", "Deadwood", scope=PLAYER, maximum=(self.options.hand_size + 1) * MOST_A_CARD,
                help="As the hand was scored: the knocker's as he knocked, his opponent's after laying off; "
                     "the other player's after a Gin; both players' when the stock ran out."),)),
        ), self.columns(), self.players)

    def endings(self, pair: tuple[int, int]) -> tuple[Choice, ...]:
        out: list[Choice] = []
        for s in pair:
            name = self.players[s]
            out.append(Choice(f"{GIN}:{s}", f"{name} goes Gin"))
            if self.options.double_gin:
                out.append(Choice(f"{DOUBLE}:{s}", f"{name} goes Double Gin"))
            out.append(Choice(f"{KNOCK}:{s}", f"{name} knocks"))
        return (*out, Choice(None, "The stock ran out"))

    def verify(self, entry: Entry, so_far: Progress) -> str | None:
        limit = self.options.knock_limit
        for t, _ in enumerate(rotation_pairs(len(self.players), so_far.hand)):
            ended = entry[f"end_{t + 1}"]
            if ended is None:
                continue
            how, seat = _ending(ended)
            dead, name = entry["deadwood"][seat], self.players[seat]
            if how in (GIN, DOUBLE) and dead:
                return f"{name} went Gin, so every card of his was melded: no deadwood."
            if how == KNOCK and not 0 < dead <= limit:
                return (f"{name} knocked with {dead}: a knock takes 1 to {limit} deadwood (with none it is "
                        "a Gin).")
        return None

    # ---- scoring, by the engine's functions ----------------------------------------------------------

    def results(self, entry: Entry, hand: int) -> list[HandResult]:
        """Each table's hand, as the engine scores it."""
        o, names, dead = self.options, self.players, entry["deadwood"]
        out = []
        for t, (a, b) in enumerate(rotation_pairs(len(self.players), hand)):
            ended = entry[f"end_{t + 1}"]
            if ended is None:
                out.append(stock_out_result(o, names, t, (a, b), (dead[a], dead[b])))
                continue
            how, seat = _ending(ended)
            other = b if seat == a else a
            if how == KNOCK:
                out.append(run_result(o, names, t, seat, other, dead[seat], dead[other]))
            else:
                kind = "double gin" if how == DOUBLE else GIN
                out.append(gin_result(o, names, t, seat, other, dead[other], kind))
        return out

    def start(self) -> Match:
        o = self.options
        games = HollywoodSheet.start(o.target, o.gin_value, GAMES)
        return Match([0, 0], games, [0] * len(self.columns()), [], None)

    def play_round(self, m: Match, hand: int, entry: Entry) -> Match:
        results = self.results(entry, hand)
        award, gin_award = round_awards(results, len(self.players))
        label = self.row_label(hand)
        if self.hollywood:
            sheet, row = hollywood_round(m.hollywood, award, gin_award, self.teams(), label)
            sheet, closed = hollywood_closes(sheet, self.teams())
            rows = [row, *closed]
            totals = _added(m.totals, rows)
            over = None
            if sheet.closed:
                over = match_words(self.teams(), sheet.totals(), "All three games are closed.")
            return Match(m.boxes, sheet, totals, rows, over)
        points, boxes = single_round(award, m.boxes)
        rows = [Row(label, points, note=" ".join(r.text for r in results))]
        totals = _added(m.totals, rows)
        if match_end(self.match_rules(), totals, hand) is None:
            return Match(boxes, m.hollywood, totals, rows, None)
        reached = self.teams()[totals.index(max(totals))]
        rows += single_closing(self.options, boxes, totals)
        totals = _added(totals, rows[1:])
        return Match(boxes, m.hollywood, totals, rows,
                     match_words(self.teams(), totals, f"{reached} reached {self.options.target}."))

    def replay(self, entries: Sequence[Entry]) -> Match:
        m = self.start()
        for k, entry in enumerate(entries):
            m = self.play_round(m, k + 1, entry)
        return m

    def score(self, entry: Entry, so_far: Progress) -> HandScore:
        rows = self.play_round(self.replay(so_far.entries), so_far.hand, entry).rows
        own = rows[0]
        return HandScore(own.points, own.details, own.note,
                         after=tuple(SheetRow(r.label, r.points, r.details, r.note) for r in rows[1:]))

    # ---- the match's end ----------------------------------------------------------------------------

    def match_rules(self) -> MatchRules:
        return MatchRules(target=self.options.target)

    def match_over(self, entries: Sequence[Entry], totals: list[int]) -> MatchOver | None:
        over = self.replay(entries).over
        if over is None:
            return None
        teams, reason = over
        names = " and ".join(self.teams()[t] for t in teams)
        return MatchOver([self.column_of(t) for t in teams], reason,
                         f"{names} {'win' if len(teams) > 1 or len(self.players) > 2 else 'wins'}.")

    def match_reason(self, why: MatchEnd) -> str:
        return "The match is over."


def _ending(ended: str) -> tuple[str, int]:
    how, seat = ended.split(":")
    return how, int(seat)


def _added(totals: Sequence[int], rows: Sequence[Row]) -> list[int]:
    out = list(totals)
    for r in rows:
        out = [t + p for t, p in zip(out, r.points, strict=True)]
    return out


PAD_RULES = GinRummyPad

__all__ = ["PAD_RULES", "GinRummyPad"]
