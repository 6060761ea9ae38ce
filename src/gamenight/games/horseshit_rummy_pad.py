"""Horseshit Rummy on the score pad: the round's wild rank, who went out (or nobody, when the stock
ran out), and for each player the cards in front of him and the cards left in his hand, counted by
kind — the wild rank, aces, tens to kings, threes to nines — scored by the engine's own
:func:`round_scores`."""

from __future__ import annotations

from gamenight.equipment import cards as C
from gamenight.families.match import MatchEnd, MatchRules
from gamenight.families.melds import RANK_PLURAL
from gamenight.games.horseshit_rummy import (
    CARD_KINDS,
    RANKS,
    HorseshitOptions,
    cap_reason,
    decks_for,
    match_rules,
    round_scores,
    score_details,
)
from gamenight.pad.game import HandScore, PadRules, Progress
from gamenight.pad.schema import CHOICE, HAND, PLAYER, Choice, Entry, Form, PadField, Section

SUITS = 4
#: the ranks of each kind when none of them is wild
KIND_RANKS = {"wild": 0, "aces": 1, "high": 4, "low": 7}


class HorseshitRummyPad(PadRules[HorseshitOptions]):
    """Horseshit Rummy's pad: a column per player, a row per round."""

    def columns(self) -> list[str]:
        return list(self.players)

    def in_play(self, kind: str, wild: int) -> int:
        """How many cards of a kind the decks hold when rank ``wild`` is wild."""
        ranks = KIND_RANKS[kind]
        wild_kind = "aces" if wild == C.ACE else "high" if wild >= C.TEN else "low"
        ranks += 1 if kind == "wild" else -1 if kind == wild_kind else 0
        return decks_for(len(self.players)) * SUITS * ranks

    def form(self, so_far: Progress) -> Form:
        most = decks_for(len(self.players)) * SUITS * KIND_RANKS["low"]
        out = (*(Choice(s, p) for s, p in enumerate(self.players)), Choice(None, "Nobody: the stock ran out"))
        wilds = tuple(Choice(r, RANK_PLURAL[r].capitalize()) for r in RANKS)
        return Form((
            Section("The round", (
                PadField("wild", "Wild", kind=CHOICE, scope=HAND, default=C.ACE, choices=wilds,
                         help="The rank of the dealer's face-up card."),
                PadField("out", "Who went out", kind=CHOICE, scope=HAND, default=None, choices=out))),
            Section("Cards in front", tuple(
                PadField(f"front_{k}", words, scope=PLAYER, maximum=most, help=f"{points} each.")
                for k, words, points in CARD_KINDS), help="His sets and the cards he laid on others' sets."),
            Section("Cards in hand", tuple(
                PadField(f"held_{k}", words, scope=PLAYER, maximum=most, help=f"{points} each taken off.")
                for k, words, points in CARD_KINDS)),
        ), self.columns(), self.players)

    def verify(self, entry: Entry, so_far: Progress) -> str | None:
        out, held = entry["out"], self.kind_counts(entry, "held", CARD_KINDS)
        if why := self.went_out_holding(out, [sum(h.values()) for h in held]):
            return why
        for k, words, _ in CARD_KINDS:
            n = sum(entry[f"front_{k}"]) + sum(entry[f"held_{k}"])
            if n > (limit := self.in_play(k, entry["wild"])):
                wild = RANK_PLURAL[entry["wild"]]
                return (f"With {wild} wild the decks hold {limit} {words.lower()}, and the entry counts {n} "
                        "in front and in hand.")
        return None

    def score(self, entry: Entry, so_far: Progress) -> HandScore:
        front = self.kind_counts(entry, "front", CARD_KINDS)
        held = self.kind_counts(entry, "held", CARD_KINDS)
        out = entry["out"]
        how = f"{self.players[out]} goes out" if out is not None else "the stock ran out"
        return HandScore(round_scores(front, held), score_details(front, held),
                         f"{how}; {RANK_PLURAL[entry['wild']]} wild")

    def match_rules(self) -> MatchRules:
        return match_rules(self.options)

    def match_reason(self, why: MatchEnd) -> str:
        if why == MatchEnd.CAP:
            return cap_reason(self.options.max_rounds)
        return f"The highest total at or over {self.options.target:,}."


PAD_RULES = HorseshitRummyPad

__all__ = ["PAD_RULES", "HorseshitRummyPad"]
