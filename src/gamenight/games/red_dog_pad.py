"""Red Dog on the score pad: each round the cards the dealer turned and each player's bet and
raise, in chips; the payments are the game's own :func:`outcome_of_cards` and
:func:`settle_seat`, the money sheet the engine's (cents, a row a round, the cards as its note).

A player whose purse (the starting purse and what he won so far) cannot cover the smallest bet
sits out and bets nothing; the others bet within the table limits and raise only on a spread,
up to what the rules and their purse allow. The suits matter only to the sheet's note, which
names the cards as the engine's does.
"""

from __future__ import annotations

from typing import ClassVar

from gamenight.core.scoring import CENTS, money
from gamenight.equipment import cards as C
from gamenight.families.match import MatchEnd, MatchRules
from gamenight.games.red_dog import RedDogOptions, cards_text, outcome_of_cards, settle_seat, value_of
from gamenight.pad.game import HandScore, PadRules, Progress
from gamenight.pad.schema import CHOICE, HAND, PLAYER, Choice, Entry, Form, PadField, Section

RANK_CHOICES = tuple(Choice(r, ("10" if r == C.TEN else C.RANKS[r])) for r in range(13))
SUIT_CHOICES = tuple(Choice(s, f"{C.SUIT_SYMBOLS[s]} {C.SUIT_NAMES[s]}") for s in range(4))
CARDS = (("left", "Left card"), ("right", "Right card"), ("third", "Third card"))


class RedDogPad(PadRules[RedDogOptions]):
    """Red Dog's pad: a column per player, his money won or lost against the house."""

    sheet_unit: ClassVar[str] = CENTS

    def columns(self) -> list[str]:
        return list(self.players)

    def chips(self, cents: int) -> str:
        n = cents // self.options.chip
        return f"{n} chip{'s' if n != 1 else ''}"

    # ---- the form ------------------------------------------------------------------------------

    def form(self, so_far: Progress) -> Form:
        o = self.options
        cards: list[PadField] = []
        for key, label in CARDS:
            ranks = RANK_CHOICES if key != "third" else (
                *RANK_CHOICES, Choice(None, "None: the up-cards were consecutive"))
            cards += [PadField(f"{key}_rank", label, kind=CHOICE, scope=HAND, default=ranks[0].value,
                               choices=ranks),
                      PadField(f"{key}_suit", f"{label}: suit", kind=CHOICE, scope=HAND, default=0,
                               choices=SUIT_CHOICES)]
        chip = money(o.chip)
        bets = [PadField("bet", f"Bet (chips of {chip})", scope=PLAYER, maximum=o.max_bet // o.chip,
                         help=f"{money(o.min_bet)} to {money(o.max_bet)}; 0 for a player who sat out.")]
        if o.max_raise_multiple:
            times = f" times {o.max_raise_multiple}" if o.max_raise_multiple > 1 else ""
            bets.append(PadField("raised", f"Raise (chips of {chip})", scope=PLAYER,
                                 maximum=o.max_bet * o.max_raise_multiple // o.chip,
                                 help=f"Only on a spread, up to the bet{times}."))
        return Form((Section("The cards", tuple(cards)), Section("Bets", tuple(bets))), self.columns(),
                    self.players)

    # ---- the entry's facts ----------------------------------------------------------------------

    def card(self, entry: Entry, key: str) -> int | None:
        rank = entry[f"{key}_rank"]
        return None if rank is None else C.make_card(rank, entry[f"{key}_suit"])

    def table(self, entry: Entry) -> list[int]:
        """The cards on the table: left, right, and the third if one was dealt."""
        return [c for key, _ in CARDS if (c := self.card(entry, key)) is not None]

    def staked(self, entry: Entry, seat: int) -> tuple[int, int]:
        """A player's bet and raise, in cents."""
        raised = entry.get("raised", [0] * len(self.players))[seat]
        return entry["bet"][seat] * self.options.chip, raised * self.options.chip

    def purse(self, seat: int, so_far: Progress) -> int:
        return self.options.stake + so_far.totals[seat]

    def playing(self, seat: int, so_far: Progress) -> bool:
        return self.purse(seat, so_far) >= self.options.min_bet

    def spread(self, entry: Entry) -> int | None:
        """The spread the up-cards make (None: a pair; 0: consecutive)."""
        a, b = (value_of(c, self.options.ace_low) for c in self.table(entry)[:2])
        return None if a == b else abs(a - b) - 1

    # ---- the score ----------------------------------------------------------------------------

    def score(self, entry: Entry, so_far: Progress) -> HandScore:
        cards = self.table(entry)
        pays, _ = outcome_of_cards(cards[0], cards[1], cards[2] if len(cards) > 2 else None,
                                   self.options.ace_low)
        points, details = [], []
        for seat in range(len(self.players)):
            if not self.playing(seat, so_far):
                points.append(0)
                details.append("sat out")
                continue
            st = settle_seat(*self.staked(entry, seat), pays)
            points.append(st.won)
            details.append(st.detail)
        return HandScore(points, details, cards_text(cards))

    def match_rules(self) -> MatchRules:
        return MatchRules(deals=self.options.rounds)

    def match_end(self, entry: Entry, totals: list[int], hands: int) -> MatchEnd | None:
        """The session ends after its rounds, or sooner when no purse covers the smallest bet (the
        kernel's words for a match cut short: ``CAP``)."""
        end = super().match_end(entry, totals, hands)  # the last round says so first, as the engine
        if end is None and all(self.options.stake + t < self.options.min_bet for t in totals):
            return MatchEnd.CAP
        return end

    def match_reason(self, why: MatchEnd) -> str:
        if why == MatchEnd.CAP:
            return "Nobody can cover the smallest bet."
        return f"After {self.options.rounds} rounds."

    # ---- what is impossible ------------------------------------------------------------------------

    def verify(self, entry: Entry, so_far: Progress) -> str | None:
        if not any(self.playing(s, so_far) for s in range(len(self.players))):
            return "Nobody can cover the smallest bet: the session is over."
        return self.cards_problem(entry) or next(
            (w for s in range(len(self.players)) if (w := self.bet_problem(entry, s, so_far))), None)

    def cards_problem(self, entry: Entry) -> str | None:
        decks = self.options.decks
        cards = self.table(entry)
        same = next((c for c in cards if cards.count(c) > decks), None)
        if same is not None:
            shoe = "one deck holds" if decks == 1 else f"{decks} decks hold"
            return f"The {C.LABEL_OF[same]} is there {cards.count(same)} times, and {shoe} {decks}."
        spread = self.spread(entry)
        if spread == 0 and len(cards) > 2:
            return "The up-cards are consecutive: no third card is dealt, it is a push."
        if spread != 0 and len(cards) == 2:
            return "A third card is dealt unless the up-cards are consecutive: say which it was."
        return None

    def bet_problem(self, entry: Entry, seat: int, so_far: Progress) -> str | None:
        o = self.options
        name, purse = self.players[seat], self.purse(seat, so_far)
        bet, raised = self.staked(entry, seat)
        if not self.playing(seat, so_far):
            if bet or raised:
                return (f"{name} has {money(purse)}, short of the smallest bet ({money(o.min_bet)}): he "
                        "sits out.")
            return None
        if not o.min_bet <= bet <= min(o.max_bet, purse):
            most = min(o.max_bet, purse - purse % o.chip)
            return f"{name} bets between {money(o.min_bet)} and {money(most)}, not {money(bet)}."
        if raised and self.spread(entry) in (None, 0):
            return f"{name} cannot have raised: nobody raises on a pair or on consecutive cards."
        cap = min(bet * o.max_raise_multiple, purse - bet)
        cap -= cap % o.chip
        if raised > cap:
            return f"{name} may raise {self.chips(cap)} at most ({money(cap)}), not {self.chips(raised)}."
        return None


PAD_RULES = RedDogPad

__all__ = ["PAD_RULES", "RedDogPad"]
