"""Red and black threes: red threes laid out (and replaced from the stock) the moment they reach
a hand (black ones too under ``laid_out``); black threes going down as a group of three or four
when going out (``group_out``), or six or more discarded together from the foot
(``six_discard``; whether the discard may end the turn is the discard's, in :mod:`.turn`)."""

from __future__ import annotations

from collections.abc import Sequence

from gamenight.core.moves import Move
from gamenight.equipment import cards as C
from gamenight.families.canasta_turn.base import CanastaBase
from gamenight.families.canasta_turn.rules import (
    BLACK_THREES,
    BONUS,
    GROUP_OUT,
    IS_BLACK3,
    IS_RED3,
    LAID_OUT,
    SIX_DISCARD,
)


def red_three_points(count: int, each: int, table: Sequence[tuple[int, int]] = (),
                     melded: bool = True) -> int:
    """What a side's red threes score: ``each`` apiece, or the ``table``'s (count, points) when it
    names that count (classic: 800 for all four; a variant 1,000 for six); negative when the
    side has melded nothing."""
    points = dict(table).get(count, count * each)
    return points if melded else -points


class ThreesMixin(CanastaBase):
    """Red threes out of the hand; the black threes' group meld and six-card discard."""

    def _lay_red_threes(self, seat: int, *, replace: bool) -> int:
        """Lay out the red threes the hand holds (replacing each from the stock where ``replace``);
        the number the empty stock could not replace (classic's last red three)."""
        if self.turn_rules.red_threes != BONUS:
            return 0
        hand = self.hands[seat]
        team = self.team_of(seat)
        black = self.turn_rules.black_threes == LAID_OUT  # laid out like red ones (Joker Canasta)
        while True:
            found = [c for c in hand if IS_RED3[c] or (black and IS_BLACK3[c])]
            if not found:
                return 0
            for c in found:
                hand.remove(c)
                self.knowledge.forget(f"hand/{seat}", (c,))
                if c in self.locked:
                    self.locked.remove(c)
                self.red3[self.red_three_side(seat, team)].append(c)
                self.emit("red_three", f"{self.names[seat]} lays out {C.LABEL_OF[c]}.", seat=seat,
                          card=C.CODE_OF[c])
            if not replace:
                return 0
            for i, _ in enumerate(found):
                pile = next((p for p in self.stocks if p), None)
                if pile is None:
                    return len(found) - i
                c = pile.pop()
                hand.append(c)
                self.emit("drawn", f"You draw {C.LABEL_OF[c]} for it.", seat=seat, to=seat,
                          cards=[C.CODE_OF[c]])

    def red_three_side(self, seat: int, team: int) -> int:
        """Whose row a red three goes in: the team's (a game scoring red threes per player, like
        three-hand canasta's temporary partners, says the seat's)."""
        return team

    def _black_three_groups(self, hand: Sequence[int]) -> list[tuple[Move, int, tuple[int, ...]]]:
        """``group_out``: three or four black threes going down together (the check that the
        player is going out with them is the meld's)."""
        out: list[tuple[Move, int, tuple[int, ...]]] = []
        if self.turn_rules.black_threes != GROUP_OUT:
            return out
        black = self._pick(hand, BLACK_THREES, None) or ()
        for k in (3, 4):  # with five, four go down and the fifth is the discard
            if len(black) >= k:
                out.append((C.card_move("meld", black[:k]), C.THREE, black[:k]))
        return out

    def _is_black_group(self, cards: Sequence[int]) -> bool:
        return self.turn_rules.black_threes == GROUP_OUT and all(IS_BLACK3[c] for c in cards)

    def _black_six(self, seat: int) -> tuple[int, ...]:
        """``six_discard``: the black threes held, when six or more (they may be discarded
        together from the foot); else none."""
        if self.turn_rules.black_threes != SIX_DISCARD:
            return ()
        black = tuple(sorted(c for c in self.hands[seat] if IS_BLACK3[c]))
        return black if len(black) >= 6 else ()
