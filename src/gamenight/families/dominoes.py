"""Domino games: the boneyard they draw from, and lines of play as a picture.

Shared by the domino games (Mexican Train; Chicken Foot after it):

* :class:`DealsTiles` — a game's set, shuffled by its own RNG, except the first round of a game
  started with a stacked ``deck`` (tile codes, ``["12-12", "7-3", ...]``), which lies as stacked;
  the moves of a domino game name tiles, numbers and words, never a card.
* :func:`line_record` / :func:`lines_picture` — the value of a layout field of kind
  ``dominoes``: a centre tile and lines of play radiating from it, each line's tiles written as
  they lie (from the end touching the tile before to the open end), its open end, whether it
  carries a marker, and the word a move names it by (its ``target``), so a page can make a move
  by a tile selected in the hand and a click on a line's end. A line may branch off another
  (``from``: the line's key and the index of the tile it grows from: a chicken foot's toes);
  a line without ``from`` grows from the centre.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from gamenight.equipment import dominoes as D


class DealsTiles:
    """A domino game's boneyard for each round (the set shuffled, or stacked for the first)."""

    stacked_deck: list[str] | None
    deal_no: int
    rng: random.Random
    #: the set the game plays with
    domino_set: ClassVar[D.DominoSet] = D.DOUBLE_TWELVE
    #: a domino game's moves name tiles, numbers (a line) and words: never a card
    ARG_KINDS: ClassVar[frozenset[str] | None] = frozenset({"tile", "number", "word"})

    def deck_template(self) -> list[int]:
        """Every tile of the set (the conformance suite checks they are all conserved)."""
        return list(self.domino_set.tiles)

    def _deck_problem(self) -> str:
        if self.stacked_deck is None:
            return ""
        return D.deck_problem(self.deck_template(), self.stacked_deck)

    def _fresh_boneyard(self, without: Sequence[int] = ()) -> list[int]:
        """The round's tiles face down and mixed (``without``: tiles kept out, a held-out engine)."""
        template = [t for t in self.deck_template() if t not in without]
        if self.deal_no == 1 and self.stacked_deck is not None:
            return D.stack(template, self.stacked_deck, self.rng)
        self.rng.shuffle(template)
        return template


def line_record(key: str, label: str, start: int, tiles: Sequence[int], *, target: str,
                seat: int | None = None, marked: bool = False, open_to_all: bool = False,
                branch: tuple[str, int] | None = None, note: str = "") -> dict[str, Any]:
    """One line of play for a ``dominoes`` field (see the module's docstring)."""
    out: dict[str, Any] = {
        "key": key, "label": label, "seat": seat, "tiles": D.laid(start, tiles),
        "open": D.open_end(start, tiles), "start": start, "marked": marked, "open_to_all": open_to_all,
        "target": target,
    }
    if branch is not None:
        out["from"] = {"line": branch[0], "index": branch[1]}
    if note:
        out["note"] = note
    return out


def lines_picture(centre: int | None, lines: list[dict[str, Any]], *, verb: str = "play",
                  marker_word: str = "marker") -> dict[str, Any]:
    """The value of a ``dominoes`` field: the centre tile (``None``: none laid yet), the lines, and
    the move verb a tile and a line's ``target`` make (``play 12-7 3``)."""
    return {"centre": None if centre is None else D.CODE_OF[centre], "lines": lines, "verb": verb,
            "marker": marker_word}


__all__ = ["DealsTiles", "line_record", "lines_picture"]
