"""A test-only game with a claim window (no registered game has one yet in this branch; the rummy
kernel's "Rummy!" will): players take turns to discard the next card of a fixed list, and after
each discard every other player may ``claim`` it (a point) or ``pass``, out of turn, all at once.

Option ``resolve``: ``order`` — the claim of the seat nearest the discarder's left wins, so a claim
waits until every seat before it has answered (seats after a claim need not answer); ``first`` —
the first claim takes the card and ends the window for everybody. ``State.lapse_moves`` names the
seats still to answer, each passing by letting the window lapse: that is what a server times.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gamenight.core.moves import Move
from gamenight.core.options import Options, option
from gamenight.core.registry import GameSpec
from gamenight.core.state import State
from gamenight.equipment import cards as C

#: the cards discarded in turn, one a turn
CARDS = ("8H", "QS", "3D", "KC", "5H", "9S", "AD", "7C")
CODES = {code: C.CODE_OF.index(code) for code in CARDS}
DISCARD = {code: Move("discard", C.CARD_ARG[CODES[code]]) for code in CARDS}
CLAIM = {code: Move("claim", C.CARD_ARG[CODES[code]]) for code in CARDS}
PASS = Move("pass")


def label(code: str) -> str:
    """A card as sentences write it: 8♥."""
    return C.LABEL_OF[CODES[code]]


@dataclass(frozen=True, kw_only=True)
class WindowOptions(Options):
    discards: int = option(4, "Discards", "How many cards are discarded before the game ends.",
                           minimum=1, maximum=len(CARDS))
    resolve: str = option("order", "Who wins a claim", "When several players claim the same discard.",
                          choices={"order": "The player nearest the discarder's left",
                                   "first": "The first to claim"})


class ClaimCount(State):
    options: WindowOptions

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.turn = 0
        self.discarded = 0
        self.claims = [0] * self.num_players
        #: the window: the card on offer, the seats that may claim it in turn order, their answers
        self.offer: str | None = None
        self.window_order: list[int] = []
        self.answers: dict[int, Move] = {}
        self.emit("deal", f"{self.names[0]} discards first.")

    # ---- who acts ----------------------------------------------------------------------------

    def _still_to_answer(self) -> list[int]:
        """The window's seats whose answer can still matter, in turn order."""
        out = []
        for seat in self.window_order:
            answer = self.answers.get(seat)
            if answer is None:
                out.append(seat)
            elif answer.verb == "claim" and self.options.resolve == "order":
                break  # a seat after a claim cannot win it: it need not answer
        return out

    def _to_act(self) -> frozenset[int]:
        if self.is_over:
            return frozenset()
        if self.offer is not None:
            return frozenset(self._still_to_answer())
        return frozenset((self.turn,))

    def lapse_moves(self) -> dict[int, Move]:
        if self.offer is None or self.is_over:
            return {}
        return {seat: PASS for seat in self._still_to_answer()}

    def _legal(self, seat: int) -> list[Move]:
        if self.offer is not None:
            return [CLAIM[self.offer], PASS]
        return [DISCARD[CARDS[self.discarded]]]

    def _why_illegal(self, seat: int, move: Move) -> str:
        if self.offer is not None:
            return f"The {label(self.offer)} is on offer: claim it or pass."
        return f"Discard the {label(CARDS[self.discarded])}."

    # ---- what moves do -----------------------------------------------------------------------

    def _apply(self, seat: int, move: Move) -> None:
        if self.offer is None:
            self._discard(seat)
            return
        self.answers[seat] = move
        verb = "claims" if move.verb == "claim" else "lets it go"
        self.emit("answer", f"{self.names[seat]} {verb}.", seat=seat)
        self._resolve_window()

    def _discard(self, seat: int) -> None:
        self.offer = CARDS[self.discarded]
        self.discarded += 1
        self.window_order = [(seat + i) % self.num_players for i in range(1, self.num_players)]
        self.answers = {}
        self.emit("discard", f"{self.names[seat]} discards the {label(self.offer)}.", seat=seat)

    def _winner(self) -> int | bool | None:
        """The seat that takes the card, ``None`` if nobody does, ``False`` while undecided."""
        claimed = [s for s in self.window_order if self.answers.get(s) is CLAIM[self.offer or ""]]
        if self.options.resolve == "first" and claimed:
            return claimed[0]  # the first claim closed the window: there is no other
        for seat in self.window_order:
            answer = self.answers.get(seat)
            if answer is None:
                return False
            if answer.verb == "claim":
                return seat
        return None

    def _resolve_window(self) -> None:
        winner = self._winner()
        if winner is False:
            return
        if isinstance(winner, int):
            self.claims[winner] += 1
            self.emit("claim", f"{self.names[winner]} takes the {label(self.offer or '')}.", seat=winner)
        else:
            self.emit("lapse", f"Nobody takes the {label(self.offer or '')}.")
        discarder = (self.window_order[0] - 1) % self.num_players
        self.offer, self.window_order, self.answers = None, [], {}
        self.turn = (discarder + 1) % self.num_players
        if self.discarded == self.options.discards:
            best = max(self.claims)
            self.sheet.add("Claims", list(self.claims))
            self.finish(list(self.claims), [s for s in range(self.num_players) if self.claims[s] == best],
                        "Every card was discarded.")

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"offer": self.offer, "claims": list(self.claims)}


SPEC = GameSpec(id="claim-count", title="Claim Count", family="test", players=(2, 3, 4), default_players=3,
                options_cls=WindowOptions, state_cls=ClaimCount,
                summary="Discard in turn; the others may claim each discard out of turn.")


def claim_count(players: int = 3, seed: int = 1, **options: Any) -> ClaimCount:
    return ClaimCount(SPEC, WindowOptions(**options), players, seed)
