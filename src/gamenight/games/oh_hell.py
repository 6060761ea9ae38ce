"""Oh Hell! — the family rule book (seed 000, p.16).

Three to seven players, one 52-card deck without jokers, aces high. Every round each player
is dealt the same number of cards, the next card of the pack is turned up and its suit is
trump (the card stays face up on the stock for everyone to see). Everyone then bids the
exact number of tricks they expect to take. The player after the dealer leads the first
trick; follow suit if you can, otherwise play anything; the highest trump, else the highest
card of the suit led, wins, and the winner leads the next trick.

Bidding. In a one-card round everyone bids at once and in secret (the book's "knock twice,
and on the third knock show one finger or a closed hand"): ``bid 1`` or ``bid 0``, shown to
the others only when all have bid. In the other rounds the bids go round in turn from the
player after the dealer, each from 0 to the hand size; the dealer bids last and may not
bid so that the bids total the number of tricks (the "hook": somebody must miss).

Scoring. Taking exactly the bid puts "a 1 in front of the bid": 10 + bid, so a bid of 0
made scores 10 and a bid of 3 made scores 13; missing scores nothing (a scratch). After the
last round the highest total wins; equal top totals share the win.

House decisions where the book is silent or contradicts itself
(``shared/rules/metzker-book.md`` §15):

* G-OH-1 — "play to 10 (3–5 players) / to 7 (6–7)" against "dealt up to 7 and back down":
  the largest hand is 10 cards for 3–5 players and 7 for 6–7; rounds go 1, 2, …, M, …, 2, 1
  (19 rounds for 3–5 players, 13 for 6–7). Option ``max_cards`` sets M; M × players must stay
  below 52 so that a card is left to turn up for trump.
* G-OH-2 — "a 1 in front of the bid" is read arithmetically, 10 + bid (a bid of 10 made scores
  20). Option ``score_formula = concatenate`` writes the literal digits (bid 10 → 110).
* G-OH-3 — both one-card rounds (the first and the last) are bid at once and in secret, each
  player looking at his card (the book's knock hides the bids, not the cards: no bid is made
  blind), and the dealer's hook does not apply to them (nobody bids last). Option
  ``simultaneous_rounds``.
* G-OH-4 — the largest hand is played once. Option ``peak_twice``.
* G-OH-5 — equal top totals share the win.
* The first dealer is chosen at random (the book's General Rules); the deal passes left.
* ``score_formula = ten_plus_tricks_if_exact`` is the spec's third wording ("10 plus the
  tricks taken, only when exact"); on an exact bid the tricks equal the bid, so it scores
  as ``ten_plus_bid`` does. Two further formulas are the published standard scorings:
  ``trick_each_plus_ten`` (a point a trick always, 10 more when exact) and
  ``trick_each_plus_ten_or_penalty`` (exact: tricks + 10; missed: minus a point per trick
  off), which are OpenSpiel's ``oh_hell`` without and with ``off_bid_penalty``.
* Option ``order = down_up`` deals M, M−1, …, 1, …, M (the other common schedule); with
  ``peak_twice`` the round where the count turns is played twice whichever the order.

Preset ``standard`` is the common published rule set (Wikipedia "Oh Hell", Rules and
Scoring; the same as OpenSpiel's default ``oh_hell`` scoring): every round bid in turn with
the dealer's hook, one point per trick taken plus 10 for an exact bid.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from gamenight.core.errors import OptionError
from gamenight.core.layout import Field, Kind
from gamenight.core.moves import Move
from gamenight.core.notation import NUMBER
from gamenight.core.options import Options, Preset, option
from gamenight.core.phases import MoveKind, PhaseHandler, PhaseName
from gamenight.core.registry import GameSpec, register
from gamenight.core.zones import Zone
from gamenight.equipment import cards as C
from gamenight.families.match import MatchEnd, MatchRules
from gamenight.families.tricks import (
    CARD_TEXT,
    NOBODY,
    ONLY,
    PILE,
    UNSEEN,
    ActingPhase,
    PlayPhase,
    TrickState,
)
from gamenight.families.tricks import Phase as TrickPhase

DECK_SIZE = 52
#: the largest hand any table can be dealt (3 players × 17 = 51 leaves the trump card)
MAX_HAND = (DECK_SIZE - 1) // 3
#: one interned move per bid, and the legal bids of a hand of each size
BID: list[Move] = [Move("bid", NUMBER(i)) for i in range(MAX_HAND + 1)]
BIDS_UP_TO: list[list[Move]] = [BID[: h + 1] for h in range(MAX_HAND + 1)]
NO_BID = -1
EXACT_BONUS = 10
#: the book's largest hand by number of players (G-OH-1)
BOOK_MAX_CARDS = {3: 10, 4: 10, 5: 10, 6: 7, 7: 7}
SCORE_FORMULAS = ("ten_plus_bid", "concatenate", "ten_plus_tricks_if_exact",
                  "trick_each_plus_ten", "trick_each_plus_ten_or_penalty")


@dataclass(frozen=True, kw_only=True)
class OhHellOptions(Options):
    #: how a round scores: read as each round is scored
    AMENDABLE: ClassVar[frozenset[str]] = frozenset({"score_formula"})
    max_cards: int = option(
        0, "Largest hand",
        "The most cards each player is dealt, in the round where the deal turns; 0 follows the book: "
        "10 for three to five players, 7 for six or seven. A card must be left over to turn up for trumps.",
        minimum=0, maximum=MAX_HAND,
    )
    score_formula: str = option(
        "ten_plus_bid", "Score for a round",
        "What a round scores. Missing the bid scores nothing, except where the choice says otherwise.",
        choices={"ten_plus_bid":
                     "Exact bid: 10 plus the bid, the book's 'put a 1 in front' (bid 3 scores 13)",
                 "concatenate": "Exact bid: a 1 written in front of the bid (bid 10 scores 110)",
                 "ten_plus_tricks_if_exact": "Exact bid: 10 plus the tricks taken",
                 "trick_each_plus_ten": "A point a trick always, and 10 more for an exact bid",
                 "trick_each_plus_ten_or_penalty":
                     "Exact bid: a point a trick and 10 more; missed: minus a point a trick off"},
    )
    simultaneous_rounds: str = option(
        "all_one_card", "One-card rounds bid in secret",
        "Which one-card rounds are bid all at once and in secret (the book's knock), without the "
        "dealer's last say.",
        choices={"all_one_card": "Both one-card rounds, the first and the last",
                 "first_only": "Only the first one-card round",
                 "none": "No round: every round is bid in turn, the dealer last"},
    )
    peak_twice: bool = option(
        False, "Play the turning round twice",
        "The round with the largest hand, where the deal turns, is played twice.",
    )
    order: str = option(
        "up_down", "Round order",
        "How the hand size goes from round to round.",
        choices={"up_down": "Up from one card to the largest hand, then back down to one (the book)",
                 "down_up": "Down from the largest hand to one card, then back up"},
    )

    def largest_hand(self, players: int) -> int:
        return self.max_cards or BOOK_MAX_CARDS[players]

    def check(self, players: int) -> None:
        m = self.largest_hand(players)
        if m * players >= DECK_SIZE:
            raise OptionError(
                f"A largest hand of {m} cards for {players} players deals {m * players} cards, "
                f"leaving no card to turn up for trump: at most {(DECK_SIZE - 1) // players} cards each."
            )


PRESETS = {
    "standard": Preset(
        "standard",
        "The common published rules: every round bid in turn with the dealer bidding last (the "
        "hook), a point a trick plus 10 for an exact bid.",
        {"simultaneous_rounds": "none", "score_formula": "trick_each_plus_ten"},
    ),
}


# ---- small rules --------------------------------------------------------------------------

def round_sizes(largest: int, *, peak_twice: bool = False, order: str = "up_down") -> list[int]:
    """Cards per player in each round: 1 … M … 1 (or M … 1 … M), the turn once or twice."""
    if order == "up_down":
        first, second = list(range(1, largest + 1)), list(range(largest - 1, 0, -1))
    else:
        first, second = list(range(largest, 0, -1)), list(range(2, largest + 1))
    if peak_twice:
        second.insert(0, first[-1])
    return first + second


def round_points(bid: int, took: int, formula: str) -> int:
    """What one player scores for a round under the chosen score formula."""
    exact = bid == took
    if formula == "trick_each_plus_ten":
        return took + (EXACT_BONUS if exact else 0)
    if formula == "trick_each_plus_ten_or_penalty":
        return took + EXACT_BONUS if exact else -abs(took - bid)
    if not exact:
        return 0  # a scratch
    if formula == "concatenate":
        return int(f"1{bid}")  # the book's "put a 1 in front": 1 → 11, 10 → 110
    return EXACT_BONUS + took  # ten_plus_bid and ten_plus_tricks_if_exact agree when exact


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def secret_rounds(schedule: list[int], mode: str) -> frozenset[int]:
    """Round numbers (from 1) whose bids are made at once in secret, without the hook (G-OH-3)."""
    ones = [i + 1 for i, h in enumerate(schedule) if h == 1]
    if mode == "all_one_card":
        return frozenset(ones)
    return frozenset(ones[:1]) if mode == "first_only" else frozenset()


def round_row(bids: list[int], tricks: list[int], formula: str) -> tuple[list[int], list[str]]:
    """A round's points and details on the sheet, from each player's bid and tricks taken."""
    pairs = list(zip(bids, tricks, strict=True))
    return [round_points(b, t, formula) for b, t in pairs], [f"bid {b} / took {t}" for b, t in pairs]


def round_label(deal: str, hand_size: int, trump: int) -> str:
    """A round's row label: its cards each and its trumps."""
    return f"{deal}: {plural(hand_size, 'card')}, {C.SUIT_NAMES[trump]} trumps"


def all_played_words(rounds: int, totals: list[int]) -> str:
    """Why the match ended: every round of the schedule is played."""
    shared = " with the top score shared" if totals.count(max(totals)) > 1 else ""
    return f"All {rounds} rounds are played{shared}."


class OhHellPhase(PhaseName):
    """Oh Hell's own phases before the play (the kernel's ``TrickPhase.PLAY``); ``str`` is what views show."""

    BID = "bid", "Bidding in turn"  # in turn from the dealer's left; the dealer may not make the bids fit
    #: a one-card round's bids: everyone at once, in secret (G-OH-3). Not "blind": each bids
    #: looking at his card (the book's knock hides the bids, not the cards); the id stays for programs
    BLIND = "blind_bid", "Bidding all at once, in secret"


class BidTricks(MoveKind["OhHell"]):
    """Bid the tricks you will take, 0 to the hand size; bidding in turn, the dealer (the hook)
    may not bid what would make the bids total the tricks. Blind, the bid is secret."""

    verbs = ("bid",)

    def candidates(self, s: OhHell, seat: int) -> list[Move]:
        return BIDS_UP_TO[s.hand_size]

    def legal(self, s: OhHell, seat: int) -> list[Move]:
        h = s.hand_size
        barred = s.hook() if seat == s.dealer else None
        if barred is None or barred > h:
            return BIDS_UP_TO[h]
        return BID[:barred] + BID[barred + 1: h + 1]

    def verify(self, s: OhHell, seat: int, move: Move) -> str | None:
        h = s.hand_size
        if move.number is None or len(move.args) != 1:
            return f"Bid the tricks you will take, from 0 to {h}: for example 'bid {min(h, 1)}'."
        if not 0 <= move.number <= h:
            are = "is" if h == 1 else "are"
            return f"Bids run from 0 to {h}: there {are} {plural(h, 'trick')} this round."
        if seat == s.dealer and move.number == s.hook():
            order = [(s.dealer + 1 + i) % s.num_players for i in range(s.num_players - 1)]
            sums = " + ".join(str(s.bids[p]) for p in order)
            return (f"The dealer may not bid {move.number}: the bids would total {h}, the number of tricks "
                    f"this round ({sums} + {move.number} = {h}). Bid higher or lower, so somebody must miss.")
        return None

    def apply(self, s: OhHell, seat: int, move: Move) -> None:
        bid = move.number
        assert bid is not None
        s.bids[seat] = bid
        if s.blind:
            s._blind_bid(seat, bid)
            return
        s.emit("bid", f"{s.names[seat]} bids {bid}.", seat=seat, bid=bid)
        if seat == s.dealer:
            s._bidding_over()
        else:
            s.bid_turn = (seat + 1) % s.num_players

    def describe(self, s: OhHell, move: Move, viewer: int | None) -> str:
        bid = move.number or 0
        secret = " (in secret)" if s.blind else ""
        return f"Bid {plural(bid, 'trick')}{secret}"


class BidPhase(ActingPhase):
    """In turn from the dealer's left each bids the tricks he will take; the dealer (the hook) may
    not bid what would make the bids total the tricks."""

    def to_act(self, s: OhHell) -> frozenset[int]:
        return ONLY[s.bid_turn]

    def kinds(self, s: OhHell) -> list[MoveKind[Any]]:
        return [BidTricks()]

    def why_not_other(self, s: OhHell, seat: int, move: Move) -> str | None:
        h = s.hand_size
        return f"Bid the tricks you will take, from 0 to {h}: for example 'bid {min(h, 1)}'."


class BlindBidPhase(BidPhase):
    """Everyone bids at once, in secret; the bids are shown when all are in. No hook."""

    def to_act(self, s: OhHell) -> frozenset[int]:
        return s.waiting


class OhHellPlay(PlayPhase):
    def why_not_other(self, s: TrickState, seat: int, move: Move) -> str | None:
        return "The bidding is over: play a card, for example 'play QS'."


class OhHell(TrickState):
    DEAL_WORD = "round"
    FIELDS: tuple[Field, ...] = (
        Field("deal", ""),  # the round counter says it
        Field("round_of", "{Deal}", Kind.COUNTER, head=True),
        Field("hand_size", "Cards each", Kind.NUMBER),
        Field("blind", "Bids made at once, in secret", Kind.FLAG),
        Field("bids", "Bid", Kind.NUMBER, per_seat=True),
        Field("dealer_may_not_bid", "The dealer may not bid", Kind.NUMBER),
    )
    options: OhHellOptions
    phases: ClassVar[dict[str, PhaseHandler[Any]]] = {
        **TrickState.phases, TrickPhase.PLAY: OhHellPlay(), OhHellPhase.BID: BidPhase(),
        OhHellPhase.BLIND: BlindBidPhase(),
    }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        o = self.options
        self.schedule = round_sizes(o.largest_hand(self.num_players), peak_twice=o.peak_twice, order=o.order)
        self._init_tricks(MatchRules(deals=len(self.schedule)))  # the match is the schedule of rounds
        self.blind_rounds = self._blind_rounds()
        self.hand_size = 0
        self.bids = [NO_BID] * self.num_players
        self.blind = False
        self.bid_turn = 0
        self.waiting: frozenset[int] = NOBODY  # seats yet to bid in a blind round
        self.stock: list[int] = []
        self.up_card: list[int] = []
        self._start_round()

    def _blind_rounds(self) -> frozenset[int]:
        """Deal numbers (1-based) whose bids are made at once in secret (G-OH-3)."""
        return secret_rounds(self.schedule, self.options.simultaneous_rounds)

    # ---- the deal and the turned-up trump ------------------------------------------------

    def _start_round(self) -> None:
        self.begin_deal()
        h = self.hand_size = self.schedule[self.deal_no - 1]
        rest = self.deal_hands(h)
        self.up_card, self.stock = rest[:1], rest[1:]
        trump = C.SUIT_OF[rest[0]]
        self.set_trump(trump)
        self.bids = [NO_BID] * self.num_players
        self.blind = self.deal_no in self.blind_rounds
        self.emit("deal", f"{self.deal_name()} of {len(self.schedule)}: {self.names[self.dealer]} deals "
                          f"{plural(h, 'card')} each and turns up {C.LABEL_OF[rest[0]]}: "
                          f"{C.SUIT_NAMES[trump]} are trumps.",
                  seat=self.dealer, trump_card=C.CODE_OF[rest[0]])
        if self.blind:
            self.phase_name = OhHellPhase.BLIND
            self.waiting = frozenset(range(self.num_players))
            self.emit("blind", "Everyone bids at once, in secret: 'bid 1' or 'bid 0'.")
        else:
            self.phase_name = OhHellPhase.BID
            self.bid_turn = self.left_of_dealer()

    # ---- bidding ---------------------------------------------------------------------------

    def hook(self) -> int | None:
        """The one bid the dealer may not make: it would make the bids total the tricks."""
        if self.blind:
            return None
        rest = self.hand_size - sum(b for s, b in enumerate(self.bids) if s != self.dealer and b != NO_BID)
        return rest if rest >= 0 else None

    def _blind_bid(self, seat: int, bid: int) -> None:
        """A secret bid: the others learn only that it is in, until everyone's is."""
        self.waiting = self.waiting - ONLY[seat]
        self.emit("bid_in", f"{self.names[seat]} has bid.", seat=seat)
        self.emit("bid_secret", f"You bid {bid}.", seat=seat, to=seat, bid=bid)
        if not self.waiting:
            shown = ", ".join(f"{self.names[s]} {b}" for s, b in enumerate(self.bids))
            self.emit("bids_revealed", f"Bids revealed: {shown}.", bids=list(self.bids))
            self._bidding_over()

    def _bidding_over(self) -> None:
        total = sum(self.bids)
        h = self.hand_size
        side = "over" if total > h else "under" if total < h else "exactly"
        self.emit("bids", f"Bids total {total} for {plural(h, 'trick')} ({side}).", bids=list(self.bids))
        self.start_play(self.left_of_dealer())

    # ---- scoring and the match ---------------------------------------------------------------

    def _on_hand_over(self) -> None:
        points, details = round_row(self.bids, self.tricks_won, self.options.score_formula)
        assert self.trump is not None
        label = round_label(self.deal_name(), self.hand_size, self.trump)
        self.sheet.add(label, points, details=details)
        scored = ", ".join(f"{self.names[s]} {p:+d}" for s, p in enumerate(points))
        self.emit("score", f"{label}: {scored}.", points=points)
        if not self.match_over(self._all_played):
            self.pass_deal()
            self._start_round()

    def _all_played(self, why: MatchEnd, totals: list[int]) -> str:
        return all_played_words(len(self.schedule), totals)

    # ---- what a seat sees, and what sample redeals --------------------------------------------

    def _view(self, seat: int | None) -> dict[str, Any]:
        out = self._trick_view(seat)
        hidden = self.phase_name == OhHellPhase.BLIND  # secret bids: only your own until all are in
        out["round_of"] = [self.deal_no, len(self.schedule)]
        out["hand_size"] = self.hand_size
        out["schedule"] = list(self.schedule)
        out["trump_card"] = C.CODE_OF[self.up_card[0]]
        out["stock_size"] = len(self.stock)
        out["blind"] = self.blind
        out["bids"] = [None if b == NO_BID or (hidden and s != seat) else b for s, b in enumerate(self.bids)]
        out["has_bid"] = [b != NO_BID for b in self.bids]
        dealer_to_bid = self.phase_name == OhHellPhase.BID and self.bid_turn == self.dealer
        out["dealer_may_not_bid"] = self.hook() if dealer_to_bid else None
        return out

    def _table_zones(self) -> list[Zone]:
        return [
            Zone("up_card", self.up_card, CARD_TEXT, label="The trump card", show=PILE),
            Zone("stock", self.stock, CARD_TEXT, visibility=UNSEEN, label="The stock", show=PILE),
        ]

    def _redeal_hidden(self, seat: int, rng: random.Random) -> None:
        """The unseen cards (from the zones), and the others' secret bids: they are no cards."""
        super()._redeal_hidden(seat, rng)
        if self.phase_name == OhHellPhase.BLIND:  # the seat cannot know the others' secret bids
            for s, b in enumerate(self.bids):
                if s != seat and b != NO_BID:
                    self.bids[s] = rng.randrange(2)


SPEC: GameSpec = register(GameSpec(
    id="oh-hell",
    title="Oh Hell!",
    family="trick-taking",
    players=(3, 4, 5, 6, 7),
    default_players=4,
    options_cls=OhHellOptions,
    state_cls=OhHell,
    summary="Bid exactly the tricks you will take, with hands growing from one card to ten and back; "
            "the one-card rounds are bid in secret and the dealer may not make the bids fit.",
    presets=PRESETS,
    rules=__doc__ or "",
))

__all__ = ["SPEC", "OhHell", "OhHellOptions", "all_played_words", "round_label", "round_points", "round_row",
           "round_sizes", "secret_rounds"]
