"""Mexican Train on the score pad: after each round every player counts the tiles and pips left in
his hand, and the round says who went out (or that it was blocked); the row is written by the
domino books' own :func:`round_row`, the same the engine writes its sheet with.

:class:`DominoPad` is what both domino games' pads share (Chicken Foot's pad subclasses it): the
form, and what makes a round impossible — more tiles or pips than the set holds outside the
centre double, a player out who still holds tiles, the double blank in no hand or in the centre.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any

from gamenight.equipment import dominoes as D
from gamenight.families.dominoes import HandLeft, round_row
from gamenight.families.match import MatchEnd, MatchRules
from gamenight.games.mexican_train import TOP, MexicanTrainOptions, engine_of
from gamenight.pad.game import HandScore, PadRules, Progress
from gamenight.pad.schema import CHOICE, HAND, PLAYER, Choice, Entry, Form, PadField, Section


class DominoPad(PadRules[Any]):
    """A domino game's pad: a column per player, the pips left in each hand."""

    @abstractmethod
    def top(self) -> int:
        """The set's highest double (9: double-nine)."""

    @abstractmethod
    def engine(self, hand: int) -> int:
        """The number of round ``hand``'s centre double."""

    @abstractmethod
    def rounds(self) -> int:
        """How many rounds the match lasts."""

    def columns(self) -> list[str]:
        return list(self.players)

    def in_hands(self, hand: int) -> list[int]:
        """The tiles that can be in the players' hands: the set but the round's centre double."""
        centre = D.DOUBLE[self.engine(hand)]
        return [t for t in range(len(D.DominoSet("set", self.top()))) if t != centre]

    # ---- the form ------------------------------------------------------------------------------

    def form(self, so_far: Progress) -> Form:
        tiles = self.in_hands(so_far.hand)
        most_pips = sum(D.PIPS[t] for t in tiles)
        sections = [Section("Left in hand", (
            PadField("tiles", "Tiles", scope=PLAYER, maximum=len(tiles),
                     help="0 for the player who went out."),
            PadField("pips", "Pips", scope=PLAYER, maximum=most_pips,
                     help="The spots on every tile left in the hand, added up.")))]
        who = tuple(Choice(s, p) for s, p in enumerate(self.players))
        if self.options.double_blank:
            sections.append(Section("Double blank", (PadField(
                "double_blank", "Who holds the double blank", kind=CHOICE, scope=HAND, default=None,
                choices=(*who, Choice(None, "Nobody")),
                help=f"It counts {self.options.double_blank} in the hand."),)))
        sections.append(Section("Going out", (PadField(
            "out", "Who went out", kind=CHOICE, scope=HAND, default=None,
            choices=(*who, Choice(None, "Nobody: the round was blocked"))),)))
        return Form(tuple(sections), self.columns(), self.players)

    # ---- the score ----------------------------------------------------------------------------

    def left(self, entry: Entry) -> list[HandLeft]:
        holder = entry.get("double_blank")
        return [HandLeft(t, p, s == holder) for s, (t, p) in enumerate(zip(entry["tiles"], entry["pips"],
                                                                          strict=True))]

    def score(self, entry: Entry, so_far: Progress) -> HandScore:
        points, details, note = round_row(self.players, self.left(entry), entry["out"],
                                          self.options.double_blank)
        return HandScore(points, details, note)

    def match_rules(self) -> MatchRules:
        return MatchRules(deals=self.rounds(), lowest_wins=True)

    def match_reason(self, why: MatchEnd) -> str:
        n = self.rounds()
        return f"After {n} round{'s' if n > 1 else ''} the lowest total wins."

    # ---- what is impossible ------------------------------------------------------------------------

    def verify(self, entry: Entry, so_far: Progress) -> str | None:
        left = self.left(entry)
        return (self.going_out_problem(left, entry["out"]) or self.double_blank_problem(left, so_far.hand)
                or self.more_than_the_set_holds(left, so_far.hand)
                or next((w for s, h in enumerate(left) if (w := self.hand_problem(s, h, so_far.hand))), None))

    def going_out_problem(self, left: list[HandLeft], out: int | None) -> str | None:
        """The round ends when one player lays his last tile: he alone holds none."""
        for s, h in enumerate(left):
            if s == out and h.tiles:
                return f"{self.players[s]} went out, so no tiles were left in his hand."
            if s != out and not h.tiles:
                if out is None:
                    return (f"{self.players[s]} has no tiles left, so he went out: the round was not "
                            "blocked.")
                return (f"{self.players[s]} has no tiles left, but {self.players[out]} went out: the "
                        "round ends when the first player lays his last tile.")
        return None

    def double_blank_problem(self, left: list[HandLeft], hand: int) -> str | None:
        if any(h.double_blank for h in left) and self.engine(hand) == 0:
            return "The double blank is this round's centre double: it is in nobody's hand."
        return None

    def more_than_the_set_holds(self, left: list[HandLeft], hand: int) -> str | None:
        tiles = self.in_hands(hand)
        n = sum(h.tiles for h in left)
        if n > len(tiles):
            return f"The set holds {len(tiles)} tiles besides the centre double, and the entry counts {n}."
        pips = sum(h.pips for h in left)
        if pips > (most := sum(D.PIPS[t] for t in tiles)):
            return f"The set's tiles besides the centre double hold {most} pips, and the entry counts {pips}."
        return None

    def hand_problem(self, seat: int, h: HandLeft, hand: int) -> str | None:
        """So many tiles hold at least the pips of the lightest and at most those of the heaviest
        (the double blank among them, if he holds it; where it counts only its pips, nobody says
        who holds it, so it may be any hand's)."""
        named = bool(self.options.double_blank)  # the form asks who holds it
        pips = sorted(D.PIPS[t] for t in self.in_hands(hand) if not named or t != D.DOUBLE[0])
        others = h.tiles - 1 if h.double_blank else h.tiles
        least, most = sum(pips[:others]), sum(pips[len(pips) - others:]) if others else 0
        name = self.players[seat]
        if h.double_blank and not h.tiles:
            return f"{name} holds the double blank, so he has a tile left."
        if h.pips < least:
            return f"{name}: {h.tiles} tiles hold at least {least} pips, not {h.pips}."
        if h.pips > most:
            return f"{name}: {h.tiles} tiles hold at most {most} pips, not {h.pips}."
        return None


class MexicanTrainPad(DominoPad):
    """Mexican Train's pad: a double-twelve set, the engines from the 12-12 down."""

    options: MexicanTrainOptions

    def top(self) -> int:
        return TOP

    def engine(self, hand: int) -> int:
        return engine_of(hand)

    def rounds(self) -> int:
        return self.options.rounds


PAD_RULES = MexicanTrainPad

__all__ = ["PAD_RULES", "DominoPad", "MexicanTrainPad"]
