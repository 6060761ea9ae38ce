"""10 Dime Rummy on the score pad: who went out (or nobody, when the stock ran out), and for each
player whether he laid the round's contract, the dimes he spent buying discards, and the cards he
laid and holds counted by kind — jokers, twos, aces, tens to kings, threes to nines — scored by the
engine's own :func:`round_points` and written by its :func:`round_detail`; the pot is the dimes
bought so far."""

from __future__ import annotations

from gamenight.families.contracts import Contract
from gamenight.families.match import MatchEnd, MatchRules
from gamenight.games.ten_dime_rummy import (
    CARD_KINDS,
    DIME,
    TenDimeOptions,
    contracts,
    decks_for,
    dimes_text,
    match_reason,
    match_rules,
    round_detail,
    round_points,
)
from gamenight.pad.game import HandScore, PadRules, Progress
from gamenight.pad.schema import CHOICE, HAND, PLAYER, Choice, Entry, Form, PadField, Section

NO_YES = (Choice(False, "No"), Choice(True, "Yes"))
#: how many cards of each kind one deck holds (with its two jokers)
PER_DECK = {"jokers": 2, "twos": 4, "aces": 4, "high": 16, "low": 28}


class TenDimeRummyPad(PadRules[TenDimeOptions]):
    """10 Dime Rummy's pad: a column per player, a row per round."""

    def columns(self) -> list[str]:
        return list(self.players)

    def contract(self, hand: int) -> Contract:
        return contracts(self.options.distinct_contract_ranks)[hand - 1]

    def row_label(self, hand: int) -> str:
        return f"Round {hand}: {self.contract(hand).text}"

    def in_play(self, kind: str) -> int:
        return PER_DECK[kind] * decks_for(len(self.players), self.options.decks)

    def form(self, so_far: Progress) -> Form:
        out = (*(Choice(s, p) for s, p in enumerate(self.players)), Choice(None, "Nobody: the stock ran out"))
        dimes = self.options.start_dimes
        return Form((
            Section("The round", (
                PadField("out", "Who went out", kind=CHOICE, scope=HAND, default=None, choices=out),
                PadField("made", "Laid the contract", kind=CHOICE, scope=PLAYER, default=False,
                         choices=NO_YES, help=f"This round: {self.contract(so_far.hand).describe()}."),
                PadField("bought", "Dimes spent buying", scope=PLAYER, maximum=dimes,
                         help="A dime for each discard bought."))),
            Section("Cards laid", tuple(
                PadField(f"laid_{k}", words, scope=PLAYER, maximum=self.in_play(k), help=f"{points} each.")
                for k, words, points in CARD_KINDS), help="His sets and the cards he laid off on others'."),
            Section("Cards held", tuple(
                PadField(f"held_{k}", words, scope=PLAYER, maximum=self.in_play(k),
                         help=f"{points} each taken off.") for k, words, points in CARD_KINDS)),
        ), self.columns(), self.players)

    def spent(self, entries: list[Entry], seat: int) -> int:
        return sum(e["bought"][seat] for e in entries)

    def verify(self, entry: Entry, so_far: Progress) -> str | None:
        out, made = entry["out"], entry["made"]
        laid, held = self.kind_counts(entry, "laid", CARD_KINDS), self.kind_counts(entry, "held", CARD_KINDS)
        need = self.contract(so_far.hand).size
        for s, name in enumerate(self.players):
            n = sum(laid[s].values())
            if n and not made[s]:
                return f"{name} laid cards, so he laid the contract first."
            if made[s] and n < need:
                return f"{name}: the contract takes at least {need} cards, and the entry counts {n} laid."
            if self.spent([*so_far.entries, entry], s) > self.options.start_dimes:
                return f"{name} has spent more than his {self.options.start_dimes} dimes."
        if out is not None and (not made[out] or any(held[out].values())):
            return f"{self.players[out]} went out: he laid the contract and holds no card."
        for k, words, _ in CARD_KINDS:
            n = sum(entry[f"laid_{k}"]) + sum(entry[f"held_{k}"])
            if n > self.in_play(k):
                return f"The decks hold {self.in_play(k)} {words.lower()}, and the entry counts {n}."
        return None

    def score(self, entry: Entry, so_far: Progress) -> HandScore:
        laid, held = self.kind_counts(entry, "laid", CARD_KINDS), self.kind_counts(entry, "held", CARD_KINDS)
        details = [round_detail(laid[s], held[s], entry["made"][s], entry["bought"][s])
                   for s in range(len(self.players))]
        out = entry["out"]
        how = f"{self.players[out]} goes out" if out is not None else "the stock ran out"
        pot = sum(sum(e["bought"]) for e in [*so_far.entries, entry]) * DIME
        return HandScore(round_points(laid, held), details, f"{how}; pot {dimes_text(pot)}")

    def match_rules(self) -> MatchRules:
        return match_rules(self.options)

    def match_reason(self, why: MatchEnd) -> str:
        return match_reason(self.options)


PAD_RULES = TenDimeRummyPad

__all__ = ["PAD_RULES", "TenDimeRummyPad"]
