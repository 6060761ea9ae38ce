"""Push on the score pad: who went out (or nobody, when the stock ran out), and the cards left in
each player's hand counted by kind — wild cards (jokers and twos), aces, tens to kings, threes to
nines — scored by the engine's own :func:`deal_points`: the team out scores 0, the other team
the sum of its two hands."""

from __future__ import annotations

from gamenight.families.match import MatchEnd, MatchRules
from gamenight.games.push import (
    CARD_KINDS,
    CONTRACTS,
    DEAL_SIZES,
    MATCH_RULES,
    SCHEDULE,
    PushOptions,
    counted,
    deal_note,
    deal_points,
    team_detail,
)
from gamenight.pad.game import HandScore, OppositePartners, Progress
from gamenight.pad.schema import CHOICE, HAND, PLAYER, Choice, Entry, Form, PadField, Section

#: two decks and four jokers: how many cards of each kind they hold
IN_PLAY = {"wild": 4 + 8, "aces": 8, "high": 32, "low": 56}


class PushPad(OppositePartners[PushOptions]):
    """Push's pad: two partnerships, partners sitting opposite."""

    def form(self, so_far: Progress) -> Form:
        out = (*(Choice(s, p) for s, p in enumerate(self.players)), Choice(None, "Nobody: the stock ran out"))
        dealt = DEAL_SIZES[so_far.hand - 1]
        return Form((
            Section("Going out", (PadField("out", "Who went out", kind=CHOICE, scope=HAND, default=None,
                                           choices=out),),
                    help=f"The contract: {SCHEDULE[so_far.hand - 1].describe()}."),
            Section("Cards left in hand", tuple(
                PadField(k, words, scope=PLAYER, maximum=IN_PLAY[k], help=f"{points} each.")
                for k, words, points in CARD_KINDS), help=f"{dealt} cards were dealt to each player."),
        ), self.columns(), self.players)

    def values(self, entry: Entry) -> list[int]:
        return [counted({k: entry[k][s] for k, _, _ in CARD_KINDS}) for s in range(len(self.players))]

    def verify(self, entry: Entry, so_far: Progress) -> str | None:
        out = entry["out"]
        if why := self.went_out_holding(out, [sum(entry[k][s] for k, _, _ in CARD_KINDS)
                                              for s in range(len(self.players))]):
            return why
        for k, words, _ in CARD_KINDS:
            if sum(entry[k]) > IN_PLAY[k]:
                return (f"The two decks hold {IN_PLAY[k]} {words.lower()}, and the entry counts "
                        f"{sum(entry[k])}.")
        return None

    def score(self, entry: Entry, so_far: Progress) -> HandScore:
        out, values = entry["out"], self.values(entry)
        details = [team_detail(t, out, self.players, values) for t in range(2)]
        how = f"{self.players[out]} goes out" if out is not None else "the stock ran out"
        note = deal_note(out)
        return HandScore(deal_points(out, values), details, f"{how}; {note}" if note else how)

    def match_rules(self) -> MatchRules:
        return MATCH_RULES

    def match_reason(self, why: MatchEnd) -> str:
        return f"All {len(CONTRACTS)} deals are played: the lower total wins."


PAD_RULES = PushPad

__all__ = ["PAD_RULES", "PushPad"]
