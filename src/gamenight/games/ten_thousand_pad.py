"""10,000 on the score pad: a row per round, each player's turn as the count they stopped with,
banked by the game's own :func:`banked` (nothing below the opening count until a player is on
the board).

A player who blew it enters 0. With a last turn for everyone, the round in which someone reaches
the target also holds the last turns of the players who had already rolled in it (the engine's
sheet writes them in that round's row): their second turn goes in "Last turn".
"""

from __future__ import annotations

from gamenight.families.match import MatchEnd, MatchRules
from gamenight.games.ten_thousand import TenThousandOptions, banked
from gamenight.pad.game import HandScore, PadRules, Progress
from gamenight.pad.schema import PLAYER, Entry, Form, PadField, Section

#: every scoring die or set is worth a multiple of 50, so every count is
STEP = 50
#: a count is bounded only by luck; the form needs a bound: the highest target the rules allow
MOST = 100_000


class TenThousandPad(PadRules[TenThousandOptions]):
    """10,000's pad: a column per player."""

    def columns(self) -> list[str]:
        return list(self.players)

    def form(self, so_far: Progress) -> Form:
        o = self.options
        turn = PadField("turn", "Stopped with", scope=PLAYER, maximum=MOST,
                        help=f"The turn's count when the player stopped, 0 if they blew it; below "
                             f"{o.meld_threshold:,} it scores nothing until they are on the board.")
        sections = [Section("This round's turn", (turn,))]
        if o.final_round:
            sections.append(Section("Last turn", (PadField(
                "last", "Last turn", scope=PLAYER, maximum=MOST,
                help="Once someone reached the target: the count of a player's second turn this "
                     "round, 0 if none or they blew it."),)))
        return Form(tuple(sections), self.columns(), self.players)

    def turns(self, entry: Entry) -> list[list[int]]:
        """Each player's turns this round, in the order played."""
        last = entry.get("last", [0] * len(self.players))
        return [[t, *([x] if x else [])] for t, x in zip(entry["turn"], last, strict=True)]

    def banks(self, entry: Entry, so_far: Progress) -> list[int]:
        """What each player banked this round, turn by turn: on the board once a turn banked."""
        out = []
        for seat, turns in enumerate(self.turns(entry)):
            on_board, total = self.on_board(seat, so_far), 0
            for count in turns:
                b = banked(count, on_board, self.options.meld_threshold)
                on_board, total = on_board or b > 0, total + b
            out.append(total)
        return out

    def on_board(self, seat: int, so_far: Progress) -> bool:
        """A player is on the board once a turn of theirs banked something: their total is above 0
        (banks never take anything away)."""
        return so_far.totals[seat] > 0

    def score(self, entry: Entry, so_far: Progress) -> HandScore:
        return HandScore(self.banks(entry, so_far))

    def match_rules(self) -> MatchRules:
        return MatchRules(target=self.options.target)

    def match_reason(self, why: MatchEnd) -> str:
        if self.options.final_round:
            return "The last turns are over: the highest score wins."
        return f"{self.options.target:,} is reached first."

    # ---- what is impossible ------------------------------------------------------------------------

    def verify(self, entry: Entry, so_far: Progress) -> str | None:
        return self.not_a_count(entry) or self.reaching_problem(entry, so_far)

    def not_a_count(self, entry: Entry) -> str | None:
        for seat, turns in enumerate(self.turns(entry)):
            odd = next((c for c in turns if c % STEP), None)
            if odd is not None:
                return (f"{self.players[seat]}: {odd:,} cannot be a count, every scoring die or set is "
                        f"worth a multiple of {STEP}.")
        return None

    def reaching_problem(self, entry: Entry, so_far: Progress) -> str | None:
        """Without last turns, the first to reach the target wins at once, so only one player
        reaches it in a round; a second turn in a round is a last turn, after someone else reached it."""
        target = self.options.target
        one_turn = {**entry, "last": [0] * len(self.players)}
        reached = [s for s, (t, b) in enumerate(zip(so_far.totals, self.banks(one_turn, so_far), strict=True))
                   if t + b >= target]
        if not self.options.final_round:
            if len(reached) > 1:
                names = " and ".join(self.players[s] for s in reached)
                return (f"{names} cannot both have reached {target:,}: the first to reach it wins at "
                        "once.")
            return None
        for seat, last in enumerate(entry["last"]):
            if last and not [s for s in reached if s != seat]:
                return (f"{self.players[seat]}: a last turn comes only after someone else reached "
                        f"{target:,} this round.")
        return None


PAD_RULES = TenThousandPad

__all__ = ["PAD_RULES", "TenThousandPad"]
