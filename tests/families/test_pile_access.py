"""The rummy kernel's pile access (``families/draw_discard.py``) through throwaway games: digging a
spread discard pile with an obligation on the deepest card (``DIG``: to meld it with a card held
before, or with a natural pair held before), the claim window after a discard (``CLAIMS``: turn
order or the first claim), lay-offs lying in front of whoever laid them (``LAYOFFS_IN_FRONT``),
and the invariants with all of them on."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

import pytest

import gamenight
from gamenight.core.moves import parse_move
from gamenight.core.zones import Show
from gamenight.equipment import cards as C
from gamenight.equipment.cards import card
from gamenight.families.draw_discard import (
    DIG_TO_PAIR,
    DIG_TO_PLAY,
    FIRST_CLICK,
    PASS_CLAIM,
    Phase,
)
from gamenight.families.melds import Meld
from tests.families.test_draw_discard import MiniRummy, WildMini, conserved, mini
from tests.helpers import set_position


class DigMini(MiniRummy):
    RUMMY_RULES = replace(MiniRummy.RUMMY_RULES, dig=DIG_TO_PLAY)


class PairDigMini(WildMini):
    RUMMY_RULES = replace(WildMini.RUMMY_RULES, dig=DIG_TO_PAIR)


class ClaimMini(MiniRummy):
    RUMMY_RULES = replace(MiniRummy.RUMMY_RULES, claims=True, layoffs_in_front=True)


class FirstClickMini(ClaimMini):
    RUMMY_RULES = replace(ClaimMini.RUMMY_RULES, claim_order=FIRST_CLICK)


class EverythingMini(DigMini):
    RUMMY_RULES = replace(DigMini.RUMMY_RULES, claims=True, layoffs_in_front=True)


def spread(s: MiniRummy, codes: str) -> None:
    """Lay ``codes`` (oldest first) on the discard pile, taken from the stock (every card stays in
    one place)."""
    set_position(s, zones={"discards": codes})


HANDS = ["AC 2C 3C 4D 5D 6D 8S 9S TS QC", "9H 9C 7H 7C 7D 2S 3S JC JD KS"]


def test_dig_to_a_card_that_melds_with_a_card_held_before() -> None:
    # T-FH-4: the pile (oldest first) 3♥ 9♦ Q♥ 5♠; holding two nines, digging to the 9♦ is legal
    s = mini(DigMini, hands=HANDS)
    spread(s, "3H 9D QH 5S")
    assert s.zones()[3].show == Show.SPREAD
    texts = [str(m) for m in s.legal_moves()]
    assert "take 5S" in texts and "dig 3 9D" in texts and "dig 2 QH" not in texts  # no meld for the Q♥
    with pytest.raises(gamenight.IllegalMove, match="could not meld the queen of hearts"):
        s.play("dig 2 QH")
    with pytest.raises(gamenight.IllegalMove, match="3 deep in the discard pile is the nine of diamonds"):
        s.play("dig 3 9S")
    with pytest.raises(gamenight.IllegalMove, match="'take 5S'"):
        s.play("dig 1 5S")
    s.play("dig 3 9D")
    assert s.discards == [card("3H")] and s.view(1)["dug"] == "9D"
    assert sorted(s.view(0)["known_cards"][1]) == sorted(["9D", "QH", "5S"])  # everyone saw them
    # the dug card first: no discard, no other meld until the nine is melded with a nine held before
    texts = [str(m) for m in s.legal_moves()]
    assert not any(t.startswith("discard") for t in texts)
    assert "meld 7C 7D 7H set" not in texts and "meld 9C 9D 9H set" in texts
    with pytest.raises(gamenight.IllegalMove, match="First meld the nine of diamonds"):
        s.play("discard KS")
    with pytest.raises(gamenight.IllegalMove, match="First meld the nine of diamonds"):
        s.play("meld 7C 7D 7H")
    s.play("meld 9C 9D 9H")
    assert s.dug is None and s.view(1)["dug"] is None
    s.play("meld 7C 7D 7H")  # free again
    s.play("discard KS")
    assert s.turn == 0


def test_a_dig_needs_a_card_of_the_hand_in_the_meld() -> None:
    # holding only Q♣ of use: the Q♥ would meld with the Q♠ taken with it, but not with a card held before
    hands = ["AC 2C 3C 4D 5D 6D 8S 9S TS 4C", "QC 9C 7H 7C 7D 2S 3S JC JD KS"]
    s = mini(DigMini, hands=hands)
    spread(s, "QS QH 5S")
    texts = [str(m) for m in s.legal_moves()]
    assert "dig 3 QS" in texts and "dig 2 QH" not in texts  # Q♠ Q♥ Q♣, the Q♣ held; Q♥ Q♣ are two
    s2 = mini(DigMini, hands=["AC 2C 3C 4D 5D 6D 8S 9S TS 4C", "8C 9C 7H 7C 7D 2S 3S JC JD KS"])
    spread(s2, "QS QD QH 5S")
    # Q♥ Q♦ Q♠ is a set, but of dug cards only
    assert not any(str(m).startswith("dig") for m in s2.legal_moves())


def test_dig_to_a_natural_pair() -> None:
    # T-HS-4: pile 9, K, 4, 7; holding K K the player may take K 4 7 and must meld the three kings
    hands = ["AC 2C 3C 4D 5D 6D 8S 9S TS 4C", "KS KH 7H 7C 7D 2S 3S JC JD QS"]
    s = mini(PairDigMini, hands=hands)
    spread(s, "9C KD 4H 7S")
    texts = [str(m) for m in s.legal_moves()]
    assert "dig 3 KD" in texts and "dig 4 9C" not in texts and "dig 2 4H" not in texts
    with pytest.raises(gamenight.IllegalMove, match="do not hold a pair"):
        s.play("dig 4 9C")
    s.play("dig 3 KD")
    texts = [str(m) for m in s.legal_moves()]
    assert texts and all(t.startswith("meld") and "KD" in t and "KS" in t and "KH" in t for t in texts)
    s.play("meld KD KS KH")
    assert s.dug is None


def test_a_wild_card_is_never_the_card_dug_to() -> None:
    hands = ["AC 2C 3C 4D 5D 6D 8S 9S TS 4C", "KS KH 7H 7C 7D 2S 3S JC JD QS"]
    s = mini(PairDigMini, hands=hands)
    spread(s, "9C JK 4H 7S")
    assert not any(str(m).startswith("dig 3") for m in s.legal_moves())
    with pytest.raises(gamenight.IllegalMove, match="wild card cannot be the card you dig to"):
        s.play("dig 3 JK")


# four players, seat 1 first: seat 1 lays 5-7♥; seats 2 and 3 hold cards that fit it
CLAIM_HANDS = ["AC 2C 3C 4D 5D 6D 8S", "5H 6H 7H KC KD 2S 3S", "4H QC QD 9S 9D JS TC", "8H JC JD 2D 3D TS TH"]
CLAIM_REST = "KS 4S 5S 6S 7S"


def claim_table(cls: type[MiniRummy] = ClaimMini) -> MiniRummy:
    """Seat 1 lays 5-7♥ and discards the 4♠, which fits nothing; seat 2 draws."""
    s = mini(cls, players=4, hands=CLAIM_HANDS, rest=CLAIM_REST)
    s.play("draw")
    s.play("meld 5H 6H 7H")
    s.play("discard 4S")  # the 4♠ fits no meld: no window
    assert s.phase() == "draw" and s.turn == 2
    s.play("draw")
    return s


def test_a_playable_discard_opens_a_window_for_all_but_the_next_player() -> None:
    s = claim_table()
    s.play("discard 4H")  # 4♥ fits 5-7♥; seat 3 is next (he may take it in his turn)
    assert s.phase() == Phase.CLAIM and s.to_act == {0, 1} and s.turn == 2
    assert s.lapse_moves() == {0: PASS_CLAIM, 1: PASS_CLAIM} and s.view(None)["window"] == [0, 1]
    assert [str(m) for m in s.legal_moves(0)] == ["claim 1 4H", "pass"] and s.legal_moves(3) == []
    names = s.names
    assert s.view(3)["claim"]["waiting"] == [0, 1]
    assert s.view(3)["claim_words"] == f"4♥: waiting for {names[0]} and {names[1]} to claim it or let it go."
    with pytest.raises(gamenight.IllegalMove, match="up for a claim is the four of hearts"):
        s.play("claim 1 8H", 1)
    with pytest.raises(gamenight.IllegalMove):
        s.play("draw", 3)


def test_turn_order_the_claim_nearest_the_discarders_left_stands() -> None:
    s = claim_table()
    s.play("discard 4H")
    s.play("claim 1 4H", 1)  # seat 1 claims first, but seat 0 comes before him from seat 2's left
    assert s.phase() == Phase.CLAIM and s.to_act == {0}
    s.play("claim 1 4H", 0)
    assert s.phase() == "draw" and s.turn == 3 and s.melds[0].text == "4H 5H 6H 7H run"
    assert s.contributions[0][-1] == (0, card("4H")) and s.table_cards(0) == [card("4H")]
    laid_off = {z.key: z.pieces for z in s.zones() if z.key.startswith(("laid_off", "meld"))}
    assert laid_off == {"meld/1": C.cards("5H 6H 7H"), "laid_off/0": [card("4H")]}
    assert len(s.hands[0]) == 7 and len(s.hands[1]) == 4 and s.discards[-1] != card("4H")
    t = claim_table()
    t.play("discard 4H")
    t.play("claim 1 4H", 1)
    t.play("pass", 0)  # the seat before him lets it go: seat 1's claim stands
    assert t.table_cards(1) == C.cards("5H 6H 7H 4H") and t.turn == 3


def test_first_click_the_first_claim_takes_it_at_once() -> None:
    s = claim_table(FirstClickMini)
    s.play("discard 4H")
    s.play("claim 1 4H", 1)
    assert s.phase() == "draw" and s.turn == 3 and s.table_cards(1)[-1] == card("4H")
    with pytest.raises(gamenight.IllegalMove):
        s.play("claim 1 4H", 0)


def test_everyone_passing_closes_the_window_and_the_card_stays() -> None:
    s = claim_table()
    s.play("discard 4H")
    for seat, move in s.lapse_moves().items():
        s.play(move, seat)
    assert s.phase() == "draw" and s.turn == 3 and s.discards[-1] == card("4H")
    assert "take 4H" in [str(m) for m in s.legal_moves()]


class ThreeDeckMini(MiniRummy):
    def deck_template(self) -> list[int]:
        return C.standard_deck(decks=3)


def test_no_take_that_would_leave_only_copies_of_the_card_taken() -> None:
    # with several decks, a hand of one 9♥ taking another: neither may be discarded this turn, and
    # nothing may be laid that leaves the hand so — the turn could never end, so no take is offered
    s = mini(ThreeDeckMini, hands=HANDS)
    hand = s.hands[1]
    set_position(s, zones={"hand 1": hand[:1]})
    spread(s, f"3H {C.CODE_OF[hand[0]]}")
    top = C.CODE_OF[hand[0]]
    assert [str(m) for m in s.legal_moves()] == ["draw"]
    with pytest.raises(gamenight.IllegalMove, match="only copies of it"):
        s.play(f"take {top}")
    # two copies held and the third taken make a set of the whole hand: that goes out
    set_position(s, zones={"hand 1": [*s.hands[1], hand[0]]})
    assert f"take {top}" in [str(m) for m in s.legal_moves()]
    s.play(f"take {top}")
    assert [str(m) for m in s.legal_moves()] == [f"meld {top} {top} {top} set"]


def snapshot(s: MiniRummy) -> str:
    return json.dumps([s.view(seat) for seat in [None, *range(s.num_players)]], sort_keys=True)


@pytest.mark.parametrize("players", [3, 4])
def test_the_invariants_hold_with_digs_and_claims(players: int) -> None:
    """A whole random game with every pile access on: conservation, sampling keeps each seat's
    view, every legal move reads back, and a refused move changes nothing."""
    s = mini(EverythingMini, players=players, seed=players * 11)
    rng = random.Random(players)
    digs = claims = steps = 0
    while not s.is_over:
        steps += 1
        assert steps < 5000, "the game did not finish"
        assert conserved(s)
        for seat in range(players):
            v = s.view(seat)
            assert json.loads(json.dumps(v)) == v
            assert s.sample(seat, rng).view(seat) == v, f"sample changes seat {seat}'s view at step {steps}"
        seat = rng.choice(sorted(s.to_act))
        legal = s.legal_moves(seat)
        assert legal and len(set(legal)) == len(legal)
        for m in legal:
            assert parse_move(str(m)) is m
        before = snapshot(s)
        for bad in ("dig 9 AS", "claim 1 AS", "discard JK"):
            move = s.parse(bad)
            if move not in legal:
                with pytest.raises(gamenight.IllegalMove):
                    s.play(move, seat)
        assert snapshot(s) == before
        # dig and claim whenever the game offers it, so both are exercised
        pick = next((m for m in legal if m.verb in ("dig", "claim")), None) or rng.choice(legal)
        digs += pick.verb == "dig"
        claims += pick.verb == "claim"
        s.play(pick, seat)
    assert digs and claims
    assert Counter(s.deck_template()) == Counter(c for z in s.card_zones().values() for c in z)


class LastCardMini(DigMini):
    """A game that asks what Five Hundreds asks of a last card: a meld or lay-off may leave one card
    only if it fits no meld of the table as the play leaves it (``_may_lay``)."""

    RUMMY_RULES = replace(DigMini.RUMMY_RULES, out_without_discard=False)

    def _may_lay(self, seat: int, cards: Sequence[int], meld: Meld, at: int | None,
                 held: Sequence[int] | None = None) -> bool:
        rest = list(self.hands[seat] if held is None else held)
        for c in cards:
            rest.remove(c)
        table = list(self.melds)
        if at is None:
            table.append(meld)
        else:
            table[at] = meld
        return len(rest) != 1 or not any(self.meld_rules.lay_offs(m, rest[0]) for m in table)


class NoLastCardRule(DigMini):
    RUMMY_RULES = replace(DigMini.RUMMY_RULES, out_without_discard=False)


def hold(s: MiniRummy, seat: int, codes: str) -> None:
    """Give ``seat`` exactly ``codes``, its old cards going to the stock (every card stays in one
    place)."""
    set_position(s, zones={f"hand/{seat}": codes})


def test_may_lay_sees_the_table_a_lay_off_makes() -> None:
    # 7♦ goes on the run 4-6♦ or on the sevens: on the run it leaves the 8♦, which then fits it
    s = mini(LastCardMini, hands=HANDS)
    hold(s, 1, "7D 8D")
    hold(s, 0, "4D 5D 6D 7S 7H 7C 2C")
    set_position(s, turn=0)
    s.play("draw")
    s.play("meld 4D 5D 6D")
    s.play("meld 7C 7H 7S")
    set_position(s, turn=1, phase=Phase.PLAY)
    texts = [str(m) for m in s.legal_moves(1)]
    assert "layoff 2 7D" in texts and "layoff 1 7D" not in texts
    before = snapshot(s)
    with pytest.raises(gamenight.IllegalMove, match="keep a card"):
        s.play("layoff 1 7D", 1)
    assert snapshot(s) == before
    s.play("layoff 2 7D", 1)
    assert s.hands[1] == [card("8D")] and "discard 8D" in [str(m) for m in s.legal_moves(1)]


def test_may_lay_sees_the_new_meld_and_the_meld_a_dig_allows() -> None:
    s = mini(LastCardMini, hands=HANDS)
    hold(s, 1, "5H 6H 7H 8H")
    set_position(s, phase=Phase.PLAY)
    # any three of the run leave the fourth, which fits the meld just laid
    assert not any(m.verb == "meld" for m in s.legal_moves(1))
    with pytest.raises(gamenight.IllegalMove, match="keep a card"):
        s.play("meld 5H 6H 7H", 1)
    hold(s, 1, "5H 6H 7H KS")
    assert "meld 5H 6H 7H run" in [str(m) for m in s.legal_moves(1)]
    # digging two deep to the 9♦ holding 9♠ 9♥: every set of three nines leaves the fourth
    for cls, listed in ((NoLastCardRule, True), (LastCardMini, False)):
        t = mini(cls, hands=HANDS)
        hold(t, 0, "AC 2C 3C 4D 5D 6D 8S KH TS QC")
        hold(t, 1, "9S 9H")
        spread(t, "3H 9D 9C")
        assert ("dig 2 9D" in [str(m) for m in t.legal_moves(1)]) is listed


def test_a_meld_in_front_of_its_owner_reads_in_the_melds_order() -> None:
    # seat 1 lays 5-7♥ and then the 4♥ below it himself: his meld reads 4-7♥, not 5-7♥ then 4♥
    hands = ["AC 2C 3C 4D 5D 6D 8S", "5H 6H 7H KC KD 2S 4H", "9H QC QD 9S 9D JS TC", "8H JC JD 2D 3D TS TH"]
    s = mini(ClaimMini, players=4, hands=hands, rest=CLAIM_REST)
    s.play("draw")
    s.play("meld 5H 6H 7H")
    s.play("layoff 1 4H")
    assert s.contributions[0][-1] == (1, card("4H"))
    assert next(z for z in s.zones() if z.key == "meld/1").pieces == C.cards("4H 5H 6H 7H")
