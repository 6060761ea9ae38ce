"""Court Whist on move kinds: the party answers each seat's kinds and words from its own table."""

from __future__ import annotations

import pytest

import gamenight
from gamenight.families.tricks import PlayCard
from gamenight.games.court_whist.party import AtTable, CourtWhist
from gamenight.games.court_whist.table import NameTrumps
from tests.helpers import deal_deck

SUITS = {"S": "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", "H": "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
         "D": "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D", "C": "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"}


def party(players: int = 4) -> CourtWhist:
    """North (seat 0) holds every spade, so the king of spades: he names trumps first."""
    s = gamenight.new("court-whist", players=players, seed=5, deck=deal_deck([SUITS[c] for c in "SHDC"]))
    assert isinstance(s, CourtWhist)
    return s


def test_coronation_naming_is_the_namers_kind_at_his_table_and_reads_in_words() -> None:
    s = party()
    kinds = s.move_kinds(0)
    assert kinds is not None and len(kinds) == 1
    (kind,) = kinds
    assert isinstance(kind, AtTable) and isinstance(kind.kind, NameTrumps)
    assert [str(m) for m in kind.legal(s, 0)] == ["call C", "call D", "call H", "call S"]
    assert s.describe_move(s.parse("call S"), 0) == "Name spades trumps"
    with pytest.raises(gamenight.IllegalMove) as e:
        s.play("call", 0)
    assert str(e.value) == kind.verify(s, 0, s.parse("call")) == (
        "You hold the king of spades: name trumps first, for example 'call H' (any of the four suits).")


def test_after_naming_the_leader_plays_through_the_tables_play_kind() -> None:
    s = party()
    s.play("call S", 0)
    kinds = s.move_kinds(1)
    assert kinds is not None and isinstance(kinds[0], AtTable) and isinstance(kinds[0].kind, PlayCard)
    lead = s.legal_moves(1)[0]
    assert s.describe_move(lead, 1) == "Lead A♥"


def test_a_seat_sitting_out_has_no_kinds_of_move() -> None:
    s = gamenight.new("court-whist", players=5, seed=2)
    assert isinstance(s, CourtWhist)
    (out,) = s.sitting_out(0)
    assert s.move_kinds(out) == ()
