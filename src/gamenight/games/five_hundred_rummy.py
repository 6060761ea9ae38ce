"""500 Rummy — the family rule book (seed 000, p.1).

Despite its name a partnership bidding game of point tricks, with no melding. Four players,
partners opposite (North–South against East–West), one 52-card deck, aces high. Twelve cards
each, one at a time from the dealer's left, and four face down to a kitty. From the dealer's left
each player bids or passes, round and round: a bid is a number of points from 60 to 125 in fives
and a trump suit or no trump; a higher number outranks a lower one, and at the same number no
trump outranks a suit (suits are all equal: 70 ♥ cannot overcall 70 ♠). A player who passes is
out of the bidding for the hand. When three have passed the last bidder is the declarer; he
takes the kitty and buries four cards face down, never a counter, then leads the first trick.
Follow suit if you can; the highest trump wins, else the highest card of the suit led; in a no
trump contract there are no trumps. The counters: each ace 10, each ten 10, each five 5 and the
queen of spades 25, 125 in a hand. A side that takes at least its bid in counters scores what it
took (50 more in no trump); a side that falls short is set and loses its bid, and may go into
the hole. The defenders score what they took. A side wins by reaching 500 at the end of a hand
in which it declared and made its bid ("bid out"); a side at −150 or below loses.

House decisions where the book is silent (``shared/rules/metzker-book.md`` §1):

* G-500R-1 — the declarers score the counters they took (+50 for a made no trump), the
  defenders always score theirs. Option ``made_scores = bid``: a made bid scores the bid (+50 in
  no trump) instead of what was taken.
* G-500R-2 — a failed no trump loses the bid only (``set_nt_penalty = bid_plus_50``: the bid and
  50 more).
* G-500R-3 — bids go up in fives (``bid_step``: any multiple of five, e.g. 10) up to 125; all
  suits are equal, no trump beats a suit at the same number.
* G-500R-4 — when all four pass without a bid the dealer must bid: he takes it at 60, naming
  any suit or no trump, exactly like a bid, and cannot pass.
* G-500R-5 — ranks A K Q J 10 … 2, follow suit, trumps beat the suit led.
* G-500R-6 — a declarer whose sixteen cards hold fewer than four cards that are not counters
  (possible only with all thirteen counters) buries every other card first, then the lowest
  counters (a five); counters buried this way count for the declarers.
* G-500R-7 — defenders passing 500 do not win; they keep their points and must bid out later.
  Option ``defender_cap = 495``: defending can never take a side past 495.
* G-500R-8 — partners sit opposite. G-500R-9 — a hand can end the match only for the
  declarers: a made bid at 500 or more wins, a set to −150 or below loses.
* G-500R-10 — once passed, out for the hand; the others may raise as often as they like.
* The kitty is seen by nobody until the declarer takes it; the buried cards by the declarer
  alone. The first dealer is drawn at random and the deal passes left each hand.

Options also set the winning total (``target``, 500) and the losing one (``hole``, −150).
The preset ``by_the_bid`` scores by the contract as many tables do: a made bid scores the bid (no
trump 50 more), a failed no trump costs its 50 too, and defenders stop at 495.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from gamenight.core.errors import OptionError
from gamenight.core.layout import Field, Kind
from gamenight.core.moves import Move
from gamenight.core.options import Options, Preset, option
from gamenight.core.phases import PhaseHandler
from gamenight.core.registry import GameSpec, register
from gamenight.core.zones import Zone
from gamenight.equipment import cards as C
from gamenight.families.auction import (
    AUCTION_FIELDS,
    AUCTION_PHASES,
    NO_TRUMP,
    AuctionRules,
    Auctions,
    bid_text,
)
from gamenight.families.match import MatchRules
from gamenight.families.tricks import CARD_TEXT, PILE, UNSEEN, PlayPhase, TrickState
from gamenight.families.tricks import Phase as TrickPhase

TEAMS = ("North–South", "East–West")
HAND_SIZE = 12
KITTY_SIZE = 4
MINIMUM_BID = 60
MAXIMUM_BID = 125
NO_TRUMP_BONUS = 50
QUEEN_OF_SPADES = C.make_card(C.QUEEN, C.SPADES)
#: the book's counters: aces and tens 10, fives 5, the queen of spades 25
COUNTER: list[int] = [
    10 if C.RANK_OF[c] in (C.ACE, C.TEN) else 5 if C.RANK_OF[c] == C.FIVE else 0 for c in range(53)
]
COUNTER[QUEEN_OF_SPADES] = 25
HAND_TOTAL = sum(COUNTER)  # 125
DENOMINATIONS: tuple[int | str, ...] = (C.CLUBS, C.DIAMONDS, C.HEARTS, C.SPADES, NO_TRUMP)


@dataclass(frozen=True, kw_only=True)
class FiveHundredRummyOptions(Options):
    made_scores: str = option(
        "captured", "What a made bid scores",
        "When the bidders take at least their bid in counters.",
        choices={"captured": "The counters they took, and 50 more in no trump (the family's way)",
                 "bid": "Exactly the bid, and 50 more in no trump"})
    set_nt_penalty: str = option(
        "bid", "What a failed no trump costs",
        "When the bidders fall short of a no trump bid.",
        choices={"bid": "The bid, like any other contract",
                 "bid_plus_50": "The bid and the 50 the no trump would have earned"})
    defender_cap: str = option(
        "none", "Defenders near 500",
        "You must bid out to win: points taken while defending never win the game.",
        choices={"none": "Defenders keep every point they take, even past 500",
                 "495": "Defending can take a side no further than 495"})
    bid_step: int = option(
        5, "Bids go up by",
        "The smallest raise over the last bid, counting from 60 (a multiple of five).",
        minimum=5, maximum=65)
    target: int = option(
        500, "Game", "The first side to reach this by making its own bid wins.",
        minimum=100, maximum=5000)
    hole: int = option(
        -150, "Losing score", "A side whose total falls to this or below loses at once.",
        minimum=-5000, maximum=-5)

    def check(self, players: int) -> None:
        if self.bid_step % 5:
            raise OptionError(f"Bids go up by a multiple of five (every counter is), not {self.bid_step}.")


PRESETS = {"by_the_bid": Preset(
    "by_the_bid",
    "Scored by the contract: a made bid scores the bid (no trump 50 more), a failed no trump costs "
    "its 50 too, and defending can take a side no further than 495.",
    {"made_scores": "bid", "set_nt_penalty": "bid_plus_50", "defender_cap": "495"})}


def counters(cards: Sequence[int]) -> int:
    """The counter points among ``cards``."""
    return sum(map(COUNTER.__getitem__, cards))


def counters_text(cards: Sequence[int]) -> str:
    """The counters among ``cards`` as the score sheet lists them: "A♥ 10♦ Q♠"."""
    return " ".join(C.LABEL_OF[c] for c in sorted(cards, key=lambda c: (-COUNTER[c], c)) if COUNTER[c])


def is_no_trump(denomination: int | str | None) -> bool:
    return denomination == NO_TRUMP


class HandScore(NamedTuple):
    """What one hand writes on the sheet: each side's points and whether the bid was made."""

    declarers: int
    defenders: int
    made: bool


def score_hand(opts: FiveHundredRummyOptions, bid: int, no_trump: bool, declarers_took: int,
               defenders_took: int, defenders_total: int) -> HandScore:
    """The book's scoring with the options in effect (G-500R-1, -2, -7)."""
    bonus = NO_TRUMP_BONUS if no_trump else 0
    made = declarers_took >= bid
    if made:
        declarers = (bid if opts.made_scores == "bid" else declarers_took) + bonus
    else:
        declarers = -bid - (bonus if opts.set_nt_penalty == "bid_plus_50" else 0)
    defenders = defenders_took
    if opts.defender_cap == "495":
        defenders = max(0, min(defenders, defender_ceiling(opts) - defenders_total))
    return HandScore(declarers, defenders, made)


def defender_ceiling(opts: FiveHundredRummyOptions) -> int:
    """The most a side can reach by defending under the cap: five short of the game."""
    return opts.target - 5


def match_result(opts: FiveHundredRummyOptions, made: bool, declarers_total: int) -> str:
    """How a hand ends the match for the declarers: "won", "lost", or "" to play on (G-500R-9)."""
    if made and declarers_total >= opts.target:
        return "won"
    if not made and declarers_total <= opts.hole:
        return "lost"
    return ""


class HandRow(NamedTuple):
    """A hand's row on the sheet, and how it scored."""

    label: str
    points: list[int]
    details: list[str]
    note: str
    score: HandScore


def hand_row(opts: FiveHundredRummyOptions, deal: str, declarer: str, contract: tuple[int, int | str | None],
             ours: int, took_cards: list[list[int]], buried: Sequence[int], totals: Sequence[int]) -> HandRow:
    """A hand's row from the contract, the declarers' side ``ours``, the cards each side took in
    tricks (the declarers' with the counters they buried, G-500R-6) and the totals before it."""
    bid, denomination = contract
    took = [counters(cards) for cards in took_cards]
    score = score_hand(opts, bid, is_no_trump(denomination), took[ours], took[1 - ours], totals[1 - ours])
    row = [0, 0]
    row[ours], row[1 - ours] = score.declarers, score.defenders
    details = [f"took {took[t]}" + (f": {counters_text(took_cards[t])}" if took[t] else "") for t in (0, 1)]
    notes = ["made" if score.made else "set"]
    if score.made and is_no_trump(denomination):
        notes.append(f"no trump +{NO_TRUMP_BONUS}")
    if score.defenders < took[1 - ours]:
        notes.append(f"defenders capped at {defender_ceiling(opts)}")
    if counters(buried):
        notes.append(f"buried counters {counters_text(buried)} count for the declarers")
    label = f"{deal}: {bid_text(bid, denomination)} by {declarer}"
    return HandRow(label, row, details, "; ".join(notes), score)


def end_words(opts: FiveHundredRummyOptions, result: str, declarers: int,
              totals: Sequence[int]) -> tuple[int, str]:
    """The winning side and why, once a hand ended the match for the declarers (G-500R-9)."""
    if result == "won":
        return declarers, f"{TEAMS[declarers]} bid out with {totals[declarers]} (game {opts.target})."
    return 1 - declarers, f"{TEAMS[declarers]} fell to {totals[declarers]} ({opts.hole} or below loses)."


class FiveHundredRummyPlay(PlayPhase):
    def why_not_other(self, s: TrickState, seat: int, move: Move) -> str | None:
        return "The bidding is over and the cards are being played: play a card, for example 'play QS'."


class FiveHundredRummy(Auctions, TrickState):
    FIELDS: tuple[Field, ...] = (
        *AUCTION_FIELDS,
        Field("declarer", "Declarer", Kind.SEAT),
        Field("counters_taken", "Counters taken", Kind.TEAMS),
        Field("kitty_size", "Kitty", Kind.NUMBER),
        Field("game_to", "Playing to", Kind.TEXT, minor=True),
    )
    options: FiveHundredRummyOptions
    phases: ClassVar[dict[str, PhaseHandler[Any]]] = {
        **TrickState.phases, **AUCTION_PHASES, TrickPhase.PLAY: FiveHundredRummyPlay(),
    }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._init_tricks(MatchRules(target=self.options.target), teams=2)
        self.init_auction()
        self.kitty: list[int] = []
        self.declarer: int | None = None
        self.contract: tuple[int, int | str | None] | None = None
        self._start_deal()

    def _sheet_columns(self) -> list[str]:
        return list(TEAMS)

    def auction(self) -> AuctionRules:
        """The book's auction: 60 to 125 in a suit or no trump; four passes make the dealer bid."""
        return AuctionRules(minimum=MINIMUM_BID, maximum=MAXIMUM_BID, step=self.options.bid_step,
                            denominations=DENOMINATIONS, all_pass="dealer")

    # ---- the deal and the auction -----------------------------------------------------------

    def _start_deal(self) -> None:
        self.begin_deal()
        self.kitty = self.deal_hands(HAND_SIZE)
        self.declarer = None
        self.contract = None
        self.emit("deal", f"{self.deal_name()}: {self.names[self.dealer]} deals {HAND_SIZE} cards each "
                          f"and {KITTY_SIZE} face down to the kitty.", seat=self.dealer)
        self.start_auction(self.auction(), self.left_of_dealer())

    def _auction_won(self, seat: int, number: int, denomination: int | str | None) -> None:
        """The declarer sets trumps, takes the kitty unseen by the others and buries four."""
        self.declarer = seat
        self.contract = (number, denomination)
        self.set_trump(denomination if isinstance(denomination, int) else None)
        self.hands[seat].extend(self.kitty)
        self.kitty.clear()
        self.emit("kitty", f"{self.names[seat]} declares {bid_text(number, denomination)}, takes the kitty "
                           f"and buries {KITTY_SIZE} cards face down.", seat=seat)
        self.start_bury(seat, KITTY_SIZE)

    def _auction_passed_out(self) -> None:
        """Never reached: the dealer must bid when everyone passes (G-500R-4)."""
        raise AssertionError("500 Rummy makes the dealer bid; it never throws a hand in")

    def bury_rule(self, seat: int, card: int) -> str | None:
        """Never a counter, unless only counters are left (G-500R-6): then the lowest of them."""
        if not COUNTER[card]:
            return None
        hand = self.hands[seat]
        if any(not COUNTER[c] for c in hand):
            return (f"You may not bury {C.NAME_OF[card]}: it is a counter (aces, tens, fives and the queen "
                    "of spades stay in play).")
        if COUNTER[card] > min(COUNTER[c] for c in hand):
            return f"You hold only counters: bury the lowest of them, not {C.NAME_OF[card]}."
        return None

    def _bury_done(self, seat: int) -> None:
        """The declarer leads the first trick."""
        self.start_play(seat)

    # ---- scoring ------------------------------------------------------------------------------

    def team_took(self, team: int) -> list[int]:
        """The cards a side took in tricks, with the declarers' buried cards (G-500R-6)."""
        out = [c for s in (team, team + 2) for c in self.taken[s]]
        if self.declarer is not None and self.team_of(self.declarer) == team:
            out += self.buried
        return out

    def _on_hand_over(self) -> None:
        assert self.declarer is not None and self.contract is not None
        ours = self.team_of(self.declarer)
        hand = hand_row(self.options, self.deal_name(), self.names[self.declarer], self.contract, ours,
                        [self.team_took(t) for t in (0, 1)], self.buried, self.sheet.totals)
        label, row, score = hand.label, hand.points, hand.score
        self.sheet.add(label, row, details=hand.details, note=hand.note)
        self.emit("score", f"{label}: {'made' if score.made else 'set'}; {TEAMS[0]} {row[0]:+d}, "
                           f"{TEAMS[1]} {row[1]:+d}.")
        result = match_result(self.options, score.made, self.sheet.totals[ours])
        if result:
            self._end(ours, result)
        else:
            self.pass_deal()
            self._start_deal()

    def _end(self, declarers: int, result: str) -> None:
        totals = self.sheet.totals
        per_seat = [totals[self.team_of(s)] for s in range(4)]
        winners, reason = end_words(self.options, result, declarers, totals)
        self.finish(per_seat, [s for s in range(4) if self.team_of(s) == winners], reason)

    # ---- what a seat sees ---------------------------------------------------------------------

    def _view(self, seat: int | None) -> dict[str, Any]:
        out = self._trick_view(seat)
        out.update(self.auction_view(seat))
        contract = self.contract
        out.update(
            declarer=self.declarer,
            bid=contract[0] if contract is not None else None,
            no_trump=is_no_trump(contract[1]) if contract is not None else None,
            counters_taken=[counters([c for s in (t, t + 2) for c in self.taken[s]]) for t in (0, 1)],
            kitty_size=len(self.kitty) or None,
            game_to=f"{self.options.target}, by bidding out; {self.options.hole} loses",
            target=self.options.target,
            hole=self.options.hole,
        )
        return out

    def _table_zones(self) -> list[Zone]:
        """The kitty, seen by nobody until the declarer takes it, and the buried cards (the
        declarer's alone, listed by the auction kernel)."""
        return [Zone("kitty", self.kitty, CARD_TEXT, visibility=UNSEEN, label="The kitty", show=PILE),
                *self.auction_zones()]


SPEC: GameSpec = register(GameSpec(
    id="five-hundred-rummy",
    title="500 Rummy",
    family="trick-taking",
    players=(4,),
    default_players=4,
    options_cls=FiveHundredRummyOptions,
    state_cls=FiveHundredRummy,
    summary="Partnership bidding for counters: bid points in a suit or no trump, take the kitty and "
            "bury four, then make your bid in aces, tens, fives and the queen of spades; bid out to 500.",
    presets=PRESETS,
    teams="North–South against East–West",
    rules=__doc__ or "",
))

__all__ = ["COUNTER", "DENOMINATIONS", "MAXIMUM_BID", "MINIMUM_BID", "SPEC", "TEAMS", "FiveHundredRummy",
           "FiveHundredRummyOptions", "HandRow", "HandScore", "counters", "end_words", "hand_row",
           "match_result", "score_hand"]
