"""Arizona Rummy on the score pad: who went out (or nobody, when the stock ran out), and the cards
left in each other hand counted by kind — jokers, cards of the round's wild rank, aces, tens to
kings, twos to nines — scored by the engine's own :func:`round_scores`.

The pad asks for the cards by kind, as a player counts them off (each kind has its value), so the
sheet writes what they count where the engine's names the cards.
"""

from __future__ import annotations

from gamenight.families.match import MatchEnd, MatchRules
from gamenight.games.arizona_rummy import (
    CARD_CLASSES,
    MATCH_RULES,
    ROUNDS,
    ArizonaOptions,
    cards_for,
    decks_for,
    round_label,
    round_scores,
    wild_rank,
)
from gamenight.pad.game import HandScore, PadRules, Progress
from gamenight.pad.schema import CHOICE, HAND, PLAYER, Choice, Entry, Form, PadField, Section

#: rank indices run two..ace = 0..12: tens are 8
TEN_RANK = 8
JOKERS_PER_DECK, SUITS = 2, 4


class ArizonaRummyPad(PadRules[ArizonaOptions]):
    """Arizona Rummy's pad: a column per player, a row per round."""

    def columns(self) -> list[str]:
        return list(self.players)

    def row_label(self, hand: int) -> str:
        return round_label(hand)

    def in_play(self, kind: str, hand: int) -> int:
        """How many cards of a kind the decks hold in round ``hand`` (the wild rank is its own kind)."""
        decks = decks_for(len(self.players), self.options.decks)
        high_wild = wild_rank(hand) >= TEN_RANK
        ranks = {"jokers": 0, "wild": 1, "aces": 1, "high": 4 - high_wild, "low": 8 - (not high_wild)}[kind]
        return decks * (JOKERS_PER_DECK if kind == "jokers" else SUITS * ranks)

    def form(self, so_far: Progress) -> Form:
        hand = so_far.hand
        out = (*(Choice(s, p) for s, p in enumerate(self.players)), Choice(None, "Nobody: the stock ran out"))
        most = cards_for(hand) + 1  # the card given after someone goes out
        left = tuple(PadField(k, words, scope=PLAYER, maximum=min(most, self.in_play(k, hand)),
                              help=f"{points} each.") for k, words, points in CARD_CLASSES)
        return Form((
            Section("Going out", (PadField("out", "Who went out", kind=CHOICE, scope=HAND, default=None,
                                           choices=out),)),
            Section("Cards left in hand", left, help="Each other player's cards, counted by kind."),
        ), self.columns(), self.players)

    def held(self, entry: Entry) -> list[dict[str, int]]:
        return [{k: entry[k][s] for k, _, _ in CARD_CLASSES} for s in range(len(self.players))]

    def verify(self, entry: Entry, so_far: Progress) -> str | None:
        out, held = entry["out"], self.held(entry)
        if why := self.went_out_holding(out, [sum(h.values()) for h in held]):
            return why
        most = cards_for(so_far.hand) + 1
        for s, h in enumerate(held):
            if sum(h.values()) > most:
                return (f"{self.players[s]}: a hand holds at most {most} cards at the end of this round, "
                        f"and the entry counts {sum(h.values())}.")
        for k, words, _ in CARD_CLASSES:
            n, limit = sum(entry[k]), self.in_play(k, so_far.hand)
            if n > limit:
                return f"The decks hold {limit} {words.lower()} this round, and the entry counts {n}."
        return None

    def score(self, entry: Entry, so_far: Progress) -> HandScore:
        out = entry["out"]
        points = round_scores(out, self.held(entry))
        details = ["went out" if s == out else f"{p} left" for s, p in enumerate(points)]
        how = f"{self.players[out]} went out" if out is not None else "the stock ran out"
        return HandScore(points, details, how)

    def match_rules(self) -> MatchRules:
        return MATCH_RULES

    def match_reason(self, why: MatchEnd) -> str:
        return f"All {ROUNDS} rounds are played: the lowest total wins."


PAD_RULES = ArizonaRummyPad

__all__ = ["PAD_RULES", "ArizonaRummyPad"]
