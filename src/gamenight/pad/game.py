"""What a game declares to keep score on a pad: :class:`PadRules`, found by :func:`pad_rules`.

A game supports the pad with a module beside its own, ``<game module>_pad.py``, that defines
``PAD_RULES``: a :class:`PadRules` subclass. One instance is made per rule set and table (the
options in force for a hand, the players' names); it gives the entry form, the reason an entry is
impossible, and the hand's points, computed by the game's own scoring functions (the ones its
engine calls), and the match's end from the game's own match rules.
"""

from __future__ import annotations

import importlib
import importlib.util
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from gamenight.core.options import Options
from gamenight.core.registry import GameSpec, games, get
from gamenight.families.match import MatchEnd, MatchRules, best_of, match_end
from gamenight.pad.schema import Entry, Form

OptionsT = TypeVar("OptionsT", bound=Options)


class PadError(ValueError):
    """An entry, a correction or a pad's setup the rules refuse: the message says why, in words."""


@dataclass(frozen=True, slots=True)
class SheetRow:
    """A row the engine's sheet writes besides a hand's own: an ante before the first hand
    (Thirty-One), a game closed or the bonuses at the match's end (Gin Rummy, Oklahoma Canasta)."""

    label: str
    points: list[int]
    details: list[str] | None = None
    note: str = ""


@dataclass(frozen=True, slots=True)
class MatchOver:
    """The match's end: the winning columns and why, in the game's words."""

    winners: list[int]
    reason: str
    #: who won in a sentence, where the winning columns' names would not say it ("Guys win.", not
    #: "Guys: total wins.")
    result: str = ""


@dataclass(frozen=True, slots=True)
class HandScore:
    """A hand's row on the sheet: points per column, each column's parts in words, and a note
    (how the hand ended)."""

    points: list[int]
    details: list[str] | None = None
    note: str = ""
    #: each column's score as the book writes it down, a line per part ("canastas +800")
    parts: list[list[str]] | None = None
    #: the parts as the lines of a printed sheet, in the book's order: a line's label and each
    #: column's points, zeros included (a printed sheet has the same lines every hand)
    part_rows: list[tuple[str, list[int]]] | None = None
    #: the row's label where the engine's sheet names the hand by what was played in it (a trick
    #: game's contract: "Deal 3: orders up hearts (Ann)"); the hand's number otherwise
    label: str = ""
    #: rows the engine writes after the hand's own, in order (a game closed, the match's bonuses)
    after: tuple[SheetRow, ...] = ()


@dataclass(frozen=True, slots=True)
class Progress:
    """The pad before the hand being entered: its number (from 1), the totals and entries so far."""

    hand: int
    totals: list[int]
    entries: Sequence[Entry]


class PadRules(ABC, Generic[OptionsT]):
    """A game's score pad under one rule set, for one table of players."""

    #: what the sheet counts, as the engine's sheet: "" points, "cents" money (Red Dog)
    sheet_unit: ClassVar[str] = ""

    def __init__(self, spec: GameSpec, options: OptionsT, players: Sequence[str]) -> None:
        self.spec = spec
        self.options = options
        self.players = list(players)

    @property
    def deal_word(self) -> str:
        return self.spec.deal_word

    def row_label(self, hand: int) -> str:
        """A hand's row on the sheet, as the engine names it ("Round 3")."""
        return f"{self.deal_word.capitalize()} {hand}"

    def row_caption(self, so_far: Progress) -> str:
        """What the book's sheet prints beside a hand's row before it is played (Hand and Foot's
        first-meld minimum); none by default."""
        return ""

    def opening_rows(self) -> list[SheetRow]:
        """The rows the engine's sheet holds before the first hand (Thirty-One's ante); none by
        default."""
        return []

    @abstractmethod
    def columns(self) -> list[str]:
        """The sheet's columns, as the engine's sheet names them (teams or players)."""

    def column_of(self, seat: int) -> int:
        """The column holding player ``seat``'s score (his team's, in partnerships)."""
        return seat

    def members(self) -> list[str]:
        """Who plays in each column, by the pad's names ("Ann & Cid")."""
        cols = self.columns()
        return [" & ".join(p for s, p in enumerate(self.players) if self.column_of(s) == c)
                for c in range(len(cols))]

    def kind_counts(self, entry: Entry, prefix: str,
                    kinds: Sequence[tuple[str, str, int]]) -> list[dict[str, int]]:
        """Each player's counts of the form's fields ``{prefix}_{kind}``, by kind (the cards laid,
        held or melded, counted by kind as the rummies' and canastas' forms ask for them)."""
        return [{k: entry[f"{prefix}_{k}"][s] for k, _, _ in kinds} for s in range(len(self.players))]

    def went_out_holding(self, out: int | None, left: Sequence[int]) -> str | None:
        """The rule of every game a player goes out of: he has no cards left. The sentence when the
        entry gives the player who went out (``out``) cards left (``left``: each player's count of
        cards, or their points, left in hand), else ``None``."""
        if out is not None and left[out]:
            return f"{self.players[out]} went out, so no cards were left in his hand."
        return None

    @abstractmethod
    def form(self, so_far: Progress) -> Form:
        """The entry form for hand ``so_far.hand`` (a form may depend on the hand: the cards dealt
        in it, its dealer)."""

    @abstractmethod
    def verify(self, entry: Entry, so_far: Progress) -> str | None:
        """Why ``entry`` (already fitting the form) is impossible under the rules, or ``None``."""

    @abstractmethod
    def score(self, entry: Entry, so_far: Progress) -> HandScore:
        """The hand's points, by the game's own scoring."""

    @abstractmethod
    def match_rules(self) -> MatchRules:
        """When the match ends: the game's own rules for the options in force."""

    def match_end(self, entry: Entry, totals: list[int], hands: int) -> MatchEnd | None:
        """Why the match ends after ``entry`` (hand ``hands``), or None: by :meth:`match_rules`,
        unless the game says the entry is not the end of a turn (5 in a Row: one disc made two rows,
        entered one after the other)."""
        return match_end(self.match_rules(), totals, hands)

    def match_winners(self, totals: list[int]) -> list[int] | None:
        """The columns that won, where the game's rules do not give the match to the best total
        (500 Rummy: the side that bid out, whatever the defenders hold); ``None``: the best total."""
        return None

    def match_over(self, entries: Sequence[Entry], totals: list[int]) -> MatchOver | None:
        """The match's end after ``entries`` (the sheet's totals then), or ``None``. By default the
        totals decide (:meth:`match_end`, :meth:`match_winners`, :meth:`match_reason`), as the
        engine's ``finish_on_totals``: the best total wins, equal best totals share the win. A game
        whose winner the totals do not name (the last player standing, the fewest strokes on a
        money sheet) says it here from the entries."""
        why = self.match_end(entries[-1], totals, len(entries))
        if why is None:
            return None
        best = best_of(totals, self.match_rules().lowest_wins)
        winners = self.match_winners(totals) or [c for c, t in enumerate(totals) if t == best]
        return MatchOver(winners, self.match_reason(why))

    def match_reason(self, why: MatchEnd) -> str:
        """Why the match ended, in the game's words."""
        return {MatchEnd.SCHEDULE: "The last hand is played.", MatchEnd.TARGET: "The target is reached.",
                MatchEnd.CAP: "The most hands are played."}[why]


def partnerships(players: Sequence[str]) -> list[str]:
    """Four players as two partnerships, partners opposite (seats 0 and 2, 1 and 3), each named
    by its players as the engine's sheet names it by its seats ("Ann–Cid")."""
    return [f"{players[0]}–{players[2]}", f"{players[1]}–{players[3]}"]


class OppositePartners(PadRules[OptionsT]):
    """A pad for four players in two partnerships, partners opposite: a column a side."""

    def columns(self) -> list[str]:
        return partnerships(self.players)

    def column_of(self, seat: int) -> int:
        return seat % 2


def pad_module(spec: GameSpec) -> str:
    """The module beside the game's own where its pad support lives."""
    return f"{spec.state_cls.__module__}_pad"


def pad_rules(game_id: str) -> type[PadRules[Any]]:
    """The game's :class:`PadRules`; :class:`PadError` if it has no score pad yet."""
    spec = get(game_id)
    name = pad_module(spec)
    if importlib.util.find_spec(name) is None:
        raise PadError(f"{spec.title} has no score pad yet.")
    rules: type[PadRules[Any]] = importlib.import_module(name).PAD_RULES
    return rules


def pad_games() -> list[GameSpec]:
    """The games with a score pad."""
    return [s for s in games() if importlib.util.find_spec(pad_module(s)) is not None]


__all__ = ["HandScore", "MatchOver", "OppositePartners", "PadError", "PadRules", "Progress", "SheetRow",
           "pad_games", "pad_module", "pad_rules", "partnerships"]
