"""The Card Game (Three-Thirteen) on the score pad: who went out first, who went out on his last
turn, whether the empty stock ended the round, and each other player's count of the cards left
over; scored by the engine's own :func:`round_points`.

The book charges the cards left over (ace 1, two to nine their face, ten and courts 10), so the
pad asks for that count, not the cards; the sheet writes the count where the engine's names the
cards. Where the table votes the going-out score, the first round's entry says how it voted.
"""

from __future__ import annotations

from gamenight.families.match import MatchEnd, MatchRules
from gamenight.games.the_card_game import (
    GOING_OUT_BONUS,
    CardGameOptions,
    decks_for,
    round_label,
    round_note,
    round_points,
    round_sizes,
)
from gamenight.games.the_card_game import match_rules as card_game_match_rules
from gamenight.pad.game import HandScore, PadRules, Progress
from gamenight.pad.schema import CHOICE, HAND, PLAYER, Choice, Entry, Form, PadField, Section

#: the points one deck holds: four suits of A (1), two to ten, and three court cards at 10
DECK_POINTS = 4 * (sum(range(1, 11)) + 3 * 10)
MOST_A_CARD = 10
VOTE = "vote"
NO_YES = (Choice(False, "No"), Choice(True, "Yes"))


class TheCardGamePad(PadRules[CardGameOptions]):
    """The Card Game's pad: a column per player, a row per round."""

    def columns(self) -> list[str]:
        return list(self.players)

    def size(self, hand: int) -> int:
        return round_sizes(self.options.descend)[hand - 1]

    def row_label(self, hand: int) -> str:
        return round_label(hand, self.size(hand))

    def form(self, so_far: Progress) -> Form:
        size = self.size(so_far.hand)
        out = (*(Choice(s, p) for s, p in enumerate(self.players)), Choice(None, "Nobody"))
        ending = [PadField("out", "Who went out first", kind=CHOICE, scope=HAND, default=None, choices=out),
                  PadField("also_out", "Went out on the last turn", kind=CHOICE, scope=PLAYER, default=False,
                           choices=NO_YES, help="Melded everything on the turn after someone went out."),
                  PadField("stock_out", "The stock ran out", kind=CHOICE, scope=HAND, default=False,
                           choices=NO_YES, help="The remade stock ran out before the last turns were done.")]
        if self.options.going_out_score == VOTE and so_far.hand == 1:
            ending.append(PadField("bonus", "The table voted going out", kind=CHOICE, scope=HAND, default=0,
                                   choices=(Choice(0, "0"), Choice(GOING_OUT_BONUS, str(GOING_OUT_BONUS)))))
        return Form((
            Section("Going out", tuple(ending)),
            Section("Cards left over", (PadField(
                "left", "Left over", scope=PLAYER, maximum=size * MOST_A_CARD,
                help="The cards in no meld: ace 1, two to nine their face (a wild three 3), ten and "
                     "courts 10."),)),
        ), self.columns(), self.players)

    def bonus(self, so_far: Progress, entry: Entry) -> int:
        """The going-out score: the option's, or the table's vote entered with the first round."""
        o = self.options
        if o.going_out_score != VOTE:
            return int(o.going_out_score)
        first = so_far.entries[0] if so_far.entries else entry
        return int(first["bonus"])

    def verify(self, entry: Entry, so_far: Progress) -> str | None:
        out, also, left = entry["out"], entry["also_out"], entry["left"]
        outs = [s for s, a in enumerate(also) if a]
        if out is None and outs:
            return "Nobody went out first, so nobody went out on a last turn."
        if out is None and not entry["stock_out"]:
            return "A round ends when someone goes out or the stock runs out: say which."
        if out is not None and also[out]:
            return f"{self.players[out]} went out first, not on a last turn."
        for s in [*outs, *([out] if out is not None else [])]:
            if left[s]:
                return f"{self.players[s]} went out, so nothing was left over in his hand."
        most = decks_for(len(self.players), self.options.extra_decks) * DECK_POINTS
        if sum(left) > most:
            return f"The decks hold {most} points of cards, and the entry counts {sum(left)}."
        return None

    def score(self, entry: Entry, so_far: Progress) -> HandScore:
        out, left = entry["out"], entry["left"]
        outs = [s for s, a in enumerate(entry["also_out"]) if a]
        points = round_points(self.bonus(so_far, entry), out, outs, left)
        details = ["went out" if s == out else "went out on the last turn" if s in outs else f"{n} left over"
                   for s, n in enumerate(left)]
        return HandScore(points, details, round_note(entry["stock_out"], out))

    def match_rules(self) -> MatchRules:
        return card_game_match_rules(self.options)

    def match_reason(self, why: MatchEnd) -> str:
        return f"All {len(round_sizes(self.options.descend))} rounds are played: the lowest total wins."


PAD_RULES = TheCardGamePad

__all__ = ["PAD_RULES", "TheCardGamePad"]
