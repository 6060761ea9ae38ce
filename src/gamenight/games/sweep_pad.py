"""Sweep on the score pad: when a player goes out, each other player counts what he still holds —
how many cards in hand, face up and blind, and by value: 10s, kings queens and jacks, aces, and the
2-9s' face values added — and the row is the game's own :func:`sweep_score.round_row`."""

from __future__ import annotations

from gamenight.families.match import MatchEnd, MatchRules
from gamenight.games.sweep import BLINDS, PER_PLAYER, SweepOptions, decks_for
from gamenight.games.sweep_score import ACE_POINTS, COURT_POINTS, TEN_POINTS, Left, round_row
from gamenight.pad.game import HandScore, PadRules, Progress
from gamenight.pad.schema import CHOICE, HAND, PLAYER, Choice, Entry, Form, PadField, Section

#: per deck: four 10s, twelve kings queens and jacks, four aces, and the 2-9s' pips (4 × 44)
PER_DECK = {"tens": 4, "courts": 12, "aces": 4, "pips": 4 * sum(range(2, 10))}
PLACES = (("hand", "In hand"), ("up", "Face up"), ("blind", "Blind"))
VALUES = (("tens", f"10s ({TEN_POINTS} each)"), ("courts", f"Kings, queens, jacks ({COURT_POINTS} each)"),
          ("aces", f"Aces ({ACE_POINTS} each)"), ("pips", "2s to 9s: their values added"))


class SweepPad(PadRules[SweepOptions]):
    """Sweep's pad: a column per player, the points left in his cards."""

    def columns(self) -> list[str]:
        return list(self.players)

    def decks(self) -> int:
        return decks_for(len(self.players))

    def dealt(self) -> int:
        return PER_PLAYER * len(self.players)

    def form(self, so_far: Progress) -> Form:
        most = {"hand": self.dealt(), "up": BLINDS, "blind": BLINDS}
        places = tuple(PadField(k, label, scope=PLAYER, maximum=most[k]) for k, label in PLACES)
        values = tuple(PadField(k, label, scope=PLAYER, maximum=PER_DECK[k] * self.decks())
                       for k, label in VALUES)
        out = PadField("out", "Who went out", kind=CHOICE, scope=HAND, default=0,
                       choices=tuple(Choice(s, p) for s, p in enumerate(self.players)))
        return Form((Section("Cards left", places, help="0 everywhere for the player who went out."),
                     Section("What they are", values), Section("Going out", (out,))),
                    self.columns(), self.players)

    def left(self, entry: Entry) -> list[Left]:
        keys = [k for k, _ in (*PLACES, *VALUES)]
        return [Left(*(entry[k][s] for k in keys)) for s in range(len(self.players))]

    def score(self, entry: Entry, so_far: Progress) -> HandScore:
        points, details, note = round_row(self.players, self.left(entry), entry["out"])
        return HandScore(points, details, note)

    def match_rules(self) -> MatchRules:
        return MatchRules(target=self.options.target, lowest_wins=True)

    def match_reason(self, why: MatchEnd) -> str:
        return f"A total reached {self.options.target}: the lowest total wins."

    # ---- what is impossible ------------------------------------------------------------------------

    def verify(self, entry: Entry, so_far: Progress) -> str | None:
        left = self.left(entry)
        return (next((w for s, h in enumerate(left) if (w := self.player_problem(s, h, entry["out"]))), None)
                or self.more_than_the_decks_hold(left))

    def player_problem(self, seat: int, h: Left, out: int) -> str | None:
        name = self.players[seat]
        cards = h.hand + h.up + h.blind
        if seat == out:
            return f"{name} went out, so he holds no cards." if cards or h.points() else None
        if not cards:
            return (f"{name} holds no cards, but {self.players[out]} went out: the round ends when the "
                    "first player has none.")
        if h.up > h.blind:
            return f"{name}: each face-up card lies on a blind card, so {h.up} face up need {h.up} blind."
        twos_to_nines = cards - h.tens - h.courts - h.aces
        if twos_to_nines < 0:
            return f"{name}: {h.tens + h.courts + h.aces} 10s, courts and aces, but only {cards} cards."
        if not 2 * twos_to_nines <= h.pips <= 9 * twos_to_nines:
            return (f"{name}: the other {twos_to_nines} cards are 2s to 9s, worth {2 * twos_to_nines} to "
                    f"{9 * twos_to_nines}, not {h.pips}.")
        return None

    def more_than_the_decks_hold(self, left: list[Left]) -> str | None:
        decks = self.decks()
        held = {"tens": sum(h.tens for h in left), "courts": sum(h.courts for h in left),
                "aces": sum(h.aces for h in left), "pips": sum(h.pips for h in left)}
        for (key, label), n in zip(VALUES, held.values(), strict=True):
            if n > PER_DECK[key] * decks:
                shoe = "One deck holds" if decks == 1 else f"{decks} decks hold"
                return f"{shoe} {PER_DECK[key] * decks} for “{label}”, and the entry counts {n}."
        cards = sum(h.hand + h.up + h.blind for h in left)
        if cards > self.dealt():
            return f"{self.dealt()} cards are dealt, and the entry counts {cards}."
        return None


PAD_RULES = SweepPad

__all__ = ["PAD_RULES", "SweepPad"]
