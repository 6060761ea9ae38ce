"""Oklahoma Canasta on the score pad: who went out (or nobody, when the stock ran out), and each
player's cards melded and left in hand counted by kind — the kinds §8.7's table prices (a 2 melded
by what it stands for) — scored by the engine's own :func:`hand_score`; the game's winner gets the
"Game won" row, as the engine writes it (:func:`winner_bonus`).

Players count their melds off by kind, as the book prices them, so the sheet writes the same
"melded − held" words as the engine's.
"""

from __future__ import annotations

from collections.abc import Sequence

from gamenight.families.match import MatchEnd, MatchRules, match_end
from gamenight.games.oklahoma_canasta import WINNER_ROW, OklahomaOptions, hand_label, match_rules, why_over
from gamenight.games.oklahoma_melds import (
    HAND_SIZE,
    HELD_KINDS,
    HELD_WORTH,
    MAX_MELD,
    MELD_KINDS,
    MELD_WORTH,
    hand_score,
    kinds_worth,
    winner_bonus,
)
from gamenight.pad.game import HandScore, MatchOver, PadRules, Progress, SheetRow
from gamenight.pad.schema import CHOICE, HAND, PLAYER, Choice, Entry, Form, PadField, Section

#: two decks and one joker: how many cards of each kind (the Q♠ apart from the other courts)
DECK: dict[str, int] = {"joker": 1, "queen_spades": 2, "twos": 8, "aces": 8, "high": 6 * 8 - 2, "low": 5 * 8}
#: the deck's kind a melded kind's cards come from
MELD_SOURCE = {"joker": "joker", "queen_spades": "queen_spades", "two_ace": "twos", "two_high": "twos",
               "two_low": "twos", "aces": "aces", "high": "high", "low": "low"}
#: a deck's kind in a sentence
KIND_WORDS = {"joker": "joker", "queen_spades": "queens of spades", "twos": "twos", "aces": "aces",
              "high": "kings to eights", "low": "sevens to threes"}
WILD_KINDS = ("joker", "two_ace", "two_high", "two_low")
MIN_MELD = 3


class OklahomaCanastaPad(PadRules[OklahomaOptions]):
    """Oklahoma Canasta's pad: a column per player, a row per hand."""

    def columns(self) -> list[str]:
        return list(self.players)

    def most_held(self) -> int:
        """The most a hand can hold: the deck less the other hands' thirteen (the pile taken)."""
        return sum(DECK.values()) - HAND_SIZE * (len(self.players) - 1)

    def form(self, so_far: Progress) -> Form:
        out = (*(Choice(s, p) for s, p in enumerate(self.players)), Choice(None, "Nobody: the stock ran out"))
        melded = tuple(PadField(f"meld_{k}", words, scope=PLAYER, maximum=DECK[MELD_SOURCE[k]],
                                help=f"{points} each.") for k, words, points in MELD_KINDS)
        held = tuple(PadField(f"held_{k}", words, scope=PLAYER, maximum=DECK[k], help=f"{points} each.")
                     for k, words, points in HELD_KINDS)
        return Form((
            Section("Going out", (PadField("out", "Who went out", kind=CHOICE, scope=HAND, default=None,
                                           choices=out),)),
            Section("Cards melded", melded, help="Every card in each player's own melds, by kind: a 2 by "
                                                 "the card it stands for."),
            Section("Cards left in hand", held, help="Each player's cards still in his hand, by kind."),
        ), self.columns(), self.players)

    def verify(self, entry: Entry, so_far: Progress) -> str | None:
        out = entry["out"]
        melded = self.kind_counts(entry, "meld", MELD_KINDS)
        held = self.kind_counts(entry, "held", HELD_KINDS)
        if why := self.went_out_holding(out, [sum(h.values()) for h in held]):
            return why
        for s, name in enumerate(self.players):
            why = self.player_problem(name, melded[s], held[s], out == s)
            if why:
                return why
        for kind, _, _ in HELD_KINDS:
            n = sum(h[kind] for h in held) + sum(m[k] for m in melded for k in MELD_SOURCE
                                                  if MELD_SOURCE[k] == kind)
            if n > DECK[kind]:
                return (f"Two decks and a joker hold {DECK[kind]} {KIND_WORDS[kind]}, and the entry "
                        f"counts {n}.")
        return None

    def player_problem(self, name: str, melded: dict[str, int], held: dict[str, int],
                       out: bool) -> str | None:
        """Why one player's cards are impossible: melds of three or four, each with its naturals."""
        laid = sum(melded.values())
        if 0 < laid < MIN_MELD:
            return f"{name}: {laid} cards melded, and a meld holds three or four."
        wild = sum(melded[k] for k in WILD_KINDS)
        naturals = laid - wild
        # a meld of three or four holds at least okl_min_naturals naturals: with two, never more
        # wild cards than naturals; with one, at most two wild cards for each natural
        most_wild = naturals * (1 if self.options.okl_min_naturals >= 2 else 2)
        if wild > most_wild:
            return (f"{name}: {_cards(wild, 'wild card')} and {_cards(naturals, 'natural card')} melded, "
                    f"and every meld needs {_cards(self.options.okl_min_naturals, 'natural card')}.")
        if not out and not sum(held.values()):
            return f"{name} holds no card, so he went out."
        if sum(held.values()) > self.most_held():
            return f"{name}: no hand holds {sum(held.values())} cards."
        if laid > MAX_MELD * (laid // MIN_MELD):
            return f"{name}: {laid} cards cannot be melds of three or four."
        return None

    def score(self, entry: Entry, so_far: Progress) -> HandScore:
        out = entry["out"]
        melded = self.kind_counts(entry, "meld", MELD_KINDS)
        held = self.kind_counts(entry, "held", HELD_KINDS)
        lines = [hand_score(kinds_worth(m, MELD_WORTH), kinds_worth(h, HELD_WORTH), s == out)
                 for s, (m, h) in enumerate(zip(melded, held, strict=True))]
        points = [p for p, _ in lines]
        totals = [t + p for t, p in zip(so_far.totals, points, strict=True)]
        after: tuple[SheetRow, ...] = ()
        bonus = winner_bonus(totals, self.options.winner_bonus)
        if match_end(self.match_rules(), totals, so_far.hand) is not None and bonus is not None:
            after = (SheetRow(WINNER_ROW, bonus, note=f"+{self.options.winner_bonus} to the winner"),)
        return HandScore(points, [words for _, words in lines],
                         label=hand_label(self.row_label(so_far.hand), self.players, out), after=after)

    def match_rules(self) -> MatchRules:
        return match_rules(self.options)

    def match_over(self, entries: Sequence[Entry], totals: list[int]) -> MatchOver | None:
        why = match_end(self.match_rules(), totals, len(entries))
        if why is None:
            return None
        top = max(totals)
        return MatchOver([c for c, t in enumerate(totals) if t == top],
                         why_over(self.players, why, totals, len(entries)))

    def match_reason(self, why: MatchEnd) -> str:
        return "The game is over."


def _cards(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


PAD_RULES = OklahomaCanastaPad

__all__ = ["PAD_RULES", "OklahomaCanastaPad"]
