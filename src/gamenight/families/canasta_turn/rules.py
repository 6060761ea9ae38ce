"""The rules in effect for a canasta-family turn, and the pure rule functions both the state and
the bots use (so a bot never keeps its own copy of a rule):

* :class:`TurnRules`, the switches a rule set sets, with :func:`rules_json` /
  :func:`turn_rules_from_json` (the view carries the rules as plain data);
* the card classes (wild, red and black threes, what interchangeable cards share);
* :func:`permission` (asking partner), :func:`everyone_in_foot`, :func:`hand_can_finish` (can
  this hand go out this turn), :func:`pile_take` and :func:`held_cost`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from typing import Any

from gamenight.equipment import cards as C
from gamenight.families.canasta import (
    BookRules,
    Requirement,
    Table,
    can_go_out,
    count_hand,
)
from gamenight.families.canasta_turn.seqrules import SequenceRules

BONUS, DEAD = "bonus", "dead"
SIX_DISCARD, DISCARD_ONLY, GROUP_OUT = "six_discard", "discard", "group_out"
OFF, OPTIONAL, REQUIRED = "off", "optional", "required"
END, PLAY_ON = "end", "play_on"

#: canonical order of cards in a hand: naturals by rank, then twos, jokers, threes
IS_RED3 = [C.RANK_OF[c] == C.THREE and C.SUIT_COLOUR[C.SUIT_OF[c]] == 1 for c in range(52)] + [False]
IS_BLACK3 = [C.RANK_OF[c] == C.THREE and C.SUIT_COLOUR[C.SUIT_OF[c]] == 0 for c in range(52)] + [False]
IS_WILD = [C.RANK_OF[c] in (C.TWO, 13) for c in range(53)]
#: what interchangeable cards share: the natural rank, "wild two", "joker", red or black three
CLASS = [(-2 if IS_RED3[c] else -1) if C.RANK_OF[c] == C.THREE else C.RANK_OF[c] for c in range(53)]
#: the class of black threes
BLACK_THREES = -1


def is_wild(c: int) -> bool:
    return IS_WILD[c]


def is_red_three(c: int) -> bool:
    return IS_RED3[c]


def is_black_three(c: int) -> bool:
    return IS_BLACK3[c]


@dataclass(frozen=True, slots=True)
class TurnRules:
    """The switches a canasta-family rule set sets for the turn."""

    books: BookRules = field(default_factory=BookRules)
    need: Requirement = field(default_factory=Requirement)
    #: cards drawn from the stock each turn
    draw: int = 2
    #: most cards a pile pickup takes (the top card included); None: the whole pile
    pile_limit: int | None = None
    #: a wild card on top may be taken with a pair of wild cards (else a wild top blocks)
    wild_top: bool = False
    #: once a wild card is in the pile, only a team that has met its minimum may take it
    persistent_freeze: bool = False
    #: red threes: "bonus" (laid out and replaced) or "dead" (kept, only discarded)
    red_threes: str = BONUS
    #: black threes: "six_discard" (six or more discarded at once from the foot), "discard",
    #: or "group_out" (a group of three or four may go down when going out)
    black_threes: str = DISCARD_ONLY
    #: asking partner "may I go out?": "off", "optional" (binding if asked) or "required"
    ask: str = OFF
    #: every player of the team must have played from his foot before the team goes out
    all_in_foot: bool = False
    #: an exhausted stock: "end" the hand, or "play_on" while the pile must and can be taken
    stock_out: str = END
    #: Samba's sequences, several groups of a rank, merging and the going-out tally
    #: (:mod:`.sequences`); None: books of one rank only (Hand and Foot)
    sequences: SequenceRules | None = None


def rules_json(rules: TurnRules) -> dict[str, Any]:
    """The rules in effect as plain JSON data (public: nothing hidden in them)."""
    b, n = rules.books, rules.need
    return {
        "books": {"ratio": b.ratio, "max_wilds": b.max_wilds, "wild_books": b.wild_books,
                  "dirty_closes": b.dirty_closes, "canasta": b.canasta},
        "need": {"clean": n.clean, "dirty": n.dirty, "wild": n.wild},
        "draw": rules.draw, "pile_limit": rules.pile_limit, "wild_top": rules.wild_top,
        "persistent_freeze": rules.persistent_freeze, "red_threes": rules.red_threes,
        "black_threes": rules.black_threes, "ask": rules.ask, "all_in_foot": rules.all_in_foot,
        "stock_out": rules.stock_out,
    } | ({} if rules.sequences is None else {"sequences": asdict(rules.sequences)})


def turn_rules_from_json(data: dict[str, Any]) -> TurnRules:
    """The :class:`TurnRules` a view's ``rules`` entry (:func:`rules_json`) describes."""
    key = tuple((k, tuple(v.items()) if isinstance(v, dict) else v) for k, v in data.items())
    return _turn_rules_of(key)


@lru_cache(maxsize=64)
def _turn_rules_of(key: tuple[tuple[str, Any], ...]) -> TurnRules:
    """(Cached: a bot rebuilds the rules from every view it gets.)"""
    data: dict[str, Any] = {k: dict(v) if isinstance(v, tuple) else v for k, v in key}
    rest = {k: v for k, v in data.items() if k not in ("books", "need", "sequences")}
    seqs = SequenceRules(**data["sequences"]) if "sequences" in data else None
    return TurnRules(books=BookRules(**data["books"]), need=Requirement(**data["need"]), sequences=seqs,
                     **rest)


# ---- pure rule functions (the state and the bots share them) ----------------------------------

def permission(mode: str, has_partner: bool, asked: str) -> bool:
    """Whether asking partner lets a player go out: ``asked`` is ``""`` (not asked), ``"yes"`` or
    ``"no"``; under ``required`` only a yes does, under ``optional`` anything but a no."""
    if mode == OFF or not has_partner:
        return True
    if mode == REQUIRED:
        return asked == "yes"
    return asked != "no"


def everyone_in_foot(rules: TurnRules, seat: int, teammates: Sequence[int],
                     played_foot: Sequence[bool]) -> bool:
    """Whether every other player of the team has played from his foot (where the rules ask it)."""
    if not rules.all_in_foot:
        return True
    return all(played_foot[s] or s == seat for s in teammates)


def hand_can_finish(rules: TurnRules, table: Table, hand: Sequence[int]) -> bool:
    """Whether ``hand`` can be melded out this turn onto ``table`` (with one discard at most, or
    six black threes discarded together) so that the team meets the going-out requirement.
    The permission to go out is the caller's."""
    if rules.black_threes == SIX_DISCARD:
        black = sum(1 for c in hand if IS_BLACK3[c])
        if black >= 6:
            rest = [c for c in hand if not IS_BLACK3[c]]
            return can_go_out(rules.books, table, count_hand(rest), rules.need, discard=False)
    return can_go_out(rules.books, table, count_hand(hand), rules.need,
                      three_group=rules.black_threes == GROUP_OUT)


def pile_take(discards: Sequence[int], limit: int | None) -> list[int]:
    """The cards a pickup takes from the pile, the top card last."""
    return list(discards if limit is None else discards[-limit:])


def held_cost(c: int, values: Sequence[int], red_three: int, black_three: int) -> int:
    """What a card left in a hand or an unplayed foot costs at the end."""
    if IS_RED3[c]:
        return red_three
    if IS_BLACK3[c]:
        return black_three
    return values[c]


# ---- tables by score band and red threes (Samba, Bolivia, Brazilian; pure, shared with bots) ----

def minimum_by_band(score: int, bands: Sequence[tuple[int, int]], below: int) -> int:
    """The opening minimum a side's cumulative ``score`` puts it in: ``bands`` are (from score,
    minimum) pairs, highest first; below every band (a negative score, say) it is ``below``."""
    return next((m for floor, m in bands if score >= floor), below)


def red_three_points(count: int, table: Sequence[int], each: int) -> int:
    """What ``count`` red threes laid out by one side are worth before their sign: ``table[k]`` for
    ``k`` threes where the rule set names that count (Samba's six: 1,000), else ``each`` apiece."""
    return table[count] if count < len(table) and table[count] else count * each
