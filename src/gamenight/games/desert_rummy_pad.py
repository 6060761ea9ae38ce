"""Desert Rummy on the score pad: who laid his meld this hand, who went out (or nobody: the stock
ran out, or, where the last meld wins at once, who laid it). Each player's level follows from the
sheet (one more for each meld laid), and the row is the engine's own: :func:`hand_points`,
:func:`hand_details`, :func:`hand_note`.

The game ends when a player completes the eleventh meld — his total reaches eleven — or after the
hands the options allow."""

from __future__ import annotations

from gamenight.families.match import MatchEnd, MatchRules
from gamenight.games.desert_rummy import (
    IMMEDIATE,
    LAST_LEVEL,
    DesertOptions,
    cap_reason,
    contract_for,
    hand_details,
    hand_note,
    hand_points,
)
from gamenight.pad.game import HandScore, PadRules, Progress
from gamenight.pad.schema import CHOICE, HAND, PLAYER, Choice, Entry, Form, PadField, Section

NO_YES = (Choice(False, "No"), Choice(True, "Yes"))


class DesertRummyPad(PadRules[DesertOptions]):
    """Desert Rummy's pad: a column per player, a row per hand."""

    def columns(self) -> list[str]:
        return list(self.players)

    def levels(self, so_far: Progress) -> list[int]:
        """The meld each player works on: one more than the melds he has completed."""
        return [min(total + 1, LAST_LEVEL) for total in so_far.totals]

    def form(self, so_far: Progress) -> Form:
        levels = self.levels(so_far)
        works = "; ".join(f"{p} level {v}" for p, v in zip(self.players, levels, strict=True))
        anyone = (*(Choice(s, p) for s, p in enumerate(self.players)), Choice(None, "Nobody"))
        fields = [PadField("laid", "Laid his meld", kind=CHOICE, scope=PLAYER, default=False, choices=NO_YES,
                           help=f"This hand: {works}."),
                  PadField("out", "Who went out", kind=CHOICE, scope=HAND, default=None, choices=anyone)]
        if self.options.win_timing == IMMEDIATE:
            fields.append(PadField(
                "last_meld", "Who laid the last meld", kind=CHOICE, scope=HAND, default=None,
                choices=anyone,
                help=f"Laying meld {LAST_LEVEL}, {contract_for(LAST_LEVEL).describe()}, ends the game at "
                     "once."))
        return Form((Section("The hand", tuple(fields)),), self.columns(), self.players)

    def verify(self, entry: Entry, so_far: Progress) -> str | None:
        laid, out, last = entry["laid"], entry["out"], entry.get("last_meld")
        if out is not None and not laid[out]:
            return f"{self.players[out]} went out, so he laid his meld this hand."
        if last is not None:
            if self.levels(so_far)[last] != LAST_LEVEL:
                return f"{self.players[last]} is not on the last meld yet."
            if not laid[last]:
                return f"{self.players[last]} laid the last meld, so he laid his meld this hand."
            if out is not None:
                return "The game ended when the last meld was laid: nobody went out after it."
        return None

    def score(self, entry: Entry, so_far: Progress) -> HandScore:
        laid, out, last = entry["laid"], entry["out"], entry.get("last_meld")
        note = hand_note(out, None if last is None else self.players[last])
        return HandScore(hand_points(laid), hand_details(self.levels(so_far), laid, out), note)

    def match_rules(self) -> MatchRules:
        # completing the last meld makes a total of eleven, which ends the game
        return MatchRules(target=LAST_LEVEL, cap=self.options.max_hands)

    def match_reason(self, why: MatchEnd) -> str:
        if why is MatchEnd.CAP:
            return cap_reason(self.options.max_hands)
        return "A player laid the last meld."


PAD_RULES = DesertRummyPad

__all__ = ["PAD_RULES", "DesertRummyPad"]
