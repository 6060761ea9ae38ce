"""Jokers Wild on the score pad: the game has no scores, and its sheet is one row at the end —
each side's marbles in its players' Castles — so the pad's one entry is each player's marbles in
his Castle when the game ended, added up by the game's own :func:`castle_row`.

The game ends when a side has every marble in its Castles (both partners'), so exactly one side
has them all."""

from __future__ import annotations

from gamenight.families.match import MatchEnd, MatchRules
from gamenight.games.jokers_wild import JokersWildOptions, castle_row
from gamenight.pad.game import HandScore, PadRules, Progress
from gamenight.pad.schema import PLAYER, Entry, Form, PadField, Section


class JokersWildPad(PadRules[JokersWildOptions]):
    """Jokers Wild's pad: a column per side (partners opposite with four players)."""

    def columns(self) -> list[str]:
        p = self.players
        return [f"{p[0]} & {p[2]}", f"{p[1]} & {p[3]}"] if len(p) == 4 else list(p)

    def column_of(self, seat: int) -> int:
        return seat % 2 if len(self.players) == 4 else seat

    def row_label(self, hand: int) -> str:
        return f"{self.deal_word.capitalize()} {hand}: marbles in the Castles"

    def form(self, so_far: Progress) -> Form:
        field = PadField("castle", "Marbles in the Castle", scope=PLAYER, maximum=self.options.marbles,
                         help="When the game ended.")
        return Form((Section("The end of the game", (field,)),), self.columns(), self.players)

    def inside(self, entry: Entry) -> list[int]:
        n = len(self.players)
        return castle_row(entry["castle"], [self.column_of(s) for s in range(n)], len(self.columns()))

    def score(self, entry: Entry, so_far: Progress) -> HandScore:
        return HandScore(self.inside(entry))

    def match_rules(self) -> MatchRules:
        return MatchRules(deals=1)

    def match_reason(self, why: MatchEnd) -> str:
        return "A side brought all its marbles into the Castles."

    def verify(self, entry: Entry, so_far: Progress) -> str | None:
        everyone = [sum(1 for s in range(len(self.players)) if self.column_of(s) == c) * self.options.marbles
                    for c in range(len(self.columns()))]
        done = [c for c, (n, all_) in enumerate(zip(self.inside(entry), everyone, strict=True)) if n == all_]
        if len(done) == 1:
            return None
        if not done:
            return ("The game ends when a side has every marble in its Castles: "
                    f"{' or '.join(f'{self.columns()[c]} {everyone[c]}' for c in range(len(everyone)))}.")
        return "Only one side can have brought every marble in: the game ended when the first did."


PAD_RULES = JokersWildPad

__all__ = ["PAD_RULES", "JokersWildPad"]
