"""Stacked Samba deals and positions (dealer seat 0, so seat 1 plays first; seats 0 and 2 are
North–South, team 0, seats 1 and 3 East–West, team 1).

:func:`samba` deals fifteen cards a seat (hands a test does not spell out are filled with inert
naturals: no threes, no wild cards, at most two of a rank), turns ``up`` and puts ``rest`` on top
of the stock (the next draws). Positions deeper in a hand (melds laid on earlier turns) are set up
on the real game by moving cards out of the stock (:func:`lay`), so every card stays accounted
for; the moves under test are then played for real.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import gamenight
from gamenight.equipment import cards as C
from gamenight.families.canasta_turn.seqrules import new_meld
from gamenight.games.samba import Samba
from tests.helpers import deal_deck

INERT = [r + s for r in "456789TJQKA" for s in "CDHS"]


def samba(hands: dict[int, str], up: str = "KD", rest: str = "", preset: str | None = None,
          **options: Any) -> Samba:
    left = Counter(C.CODE_OF[c] for c in C.standard_deck(decks=3, jokers=6))
    for text in [*hands.values(), up, rest]:
        for code in text.split():
            left[code] -= 1
            assert left[code] >= 0, code
    full = []
    for seat in range(4):
        got = hands.get(seat, "").split()
        per = Counter(c[0] for c in got)
        for code in INERT[seat * 11:] + INERT[:seat * 11]:
            if len(got) < 15 and left[code] > 0 and per[code[0]] < 2 and code not in up.split():
                got.append(code)
                left[code] -= 1
                per[code[0]] += 1
        assert len(got) == 15
        full.append(" ".join(got))
    deck = deal_deck(full) + up.split() + rest.split()
    s = gamenight.new("samba", players=4, deck=deck, preset=preset, options=options or None, seed=1)
    assert isinstance(s, Samba)
    SPELLED[id(s)] = {seat: len(hands.get(seat, "").split()) for seat in range(4)}
    return s


#: how many cards of each seat's hand the test spelled out (the rest is filler it may lose)
SPELLED: dict[int, dict[int, int]] = {}


def from_stock(s: Samba, codes: str) -> list[int]:
    """These cards, taken out of the stock (from the bottom, so the next draws stay)."""
    out = []
    stock = s.stocks[0]
    for code in codes.split():
        c = C.card(code)
        if c not in stock:  # the filler holds it: swap it for a plain card from the stock
            spelled = SPELLED.get(id(s), {})
            seat = next(p for p in range(4) if c in s.hands[p][spelled.get(p, 0):])
            hand = s.hands[seat]
            plain = next(x for x in stock if C.RANK_OF[x] not in (C.TWO, C.THREE, 13)
                         and x not in hand)
            stock.remove(plain)
            hand[hand.index(c, spelled.get(seat, 0))] = plain
            stock.insert(0, c)
        stock.remove(c)
        out.append(c)
    return out


def lay(s: Samba, team: int, *melds: str) -> None:
    """Melds a side laid on earlier turns (it has opened)."""
    for codes in melds:
        s.books[team].append(new_meld(from_stock(s, codes)))
    s.opened[team] = True


def give(s: Samba, seat: int, codes: str) -> None:
    """Replace ``seat``'s hand with these cards (the old hand goes to the bottom of the stock)."""
    s.stocks[0][:0] = s.hands[seat]
    s.hands[seat] = from_stock(s, codes)


def red_threes(s: Samba, team: int, count: int) -> None:
    """The side has laid out ``count`` red threes."""
    s.stocks[0][:0] = s.red3[team]
    s.red3[team] = from_stock(s, " ".join(["3H", "3D", "3H", "3D", "3H", "3D"][:count]))


def scores(s: Samba, totals: list[int]) -> None:
    """The sides' cumulative scores before this hand (a row on the sheet)."""
    s.sheet.add("earlier", totals)
