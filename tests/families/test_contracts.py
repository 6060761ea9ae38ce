"""The contract kernel: the notation read and written back, melds checked against a contract with
the failing group named, and the exact search a hand's contract (and a bot's shortfall)."""

from __future__ import annotations

import pytest

from gamenight.equipment import cards as C
from gamenight.families.contracts import (
    Catalogue,
    Contract,
    ContractError,
    Group,
    discard_shortfalls,
    search,
    shortfall,
)
from gamenight.families.melds import ACE_EITHER, AT_MOST_NATURALS, RUN, SET, MeldRules

#: Push: deuces and jokers wild, any number of wilds, melds of wild cards only, no two natural
#: cards of one suit in a set
PUSH = MeldRules(ace=ACE_EITHER, wild_ranks=frozenset({C.TWO}), all_wild=True, distinct_suits_in_sets=True)
#: Desert Rummy and 10 Dime: never more wild cards than naturals in a group
TAME = MeldRules(ace=ACE_EITHER, wild_ranks=frozenset({C.TWO}), wild_ratio=AT_MOST_NATURALS)
#: Sticks: one natural in every group is enough
STICKS = MeldRules(ace=ACE_EITHER, wild_ranks=frozenset({C.TWO}))


@pytest.mark.parametrize("text", ["S3+S3", "S3+S3+S3+S3", "R4[♠]+R4[♣]", "W5", "FREE", "S3[A]+S3[Q]",
                                  "S4[5]+S4[6]", "R5[10-A]", "R3[Q-A]", "R4[x]+R4[x]", "R3[♦]+S3[9]",
                                  "S4[K]", "R9", "S3[10]"])
def test_the_notation_reads_and_writes_back(text: str) -> None:
    assert Contract.parse(text).text == text


def test_ascii_suits_and_ten_read_as_the_symbols() -> None:
    assert Contract.parse("R4[S]+R4[C]").text == "R4[♠]+R4[♣]"
    assert Contract.parse("S3[T]").groups[0].rank == C.TEN
    assert Contract.parse("free").free


def test_groups_hold_their_constraints() -> None:
    contract = Contract.parse("R5[10-A]+S3[9]+R4[♥]")
    assert contract.groups == (Group(RUN, 5, span=(9, 13)), Group(SET, 3, rank=C.NINE),
                               Group(RUN, 4, suit=C.HEARTS))
    assert contract.size == 12


@pytest.mark.parametrize(("text", "words"), [
    ("S3+S3", "two sets of three"),
    ("S3+R4", "a set of three and a run of four"),
    ("R4[x]+R4[x]", "two runs of four, in one suit"),
    ("R4[♠]+R4[♣]", "a run of four spades and a run of four clubs"),
    ("S3[A]+S3[Q]", "a set of three aces and a set of three queens"),
    ("R5[10-A]", "a run of five from the ten to the ace"),
    ("W5", "a group of five wild cards"),
    ("FREE", "free: nothing to lay"),
])
def test_a_contract_reads_in_players_words(text: str, words: str) -> None:
    assert Contract.parse(text).describe() == words


def test_exact_contracts_say_so() -> None:
    assert Contract.parse("S3+S3", exact=True).describe() == "two sets of exactly three"


@pytest.mark.parametrize(("text", "fragment"), [
    ("", "Write a contract"), ("S3+", "is not a group"), ("X3", "is not a group"),
    ("S3[♥]", "a set may name a rank"),
    ("R4[K]", "not a rank"), ("R4[10-A]", "is 5 cards, not 4"), ("W5[K]", "takes no brackets"),
    ("S3[Z]", "not a suit, a rank"),
])
def test_bad_text_is_refused_with_a_sentence(text: str, fragment: str) -> None:
    with pytest.raises(ContractError) as e:
        Contract.parse(text)
    assert fragment in str(e.value)


def test_a_catalogue_reads_lines_skips_comments_and_names_a_bad_line() -> None:
    cat = Catalogue.parse("# sticks\nS3+S3\n\nR4  # a run\nFREE\n")
    assert [c.text for c in cat] == ["S3+S3", "R4", "FREE"]
    assert cat.text == "S3+S3\nR4\nFREE"
    with pytest.raises(ContractError, match="Entry 2, 'S3\\+Q'"):
        Catalogue.parse("S3\nS3+Q\n")
    assert [c.text for c in Catalogue.parse("S3+S3; R4 ,FREE")] == ["S3+S3", "R4", "FREE"]
    with pytest.raises(ContractError, match="no contracts"):
        Catalogue.parse("# nothing\n")


# ---- checking melds laid ---------------------------------------------------------------------


def test_push_deal_two_with_the_wilds_declared() -> None:
    """T-PU-4: 7♣ 7♦ Jkr (the joker a seven) and 3♠ 4♠ 2(as 5♠) 6♠."""
    contract = Contract.parse("S3+R4")
    assert contract.check([PUSH.meld("7C 7D JK", SET), PUSH.meld("3S 4S 2C 6S", RUN)]) == ""
    assert contract.check([PUSH.meld("3S 4S 2C 6S", RUN), PUSH.meld("7C 7D JK", SET)]) == ""


def test_push_deal_five_needs_runs_of_five() -> None:
    """T-PU-3."""
    contract = Contract.parse("R5+R5")
    assert contract.check([PUSH.meld("5H 6H 7H 8H 9H"), PUSH.meld("TS JS QS KS AS")]) == ""
    why = contract.check([PUSH.meld("5H 6H 7H 8H"), PUSH.meld("TS JS QS KS AS")])
    assert "four cards" in why and "run of five" in why


def test_minimum_lengths_accept_longer_groups_and_exact_ones_do_not() -> None:
    """T-ST-3: laying four queens for a stick's S3 is refused; a minimum contract takes them."""
    four = STICKS.meld("QC QD QH QS")
    assert Contract.parse("S3").check([four]) == ""
    assert "exactly three" in Contract.parse("S3", exact=True).check([four])


def test_tied_runs_share_a_suit() -> None:
    """T-DR-2: level 8 is two runs of four in one suit."""
    contract = Contract.parse("R4[x]+R4[x]")
    assert contract.check([TAME.meld("3H 4H 5H 6H"), TAME.meld("9H TH JH QH")]) == ""
    assert "one suit" in contract.check([TAME.meld("3H 4H 5H 6H"), TAME.meld("9S TS JS QS")])


def test_fixed_suits_ranks_and_spans() -> None:
    assert Contract.parse("R4[♠]+R4[♣]").check([STICKS.meld("3S 4S 5S 6S"), STICKS.meld("9C TC JC QC")]) == ""
    assert "spades" in Contract.parse("R4[♠]").check([STICKS.meld("3H 4H 5H 6H")])
    assert Contract.parse("S4[K]").check([STICKS.meld("KC KD KH 2C")]) == ""
    assert "kings" in Contract.parse("S4[K]").check([STICKS.meld("QC QD QH 2C")])
    assert Contract.parse("R5[10-A]").check([STICKS.meld("TD JD QD KD AD")]) == ""
    assert "ten to the ace" in Contract.parse("R5[10-A]").check([STICKS.meld("9D TD JD QD KD")])


def test_distinct_ranks_when_the_contract_asks() -> None:
    sets = [TAME.meld("7C 7D 7H 7S"), TAME.meld("7C 7D 7H 2C")]
    assert Contract.parse("S4+S4").check(sets) == ""
    assert "different ranks" in Contract.parse("S4+S4", distinct_ranks=True).check(sets)


def test_a_wild_group_takes_wild_cards_only() -> None:
    wild = PUSH.meld("JK JK 2C 2D 2H", SET, number=7)
    assert Contract.parse("W5").check([wild]) == ""
    assert "wild cards only" in Contract.parse("W5").check([PUSH.meld("7C 2D 2H JK JK", SET)])


def test_the_wrong_number_of_groups() -> None:
    contract = Contract.parse("S3+S3")
    assert "missing" in contract.check([TAME.meld("7C 7D 7H")])
    assert "not three" in contract.check([TAME.meld("7C 7D 7H")] * 3)


def test_open_groups_after_part_of_a_contract() -> None:
    contract = Contract.parse("S3+R4+S3")
    assert contract.open_groups([TAME.meld("3S 4S 5S 6S")]) == [0, 2]
    assert contract.open_groups([TAME.meld("3S 4S 5S")]) == []


# ---- searching a hand ------------------------------------------------------------------------


def test_search_finds_the_contract_with_the_hands_wilds() -> None:
    hand = C.cards("7C 7D JK 3S 4S 2C 6S 9H")
    found = search(Contract.parse("S3+R4"), hand, PUSH)
    assert found is not None
    assert Contract.parse("S3+R4").check(list(found)) == ""
    assert sorted(c for m in found for c in m.cards) == sorted(C.cards("7C 7D JK 3S 4S 2C 6S"))


def test_search_respects_the_ratio_and_says_none() -> None:
    """T-DR-1: {K, 2, Jkr} is one natural to two wilds."""
    assert search(Contract.parse("S3+S3"), C.cards("7C 7D 7H KC 2C JK"), TAME) is None
    assert search(Contract.parse("S3+S3"), C.cards("7C 7D 7H KC KD 2C"), TAME) is not None


def test_search_keeps_a_card_to_discard() -> None:
    hand = C.cards("7C 7D 7H KC KD KH")
    assert search(Contract.parse("S3+S3"), hand, TAME) is not None
    assert search(Contract.parse("S3+S3"), hand, TAME, keep=1) is None


def test_search_shares_a_card_between_a_set_and_a_run_only_once() -> None:
    # the 7♥ can serve the set of sevens or the heart run, not both
    contract = Contract.parse("S3+R4")
    assert search(contract, C.cards("7C 7D 7H 4H 5H 6H"), TAME) is None
    assert search(contract, C.cards("7C 7D 7H 4H 5H 6H 8H"), TAME) is None
    assert search(contract, C.cards("7C 7D 7H 4H 5H 6H 3H"), TAME) is not None
    assert search(contract, C.cards("7C 7D 7H 4H 5H 6H 7H"), TAME) is not None


def test_search_ties_and_fixed_groups() -> None:
    tied = Contract.parse("R4[x]+R4[x]")
    assert search(tied, C.cards("3H 4H 5H 6H 9S TS JS QS"), TAME) is None
    assert search(tied, C.cards("3H 4H 5H 6H 9H TH JH QH"), TAME) is not None
    assert search(Contract.parse("R5[10-A]"), C.cards("TD JD QD KD 2C"), STICKS) is not None
    assert search(Contract.parse("R5[10-A]"), C.cards("9D TD JD QD 2C"), STICKS) is None


def test_search_with_groups_already_laid_keeps_their_suit() -> None:
    tied = Contract.parse("R4[x]+R4[x]")
    hearts = TAME.meld("3H 4H 5H 6H")
    assert search(tied, C.cards("9S TS JS QS 9H TH JH"), TAME, laid=[hearts]) is None
    assert search(tied, C.cards("9S TS JS QS 9H TH JH QH"), TAME, laid=[hearts]) is not None


def test_shortfall_counts_the_cards_a_hand_lacks() -> None:
    contract = Contract.parse("S3+S3")
    assert shortfall(contract, C.cards("7C 7D 7H KC KD"), TAME) == 1
    assert shortfall(contract, C.cards("7C 7D KC 4S 9H"), TAME) == 3
    assert shortfall(contract, C.cards("7C 7D 7H KC KD 2C"), TAME) == 0
    assert shortfall(Contract.parse("R9"), C.cards("3H 4H 5H 6H 7H"), TAME) == 4


def test_discard_shortfalls_agree_with_searching_each_discard() -> None:
    hand = C.cards("5H 6H 8H 9H 7C 7D 7S KS JK 2C QH QS 3C 4C 5C")
    for text in ("S3+S3+S3", "R4+S3", "R4[x]+R4[x]", "S4+S4"):
        contract = Contract.parse(text)
        got = discard_shortfalls(contract, hand, TAME)
        for c in set(hand):
            rest = list(hand)
            rest.remove(c)
            assert got[c] == shortfall(contract, rest, TAME), (text, C.CODE_OF[c])
