"""Push (000 p.5): stacked-deck scenarios for every rule clause and option, the worked cases
T-PU-1..5 of ``shared/rules/metzker-book.md`` §4, the refusals, and a golden match.

Seats: 0 North (the first dealer of a stacked deck), 1 East (plays first), 2 South, 3 West;
North–South are team 0, East–West team 1. In ``rest`` the first card is the up-card, then the
stock from its top."""

from __future__ import annotations

import json
from collections import Counter
from typing import cast

import pytest

import gamenight
from gamenight.core.errors import IllegalMove, OptionError
from gamenight.equipment import cards as C
from gamenight.equipment.cards import cards
from gamenight.families.draw_discard import Phase
from gamenight.games.push import CONTRACTS, DEAL_SIZES, SCHEDULE, SPEC, VALUES, Push, hand_value, meld_rules
from tests.helpers import deal_deck, golden_match, lay_out_rummy_deal, run_down_stock, set_position

GAME = "push"
N, E, S, W = range(4)
#: four dealt hands of six that meet nothing, for tests about one player
PLAIN = ["3C 5D 7H 9S JC KD", "3D 5H 7S 9C JD KH", "4C 6D 8H TS QC AD", "4D 6H 8S TC QD AH"]


def new(hands: list[str], rest: str = "", **options: object) -> Push:
    """Deal 1 from a stacked deck: North deals, East plays first."""
    s = gamenight.new(GAME, players=4, seed=5, deck=deal_deck(hands, rest), options=options)
    return cast(Push, s)


def at_deal(number: int, hands: list[str], rest: str, **options: object) -> Push:
    """A game moved on to deal ``number`` (North dealing), its cards laid out as given: the cards of
    the deal are only rearranged, so every card is still in exactly one place. ``hands`` may be
    shorter than the deal's size (the cards a player holds later in the deal)."""
    s = cast(Push, gamenight.new(GAME, players=4, seed=5, options=options))
    set_position(s, deal=number - 1, dealer=N)
    s._start_deal()  # the kernel deals it
    lay_out_rummy_deal(s, hands, rest)
    return s


def to_play(s: Push, seat: int) -> Push:
    """Move the turn to ``seat``, drawn already (a position later in a deal)."""
    return set_position(s, turn=seat, phase=Phase.PLAY)


def legal(s: Push, seat: int | None = None) -> list[str]:
    return [str(m) for m in s.legal_moves(seat)]


def refused(s: Push, move: str, seat: int | None = None) -> str:
    """The move is refused with a sentence, and nobody's view changes."""
    before = json.dumps([s.view(x) for x in range(4)], sort_keys=True)
    with pytest.raises(IllegalMove) as err:
        s.play(move, seat)
    assert json.dumps([s.view(x) for x in range(4)], sort_keys=True) == before
    return str(err.value)


def conserved(s: Push) -> bool:
    return Counter(c for zone in s.card_zones().values() for c in zone) == Counter(s.deck_template())


def play(s: Push, *moves: str) -> Push:
    for m in moves:
        s.play(m)
    return s


# ---- equipment, seats, deals ---------------------------------------------------------------


def test_two_decks_and_four_jokers_with_jokers_and_twos_wild() -> None:
    s = new(PLAIN, "9H")
    deck = s.deck_template()
    assert len(deck) == 108 and deck.count(C.JOKER) == 4
    rules = s.meld_rules
    assert sum(rules.is_wild(c) for c in deck) == 12  # eight twos and four jokers
    assert conserved(s)


def test_partners_sit_opposite_and_score_as_teams() -> None:
    s = new(PLAIN, "9H")
    assert s.team_of(N) == s.team_of(S) != s.team_of(E) == s.team_of(W)
    assert s.score_sheet.columns == ["North–South", "East–West"]
    assert s.spec.players == (4,)


def test_five_deals_with_their_contracts_as_data() -> None:
    assert DEAL_SIZES == (6, 7, 8, 9, 10)
    assert [c.describe() for c in SCHEDULE] == [
        "two sets of three", "a set of three and a run of four", "two runs of four",
        "three sets of three", "two runs of five"]
    assert [str(c) for c in SCHEDULE] == list(CONTRACTS)
    rules = SPEC.rules
    for number, (size, contract) in enumerate(zip(DEAL_SIZES, SCHEDULE, strict=True), start=1):
        # `gamenight rules push` shows the catalogue as the game holds it
        assert f"deal {number}: {size} cards, {contract.describe()} (``{contract}``)" in rules


def test_each_deal_deals_its_size_and_sets_its_contract() -> None:
    for number, size in enumerate(DEAL_SIZES, start=1):
        fresh = cast(Push, gamenight.new(GAME, players=4, seed=number))
        set_position(fresh, deal=number - 1)
        fresh._start_deal()
        assert [len(h) for h in fresh.hands] == [size] * 4
        assert fresh.contract_of(N) == SCHEDULE[number - 1]
        assert fresh.view(N)["my_contract"].lower() == SCHEDULE[number - 1].describe()


def test_the_player_left_of_the_dealer_starts_and_the_deal_passes_left() -> None:
    s = new(PLAIN, "9H")
    assert s.dealer == N and s.turn == E
    s._on_hand_over(None)
    assert s.deal_no == 2 and s.dealer == E and s.turn == S


def test_a_wild_up_card_is_buried_in_the_stock_and_another_turned() -> None:
    s = new(PLAIN, "JK 2C 9H QC")
    assert s.discards == cards("9H")
    assert s.stock[0] == C.card("QC")  # the next stock card is the one after the up-card
    assert s.stock.count(C.JOKER) == 4 and C.card("2C") in s.stock
    buried = [e.text for e in s.events if e.kind == "bury"]
    assert len(buried) == 2 and "Joker" in buried[0] and "2♣" in buried[1]
    assert conserved(s)


# ---- the draw: take, push, or draw where pushing cannot be done ----------------------------


def test_T_PU_2_a_push_gives_the_discard_and_a_stock_card_to_the_opponent_on_the_left() -> None:
    s = new(PLAIN, "8D QC 5S 9H")
    set_position(s, zones={"discards": [s.stock[-1], *s.discards]})  # the stock's bottom card under the 8♦
    under = s.discards[0]
    assert legal(s) == ["take 8D", "push"]
    play(s, "push")
    assert sorted(s.hands[S]) == sorted(cards(PLAIN[S]) + cards("8D QC"))  # South +2
    assert len(s.hands[E]) == 7 and C.card("5S") in s.hands[E]  # East draws the next stock card
    assert s.discards == [under]  # the pile shows the card under the 8♦
    assert s.stock[0] == C.card("9H")
    # everyone knows the 8♦ is in South's hand; the stock card went face down
    assert s.view(N)["known_cards"][S] == ["8D"]
    assert "Q♣" not in " ".join(e.text for e in s.events if e.to is None)
    assert any(e.to == S and "Q♣" in e.text for e in s.events)
    assert s.turn == E and s.phase() == "play"
    assert conserved(s)


def test_G_PU_8_no_push_without_a_top_discard_then_a_plain_draw() -> None:
    s = new(PLAIN, "8D QC 5S 9H 9C")
    set_position(s, zones={"discards": ""})  # the pile is empty (every discard taken or pushed)
    assert legal(s) == ["draw"]
    assert "no discard to push" in refused(s, "push")
    play(s, "draw")
    assert len(s.hands[E]) == 7 and s.hands[E][-1] == C.card("QC")


def test_G_PU_4_a_push_needs_two_stock_cards() -> None:
    s = new(PLAIN, "8D QC")
    run_down_stock(s, 1)  # one card left in the stock
    assert legal(s) == ["draw", "take 8D"]
    assert "too short to push" in refused(s, "push")
    play(s, "draw")
    assert s.stock == []


def test_a_plain_draw_is_refused_while_a_push_is_possible() -> None:
    s = new(PLAIN, "8D QC")
    assert "push it with the top stock card" in refused(s, "draw")


def test_take_the_top_discard() -> None:
    s = new(PLAIN, "8D QC")
    play(s, "take 8D")
    assert C.card("8D") in s.hands[E] and s.discards == [] and s.taken == C.card("8D")


def test_G_PU_5_the_card_taken_may_not_be_discarded_unless_the_option_says() -> None:
    s = new(PLAIN, "8D QC")
    play(s, "take 8D")
    assert "discard 8D" not in legal(s)
    assert "took from the discard pile" in refused(s, "discard 8D")
    s = new(PLAIN, "8D QC", discard_taken_card=True)
    play(s, "take 8D", "discard 8D")
    assert s.discards == cards("8D")


def test_the_stock_is_remade_a_few_times_then_the_deal_ends_with_both_teams_counting() -> None:
    s = new(PLAIN, "8D QC", stock_remakes=1)
    run_down_stock(s)  # the stock is used up
    s._stock_ran_out()
    assert s.restocks == 1 and len(s.stock) > 2
    run_down_stock(s)
    s._stock_ran_out()  # once more: the deal is over
    row = s.score_sheet.rows[0]
    assert row.points == [hand_value(cards(PLAIN[N] + " " + PLAIN[S])),
                          hand_value(cards(PLAIN[E] + " " + PLAIN[W]))]
    assert "nobody went out" in row.note
    with pytest.raises(OptionError):
        gamenight.new(GAME, players=4, options={"stock_remakes": 0})


# ---- the contract ---------------------------------------------------------------------------


def test_the_contract_first_group_by_group_and_a_partners_contract_does_not_count() -> None:
    # East holds a card more than the deal's six (as after a push), so his contract leaves him two
    hands = ["3C 4S 7H 9S JC KD", "4C 4D 4H 9C 9D 2S 7S", "9H 9S JK 8C 8D 8S", "4D 6H 8S TC QD AH"]
    s = at_deal(1, hands, "KH QC 5S 6S")
    play(s, "push")
    melds = [m for m in legal(s) if m.startswith("meld")]
    assert "meld 4C 4D 4H set" in melds and "meld 9C 9D 2S set" in melds
    assert not any(m.startswith(("layoff", "swap")) for m in legal(s))
    play(s, "meld 4C 4D 4H set")
    assert all(m.startswith("meld") for m in legal(s))  # only the rest of the contract now
    assert "Finish laying your contract" in refused(s, "discard 5S")
    play(s, "meld 9C 9D 2S set")
    assert s.made == [False, True, False, False]
    # North's partner South has not laid his: laying off is for players whose contract is down
    play(s, "discard 5S", "take 5S")
    assert s.made[S] is False and not any(m.startswith("layoff") for m in legal(s))
    play(s, "meld 8C 8D 8S set", "meld 9H 9S JK set")
    assert s.made == [False, True, True, False]
    play(s, "discard QC", "push", "discard 4D", "push")
    assert C.card("4S") in s.hands[N] and s.melds[0].rank == C.FOUR
    assert not any(m.startswith("layoff") for m in legal(s))  # North's own contract is not down


def test_a_meld_that_is_not_a_contract_group_is_refused_with_the_contract_named() -> None:
    s = at_deal(3, ["3C 5D 7H 9S JC KD QH 4S", "4C 4D 4H 9C 9D 2S 5S 6S", PLAIN[S] + " 8C 8D",
                    PLAIN[W] + " 8S 8H"], "KH QC 5C")
    play(s, "push")
    assert "two runs of four" in refused(s, "meld 4C 4D 4H set")


def test_extra_melds_and_lay_offs_in_the_turn_of_the_contract() -> None:
    hands = ["3C 5D 7H 9S JC KD", "4C 4D 4H 9C 9D 9S JH QH KH TH", PLAIN[S], PLAIN[W]]
    s = at_deal(1, hands, "KH QH 4S")
    play(s, "push", "meld 4C 4D 4H set", "meld 9C 9D 9S set")
    assert "meld JH QH KH run" in legal(s) and "layoff 1 4S" in legal(s)  # the 4♠ was drawn
    play(s, "meld JH QH KH run", "layoff 1 4S")
    assert [m.size for m in s.melds] == [4, 3, 3]
    play(s, "layoff 3 TH")
    assert s.score_sheet.rows[0].label == "Deal 1: East goes out"  # his last card laid off


def test_going_out_by_melding_every_card() -> None:
    hands = ["3C 5D 7H 9S JC KD", "4C 4D 4H 9C 9D 9S", PLAIN[S], PLAIN[W]]
    s = at_deal(1, hands, "KH QH 4S")
    play(s, "push", "meld 4C 4D 4H 4S set", "meld 9C 9D 9S set")
    assert s.score_sheet.rows[0].label == "Deal 1: East goes out" and s.deal_no == 2


def test_G_PU_3_no_two_naturals_of_one_suit_in_a_set_unless_the_option_says() -> None:
    hands = ["3C 5D 8H 9S JC KD", "7H 7H 7S 9C 9D 9S", PLAIN[S], PLAIN[W]]
    s = new(hands, "KH QH 4S")
    play(s, "push")
    assert not any("7H 7H" in m for m in legal(s))
    assert "two natural hearts" in refused(s, "meld 7H 7H 7S set")
    s = new(hands, "KH QH 4S", same_suit_in_set=True)
    play(s, "push", "meld 7H 7H 7S set", "meld 9C 9D 9S set")
    assert s.made[E]


def test_the_ace_goes_high_or_low_but_a_run_never_turns_the_corner() -> None:
    rules = meld_rules()
    assert rules.meld("JH QH KH AH").size == 4
    assert rules.meld("AH 2C 3H 4H").size == 4  # the two stands in for 2♥
    assert isinstance(rules.check(cards("KH AH 2C 3H"), "run"), str)
    s = at_deal(3, ["3C 5D 7H 9S JC KD QH 4S", "JH QH KH AH AC 3C 4C 5C", PLAIN[S] + " 8C 8D",
                    PLAIN[W] + " 8S 8H"], "KH QC 2D")
    play(s, "push")
    assert "meld JH QH KH AH run" in legal(s) and "meld AC 2D 3C 4C 5C run" in legal(s)
    play(s, "meld JH QH KH AH run", "meld AC 2D 3C 4C 5C run")  # every card down: East is out
    assert s.score_sheet.rows[0].label == "Deal 3: East goes out"


def test_G_PU_6_a_two_is_always_wild_and_counts_25() -> None:
    rules = meld_rules()
    run = rules.meld("AS 2S 3S 4S", "run")
    assert run.wilds == 1  # the 2♠ is wild even in its own place
    assert VALUES[C.card("2S")] == VALUES[C.JOKER] == 25


def test_all_wild_melds_declare_what_they_stand_for() -> None:
    s = at_deal(1, ["3C 5D 7H 9S JC KD", "4C 4D 4H 9C 9D 9S JK 2C 2D", PLAIN[S], PLAIN[W]], "KH QH 4S")
    play(s, "push", "meld 4C 4D 4H set", "meld 9C 9D 9S set")
    assert "meld 7 2C 2D JK set" in legal(s)  # a set of wild cards, declared as sevens
    assert "Say which rank" in refused(s, "meld 2C 2D JK set")
    play(s, "meld H 5 2C 2D JK run")  # a run of wild cards: 5♥ 6♥ 7♥, typed with its suit and start
    assert s.melds[-1].kind == "run" and s.melds[-1].all_wild
    assert "(as 5♥)" in s.melds[-1].describe()


def test_an_all_wild_sets_rank_may_be_typed_as_a_word_and_a_missing_rank_says_how_to_name_it() -> None:
    # the book: the player declares what each wild stands for, a set its rank only; 'K', 'king',
    # 'kings' are the same declaration as the listed number, never a new move
    s = at_deal(1, ["3C 5D 7H 9S JC KD", "4C 4D 4H 9C 9D 9S JK 2C 2D", PLAIN[S], PLAIN[W]], "KH QH 4S")
    play(s, "push", "meld 4C 4D 4H set", "meld 9C 9D 9S set")
    listed = legal(s)
    for typed in ("meld K 2C 2D JK set", "meld kings 2C 2D JK set", "meld 2C 2D JK K set",
                  "meld 2C 2D JK kings",
                  "meld king JK 2D 2C set"):
        assert str(s.parse(typed)) == "meld 13 2C 2D JK set" in listed, typed
    assert str(s.parse("meld A 2C 2D JK set")) == "meld 14 2C 2D JK set"
    assert str(s.parse("meld T 2C 2D JK set")) == "meld 10 2C 2D JK set"
    assert str(s.parse("meld H 5 2C 2D JK run")) == "meld H 5 2C 2D JK run"  # a suit letter is no rank
    # no rank: any of thirteen would do, so the refusal says how to name one
    why = refused(s, "meld 2C 2D JK set")
    assert "Say which rank" in why and "'meld K 2C 2D JK set' for kings" in why
    assert "Say which rank" in refused(s, "meld 2C 2D JK")
    play(s, "meld kings 2C 2D JK")
    assert str(s.moves[-1][1]) == "meld 13 2C 2D JK set" and s.melds[-1].rank == C.KING


def test_runs_are_only_extended_never_joined() -> None:
    rules = meld_rules()
    low, high = rules.meld("3C 4C 5C", "run"), rules.meld("7C 8C 9C", "run")
    assert [m.text for m in rules.lay_offs(low, C.card("6C"))] == ["3C 4C 5C 6C run"]
    assert not rules.lay_offs(low, C.card("8C"))  # a card beyond a gap does not join them
    assert len(rules.lay_offs(high, C.JOKER)) == 2  # a wild goes at either end


# ---- the wild swap -------------------------------------------------------------------------


def test_a_wild_on_the_table_is_swapped_for_its_natural_and_must_be_played_at_once() -> None:
    s = at_deal(2, ["5S 9H 9D 9C 3H 4H 6H", "3S 4S JK 6S 7C 7D 2D KS", PLAIN[S] + " 8C", PLAIN[W] + " 8S"],
                "KH 8D QS 5C 8H 4D 9S TD JD")
    play(s, "push", "meld 3S 4S JK 6S run", "meld 7C 7D 2D set", "discard QS")
    play(s, "push", "discard 8C", "push", "discard 8S", "push")
    # North holds the 5♠ the joker stands for in East's run; his contract is not down, so the
    # joker must go into it this turn (the spec's [STD])
    assert "swap 1 5S JK" in legal(s)
    play(s, "swap 1 5S JK")
    assert s.melds[0].wilds == 0 and s.freed == [C.JOKER]
    assert "the wild card you took back" in refused(s, "discard 8C")
    assert not any(m.startswith("discard") for m in legal(s))
    play(s, "meld 9C 9D 9H set", "meld 3H 4H JK 6H run")
    assert s.made[N] and s.freed == []
    assert any(m.startswith("discard") for m in legal(s))  # 8♣ 4♦ and the card drawn are left
    assert conserved(s)


# ---- going out and scoring -----------------------------------------------------------------


def test_going_out_with_a_last_discard() -> None:
    hands = ["3C 5D 7H 9S JC KD", "4C 4D 4H 9C 9D 9S", PLAIN[S], PLAIN[W]]
    s = new(hands, "KH QH 4S")
    play(s, "push", "meld 4C 4D 4H set", "meld 9C 9D 9S set", "discard 4S")
    assert s.deal_no == 2
    row = s.score_sheet.rows[0]
    assert row.label == "Deal 1: East goes out"
    assert row.points[1] == 0 and row.details is not None and row.details[1] == "went out"
    # North–South count what they hold: North's six cards, South's six and the two pushed to him
    assert row.points[0] == hand_value(cards(PLAIN[N])) + hand_value(cards(PLAIN[S] + " KH QH"))


def test_T_PU_1_the_team_out_scores_nothing_and_the_opponents_count_their_hands() -> None:
    s = to_play(at_deal(1, ["4C 4D 4H 9C 9D 9S TH", "JK AS KC 7D", "QH QD 3S", "2H 9H 3D"], "KH QC"), N)
    play(s, "meld 4C 4D 4H set", "meld 9C 9D 9S set", "discard TH")
    row = s.score_sheet.rows[0]
    # East: Jkr 25 + A 20 + K 10 + 7 5 = 60; West: 2 25 + 9 5 + 3 5 = 35; South's cards do not count
    assert row.points == [0, 95]
    assert row.details == ["went out", "East 60, West 35"]


def test_T_PU_3_deal_five_needs_two_runs_of_at_least_five() -> None:
    contract = SCHEDULE[4]
    rules = meld_rules()
    good = [rules.meld("5H 6H 7H 8H 9H"), rules.meld("TS JS QS KS AS")]
    assert contract.check(good) == ""
    short = [rules.meld("5H 6H 7H 8H"), rules.meld("TS JS QS KS AS")]
    assert "four" in contract.check(short) and "five" in contract.check(short)


def test_T_PU_4_a_set_with_a_joker_and_a_run_with_a_two_meet_deal_two() -> None:
    s = at_deal(2, ["3C 5D 7H 9S JC KD QH", "7C 7D JK 3S 4S 2C 6S QS", PLAIN[S] + " 8C",
                    PLAIN[W] + " 8S"], "KH 8D 5C")
    play(s, "push")
    play(s, "meld 7C 7D JK set")
    assert "meld 3S 4S 2C 6S run" in legal(s)
    play(s, "meld 3S 4S 6S 2C")  # typed without saying where the two goes: it can only be the 5♠
    assert s.made[E] and "2♣ (as 5♠)" in s.melds[1].describe()
    assert "Joker (as 7)" in s.melds[0].describe()
    # where a wild's meaning is open, the engine asks for it before accepting
    rules = s.meld_rules
    assert "say which" in str(rules.check(cards("7S 2C JK")))
    assert "Say which rank" in str(rules.check(cards("2C 2D JK"), "set"))


def test_T_PU_5_after_five_deals_the_lower_total_wins() -> None:
    s = at_deal(5, ["4C 5C 6C 7C 8C 9D TD JD QD KD AH", "JK AS KC 7D", "QH QD 3S", "2H 9H 3D"], "KH QC")
    for label, points in (("Deal 1", [40, 0]), ("Deal 2", [60, 0]), ("Deal 3", [0, 0]), ("Deal 4", [80, 0])):
        s.sheet.add(label, points)
    to_play(s, N)
    play(s, "meld 4C 5C 6C 7C 8C run", "meld 9D TD JD QD KD run", "discard AH")
    assert s.is_over
    assert s.score_sheet.totals == [180, 95]
    assert s.outcome is not None and s.outcome.winners == (E, W)
    assert s.outcome.scores == (180, 95, 180, 95)


def test_equal_totals_tie() -> None:
    s = at_deal(5, ["4C 5C 6C 7C 8C 9D TD JD QD KD AH", "JK AS KC 7D", "QH QD 3S", "2H 9H 3D"], "KH QC")
    s.sheet.add("Deal 1", [95, 0])
    to_play(s, N)
    play(s, "meld 4C 5C 6C 7C 8C run", "meld 9D TD JD QD KD run", "discard AH")
    assert s.outcome is not None and s.outcome.winners == (N, E, S, W)


# ---- what a seat sees ---------------------------------------------------------------------


def test_the_view_shows_every_contract_and_the_deal() -> None:
    s = new(PLAIN, "8D QC")
    v = s.view(N)
    assert v["my_contract"] == "Two sets of three"
    assert v["contracts"] == ["Two sets of three"] * 4
    assert v["deal_of"] == [1, 5] and v["cards_this_deal"] == 6
    play(s, "push")
    assert "East pushed 8♦" in s.view(W)["pushed"]
    keys = {f["key"] for f in s.view(N)["layout"]["fields"]}
    assert {"my_contract", "contracts", "deal_of"} <= keys


# ---- a golden match ------------------------------------------------------------------------


def test_golden_match_with_heuristic_bots() -> None:
    s = golden_match("push_heuristic")
    assert s.is_over and s.outcome is not None
    assert len(s.score_sheet.rows) == 5
    assert s.score_sheet.totals == [45, 410]  # North–South win low
    assert s.outcome.winners == (N, S)
    assert conserved(cast(Push, s))
