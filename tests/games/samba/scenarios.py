"""Stacked Samba deals and positions (dealer seat 0, so seat 1 plays first; seats 0 and 2 are
North–South, team 0, seats 1 and 3 East–West, team 1).

:func:`samba` deals fifteen cards a seat (hands a test does not spell out are filled with inert
naturals: no threes, no wild cards, at most two of a rank), turns ``up`` and puts ``rest`` on top
of the stock (the next draws). Positions deeper in a hand (melds laid on earlier turns) are set up
on the real game by describing them to :func:`gamenight.core.position.set_position` (:func:`lay`),
which takes their cards from the stock's bottom, so every card stays accounted for; the moves under
test are then played for real.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import gamenight
from gamenight.equipment import cards as C
from gamenight.families.canasta_turn.seqrules import new_meld
from gamenight.games.samba import Samba
from tests.helpers import deal_deck, set_position

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
    return s


def lay(s: Samba, team: int, *melds: str) -> None:
    """Melds a side laid on earlier turns (it has opened): their cards come from the stock's
    bottom (the next draws stay), else from the filler of the hands."""
    laid = [list(b) for b in s.books]
    laid[team].extend(new_meld(C.cards(codes)) for codes in melds)
    opened = [o or t == team for t, o in enumerate(s.opened)]
    set_position(s, extra={"books": laid, "opened": opened}, bottom_first=True)


def give(s: Samba, seat: int, codes: str) -> None:
    """Replace ``seat``'s hand with these cards (the old hand goes to the bottom of the stock)."""
    set_position(s, zones={f"hand/{seat}": codes}, bottom_first=True)


def red_threes(s: Samba, team: int, count: int) -> None:
    """The side has laid out ``count`` red threes."""
    set_position(s, zones={f"red3/{team}": ["3H", "3D", "3H", "3D", "3H", "3D"][:count]}, bottom_first=True)


def pile(s: Samba, under: str = "", over: str = "") -> None:
    """The discard pile with these cards under it and on top of it (from the stock's bottom)."""
    set_position(s, zones={"discards": [*under.split(), *s.discards, *over.split()]}, bottom_first=True)


def scores(s: Samba, totals: list[int]) -> None:
    """The sides' cumulative scores before this hand (a row on the sheet)."""
    set_position(s, scores=[t + x for t, x in zip(s.sheet.totals, totals, strict=True)])
