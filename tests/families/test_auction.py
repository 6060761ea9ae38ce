"""The auction kernel: bids ranked by number then no trump, passing out for the hand, the end of
the auction, everyone passing (redeal or the dealer forced), and burying cards from a kitty.

A test-only trick game (four players, twelve cards each and a four-card kitty) mixes the kernel
in; the high bidder takes the kitty and buries four cards that are never aces, then the hand is
over as far as these tests care.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from gamenight.core.errors import IllegalMove
from gamenight.core.options import Options
from gamenight.core.phases import PhaseHandler
from gamenight.core.registry import GameSpec
from gamenight.core.zones import Zone
from gamenight.equipment import cards as C
from gamenight.families.auction import (
    AUCTION_PHASES,
    DEALER,
    NO_TRUMP,
    AuctionPhase,
    AuctionRules,
    Auctions,
    Denomination,
    bid_move,
    bid_rank,
    bid_text,
)
from gamenight.families.match import MatchRules
from gamenight.families.tricks import TrickState

SUITS_AND_NT: tuple[int | str, ...] = (C.CLUBS, C.DIAMONDS, C.HEARTS, C.SPADES, NO_TRUMP)


@dataclass(frozen=True, kw_only=True)
class ToyOptions(Options):
    pass


class ToyAuction(Auctions, TrickState):
    phases: ClassVar[dict[str, PhaseHandler[Any]]] = {**TrickState.phases, **AUCTION_PHASES}
    RULES: ClassVar[AuctionRules] = AuctionRules(60, 125, 5, SUITS_AND_NT, all_pass=DEALER)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._init_tricks(MatchRules(deals=1), teams=2)
        self.init_auction()
        self.kitty: list[int] = []
        self.contract: tuple[int, int, Denomination] | None = None
        self.redeals = 0
        self._deal()

    def _deal(self) -> None:
        self.begin_deal()
        self.kitty = self.deal_hands(12)
        self.start_auction(self.RULES, self.left_of_dealer())

    def _auction_won(self, seat: int, number: int, denomination: Denomination) -> None:
        self.contract = (seat, number, denomination)
        self.hands[seat].extend(self.kitty)
        self.kitty.clear()
        self.start_bury(seat, 4)

    def _auction_passed_out(self) -> None:
        self.redeals += 1
        self._deal()

    def bury_rule(self, seat: int, card: int) -> str | None:
        return "Aces may not be buried." if C.RANK_OF[card] == C.ACE else None

    def _bury_done(self, seat: int) -> None:
        self.finish([0] * 4, [0, 1, 2, 3], "done")

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {**self._trick_view(seat), **self.auction_view(seat)}

    def _table_zones(self) -> list[Zone]:
        return [Zone("kitty", self.kitty, C.CARD_TEXT, label="Kitty"), *self.auction_zones()]


SPEC = GameSpec(id="toy-auction", title="Toy auction", family="test", players=(4,), default_players=4,
                options_cls=ToyOptions, state_cls=ToyAuction, summary="An auction and a burial.")


def toy(seed: int = 3, rules: AuctionRules | None = None) -> ToyAuction:
    if rules is not None:
        ToyAuction.RULES = rules
    try:
        return ToyAuction(SPEC, ToyOptions(), 4, seed)
    finally:
        ToyAuction.RULES = AuctionRules(60, 125, 5, SUITS_AND_NT, all_pass=DEALER)


def refusal(s: ToyAuction, seat: int, text: str) -> str:
    with pytest.raises(IllegalMove) as e:
        s.play(text, seat)
    return str(e.value)


def test_bids_rank_by_number_then_no_trump_and_suits_are_equal() -> None:
    assert bid_rank(80, C.HEARTS) == bid_rank(80, C.SPADES)
    assert bid_rank(80, NO_TRUMP) > bid_rank(80, C.SPADES)
    assert bid_rank(85, C.CLUBS) > bid_rank(80, NO_TRUMP)
    assert bid_text(80, C.HEARTS) == "80 ♥"
    assert bid_text(70, NO_TRUMP) == "70 no trump"
    assert bid_text(120, None) == "120"
    assert str(bid_move(80, C.HEARTS)) == "bid 80 H"
    assert str(bid_move(70, NO_TRUMP)) == "bid 70 nt"
    assert bid_move(70, NO_TRUMP) is bid_move(70, NO_TRUMP)


def test_the_first_bidder_is_left_of_the_dealer_and_may_pass_or_bid_any_denomination() -> None:
    s = toy()
    first = (s.dealer + 1) % 4
    assert s.to_act == frozenset((first,))
    legal = s.legal_moves(first)
    assert str(legal[0]) == "pass"
    assert len(legal) == 1 + 14 * 5  # 60..125 by 5, four suits and no trump


def test_a_bid_must_beat_the_standing_bid_and_no_trump_beats_a_suit_at_the_same_number() -> None:
    s = toy()
    a = (s.dealer + 1) % 4
    s.play("bid 80 S", a)
    b = (a + 1) % 4
    assert "bid 80 H" not in {str(m) for m in s.legal_moves(b)}
    assert refusal(s, b, "bid 80 H") == "A bid must beat 80 ♠: bid more, or 80 no trump."
    assert refusal(s, b, "bid 75 NT") == "A bid must beat 80 ♠."
    assert refusal(s, b, "bid 82 H") == "Bids go from 60 to 125 in steps of 5."
    assert refusal(s, b, "bid 85") == "Name your bid's trumps or no trump, for example 'bid 85 C'."
    s.play("bid 80 NT", b)
    assert s.high_bid == (80, NO_TRUMP)


def test_a_player_who_passed_is_out_and_the_last_one_left_has_the_bid() -> None:
    s = toy()
    a = (s.dealer + 1) % 4
    s.play("bid 60 H", a)
    s.play("pass", (a + 1) % 4)
    s.play("bid 65 C", (a + 2) % 4)
    s.play("pass", (a + 3) % 4)
    # the passed seat a+1 is skipped
    s.play("bid 70 H", a)
    assert s.to_act == frozenset(((a + 2) % 4,))
    s.play("pass", (a + 2) % 4)
    assert s.contract == (a, 70, C.HEARTS)
    assert s.phase_name == AuctionPhase.BURY
    assert [c["bid"] for c in s.view(0)["bids"]] == ["60 ♥", "pass", "65 ♣", "pass", "70 ♥", "pass"]


def test_the_last_player_may_still_bid_after_three_passes_without_a_bid() -> None:
    s = toy()
    a = (s.dealer + 1) % 4
    for k in range(3):
        s.play("pass", (a + k) % 4)
    last = (a + 3) % 4
    assert s.to_act == frozenset((last,))
    s.play("bid 60 NT", last)
    assert s.contract == (last, 60, NO_TRUMP)


def test_everyone_passing_forces_the_dealer_to_take_the_minimum_naming_the_denomination() -> None:
    s = toy()
    for k in range(4):
        s.play("pass", (s.dealer + 1 + k) % 4)
    assert s.to_act == frozenset((s.dealer,))
    assert {str(m) for m in s.legal_moves(s.dealer)} == {"bid 60 C", "bid 60 D", "bid 60 H", "bid 60 S",
                                                          "bid 60 nt"}
    assert "must take the bid at 60" in refusal(s, s.dealer, "pass")
    s.play("bid 60 D", s.dealer)
    assert s.contract == (s.dealer, 60, C.DIAMONDS)


def test_everyone_passing_redeals_when_the_rules_say_so() -> None:
    s = toy(rules=AuctionRules(70, 200, 5))
    dealer = s.dealer
    for k in range(4):
        s.play("pass", (dealer + 1 + k) % 4)
    assert s.redeals == 1
    assert s.phase_name == AuctionPhase.BID
    assert not any(s.passed)


def test_number_only_bids() -> None:
    s = toy(rules=AuctionRules(70, 200, 5))
    a = (s.dealer + 1) % 4
    assert refusal(s, a, "bid 70 H") == ("A bid is a number only, for example 'bid 70'; "
                                          "trumps are named later.")
    s.play("bid 70", a)
    assert s.high_bid == (70, None)


def test_burying_one_card_at_a_time_refuses_what_the_game_forbids_and_hides_the_cards() -> None:
    s = toy()
    for k in range(4):
        s.play("pass", (s.dealer + 1 + k) % 4)
    s.play("bid 60 D", s.dealer)
    burier = s.dealer
    assert len(s.hands[burier]) == 16
    ace = next((c for c in s.hands[burier] if C.RANK_OF[c] == C.ACE), None)
    if ace is not None:
        assert refusal(s, burier, f"bury {C.CODE_OF[ace]}") == "Aces may not be buried."
        assert all(C.RANK_OF[m.cards[0]] != C.ACE for m in s.legal_moves(burier))
    view = s.view(burier)
    assert view["bury"] == {"verb": "bury", "count": 4}
    for _ in range(4):
        s.play(s.legal_moves(burier)[0], burier)
    assert len(s.buried) == 4
    assert s.is_over
    other = (burier + 1) % 4
    zones = {v: next(z for z in s.view(v)["layout"]["zones"] if z["key"] == "buried")
             for v in (burier, other)}
    assert zones[burier]["pieces"] == C.codes(s.buried)
    assert zones[other]["pieces"] is None and zones[other]["count"] == 4
    assert s.view(burier)["buried"] == C.codes(s.buried)
    assert s.view(other)["buried"] is None
