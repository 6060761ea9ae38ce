"""5 in a Row on the score pad: the sheet is the engine's, a line per row of five marked — a point
to the side that made it, where it lies — written by the game's own :func:`row_of_five`. Each
entry is one row: the side, its direction, and its first space (row and column from 0, as the
moves write spaces; the first is the top one, the left one across).

A row is refused where the board forbids it: off the board, on a disc another side's row keeps
(only a free corner counts for every colour), or sharing a disc with a row marked in the same
line (one, with the option that allows it). A disc that makes two rows at once is two entries, the
first saying so: the game ends only after the second.
"""

from __future__ import annotations

from gamenight.families.match import MatchEnd, MatchRules
from gamenight.games.five_in_a_row import DIRS, FiveInARowOptions, cell_text, row_of_five
from gamenight.games.five_in_a_row_board import FREE, SIZE, parse_layout
from gamenight.pad.game import HandScore, PadRules, Progress, partnerships
from gamenight.pad.schema import CHOICE, HAND, Choice, Entry, Form, PadField, Section

ROW_LENGTH = 5
DIRECTION_WORDS = ("Across", "Down", "Diagonally, down to the right", "Diagonally, down to the left")


class FiveInARowPad(PadRules[FiveInARowOptions]):
    """5 in a Row's pad: two sides (partners opposite with four players)."""

    def columns(self) -> list[str]:
        p = self.players
        return partnerships(p) if len(p) == 4 else list(p)

    def column_of(self, seat: int) -> int:
        return seat % 2

    def row_label(self, hand: int) -> str:
        """The engine's sheet: "Game 1, row 3" (one game, a line per row of five)."""
        return f"{self.deal_word.capitalize()} 1, row {hand}"

    def form(self, so_far: Progress) -> Form:
        fields = (
            PadField("side", "Who made it", kind=CHOICE, scope=HAND, default=0,
                     choices=tuple(Choice(c, name) for c, name in enumerate(self.columns()))),
            PadField("direction", "Which way", kind=CHOICE, scope=HAND, default=0,
                     choices=tuple(Choice(d, w) for d, w in enumerate(DIRECTION_WORDS))),
            PadField("row", "First space: row", scope=HAND, maximum=SIZE - 1,
                     help="Counted from 0 at the top."),
            PadField("column", "First space: column", scope=HAND, maximum=SIZE - 1,
                     help="Counted from 0 at the left."),
            PadField("more", "The same disc made another row", kind=CHOICE, scope=HAND, default=0,
                     choices=(Choice(0, "No"), Choice(1, "Yes: enter it next"))))
        return Form((Section("A row of five", fields),), self.columns(), self.players)

    def cells(self, entry: Entry) -> tuple[int, ...] | None:
        """The row's five spaces, or None if it runs off the board."""
        dr, dc = DIRS[entry["direction"]]
        r, c = entry["row"], entry["column"]
        out = tuple((r + k * dr, c + k * dc) for k in range(ROW_LENGTH))
        if not all(0 <= a < SIZE and 0 <= b < SIZE for a, b in out):
            return None
        return tuple(a * SIZE + b for a, b in out)

    def score(self, entry: Entry, so_far: Progress) -> HandScore:
        cells = self.cells(entry)
        assert cells is not None  # verified
        points, where = row_of_five(entry["side"], entry["direction"], cells)
        return HandScore(points, note=where)

    def match_rules(self) -> MatchRules:
        return MatchRules(target=self.options.rows_to_win)

    def match_end(self, entry: Entry, totals: list[int], hands: int) -> MatchEnd | None:
        """A disc that made two rows ends the game only once both are on the sheet."""
        return None if entry["more"] else super().match_end(entry, totals, hands)

    def match_reason(self, why: MatchEnd) -> str:
        n = self.options.rows_to_win
        return f"A side made {n} row{'s' if n > 1 else ''} of five."

    # ---- what is impossible ------------------------------------------------------------------------

    def verify(self, entry: Entry, so_far: Progress) -> str | None:
        cells = self.cells(entry)
        if cells is None:
            return (f"Five spaces {DIRECTION_WORDS[entry['direction']].lower()} from "
                    f"{entry['row']},{entry['column']} run off the board.")
        free = self.free()
        before = so_far.entries[-1] if so_far.entries else None
        if before is not None and before["more"]:
            both = self.cells(before)
            assert both is not None
            if before["side"] != entry["side"] or not set(cells) & set(both):
                return (f"The disc that made row {len(so_far.entries)} made this one too: the same side's, "
                        "through that disc.")
        for k, earlier in enumerate(so_far.entries):
            other = self.cells(earlier)
            assert other is not None
            shared = [i for i in set(cells) & set(other) if i not in free]
            where = f"row {k + 1}"
            if shared and earlier["side"] != entry["side"]:
                return (f"The disc on {cell_text(shared[0])} is in {self.columns()[earlier['side']]}'s "
                        f"{where}: it can never be taken off.")
            most = 1 if self.options.same_line_overlap else 0
            if earlier["direction"] == entry["direction"] and len(set(cells) & set(other)) > most:
                rule = "share one disc at most" if most else "never share a disc"
                return f"Two rows in one line {rule}, and this one overlaps {where}."
        return None

    def free(self) -> frozenset[int]:
        """The free spaces (a layout without them where the corners are not free): they count for
        every colour."""
        return frozenset(i for i, c in enumerate(parse_layout(self.options.layout)) if c == FREE)


PAD_RULES = FiveInARowPad

__all__ = ["PAD_RULES", "FiveInARowPad"]
