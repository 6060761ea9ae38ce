"""Rook on the score pad: after each hand, the bid and its bidder (and his partner, in the
five-player partner-card game), each side's tricks and counters, who took the last trick, and
the widow's (or buried) cards the sheet shows; scored by the game's own
:func:`bidder_side_score` and :func:`hand_row`. A hand nobody bid for is a row of nothing."""

from __future__ import annotations

from gamenight.equipment import cards as C
from gamenight.families.match import MatchEnd, MatchRules
from gamenight.games.rook import (
    ALL_PASSED,
    CARD_COUNTERS,
    COUNTERS,
    PARTNER_PLAYERS,
    ROOK57,
    THROWN_IN,
    RookOptions,
    bidder_side_score,
    hand_label,
    hand_note,
    hand_row,
    reached_words,
)
from gamenight.pad.game import HandScore, PadRules, Progress, partnerships
from gamenight.pad.schema import CHOICE, HAND, Choice, Entry, Form, PadField, Section

PLAYED, PASSED = "played", "passed"
UNNAMED = Choice(None, "—")


class RookPad(PadRules[RookOptions]):
    """Rook's pad: two teams, partners opposite; five players each for himself."""

    #: the totals after the hand last scored (the match's end is worded from them)
    _after: tuple[int, ...] = ()
    #: the hands entered by then (a match ended by the most hands says how many)
    _hands = 0

    @property
    def teams(self) -> bool:
        return len(self.players) != PARTNER_PLAYERS

    def columns(self) -> list[str]:
        p = self.players
        return partnerships(p) if self.teams else list(p)

    def column_of(self, seat: int) -> int:
        return seat % 2 if self.teams else seat

    def deck(self) -> list[int]:
        return C.rook_deck() if self.options.deck == ROOK57 else C.standard_deck(jokers=1)

    def tricks(self) -> int:
        return (len(self.deck()) - 1) // len(self.players)

    def hidden_size(self) -> int:
        """The widow's cards (four players), or as many buried (five)."""
        return len(self.deck()) - self.tricks() * len(self.players)

    def highest_bid(self) -> int:
        top = CARD_COUNTERS + self.options.last_trick_bonus
        return top - top % 5

    # ---- the form ------------------------------------------------------------------------------

    def form(self, so_far: Progress) -> Form:
        o = self.options
        seats = tuple(Choice(s, p) for s, p in enumerate(self.players))
        results = [Choice(PLAYED, "Played")]
        if o.all_pass == "redeal":
            results.append(Choice(PASSED, "Thrown in: everyone passed"))
        bid = [PadField("result", "The hand", kind=CHOICE, scope=HAND, default=PLAYED,
                        choices=tuple(results)),
               PadField("bidder", "High bidder", kind=CHOICE, scope=HAND, default=0, choices=seats),
               PadField("bid", "Bid", scope=HAND, minimum=o.min_bid, maximum=self.highest_bid(),
                        default=o.min_bid, help="In fives.")]
        if not self.teams:
            bid.append(PadField("partner", "Partner", kind=CHOICE, scope=HAND, default=0, choices=seats,
                                help="The called card's holder; the bidder himself when he called his own."))
        taken = [PadField("tricks", "Tricks", maximum=self.tricks()),
                 PadField("counters", "Counters", maximum=CARD_COUNTERS,
                          help="Aces (ones) 15, kings (14s) and tens 10, fives 5, the Rook 20; the bidder's "
                               "with the widow's or buried cards.")]
        if o.last_trick_bonus:
            taken.append(PadField("last", "Last trick taken by", kind=CHOICE, scope=HAND, default=0,
                                  choices=seats, help=f"{o.last_trick_bonus} for it."))
        word = "Widow" if self.teams else "Buried"
        cards = (UNNAMED, *(Choice(C.CODE_OF[c], C.LABEL_OF[c]) for c in self.deck()))
        hidden = tuple(PadField(f"hidden_{k}", f"{word} card {k + 1}", kind=CHOICE, scope=HAND, default=None,
                                choices=cards) for k in range(self.hidden_size()))
        return Form((Section("The bid", tuple(bid)), Section("Taken", tuple(taken)),
                     Section(f"{word} cards", hidden, help="Shown when the hand is scored.")),
                    self.columns(), self.players)

    # ---- the hand's score ----------------------------------------------------------------------

    def hidden(self, entry: Entry) -> list[int]:
        code = {C.CODE_OF[c]: c for c in self.deck()}
        return [code[entry[f"hidden_{k}"]] for k in range(self.hidden_size()) if entry[f"hidden_{k}"]]

    def side(self, entry: Entry) -> list[int]:
        bidder = entry["bidder"]
        if self.teams:
            return [self.column_of(bidder)]
        return [bidder] if entry["partner"] == bidder else [bidder, entry["partner"]]

    def took(self, entry: Entry) -> list[int]:
        last = entry.get("last")
        return [n + (self.options.last_trick_bonus if last is not None and self.column_of(last) == c else 0)
                for c, n in enumerate(entry["counters"])]

    def score(self, entry: Entry, so_far: Progress) -> HandScore:
        deal = self.row_label(so_far.hand)
        if entry["result"] == PASSED:
            score = HandScore([0] * len(self.columns()), None, ALL_PASSED, label=f"{deal}: {THROWN_IN}")
        else:
            side, took = self.side(entry), self.took(entry)
            points = sum(took[c] for c in side)
            every = sum(entry["tricks"][c] for c in side) == self.tricks()
            bid = entry["bid"]
            side_score = bidder_side_score(points, bid, every, self.options.made_bid_scores)
            row, details = hand_row(took, side, side_score, self.teams)
            partner = self.players[side[1]] if len(side) == 2 and not self.teams else None
            label = hand_label(deal, self.players[entry["bidder"]], bid, partner)
            score = HandScore(row, details, hand_note(points >= bid, every, self.hidden(entry), self.teams),
                              label=label)
        self._after = tuple(t + p for t, p in zip(so_far.totals, score.points, strict=True))
        self._hands = so_far.hand
        return score

    def match_rules(self) -> MatchRules:
        o = self.options
        return MatchRules(target=o.target, play_on_tied=True, cap=o.max_hands)

    def match_reason(self, why: MatchEnd) -> str:
        return reached_words(self.columns(), list(self._after), why, self._hands, self.options.target)

    # ---- what is impossible ----------------------------------------------------------------------

    def verify(self, entry: Entry, so_far: Progress) -> str | None:
        if entry["result"] == PASSED:
            return None
        return self.bid_problem(entry) or self.taken_problem(entry) or self.hidden_problem(entry)

    def bid_problem(self, entry: Entry) -> str | None:
        if entry["bid"] % 5:
            return f"Bids go up in fives: {entry['bid']} is not one."
        return None

    def taken_problem(self, entry: Entry) -> str | None:
        tricks, counters = entry["tricks"], entry["counters"]
        if sum(tricks) != self.tricks():
            return f"{self.tricks()} tricks are played in a hand, and the entry counts {sum(tricks)}."
        if sum(counters) != CARD_COUNTERS:
            return f"The cards hold {CARD_COUNTERS} in counters, and the entry counts {sum(counters)}."
        bidder = self.column_of(entry["bidder"])
        for c, name in enumerate(self.columns()):
            if counters[c] % 5:
                return f"{name}: counters go in fives, so {counters[c]} is impossible."
            took_last = "last" in entry and self.column_of(entry["last"]) == c
            if not tricks[c] and ((counters[c] and c != bidder) or took_last):
                return f"{name} took no trick, so no counters and not the last trick."
        hidden = sum(COUNTERS[c] for c in self.hidden(entry))
        if hidden > counters[bidder]:
            return f"The {'widow' if self.teams else 'buried cards'} alone hold {hidden} in counters, " \
                   f"more than the bidder's {counters[bidder]}."
        return None

    def hidden_problem(self, entry: Entry) -> str | None:
        cards, size = self.hidden(entry), self.hidden_size()
        word = "widow" if self.teams else "buried cards"
        if len(cards) != size:
            held = f"{size} cards: name each" if size > 1 else "1 card: name it"
            return f"The {word} held {held}."
        if len(set(cards)) != size:
            return f"The {word} name a card twice: the deck holds each card once."
        return None


PAD_RULES = RookPad

__all__ = ["PAD_RULES", "RookPad"]
