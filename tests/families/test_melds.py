"""The meld kernel (families/melds.py): every clause and option of the validator, the move
notation, laying off, wild swaps, the move list, and the exact solver against hand-checked
arrangements, a brute-force solver and OpenSpiel's gin deadwood."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from itertools import combinations, permutations
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamenight.core.moves import parse_move
from gamenight.equipment import cards as C
from gamenight.equipment.cards import card, cards
from gamenight.families.melds import (
    ACE_AROUND,
    ACE_EITHER,
    ACE_HIGH,
    ACE_LOW,
    ACE_MODES,
    AT_MOST_NATURALS,
    FEWER_THAN_NATURALS,
    RUMMY_VALUES,
    RUN,
    SET,
    WILD_RATIOS,
    Meld,
    MeldRules,
    MeldSolver,
    best_arrangement,
    lay_off_end,
    least_deadwood,
    solver_for,
    values_by_rank,
)

JK = C.JOKER
RUMMY = MeldRules(max_set=4)                                   # Standard Rummy §4: ace low, groups 3-4
GIN_BOOK = MeldRules(ace=ACE_EITHER)                            # the book's gin: A-2-3 or Q-K-A
GIN_STD = MeldRules()                                           # standard gin / OpenSpiel: ace low
CANASTA = MeldRules(runs=False, wild_ranks=frozenset({C.TWO}), min_naturals=2,
                    wild_ratio=AT_MOST_NATURALS, max_wilds=3, unmeldable=frozenset(cards("3C 3S 3D 3H")))
PUSH = MeldRules(ace=ACE_EITHER, wild_ranks=frozenset({C.TWO}), all_wild=True,
                 distinct_suits_in_sets=True)


def card_game(n: int, **kw: object) -> MeldRules:
    """The Card Game, round with n cards: rank n wild (3s..Ks), ace low, one natural at least."""
    return MeldRules(jokers_wild=False, wild_ranks=frozenset({n - 2}), **kw)  # type: ignore[arg-type]


def ok(rules: MeldRules, text: str, kind: str | None = None, **kw: int) -> Meld:
    m = rules.check(cards(text), kind, **kw)
    assert isinstance(m, Meld), m
    return m


def bad(rules: MeldRules, text: str, kind: str | None = None, **kw: int) -> str:
    m = rules.check(cards(text), kind, **kw)
    assert isinstance(m, str), f"{text} should not be a meld, got {m}"
    return m


# ---- sets and runs ---------------------------------------------------------------------


def test_rummy_validity_cases() -> None:
    # other-seeds §4.3 case 1
    ok(RUMMY, "AC 2C 3C")
    assert "Aces are low" in bad(RUMMY, "QH KH AH")
    assert "Aces are low" in bad(RUMMY, "KS AS 2S")
    ok(RUMMY, "7C 7D 7H 7S")
    assert bad(RUMMY, "7C 7D") == "A set needs at least three cards."
    assert "is not a meld" in bad(RUMMY, "5D 6D 7C")


def test_set_rules() -> None:
    m = ok(RUMMY, "7S 7C 7H")
    assert m.kind == SET and m.rank == C.SEVEN and m.cards == tuple(cards("7C 7H 7S"))
    assert "one rank" in bad(RUMMY, "7S 7C 8H", SET)
    assert bad(MeldRules(sets=False), "7S 7C 7H") == "Only runs are melds in this game, not sets."
    # group of four at most in one-deck rummy; The Card Game allows five with a wild
    assert bad(RUMMY, "7C 7D 7H 7S JK") == "A set may hold at most four cards."
    ok(card_game(5), "9S 9H 9D 5C 9C")
    assert bad(MeldRules(min_set=4), "7C 7D 7H") == "A set needs at least four cards."


def test_multi_deck_duplicates_in_sets() -> None:
    # The Card Game GAP 9: identical cards from several decks may share a set ...
    m = ok(card_game(3), "7H 7H 7S")
    assert m.cards == tuple(cards("7H 7H 7S"))
    # ... but Push forbids two naturals of one suit (G-PU-3)
    assert bad(PUSH, "7H 7H 7S") == "A set may not hold two natural hearts."
    ok(PUSH, "7H 7S 2H")  # a wild deuce of hearts is not a natural heart


def test_run_rules() -> None:
    m = ok(RUMMY, "4S 5S 6S 7S")
    assert m.kind == RUN and m.suit == C.SPADES and m.start == 3
    assert bad(RUMMY, "4S 5S") == "A run needs at least three cards."
    assert bad(RUMMY, "4S 5S 6H", RUN) == "A run needs cards of one suit."
    assert bad(RUMMY, "4S 5S 7S") == "4♠ 5♠ 7♠ are not consecutive."
    assert bad(MeldRules(runs=False), "4S 5S 6S") == "Only sets are melds in this game, not runs."
    assert bad(MeldRules(max_run=4), "4S 5S 6S 7S 8S") == "A run may hold at most four cards."
    assert bad(RUMMY, "4S 4S 5S 6S", RUN) == "A run may not hold two fours."
    full = "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"
    assert ok(RUMMY, full).size == 13


@pytest.mark.parametrize(
    ("mode", "low", "high", "corner"),
    [(ACE_LOW, True, False, False), (ACE_HIGH, False, True, False),
     (ACE_EITHER, True, True, False), (ACE_AROUND, True, True, True)],
)
def test_ace_modes(mode: str, low: bool, high: bool, corner: bool) -> None:
    rules = MeldRules(ace=mode)
    assert isinstance(rules.check(cards("AH 2H 3H")), Meld) == low
    assert isinstance(rules.check(cards("QH KH AH")), Meld) == high
    assert isinstance(rules.check(cards("KH AH 2H")), Meld) == corner
    if not corner:
        assert "ace" in str(rules.check(cards("KH AH 2H"))).lower()
    # all thirteen: the ace at one end or the other (the listed end where both are allowed)
    first = ok(rules, "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH")
    last = ok(rules, "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH")
    assert first.start == (0 if low else 1)
    assert last.start == (1 if high else 0)
    assert bad(rules, "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", RUN) == \
        "A run cannot be longer than thirteen cards."


def test_ace_reasons_name_the_rule() -> None:
    assert bad(MeldRules(ace=ACE_HIGH), "AH 2H 3H") == \
        "Aces are high in this game: Q-K-A is a run, A-2-3 is not."
    assert "round the corner" in bad(GIN_BOOK, "KS AS 2S")  # the book's gin: "not K, A, 2"
    m = ok(MeldRules(ace=ACE_AROUND), "KS AS 2S")
    assert m.start == 12 and [m.rank_at(i) for i in range(3)] == [C.KING, C.ACE, C.TWO]
    assert m.describe() == "run of spades K–2: K♠ A♠ 2♠"


# ---- wild cards ------------------------------------------------------------------------


def test_jokers_and_deuces_are_wild_everywhere() -> None:
    rules = MeldRules(wild_ranks=frozenset({C.TWO}), ace=ACE_EITHER)
    m = ok(rules, "AS 2S 3S")  # the deuce stays wild even in its own place (G-PU-6, G-DR-7)
    assert m.wilds == 1 and m.stand_in(1) == card("2S")
    assert ok(rules, "7C 7D JK").wilds == 1
    assert bad(MeldRules(jokers_wild=False), "7C 7D JK") == \
        "Jokers are not wild in this game and cannot be melded."


def test_round_wild_rank_the_card_game() -> None:
    # other-seeds §5.3 case 1: round 2 (4s wild): 7♦ 8♦ 4♥ is a run, the 4♥ standing for 9♦
    m = ok(card_game(4), "7D 8D 4H")
    assert m.stand_in(2) == card("9D")
    # case 2: one wild cannot bridge K and 9
    assert bad(card_game(3), "9D 3H KC", RUN) == "A run needs cards of one suit."
    assert bad(card_game(3), "9D 3H KD", RUN) == \
        "9♦ K♦ are not consecutive: one wild card cannot fill three gaps."
    # case 6: A♠ 2♠ 3♦ (3♦ wild for 3♠) is a run; K♠ A♠ 3♦ is not (ace low)
    assert ok(card_game(3), "AS 2S 3D").stand_in(2) == card("3S")
    assert "Aces are low" in bad(card_game(3), "KS AS 3D", RUN)
    # a card of the wild rank is never natural: three 6s alone is all wild (§5.3 case 5)
    assert bad(card_game(6), "6C 6D 6H") == "A meld needs at least one natural card, not only wild cards."
    assert ok(card_game(6), "8S 8H 8D 6C 6D 6H", SET).wilds == 3
    # Arizona T-AZ-4: round 1 (3s wild), jokers also wild
    arizona = MeldRules(ace=ACE_EITHER, wild_ranks=frozenset({C.THREE}))
    ok(arizona, "7H 8H JK")
    assert "natural" in bad(arizona, "JK 3C 3D")


def test_dealers_upcard_rank_is_wild_horseshit() -> None:
    # T-HS-5: dealer's up card 8 → 8s wild; Q 8 8 is a set, 8 8 8 is not (no natural)
    rules = MeldRules(runs=False, jokers_wild=False).with_wild_ranks(C.EIGHT)
    m = ok(rules, "QC 8D 8S")
    assert m.rank == C.QUEEN and m.wilds == 2
    assert "natural" in bad(rules, "8C 8D 8S")


def test_min_naturals() -> None:
    # Oklahoma (okl_min_naturals=2): at most one wild in a three-card meld
    okl = MeldRules(ace=ACE_EITHER, max_set=4, max_run=4, min_naturals=2, wild_ranks=frozenset({C.TWO}))
    ok(okl, "KD KC JK")
    assert bad(okl, "KD JK 2C") == "A meld with wild cards needs at least two natural cards."
    # Sticks T-ST-1: one natural suffices, three wilds do not
    sticks = MeldRules(ace=ACE_EITHER, wild_ranks=frozenset({C.TWO}))
    ok(sticks, "8C 2D JK", SET)
    assert "natural" in bad(sticks, "2C JK JK")


def test_wilds_at_most_naturals_and_cap() -> None:
    # Canasta §7.10 case 2 and §7.4
    ok(CANASTA, "9C 9D 2S 2H")
    assert bad(CANASTA, "9C 9D 2S 2H 2D") == "A meld may not hold more wild cards than natural cards."
    assert "two natural" in bad(CANASTA, "9C 2H 2D")
    ok(CANASTA, "9C 9D 9H 9S 2S 2H 2D")
    assert bad(CANASTA, "9C 9D 9H 9S 9C 2S 2H 2D JK") == "A meld may hold at most three wild cards."
    assert bad(CANASTA, "3S 3C 3S") == "The three of spades can never be melded in this game."
    # 10 Dime T-TDR-3: Q Q 2 Jkr ✓ (2 = 2), Q 2 Jkr ✗
    dime = MeldRules(runs=False, wild_ranks=frozenset({C.TWO}), wild_ratio=AT_MOST_NATURALS)
    ok(dime, "QC QD 2S JK")
    assert "more wild" in bad(dime, "QC 2S JK")
    # Desert T-DR-3: a run of nine with 5 naturals + 4 wilds ✓, 4 + 5 ✗
    desert = MeldRules(ace=ACE_EITHER, wild_ranks=frozenset({C.TWO}), wild_ratio=AT_MOST_NATURALS)
    ok(desert, "3H JK 5H JK 7H JK 9H JK JH")
    assert "more wild" in bad(desert, "3H JK 5H JK 7H JK JK 2C JH")


def test_fewer_wilds_than_naturals_hand_and_foot() -> None:
    # other-seeds §6.3 case 2: 4N+3W ✓, 3N+3W ✗, 5N+4W ✓
    hf = MeldRules(runs=False, wild_ranks=frozenset({C.TWO}), wild_ratio=FEWER_THAN_NATURALS,
                   unmeldable=frozenset(cards("3C 3D 3H 3S")))
    ok(hf, "KC KD KH KS 2C 2D JK")
    assert bad(hf, "KC KD KH 2C 2D JK") == "A meld must hold more natural cards than wild cards."
    ok(hf, "KC KD KH KS KC 2C 2D JK JK")
    assert "three of clubs" in bad(hf, "3C 3D 3H")


def test_samba_groups_and_sequences() -> None:
    samba = MeldRules(ace=ACE_HIGH, max_run=7, wild_ranks=frozenset({C.TWO}), min_naturals=2, max_wilds=2,
                      wilds_in_runs=False, unmeldable=frozenset(cards("3C 3D 3H 3S")))
    ok(samba, "QC QD 2H JK")
    assert bad(samba, "QC QD 2H JK JK") == "A meld may hold at most two wild cards."
    assert bad(samba, "8H 9H JK", RUN) == "Wild cards may not be used in runs in this game."
    ok(samba, "8H 9H TH JH QH KH AH")
    assert bad(samba, "7H 8H 9H TH JH QH KH AH") == "A run may hold at most seven cards."


def test_all_wild_melds() -> None:
    # Push: any number of wilds, all-wild allowed, declared as set (rank) or run (suit, start)
    m = ok(PUSH, "JK JK 2C", SET, number=7)
    assert m.all_wild and m.rank == C.SEVEN and m.text == "7 2C JK JK set"
    r = ok(PUSH, "JK 2C JK", RUN, number=5, suit=C.HEARTS)
    assert r.text == "H 5 JK 2C JK run" and [r.stand_in(i) for i in range(3)] == cards("5H 6H 7H")
    assert "Say which rank" in bad(PUSH, "JK JK 2C", SET)
    assert "Say where" in bad(PUSH, "JK JK 2C", RUN)
    # Bolivia: 2 2 Joker is a wild meld
    bolivia = MeldRules(runs=False, wild_ranks=frozenset({C.TWO}), min_naturals=2, max_wilds=2, all_wild=True,
                        max_set=7)
    ok(bolivia, "2C 2D JK", SET, number=14)
    assert "two wild" in bad(bolivia, "KC KD KH 2C JK JK")  # a mixed group keeps its cap


# ---- representation and notation --------------------------------------------------------


def test_a_wild_stands_where_it_lies() -> None:
    above = ok(GIN_BOOK, "5H 6H JK")
    below = ok(GIN_BOOK, "JK 5H 6H")
    assert above.stand_in(2) == card("7H") and below.stand_in(0) == card("4H")
    assert above != below
    assert above.describe() == "run of hearts 5–7: 5♥ 6♥ Joker (as 7♥)"
    gap = ok(GIN_BOOK, "5H JK 7H")
    assert gap.stand_in(1) == card("6H") and gap.wild == 0b010
    # out of order: canonical reading, the spare wild above the run first, then below
    assert ok(GIN_BOOK, "6H 5H JK") == above
    assert ok(GIN_BOOK, "JK QH KH AH").start == 10  # no room above the ace: the joker is the J♥
    assert ok(GIN_BOOK, "QH JK KH AH", RUN).text == "JK QH KH AH run"


def test_set_wild_stands_for_the_rank() -> None:
    m = ok(GIN_BOOK, "JK 7D 7C")
    assert m.cards == (card("7C"), card("7D"), JK) and m.rank_at(2) == C.SEVEN and m.stand_in(2) is None
    assert m.describe() == "set of sevens: 7♣ 7♦ Joker (as 7)"


def test_ambiguous_kind_must_be_said() -> None:
    reason = bad(GIN_BOOK, "8H JK JK")
    assert "could be a set or a run" in reason and "'8H JK JK set'" in reason
    assert ok(GIN_BOOK, "8H JK JK", SET).kind == SET
    assert ok(GIN_BOOK, "8H JK JK", RUN).stand_in(2) == card("TH")
    assert len(GIN_BOOK.interpretations(cards("8H JK JK"))) == 2


@pytest.mark.parametrize(
    ("rules", "text", "kind", "number", "suit"),
    [(GIN_BOOK, "5H 6H JK", RUN, None, None), (GIN_BOOK, "JK 5H 6H", RUN, None, None),
     (GIN_BOOK, "7C 7D JK", SET, None, None), (card_game(3), "7H 7H 7S", SET, None, None),
     (PUSH, "JK JK 2C", SET, 14, None), (PUSH, "JK 2C JK", RUN, 1, C.SPADES),
     (MeldRules(ace=ACE_AROUND), "QH KH JK 2H", RUN, None, None),
     (GIN_BOOK, "TS JS QS KS AS", RUN, None, None)],
)
def test_move_text_round_trips(rules: MeldRules, text: str, kind: str, number: int | None,
                               suit: int | None) -> None:
    m = rules.check(cards(text), kind, number=number, suit=suit)
    assert isinstance(m, Meld), m
    move = m.to_move("meld")
    assert parse_move(str(move)) is move
    assert rules.read(move) == m
    assert str(move) == f"meld {m.text}"
    assert m.to_json()["text"] == m.text


def test_read_rejects_a_bad_word_and_canonicalises() -> None:
    assert "End a meld with 'set' or 'run'" in str(GIN_BOOK.read(parse_move("meld 5H 6H 7H alone")))
    typed = parse_move("meld 7H 5H 6H run")
    m = GIN_BOOK.read(typed)
    assert isinstance(m, Meld) and str(m.to_move("meld")) == "meld 5H 6H 7H run"
    with pytest.raises(ValueError, match="at least three"):
        GIN_BOOK.meld("5H 6H")


# ---- laying off and wild swaps ----------------------------------------------------------


def test_lay_off_naturals_on_runs_and_sets() -> None:
    run = ok(RUMMY, "5D 6D 7D")
    # §4.3 case 5: laying off 4♦ on 5♦6♦7♦ is accepted
    (low,) = RUMMY.lay_offs(run, card("4D"))
    assert low.cards == tuple(cards("4D 5D 6D 7D")) and lay_off_end(run, low) == "low"
    (high,) = RUMMY.lay_offs(run, card("8D"))
    assert lay_off_end(run, high) == "high"
    assert RUMMY.lay_offs(run, card("9D")) == []
    assert RUMMY.why_no_lay_off(run, card("9D")) == \
        "9♦ does not extend that run: only the 4 or the 8 of diamonds would."
    assert RUMMY.why_no_lay_off(run, card("8C")) == "8♣ is not a diamond: a run is one suit."
    group = ok(RUMMY, "7C 7D 7H")
    (four,) = RUMMY.lay_offs(group, card("7S"))
    assert four.size == 4 and lay_off_end(group, four) is None
    assert RUMMY.why_no_lay_off(four, card("7S")) == "A set may hold at most four cards."
    assert RUMMY.why_no_lay_off(group, card("8S")).startswith("A set needs cards of one rank")


def test_lay_off_a_wild_at_either_end() -> None:
    run = ok(GIN_BOOK, "5H 6H 7H")
    both = GIN_BOOK.lay_offs(run, JK)
    assert sorted(str(lay_off_end(run, m)) for m in both) == ["high", "low"]
    assert {m.stand_in(0 if lay_off_end(run, m) == "low" else 3) for m in both} == {card("4H"), card("8H")}
    top = ok(GIN_BOOK, "JH QH KH AH")
    (only,) = GIN_BOOK.lay_offs(top, JK)  # nothing above the ace
    assert only.stand_in(0) == card("TH")


def test_lay_off_an_ace_at_either_end() -> None:
    long_run = ok(GIN_BOOK, "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC")
    ends = GIN_BOOK.lay_offs(long_run, card("AC"))
    assert sorted(str(lay_off_end(long_run, m)) for m in ends) == ["high", "low"]
    (low_only,) = GIN_STD.lay_offs(ok(GIN_STD, "2C 3C 4C"), card("AC"))
    assert low_only.start == 0
    assert GIN_STD.lay_offs(ok(GIN_STD, "JC QC KC"), card("AC")) == []
    around = MeldRules(ace=ACE_AROUND)
    (wrapped,) = around.lay_offs(ok(around, "JC QC KC"), card("AC"))
    (past,) = around.lay_offs(wrapped, card("2C"))
    assert past.text == "JC QC KC AC 2C run"


def test_lay_off_respects_limits() -> None:
    assert len(CANASTA.lay_offs(ok(CANASTA, "9C 9D 2S"), card("2H"))) == 1  # 9-9-2-2 is fine
    assert CANASTA.lay_offs(ok(CANASTA, "9C 9D 2S 2H"), card("2D")) == []
    assert CANASTA.why_no_lay_off(ok(CANASTA, "9C 9D 2S 2H"), card("2D")) == \
        "A meld may not hold more wild cards than natural cards."
    assert len(CANASTA.lay_offs(ok(CANASTA, "9C 9D 2S"), card("9H"))) == 1
    assert PUSH.lay_offs(ok(PUSH, "7H 7S 7D"), card("7H")) == []  # a second natural heart


def test_wild_swaps() -> None:
    # Oklahoma T-OKL-4: 8♥ Joker(=9♥) 10♥ and 9♥ swaps in; 9♦ does not
    okl = MeldRules(ace=ACE_EITHER, max_set=4, max_run=4, min_naturals=2, wild_ranks=frozenset({C.TWO}))
    run = ok(okl, "8H JK TH")
    ((swapped, freed),) = okl.wild_swaps(run, card("9H"))
    assert swapped.text == "8H 9H TH run" and freed == JK
    assert okl.wild_swaps(run, card("9D")) == []
    # Sticks T-ST-5: a natural of the set's rank frees the joker from J J Jkr
    sticks = MeldRules(ace=ACE_EITHER, wild_ranks=frozenset({C.TWO}))
    ((new_set, freed_set),) = sticks.wild_swaps(ok(sticks, "JC JH JK"), card("JD"))
    assert freed_set == JK and new_set.wilds == 0
    assert len(sticks.wild_swaps(ok(sticks, "JC JH JK 2S", SET), card("JD"))) == 2  # either wild


# ---- every meld of a hand --------------------------------------------------------------


def brute_melds(rules: MeldRules, hand: list[int]) -> set[Meld]:
    """Every meld any ordering of any part of ``hand`` reads as (no all-wild melds)."""
    out: set[Meld] = set()
    for size in range(2, len(hand) + 1):
        for part in set(combinations(sorted(hand), size)):
            if not any(rules.is_natural(c) for c in part):
                continue
            for order in set(permutations(part)):
                for kind in (SET, RUN):
                    m = rules.check(order, kind)
                    if isinstance(m, Meld):
                        out.add(m)
    return out


def test_all_melds_of_a_rummy_hand() -> None:
    hand = cards("7C 7D 7H 7S 8S 9S 5D")
    melds = RUMMY.all_melds(hand)
    assert set(melds) == brute_melds(RUMMY, hand)
    assert sorted(m.text for m in melds) == sorted([
        "7C 7D 7H set", "7C 7D 7S set", "7C 7H 7S set", "7D 7H 7S set", "7C 7D 7H 7S set", "7S 8S 9S run"])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_all_melds_matches_every_ordering(data: st.DataObject) -> None:
    rules = data.draw(rules_strategy())
    hand = data.draw(hand_strategy(max_size=6, min_size=3))
    assert set(rules.all_melds(hand, all_wild=False)) == brute_melds(rules, hand)


# ---- the solver: hand-checked arrangements ----------------------------------------------


def test_rummy_deadwood_case() -> None:
    # §4.3 case 2: C holds 4♥5♥6♥9♣ → unmelded_only 9; A holds K♠ 7♦ A♣ → 18
    assert least_deadwood(cards("4H 5H 6H 9C"), RUMMY) == 9
    assert least_deadwood(cards("KS 7D AC"), RUMMY) == 18


@pytest.mark.parametrize(
    ("n", "hand", "points"),
    [(4, "7D 8D 4H 2S", 2),               # case 1: D2's own example
     (3, "KC 3H 9D", 22),                 # case 2
     (7, "5S 5H 7C TD JD QD 2C", 2),      # case 3: the set takes the wild, not the run
     (6, "6C 6D 6H 8S 8H 8D", 0),         # case 5a: a set of six
     (6, "6C 6D 6H KS 2D 9C", 11),        # case 5b: all spare wilds into one meld
     (3, "AS 2S 3D", 0), (3, "KS AS 3D", 14)],  # case 6
)
def test_the_card_game_scoring_cases(n: int, hand: str, points: int) -> None:
    arrangement = best_arrangement(cards(hand), card_game(n))
    assert arrangement.deadwood_value == points
    if points == 11:
        (meld,) = arrangement.melds
        assert meld.natural_cards() == [card("KS")] and meld.wilds == 3


def test_the_card_game_going_out() -> None:
    # case 4, round 3 (5s wild): no five of 9♠9♥9♦K♠K♥K♦ meld; 9♠9♥9♦5♣9♣ K♦ goes out
    solver = solver_for(card_game(5))
    hand = cards("9S 9H 9D KS KH KD")
    assert not any(solver.melds_all([c for c in hand if c != d]) for d in hand)
    hand = cards("9S 9H 9D 5C 9C KD")
    assert solver.melds_all(cards("9S 9H 9D 5C 9C"))
    assert solver.deadwood_after_discards(hand)[card("KD")] == 0


@pytest.mark.parametrize(
    ("hand", "deadwood", "why"),
    [("4H 5H 6H 6C 6D", 9, "the 6♥ belongs in the set, not in the run"),
     ("7C 7D 7H 7S 8S 9S", 0, "a set of three and a run, not the set of four"),
     ("AS 2S 3S 4S 5S 5C 5D 6S 7S 7C 7D 8C", 14, "break the long run twice"),
     ("AC 2C 3C 3D 3H 4C", 6, "the 3♣ belongs in the run, not in the set"),
     ("9H TH JH QH KH QC QD 8C", 18, "Q♥ to the queens: K♥ 8♣ left (18), not 9-K♥ and Q Q 8 (28)")],
)
def test_greedy_fails_solver_does_not(hand: str, deadwood: int, why: str) -> None:
    assert least_deadwood(cards(hand), GIN_STD) == deadwood, why


def test_multi_deck_hand() -> None:
    # two decks: 7♥ twice can go to two different melds
    hand = cards("7H 7H 7S 7C 6H 8H")
    arrangement = best_arrangement(hand, card_game(3))  # 3s wild, none held
    assert arrangement.deadwood == () and len(arrangement.melds) == 2
    assert sorted(m.kind for m in arrangement.melds) == [RUN, SET]


def test_meld_values_objective_ten_dime() -> None:
    # T-TDR-1: melds K K K Jkr and 5 5 5 2 (+120), hand A 9 (−25) → +95
    dime = MeldRules(runs=False, wild_ranks=frozenset({C.TWO}), wild_ratio=AT_MOST_NATURALS)
    values = values_by_rank([25, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10, 20], joker=50)
    a = best_arrangement(cards("KC KD KH JK 5C 5D 5H 2S AC 9D"), dime, values, meld_values=values)
    assert (a.melded_value, a.deadwood_value, a.score) == (120, 25, 95)
    assert a.deadwood == tuple(sorted(cards("AC 9D")))


def test_values_tables() -> None:
    assert [RUMMY_VALUES[card(c)] for c in ("AS", "2S", "9H", "TH", "KD")] == [1, 2, 9, 10, 10]
    assert RUMMY_VALUES[JK] == 0
    with pytest.raises(ValueError):
        MeldSolver(GIN_STD, RUMMY_VALUES[:52])
    with pytest.raises(ValueError):
        MeldSolver(GIN_STD, [-1] * 53)


def test_wild_values_spent_where_they_count_most() -> None:
    # two wilds of different value, only one can be used: the joker (50) is melded, the deuce
    # (20) stays in hand
    rules = MeldRules(runs=False, wild_ranks=frozenset({C.TWO}), max_wilds=1)
    values = values_by_rank([20, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10, 20], joker=50)
    a = best_arrangement(cards("KC KD 2S JK"), rules, values)
    assert a.deadwood == (card("2S"),) and a.deadwood_value == 20
    (meld,) = a.melds
    assert meld.wild_cards() == [JK]


def test_all_wild_melds_in_the_solver() -> None:
    # Push has no wild limits: the nine takes all three wilds
    (meld,) = best_arrangement(cards("2C 2D JK 9H"), PUSH).melds
    assert meld.size == 4 and meld.rank == C.NINE
    # Bolivia caps a mixed group at two wilds: the other three make a wild meld of their own
    bolivia = MeldRules(runs=False, wild_ranks=frozenset({C.TWO}), min_naturals=2, max_wilds=2,
                        all_wild=True, max_set=7)
    a = best_arrangement(cards("KC KD 2C 2D JK JK 2H 9S"), bolivia)
    assert a.deadwood == (card("9S"),)
    wild_meld = next(m for m in a.melds if m.all_wild)
    assert wild_meld.size == 3 and bolivia.read(wild_meld.to_move()) == wild_meld
    # without all-wild melds the three are deadwood
    no_wild_melds = best_arrangement(cards("KC KD 2C 2D JK JK 2H 9S"), MeldRules(
        runs=False, wild_ranks=frozenset({C.TWO}), min_naturals=2, max_wilds=2, max_set=7))
    assert len(no_wild_melds.deadwood) == 4


def test_cache_and_shared_solver() -> None:
    solver = solver_for(GIN_STD)
    assert solver is solver_for(GIN_STD, RUMMY_VALUES)
    hand = cards("AS 2S 3S KC KD KH 9C 8D 7H QS")
    first = solver.best(hand)
    assert solver.best(list(reversed(hand))) is first
    assert solver.deadwood(hand) == first.deadwood_value == 34


# ---- the solver against a brute-force one ------------------------------------------------


def brute_score(rules: MeldRules, hand: list[int], values: tuple[int, ...],
                meld_values: tuple[int, ...] | None) -> int:
    """Try every partition: the first card left is deadwood or in some meld with others."""
    mv = meld_values or (0,) * 53

    @cache
    def is_meld(group: tuple[int, ...]) -> bool:
        if any(rules.is_natural(c) for c in group):
            return bool(rules.interpretations(group))
        if not rules.all_wild:
            return False
        return any(isinstance(rules.check(group, SET, number=7), Meld) or
                   isinstance(rules.check(group, RUN, number=n, suit=0), Meld) for n in (1, 2))

    @cache
    def go(rest: tuple[int, ...]) -> int:
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        best = go(others) - values[first]
        for size in range(1, len(others) + 1):
            for idx in set(combinations(range(len(others)), size)):
                group = (first, *(others[i] for i in idx))
                if is_meld(tuple(sorted(group))):
                    left = tuple(others[i] for i in range(len(others)) if i not in idx)
                    best = max(best, go(left) + sum(mv[c] for c in group))
        return best

    return go(tuple(sorted(hand)))


@st.composite
def rules_strategy(draw: st.DrawFn) -> MeldRules:
    sets, runs = draw(st.sampled_from([(True, True), (True, False), (False, True)]))
    min_set = draw(st.integers(2, 4))
    min_run = draw(st.integers(2, 4))
    return MeldRules(
        sets=sets, runs=runs, min_set=min_set, min_run=min_run,
        max_set=draw(st.none() | st.integers(min_set, 5)),
        max_run=draw(st.none() | st.integers(min_run, 6)),
        ace=draw(st.sampled_from(ACE_MODES)),
        jokers_wild=draw(st.booleans()),
        wild_ranks=draw(st.sampled_from([frozenset(), frozenset({C.TWO}), frozenset({C.FIVE})])),
        min_naturals=draw(st.integers(1, 2)),
        wild_ratio=draw(st.sampled_from(WILD_RATIOS)),
        max_wilds=draw(st.none() | st.integers(0, 3)),
        wilds_in_runs=draw(st.booleans()),
        all_wild=draw(st.booleans()),
        distinct_suits_in_sets=draw(st.booleans()),
        unmeldable=draw(st.sampled_from([frozenset(), frozenset({card("4H")})])),
    )


#: a small corner of two decks (aces, twos to fives, queens, kings; two suits) plus jokers,
#: so that random hands are full of melds, wilds and duplicates
POOL = [card(f"{r}{s}") for r in "A2345K" for s in "HS"] * 2 + [JK] * 3


def hand_strategy(max_size: int, min_size: int = 4) -> st.SearchStrategy[list[int]]:
    return st.lists(st.sampled_from(range(len(POOL))), min_size=min_size, max_size=max_size,
                    unique=True).map(lambda idx: [POOL[i] for i in idx])


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_solver_matches_brute_force(data: st.DataObject) -> None:
    rules = data.draw(rules_strategy(), "rules")
    hand = data.draw(hand_strategy(max_size=9), "hand")
    values = tuple(data.draw(st.lists(st.integers(0, 9), min_size=53, max_size=53), "values"))
    meld_values = data.draw(st.none() | st.lists(st.integers(0, 5), min_size=53, max_size=53), "meld_values")
    mv = tuple(meld_values) if meld_values is not None else None
    solver = MeldSolver(rules, values, mv)
    expected = brute_score(rules, hand, values, mv)
    assert solver.score(hand) == expected
    a = solver.best(hand)
    assert a.score == expected
    # the arrangement partitions the hand into valid melds and deadwood
    assert Counter(a.melded_cards()) + Counter(a.deadwood) == Counter(hand)
    assert a.deadwood_value == sum(values[c] for c in a.deadwood)
    for m in a.melds:
        again = rules.check(m.cards, m.kind, **({"number": m.number()} if m.all_wild else {}),
                            **({"suit": m.suit} if m.all_wild and m.is_run else {}))
        assert again == m, (m, again)
    # every candidate discard agrees with solving the smaller hand
    for c, score in solver.score_after_discards(hand).items():
        rest = list(hand)
        rest.remove(c)
        assert score == solver.score(rest)
    assert solver.melds_all(hand) == (not a.deadwood)


# ---- laying off on the table: the opponent of a gin knock ---------------------------------


def test_gin_opponent_lays_off_jointly() -> None:
    # the knocker shows 4-5-6♥ and three nines; the opponent holds 3♥ 7♥ 8♥ 9♥ and junk
    solver = MeldSolver(GIN_BOOK)
    table = [ok(GIN_BOOK, "4H 5H 6H"), ok(GIN_BOOK, "9C 9D 9S")]
    hand = cards("3H 7H 8H 9H KC KD 2S 5C 6D TS")
    assert solver.deadwood(hand) == 46  # alone: 7-8-9♥ melds, 3♥ K♣ K♦ 2♠ 5♣ 6♦ 10♠ do not
    a = solver.best_with_lay_offs(hand, table)
    assert a.deadwood_value == 43 and card("3H") not in a.deadwood
    assert Counter(a.melded_cards()) + Counter(a.deadwood) == Counter(hand)
    for lo in a.lay_offs:
        assert GIN_BOOK.check(lo.meld.cards, lo.meld.kind) == lo.meld
        assert Counter(lo.meld.cards) == Counter(table[lo.target].cards) + Counter(lo.cards)
    # a card better laid off than kept: 7♥ extends the run, so 7♣ 7♦ need not be a set with it
    b = solver.best_with_lay_offs(cards("7H 7C 7D 7S 8S 9S"), [ok(GIN_BOOK, "4H 5H 6H")])
    assert b.deadwood == () and b.lay_offs == ()  # 7♣ 7♦ 7♥ set + 7-9♠: no lay-off needed
    # the sevens make a set (8♥ K♠ left, 18) rather than 7-8♥ going on the run (7♣ 7♦ K♠, 24)
    c = solver.best_with_lay_offs(cards("7H 8H 7C 7D KS"), [ok(GIN_BOOK, "4H 5H 6H")])
    assert c.deadwood == tuple(sorted(cards("8H KS"))) and c.lay_offs == ()
    # without the second seven, 7♥ then 8♥ chain onto the run
    d = solver.best_with_lay_offs(cards("7H 8H 7C KS"), [ok(GIN_BOOK, "4H 5H 6H")])
    assert d.deadwood_value == 17 and d.lay_offs[0].meld.text == "4H 5H 6H 7H 8H run"
    assert d.lay_offs[0].cards == tuple(cards("7H 8H")) and d.lay_offs[0].target == 0


def brute_lay_off_score(rules: MeldRules, hand: list[int], table: list[Meld], values: tuple[int, ...]) -> int:
    """Lay off naturals one at a time, in every order, on each table meld (each meld used once),
    then arrange the rest by brute force."""
    if not table:
        return brute_score(rules, hand, values, None)
    first, rest = table[0], table[1:]
    best = brute_lay_off_score(rules, hand, rest, values)
    naturals = sorted(c for c in hand if rules.is_natural(c))
    for size in range(1, len(naturals) + 1):
        for part in set(combinations(naturals, size)):
            if any(_extends(rules, first, order) for order in set(permutations(part))):
                left = list(hand)
                for c in part:
                    left.remove(c)
                best = max(best, brute_lay_off_score(rules, left, rest, values))
    return best


def _extends(rules: MeldRules, meld: Meld, order: tuple[int, ...]) -> bool:
    metas = [meld]
    for c in order:
        metas = [m for old in metas for m in rules.lay_offs(old, c)]
        if not metas:
            return False
    return True


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_lay_offs_match_brute_force(data: st.DataObject) -> None:
    rules = data.draw(st.sampled_from([GIN_STD, GIN_BOOK, RUMMY, MeldRules(ace=ACE_AROUND), card_game(5),
                                       MeldRules(max_set=5, distinct_suits_in_sets=True)]), "rules")
    hand = data.draw(hand_strategy(max_size=7, min_size=3), "hand")
    spare = data.draw(hand_strategy(max_size=8, min_size=3), "table cards")
    candidates = rules.all_melds(spare, all_wild=False)
    table = data.draw(st.lists(st.sampled_from(candidates), max_size=2) if candidates else st.just([]))
    values = tuple(data.draw(st.lists(st.integers(1, 9), min_size=53, max_size=53), "values"))
    solver = MeldSolver(rules, values)
    a = solver.best_with_lay_offs(hand, table)
    assert -a.deadwood_value == brute_lay_off_score(rules, hand, list(table), values)
    assert Counter(a.melded_cards()) + Counter(a.deadwood) == Counter(hand)
    assert len({lo.target for lo in a.lay_offs}) == len(a.lay_offs)


# ---- OpenSpiel's gin deadwood -------------------------------------------------------------


def _open_spiel_utils() -> Any:
    pyspiel = pytest.importorskip("pyspiel")
    return pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)


def test_gin_deadwood_agrees_with_open_spiel() -> None:
    utils = _open_spiel_utils()
    suits = {"s": C.SPADES, "c": C.CLUBS, "d": C.DIAMONDS, "h": C.HEARTS}

    def ours(i: int) -> int:
        text = utils.card_string(i)
        r = "A23456789TJQK".index(text[0])
        return suits[text[1]] * 13 + (C.ACE if r == 0 else r - 1)

    solver = MeldSolver(GIN_STD)
    rng = random.Random(2024)
    for _ in range(600):
        hand = rng.sample(range(52), 10)
        assert solver.deadwood([ours(i) for i in hand]) == utils.min_deadwood(hand)
    for _ in range(200):  # eleven cards: OpenSpiel gives the deadwood after the best discard
        hand = rng.sample(range(52), 11)
        after = solver.deadwood_after_discards([ours(i) for i in hand])
        assert min(after.values()) == utils.min_deadwood(hand)


#: the meld rules of the seeds' games, for a property test with many wild cards
SEED_RULES = [
    RUMMY, GIN_BOOK, GIN_STD, card_game(3), card_game(5), PUSH, CANASTA,
    MeldRules(ace=ACE_EITHER, wild_ranks=frozenset({C.THREE})),                       # Arizona round 1
    MeldRules(ace=ACE_EITHER, wild_ranks=frozenset({C.TWO}), wild_ratio=AT_MOST_NATURALS),  # Desert
    MeldRules(runs=False, wild_ranks=frozenset({C.TWO}), wild_ratio=FEWER_THAN_NATURALS),  # Hand and Foot
    MeldRules(ace=ACE_HIGH, max_run=7, wild_ranks=frozenset({C.TWO}), min_naturals=2, max_wilds=2,
              wilds_in_runs=False, all_wild=True),                                     # Bolivia-like
    MeldRules(ace=ACE_EITHER, max_set=4, max_run=4, min_naturals=2,
              wild_ranks=frozenset({C.TWO})),                                          # Oklahoma
]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=st.sampled_from(SEED_RULES), hand=hand_strategy(max_size=9, min_size=5))
def test_solver_matches_brute_force_on_the_seeds_rules(rules: MeldRules, hand: list[int]) -> None:
    solver = solver_for(rules)
    assert solver.score(hand) == brute_score(rules, hand, RUMMY_VALUES, None)
    assert Counter(solver.best(hand).melded_cards()) + Counter(solver.best(hand).deadwood) == Counter(hand)
