"""Desert Rummy — the family book's contract rummy (seed 000, p.11), completed from
``shared/rules/metzker-book.md`` §10 (code DR).

Two to twelve players, each for himself. Two decks with their jokers for up to five players,
three for six to eight, four for nine or more (G-DR-5). Jokers and twos are wild — a two is
always wild, even in A-2-3 (G-DR-7). Each player is dealt 11 cards; the next card turned up
starts the discard pile; the player left of the dealer starts and the deal passes to the left
(G-DR-9).

The meld (contract) each player works on is his own: everyone starts on meld 1, and a player
who lays his meld down during a hand moves on to the next one for the next hand, while one who
does not replays it. The eleven melds, in order (the game's catalogue, as contract texts —
``S3`` a set of three or more, ``R4`` a run of four or more, ``[x]`` runs that share one suit):

{catalogue}

A turn: draw (``draw``, or ``take 7H`` the top discard), play, discard.

* Laying the meld: group by group in one turn (``meld 7C 7D 2S set``), every group of the meld
  at least as long as it says (G-DR-2). Once the first group is down the rest of the meld must
  follow that turn, and nothing else may be laid that turn: no lay-off, no other group (the
  book's "you cannot lay down any extra cards in the round that you meld").
* Later turns: a player adds cards only to his own melds (``layoff 2 8H``), never to anyone
  else's, and lays no new groups (G-DR-6; option ``allow_new_groups_after_meld``).
* The wild swap (G-DR-6): after laying his meld, a player holding the natural card a wild card
  stands for in one of his own *runs* (never a set) may put it in the wild's place
  (``swap 2 7H JK``: the 7♥ for the joker in meld 2); the freed wild goes straight onto one of his
  own melds that turn — it may not be kept or discarded. Option ``swap_any_run``: the swap is
  allowed in anyone's run (the freed wild still goes onto the player's own melds). A swap must
  leave the player a card to discard, and he takes back one wild at a time.
* Every group has at least as many natural cards as wild cards (G-DR-4); runs are of one suit,
  the ace high or low but never round the corner; sets are of one rank, suits may repeat. The
  two runs of meld 8 are separate groups of one suit (they cannot overlap: each card lies in one
  group) (G-DR-3).
* Going out needs a discard, and only a player who has laid his meld this hand can go out
  (his hand empties only by laying off).
* The stock runs out: the discard pile but its top card is shuffled into a new stock (G-DR-8,
  GEN-10); if the pile is too small to make a stock, the hand ends with nobody out.

When a hand ends (a player who laid his meld goes out), every player who laid his meld that hand
moves on one meld; the others repeat theirs. There are no points: the score sheet's row for a
hand marks 1 for each player who moved on, and the running total is the number of melds each
player has completed (his meld for the next hand is one more).

The end (G-DR-1): the book's "until the first player reaches their 11th meld" is read as
*completing* meld 11 — laying it down wins at once, so there are no ties (option ``win_timing``
``immediate``). With ``win_timing = end_of_hand`` the hand is played out; of those who laid meld
11 in it, the player who went out wins, else the one who laid it down first.

Option ``max_hands`` (off: 0) stops a long evening after that many hands: the player furthest
on wins, equal players share the win.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gamenight.core.layout import Field, Kind, number_word
from gamenight.core.options import Options, option
from gamenight.core.registry import GameSpec, register
from gamenight.equipment import cards as C
from gamenight.families.contract_turn import ContractState
from gamenight.families.contracts import Catalogue, Contract
from gamenight.families.match import MatchEnd, MatchRules
from gamenight.families.melds import ACE_EITHER, AT_MOST_NATURALS, MeldRules
from gamenight.families.rummy_rules import LayOffOn, RummyRules

HAND_SIZE = 11
#: the eleven melds, in order (the book's table), as contract texts
CATALOGUE_TEXT: tuple[str, ...] = (
    "S3+S3",          # 1: two sets of three
    "R3+R3",          # 2: two runs of three
    "R4+S3",          # 3: a run of four and a set of three
    "S4+S4",          # 4: two sets of four
    "R5+S3",          # 5: a run of five and a set of three
    "S3+S3+S3",       # 6: three sets of three
    "R7",             # 7: a run of seven
    "R4[x]+R4[x]",    # 8: two runs of four in the same suit (G-DR-3)
    "R6+S3",          # 9: a run of six and a set of three
    "S5+S5",          # 10: two sets of five
    "R9",             # 11: a run of nine
)
CATALOGUE: Catalogue = Catalogue.parse("\n".join(CATALOGUE_TEXT))
CONTRACTS: tuple[Contract, ...] = tuple(Contract.parse(t) for t in CATALOGUE_TEXT)
LAST_LEVEL = len(CONTRACTS)
#: jokers and twos wild, wherever they lie (G-DR-7); naturals at least as many as wilds in every
#: group (G-DR-4); the ace high or low, never round the corner
RULES = MeldRules(ace=ACE_EITHER, wild_ranks=frozenset({C.TWO}), wild_ratio=AT_MOST_NATURALS)
IMMEDIATE, END_OF_HAND = "immediate", "end_of_hand"


def decks_for(players: int) -> int:
    """Two decks with jokers for up to five players, three for six to eight, four for more."""
    return 2 if players <= 5 else 3 if players <= 8 else 4


def contract_for(level: int) -> Contract:
    """The meld a player on ``level`` (1..11) must lay."""
    return CONTRACTS[level - 1]


def _catalogue_lines() -> str:
    return "\n".join(f"  {i:2d}. {c.text:<12} {c.describe()}" for i, c in enumerate(CONTRACTS, 1))


# ---- a hand's row from its facts: the engine and the score pad both call these ----------------

def hand_points(made: Sequence[bool]) -> list[int]:
    """1 for each player who laid his meld this hand: the totals count the melds completed."""
    return [1 if m else 0 for m in made]


def next_levels(levels: Sequence[int], made: Sequence[bool]) -> list[int]:
    """A player who laid his meld moves on to the next; the others repeat theirs."""
    return [min(level + 1, LAST_LEVEL) if m else level for level, m in zip(levels, made, strict=True)]


def hand_details(levels: Sequence[int], made: Sequence[bool], out: int | None) -> list[str]:
    return [f"laid level {level}" + (", went out" if s == out else "") if m else f"repeats level {level}"
            for s, (level, m) in enumerate(zip(levels, made, strict=True))]


def cap_reason(cap: int) -> str:
    hands = f"{number_word(cap)} hand{'' if cap == 1 else 's'}"
    return f"The game stops after {hands}: the player furthest on wins."


def hand_note(out: int | None, ended_by: str | None) -> str:
    """How a hand ended when nobody went out: the last meld laid (``ended_by``, a name) or the stock."""
    if ended_by is not None:
        return f"{ended_by} laid the last meld"
    return "the stock ran out" if out is None else ""


@dataclass(frozen=True, kw_only=True)
class DesertOptions(Options):
    win_timing: str = option(
        IMMEDIATE, "When the last meld wins",
        "What happens when a player lays down the eleventh meld.",
        choices={IMMEDIATE: "The game ends at once: that player wins",
                 END_OF_HAND: "The hand is played out; of those who laid the eleventh meld, the player "
                              "who went out wins, else the first to lay it"})
    allow_new_groups_after_meld: bool = option(
        False, "New groups after your meld",
        "The book lets you only add cards to your own melds once your meld is down. On: you may "
        "also lay new sets and runs of your own on later turns.")
    swap_any_run: bool = option(
        False, "Take wilds from anyone's runs",
        "Off: you may swap a natural card for a wild only in your own runs. On: in anyone's run "
        "(the wild still goes onto your own melds).")
    max_hands: int = option(
        0, "Stop after this many hands",
        "Zero plays until someone lays the eleventh meld. Otherwise the game stops after this many "
        "hands and the player furthest on wins.", minimum=0, maximum=200)


class DesertRummy(ContractState):
    #: each seat's meld as a number and a mark in the seat table (the words of nine players'
    #: melds do not fit a terminal's seat table), and in words in a list a short screen leaves out
    FIELDS: tuple[Field, ...] = (
        Field("level_of", "Level", Kind.COUNTER, head=True),
        Field("contracts", ""),
        Field("levels", "Level", Kind.NUMBER, per_seat=True),
        Field("made", "Laid", Kind.FLAG, per_seat=True),
        Field("everyones_meld", "Levels", Kind.TEXT, minor=True),
        Field("decks", "Decks", Kind.NUMBER, minor=True),
        Field("finished", "Laid the last meld", Kind.SEATS),
    )
    DEAL_WORD = "hand"
    EXTRA_WITH_CONTRACT = False
    RUMMY_RULES = RummyRules(lay_off_on=LayOffOn.OWN, out_without_discard=False)
    SWAP_WILDS = "runs"
    NEW_MELDS_AFTER_CONTRACT = False
    SWAP_ON = "own"
    options: DesertOptions

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        o = self.options
        n = self.num_players
        self.decks = decks_for(n)
        self.levels: list[int] = [1] * n
        self.finished: list[int] = []
        self._init_table(RULES)
        self._init_contracts()
        # G-DR-6: the book's "only add to your own melds" and "swap in your own runs", or the options
        self.NEW_MELDS_AFTER_CONTRACT = o.allow_new_groups_after_meld
        self.SWAP_ON = "any" if o.swap_any_run else "own"
        self.match_rules = MatchRules(cap=o.max_hands)
        self._start_hand()

    def deck_template(self) -> list[int]:
        return C.standard_deck(decks=self.decks, jokers=2 * self.decks)

    def contract_of(self, seat: int) -> Contract:
        return contract_for(self.levels[seat])

    # ---- hands -------------------------------------------------------------------------------

    def _start_hand(self) -> None:
        self.begin_deal()
        self.finished = []
        self.deal(HAND_SIZE)
        self.emit("deal", f"{self.deal_name()}: {self.names[self.dealer]} deals {HAND_SIZE} cards each.",
                  seat=self.dealer)
        self.begin_turn(self.left_of_dealer())

    def _contract_made(self, seat: int) -> None:
        if self.levels[seat] < LAST_LEVEL:  # the kernel has said so; he moves on when the hand ends
            return
        self.finished.append(seat)
        if self.options.win_timing == IMMEDIATE:
            self._score_hand(None, ended_by=seat)
            last = contract_for(LAST_LEVEL).describe()
            self.finish(self._progress(), [seat], f"{self.names[seat]} laid the last meld, {last}.")

    def _on_hand_over(self, out: int | None) -> None:
        self._score_hand(out)
        if self.finished:
            winner = out if out in self.finished else self.finished[0]
            how = "went out" if winner == out else "laid it first"
            self.finish(self._progress(), [winner], f"{self.names[winner]} laid the last meld and {how}.")
            return
        if not self.match_over(self.why_over):
            self.pass_deal()
            self._start_hand()

    def seat_points(self, seat: int, laid: Sequence[int], held: Sequence[int], made: bool) -> float:
        """A hand counts only whether the player laid his meld (``hand_points``)."""
        return hand_points([made])[0]

    def _progress(self) -> list[int]:
        """Each player's completed melds: the outcome's scores."""
        return list(self.sheet.totals)

    def _score_hand(self, out: int | None, *, ended_by: int | None = None) -> None:
        """Every player who laid his meld this hand moves on; the others repeat theirs."""
        made = list(self.made)
        points = hand_points(made)
        details = hand_details(self.levels, made, out)
        self.levels = next_levels(self.levels, made)
        note = hand_note(out, None if ended_by is None else self.names[ended_by])
        self.sheet.add(self.deal_name(), points, details=details, note=note)
        moved = [self.names[s] for s in range(self.num_players) if points[s]]
        self.emit("score", f"{self.deal_name()} is over: " + (
            f"{', '.join(moved)} moved on." if moved else "nobody laid a meld."))

    def why_over(self, why: MatchEnd, totals: list[int]) -> str:
        return cap_reason(self.match_rules.cap)

    # ---- what a seat sees ------------------------------------------------------------------

    def _view(self, seat: int | None) -> dict[str, Any]:
        out = self._table_view(seat)
        out.update(self._contract_view(seat))
        out.update({
            "level": self.levels[seat] if seat is not None else None,
            "level_of": [self.levels[seat], LAST_LEVEL] if seat is not None else None,
            "levels": list(self.levels),
            "decks": self.decks,
            "finished": list(self.finished),
            "everyones_meld": [f"{self.names[s]}: {self.levels[s]}, {self.contract_text(s)[0].lower()}"
                               f"{self.contract_text(s)[1:]}" for s in range(self.num_players)],
        })
        return out


SPEC: GameSpec = register(GameSpec(
    id="desert-rummy",
    title="Desert Rummy",
    family="rummy",
    players=tuple(range(2, 13)),
    default_players=4,
    options_cls=DesertOptions,
    state_cls=DesertRummy,
    summary="Eleven melds in order, each player on his own: lay your meld, add only to your own cards, "
            "swap naturals for wilds in your runs, and be the first to lay the run of nine.",
    rules=(__doc__ or "").replace("{catalogue}", _catalogue_lines()),
    tested_players=(2, 4, 6, 9),
))

__all__ = ["CATALOGUE", "CATALOGUE_TEXT", "CONTRACTS", "IMMEDIATE", "LAST_LEVEL", "RULES", "SPEC",
           "DesertOptions", "DesertRummy", "cap_reason", "contract_for", "decks_for", "hand_details",
           "hand_note", "hand_points", "next_levels"]
