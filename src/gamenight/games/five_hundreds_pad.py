"""Five Hundreds on the score pad: who went out (or nobody, when the stock ran out), and for each
player the cards he laid on the table and the cards left in his hand, counted by kind — aces,
tens to kings, twos to nines — scored by the engine's own :func:`hand_scores`."""

from __future__ import annotations

from gamenight.families.match import MatchEnd, MatchRules
from gamenight.games.five_hundreds import (
    CARD_KINDS,
    FiveHundredsOptions,
    hand_scores,
    match_rules,
    score_details,
)
from gamenight.pad.game import HandScore, PadRules, Progress
from gamenight.pad.schema import CHOICE, HAND, PLAYER, Choice, Entry, Form, PadField, Section

#: how many cards of each kind the one deck holds
IN_PLAY = {"aces": 4, "high": 16, "low": 32}


class FiveHundredsPad(PadRules[FiveHundredsOptions]):
    """Five Hundreds' pad: a column per player, a row per hand."""

    def columns(self) -> list[str]:
        return list(self.players)

    def form(self, so_far: Progress) -> Form:
        out = (*(Choice(s, p) for s, p in enumerate(self.players)), Choice(None, "Nobody: the stock ran out"))
        return Form((
            Section("Going out", (PadField("out", "Who went out", kind=CHOICE, scope=HAND, default=None,
                                           choices=out),)),
            Section("Cards laid", tuple(
                PadField(f"laid_{k}", words, scope=PLAYER, maximum=IN_PLAY[k], help=f"{points} each.")
                for k, words, points in CARD_KINDS), help="His melds and the cards he laid off or claimed."),
            Section("Cards held", tuple(
                PadField(f"held_{k}", words, scope=PLAYER, maximum=IN_PLAY[k],
                         help=f"{points} each taken off.")
                for k, words, points in CARD_KINDS)),
        ), self.columns(), self.players)

    def verify(self, entry: Entry, so_far: Progress) -> str | None:
        out, held = entry["out"], self.kind_counts(entry, "held", CARD_KINDS)
        if why := self.went_out_holding(out, [sum(h.values()) for h in held]):
            return why
        for k, words, _ in CARD_KINDS:
            n = sum(entry[f"laid_{k}"]) + sum(entry[f"held_{k}"])
            if n > IN_PLAY[k]:
                return f"The deck holds {IN_PLAY[k]} {words.lower()}, and the entry counts {n} laid and held."
        return None

    def score(self, entry: Entry, so_far: Progress) -> HandScore:
        laid, held = self.kind_counts(entry, "laid", CARD_KINDS), self.kind_counts(entry, "held", CARD_KINDS)
        out = entry["out"]
        how = f"{self.players[out]} goes out" if out is not None else "the stock ran out"
        return HandScore(hand_scores(laid, held), score_details(laid, held), how)

    def match_rules(self) -> MatchRules:
        return match_rules(self.options)

    def match_reason(self, why: MatchEnd) -> str:
        if why is MatchEnd.CAP:
            return f"{self.options.max_hands} hands are played: the highest total wins."
        return f"The highest total reached {self.options.target}."


PAD_RULES = FiveHundredsPad

__all__ = ["PAD_RULES", "FiveHundredsPad"]
