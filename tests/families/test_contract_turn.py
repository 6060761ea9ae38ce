"""The contract turn: a contract laid group by group in one turn (never left half-way), nothing
else until it is down, the switches (extra plays in the contract's turn, new melds afterwards),
wild swaps with the freed wild played at once, melds listed canonically and every other form
accepted, and who laid which card.

A test-only game: two to four players, one deck and two jokers, deuces and jokers wild, nine
cards, and the contract "a set of three and a run of four" for everyone; the hand ends the match.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from gamenight.core.errors import IllegalMove
from gamenight.core.options import Options
from gamenight.core.registry import GameSpec
from gamenight.equipment import cards as C
from gamenight.families.contract_turn import BOTH, SETS, ContractState, canonical_melds
from gamenight.families.contracts import Contract
from gamenight.families.match import MatchRules
from gamenight.families.melds import ACE_EITHER, MeldRules
from tests.helpers import deal_deck

RULES = MeldRules(ace=ACE_EITHER, wild_ranks=frozenset({C.TWO}))


@dataclass(frozen=True, kw_only=True)
class ToyOptions(Options):
    pass


class ToyContracts(ContractState):
    CONTRACT: ClassVar[Contract] = Contract.parse("S3+R4")
    SWAP_WILDS = BOTH

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.match_rules = MatchRules(deals=1)
        self._init_table(RULES)
        self._init_contracts()
        self.made_calls: list[int] = []
        self.begin_deal()
        self.deal(9)
        self.begin_turn(self.next_seat(self.dealer))

    def deck_template(self) -> list[int]:
        return [*C.standard_deck(), C.JOKER, C.JOKER]

    def contract_of(self, seat: int) -> Contract:
        return self.CONTRACT

    def _contract_made(self, seat: int) -> None:
        self.made_calls.append(seat)

    def _on_hand_over(self, out: int | None) -> None:
        self.finish([0] * self.num_players, [out] if out is not None else [], "the hand is over")

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {**self._table_view(seat), **self._contract_view(seat)}


SPEC = GameSpec(id="toy-contracts", title="Toy contracts", family="test", players=(2, 3, 4),
                default_players=2, options_cls=ToyOptions, state_cls=ToyContracts,
                summary="A contract and a turn.")


def toy(hands: list[str], rest: str, cls: type[ToyContracts] = ToyContracts) -> ToyContracts:
    return cls(SPEC, ToyOptions(), len(hands), 1, deal_deck(hands, rest))


def refusal(s: ToyContracts, text: str) -> str:
    with pytest.raises(IllegalMove) as e:
        s.play(text)
    return str(e.value)


#: seat 1 (left of the dealer) plays first; the first card of ``rest`` is the up-card, then the stock
HANDS = ["3C 3D 8C 4D TC JD QH 5C 9D", "7C 7D 7H 3S 4S JK 6S QD KD"]


def test_only_contract_groups_are_melds_and_the_rest_must_remain_layable() -> None:
    s = toy(HANDS, "KH 5D 4H KS KC")
    s.play("take KH")
    melds = {str(m) for m in s.legal_moves() if m.verb == "meld"}
    # the run needs the joker (3-4-JK-6♠), so no set may take it
    assert {"meld 3S 4S JK 6S run", "meld 7C 7D 7H set"} <= melds
    assert not any("JK" in m for m in melds if m.endswith("set"))
    assert "could not lay the rest of your contract" in refusal(s, "meld 7C 7D JK set")


def test_once_the_first_group_is_down_only_the_rest_of_the_contract_is_legal() -> None:
    s = toy(HANDS, "KH 5D 4H KS KC")
    s.play("take KH")
    s.play("meld 3S 4S JK 6S run")
    assert s.laying_contract(1)
    assert {m.verb for m in s.legal_moves()} == {"meld"}
    assert "Finish laying your contract" in refusal(s, "discard KH")
    s.play("meld 7C 7D 7H set")
    assert s.made[1] and s.made_calls == [1]
    assert "discard" in {m.verb for m in s.legal_moves()}


def test_a_hand_without_the_contract_has_no_melds_and_no_lay_offs() -> None:
    s = toy(["3C 3D 8C 4D TC JD QH 5C 9D", "7C 7D KS 3S 4S JK 9H QD KD"], "KH 5D 4H KC")
    s.play("draw")
    assert {m.verb for m in s.legal_moves()} == {"discard"}
    why = refusal(s, "meld 3S 4S JK run")
    assert why.startswith("Your contract is a set of three and a run of four.") and "needs four" in why


class NoExtra(ToyContracts):
    EXTRA_WITH_CONTRACT = False


def test_nothing_extra_in_the_turn_the_contract_goes_down_when_the_game_says_so() -> None:
    s = toy(["3C 3D 8C 4D TC JD QH 5C 9D", "7C 7D 7H 3S 4S JK 6S 7S KD"], "KH 9C 4H KS KC", NoExtra)
    s.play("take KH")
    s.play("meld 3S 4S JK 6S run")
    s.play("meld 7C 7D 7H set")
    assert {m.verb for m in s.legal_moves()} == {"discard"}
    assert "nothing more in the turn you lay your contract" in refusal(s, "layoff 2 7S")
    s.play("discard KD")
    s.play("draw")
    s.play("discard TC")
    s.play("draw")  # a later turn: the 7♠ goes on the sevens now
    assert "layoff 2 7S" in {str(m) for m in s.legal_moves()}


def test_the_contract_may_go_out_by_melding_where_the_game_allows() -> None:
    s = toy(["3C 3D 8C 4D TC JD QH 5C 9D", "7C 7D 7H 3S 4S JK 6S 7S 8S"], "KH 5S 4H KS KC")
    s.play("draw")  # the 5♠: ten cards, a run of six and a set of four
    s.play("meld 3S 4S 5S 6S 7S 8S run")
    assert "meld 7C 7D 7H JK set" in {str(m) for m in s.legal_moves()}
    s.play("meld 7C 7D 7H JK set")
    assert s.is_over and s.made_calls == [1]


def test_a_swap_frees_the_wild_which_must_be_played_this_turn() -> None:
    s = toy(HANDS, "KH 5S 4H KS KC")
    s.play("draw")  # the 5♠
    s.play("meld 3S 4S JK 6S run")
    s.play("meld 7C 7D 7H set")
    assert "swap 1 5S JK" in {str(m) for m in s.legal_moves()}
    s.play("swap 1 5S JK")
    assert s.freed == [C.JOKER]
    assert s.melds[0].cards == tuple(C.cards("3S 4S 5S 6S"))
    assert not any(m.verb == "discard" for m in s.legal_moves())
    assert "the wild card you took back" in refusal(s, "discard JK")
    assert s.contributions[0][2] == (1, C.card("5S"))
    s.play("layoff 2 JK")
    assert s.contributions[1][-1] == (1, C.JOKER)
    assert {str(m) for m in s.legal_moves() if m.verb == "discard"} == {"discard QD", "discard KD"}


class SetsOnly(ToyContracts):
    SWAP_WILDS = SETS


def test_swaps_take_wilds_only_from_the_melds_the_game_names() -> None:
    hands = ["3C 3D 8C 4D TC JD QH 5C 9D", "7C 7D JK 3S 4S 2C 6S QD KD"]
    for cls, listed in ((SetsOnly, False), (ToyContracts, True)):
        s = toy(hands, "KH 5S 4H KS KC", cls)
        s.play("draw")  # the 5♠, which the run's two stands for
        s.play("meld 7C 7D JK set")
        s.play("meld 3S 4S 2C 6S run")
        assert ("swap 2 5S 2C" in {str(m) for m in s.legal_moves()}) is listed
        if not listed:
            assert "only from sets" in refusal(s, "swap 2 5S 2C")


def test_melds_are_listed_canonically_and_other_forms_are_accepted() -> None:
    s = toy(["3C 3D 8C 4D TC JD QH 5C 9D", "7C 7D 2H 2C 3S 4S 6S QD KD"], "KH 5D 9H 6D")
    s.play("draw")  # the 5♦
    listed = {str(m) for m in s.legal_moves() if m.verb == "meld"}
    assert "meld 7C 7D 2C set" in listed and "meld 7C 7D 2H set" not in listed
    s.play("meld 7C 7D 2H set")  # the other two: the same meld, the player's own cards
    assert s.melds[-1].cards == tuple(C.cards("7C 7D 2H"))
    s.play("meld 3S 4S 2C 6S run")
    assert s.made[1]


def test_canonical_melds_take_wilds_by_class_and_every_held_natural_in_a_run() -> None:
    hand = C.cards("5H 6H 8H 2C 2D JK")
    runs = [m for m in canonical_melds(hand, RULES) if m.kind == "run"]
    texts = {m.text for m in runs}
    assert {"5H 6H 2C 8H run", "5H 6H JK 8H run"} <= texts
    assert "5H 6H 2D 8H run" not in texts  # the lowest two stands for every two
    assert all(m.wild_cards() == sorted(m.wild_cards()) for m in runs)
    assert {m.cards for m in runs} <= {m.cards for m in RULES.all_melds(hand)}


class WildGroup(ToyContracts):
    CONTRACT: ClassVar[Contract] = Contract.parse("S3+W3", exact=True)


def test_a_group_of_wild_cards_only_is_laid_closed_and_other_groups_need_a_natural() -> None:
    s = toy(["3C 3D 8C 4D TC JD QH 5C 9D", "7C 7D 7H 2C 2D JK QD KD 9S"], "KH 5D 4H KS KC", WildGroup)
    s.play("draw")
    melds = {str(m) for m in s.legal_moves() if m.verb == "meld"}
    assert {"meld 14 2C 2D JK set", "meld 7C 7D 7H set"} <= melds
    assert "meld 7 2C 2D JK set" not in melds  # the group stands for no rank
    s.play("meld 2C 2D JK")  # typed without the number it reads as the group of wild cards
    assert s.melds[0].all_wild
    s.play("meld 7C 7D 7H set")
    assert s.made[1]
    s.play("discard QD")
    s.play("draw")  # seat 0 draws the 4♥
    s.play("discard 4H")
    s.play("draw")  # seat 1 draws the K♠
    legal = {str(m) for m in s.legal_moves()}
    assert not any(m.startswith("layoff 1") for m in legal)
    assert "nothing is added to it" in refusal(s, "layoff 1 KS")


def test_wild_cards_only_cannot_fill_a_set_group_where_the_rules_want_a_natural() -> None:
    s = toy(["3C 3D 8C 4D TC JD QH 5C 9D", "2C 2D 2H 2S JK JK QD KD 9S"], "KH 5D 4H KS KC", WildGroup)
    s.play("draw")
    s.play("meld 14 2C 2D JK set")  # the group of three wild cards
    assert refusal(s, "meld 2H 2S JK") == "A meld needs at least one natural card, not only wild cards."
