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
from enum import StrEnum
from functools import lru_cache
from typing import Any

from gamenight.equipment import cards as C
from gamenight.families.canasta import (
    BookRules,
    Requirement,
    Table,
    best_meld_value,
    can_go_out,
    count_hand,
)
from gamenight.families.canasta_turn.seqrules import SequenceRules


class RedThreeRule(StrEnum):
    """What red threes are: laid out and replaced for a bonus, or dead cards kept in the hand."""

    BONUS = "bonus"
    DEAD = "dead"


class BlackThreeRule(StrEnum):
    """What black threes may do besides being discarded one at a time."""

    #: only discarded
    DISCARD = "discard"
    #: six or more discarded together from the foot (the family book)
    SIX_DISCARD = "six_discard"
    #: a group of three or four goes down on the turn their player goes out (classic, Samba)
    GROUP_OUT = "group_out"
    #: laid out and replaced like red ones (Joker Canasta)
    LAID_OUT = "laid_out"


class AskRule(StrEnum):
    """Asking partner "may I go out?"."""

    OFF = "off"
    #: a player may ask, and the answer binds
    OPTIONAL = "optional"
    #: only a player whose partner said yes goes out
    REQUIRED = "required"


class StockOutRule(StrEnum):
    """A stock too short for a draw: the hand ends, or play goes on while the pile is taken."""

    END = "end"
    PLAY_ON = "play_on"


class LastRedThreeRule(StrEnum):
    """A red three drawn as the stock's last card (it cannot be replaced)."""

    #: nothing special
    NONE = ""
    #: he may meld but not discard; ``end`` ends the hand
    MAY_MELD = "may_meld"
    #: the hand ends at once
    ENDS = "ends"


BONUS, DEAD = RedThreeRule.BONUS, RedThreeRule.DEAD
SIX_DISCARD, DISCARD_ONLY = BlackThreeRule.SIX_DISCARD, BlackThreeRule.DISCARD
GROUP_OUT = BlackThreeRule.GROUP_OUT
OFF, OPTIONAL, REQUIRED = AskRule.OFF, AskRule.OPTIONAL, AskRule.REQUIRED
END, PLAY_ON = StockOutRule.END, StockOutRule.PLAY_ON
#: ``last_red_three``: what a red three drawn as the stock's last card does
MAY_MELD, ENDS = LastRedThreeRule.MAY_MELD, LastRedThreeRule.ENDS
#: the pile's states a view names (:func:`pile_state`)
FROZEN_WILD = "frozen: a wild card is in the pile"
FROZEN_RED3 = "frozen: a red three is in the pile"
FROZEN_SIDE = "frozen for your side: it has not melded"
FROZEN_ALWAYS = "frozen: it always is in these rules"
#: ``black_threes``: black threes laid out and replaced like red ones (Joker Canasta)
LAID_OUT = BlackThreeRule.LAID_OUT

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
    """The switches a canasta-family rule set sets for the turn: frozen, typed, and checked when
    built (:meth:`__post_init__`): a switch given as its plain text (from a view's JSON or a
    game's options) becomes its enum member, and an unknown one is refused."""

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
    red_threes: RedThreeRule = BONUS
    #: black threes: "six_discard" (six or more discarded at once from the foot), "discard",
    #: or "group_out" (a group of three or four may go down when going out)
    black_threes: BlackThreeRule = DISCARD_ONLY
    #: asking partner "may I go out?": "off", "optional" (binding if asked) or "required"
    ask: AskRule = OFF
    #: every player of the team must have played from his foot before the team goes out
    all_in_foot: bool = False
    #: an exhausted stock: "end" the hand, or "play_on" while the pile must and can be taken
    stock_out: StockOutRule = END
    # ---- classic canasta's switches (the defaults keep Hand and Foot's rules) ----
    #: a foot: False, the dealt hand is a player's last packet (he goes out from it)
    foot: bool = True
    #: classic freezing (:func:`frozen_reason`): the pile is frozen against a side that has not
    #: melded and for everyone while it holds a wild card or a red three; a frozen pile is taken
    #: only with a natural pair of its top card, an unfrozen one also with a natural and a wild
    #: card, or by laying its top card on the side's meld of that rank
    classic_freeze: bool = False
    #: a player holding one card may not take a pile of one card
    one_card_rule: bool = False
    #: a player going out concealed (nothing melded in earlier turns, the whole hand in one turn,
    #: a canasta among it) needs no opening minimum unless he takes the pile (classic HOUSE 7.6)
    concealed_exempt: bool = False
    #: a red three drawn as the stock's last card (it cannot be replaced): "" nothing special,
    #: "may_meld" (he may meld but not discard; ``end`` ends the hand), "ends" (the hand ends)
    last_red_three: LastRedThreeRule = LastRedThreeRule.NONE
    #: with ``play_on``: a player must take the pile only when it is not frozen and its top card
    #: fits his side's meld; otherwise he may decline (``draw`` on the empty stock), ending the hand
    forced_take: bool = False
    # ---- the variations' switches (the defaults keep classic canasta and Hand and Foot) ----
    #: the pile is always frozen: only a natural pair of its top card takes it (Joker Canasta)
    always_frozen: bool = False
    #: a natural rank that blocks the pile while it lies on top, like a black three (Mexicana:
    #: sevens); None: no such rank
    stop_rank: int | None = None
    #: Samba's sequences, several groups of a rank, merging and the going-out tally
    #: (:mod:`.sequences`); None: books of one rank only (Hand and Foot)
    sequences: SequenceRules | None = None

    def __post_init__(self) -> None:
        for name, kind in _SWITCHES:
            value = getattr(self, name)
            try:
                object.__setattr__(self, name, kind(value))
            except ValueError:
                allowed = ", ".join(repr(str(m)) for m in kind)
                raise ValueError(f"TurnRules.{name} is one of {allowed}, not {value!r}") from None
        if self.draw < 1:
            raise ValueError(f"TurnRules.draw is at least one card, not {self.draw}")
        if self.pile_limit is not None and self.pile_limit < 1:
            raise ValueError(f"TurnRules.pile_limit is a number of cards (or None), not {self.pile_limit}")
        if self.stop_rank is not None and not C.FOUR <= self.stop_rank <= C.ACE:
            raise ValueError(f"TurnRules.stop_rank is a natural rank (four to ace), not {self.stop_rank}")
        if not isinstance(self.books, BookRules) or not isinstance(self.need, Requirement):
            raise TypeError("TurnRules.books and TurnRules.need are BookRules and Requirement")


#: the switches that are one of a few words, and the enum of each
_SWITCHES: tuple[tuple[str, type[StrEnum]], ...] = (
    ("red_threes", RedThreeRule), ("black_threes", BlackThreeRule), ("ask", AskRule),
    ("stock_out", StockOutRule), ("last_red_three", LastRedThreeRule))


def rules_json(rules: TurnRules) -> dict[str, Any]:
    """The rules in effect as plain JSON data (public: nothing hidden in them)."""
    b, n = rules.books, rules.need
    return {
        "books": {"ratio": b.ratio, "max_wilds": b.max_wilds, "wild_books": b.wild_books,
                  "dirty_closes": b.dirty_closes, "canasta": b.canasta, "clean_closes": b.clean_closes},
        "need": {"clean": n.clean, "dirty": n.dirty, "wild": n.wild, "any": n.any,
                 **({} if n.most is None else {"most": n.most})},
        "draw": rules.draw, "pile_limit": rules.pile_limit, "wild_top": rules.wild_top,
        "persistent_freeze": rules.persistent_freeze, "red_threes": str(rules.red_threes),
        "black_threes": str(rules.black_threes), "ask": str(rules.ask), "all_in_foot": rules.all_in_foot,
        "stock_out": str(rules.stock_out), "foot": rules.foot, "classic_freeze": rules.classic_freeze,
        "one_card_rule": rules.one_card_rule, "concealed_exempt": rules.concealed_exempt,
        "last_red_three": str(rules.last_red_three), "forced_take": rules.forced_take,
        "always_frozen": rules.always_frozen, "stop_rank": rules.stop_rank,
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


def hand_can_finish(rules: TurnRules, table: Table, hand: Sequence[int], *, group_left: bool = True) -> bool:
    """Whether ``hand`` can be melded out this turn onto ``table`` (with one discard at most, or
    six black threes discarded together) so that the team meets the going-out requirement.
    ``group_left``: the black threes' one group (``group_out``) has not gone down yet this turn.
    The permission to go out is the caller's."""
    if rules.black_threes == SIX_DISCARD:
        black = sum(1 for c in hand if IS_BLACK3[c])
        if black >= 6:
            rest = [c for c in hand if not IS_BLACK3[c]]
            return can_go_out(rules.books, table, count_hand(rest), rules.need, discard=False)
    if _lone_naturals(table, hand) > 1:
        return False  # a lone natural with no open book of its rank never goes down: one may be the discard
    return can_go_out(rules.books, table, count_hand(hand), rules.need,
                      three_group=rules.black_threes == GROUP_OUT and group_left)


def _lone_naturals(table: Table, hand: Sequence[int]) -> int:
    """The naturals ``hand`` holds one of, of a rank with no open book on ``table``: none of them
    can go down this turn (a new book holds at least two naturals), so each is a discard."""
    counts: dict[int, int] = {}
    for c in hand:
        counts[CLASS[c]] = counts.get(CLASS[c], 0) + 1
    return sum(1 for cls, k in counts.items()
               if k == 1 and C.FOUR <= cls <= C.ACE and cls not in table.open_books)


def pile_take(discards: Sequence[int], limit: int | None) -> list[int]:
    """The cards a pickup takes from the pile, the top card last."""
    return list(discards if limit is None else discards[-limit:])


def card_values(deuce: int) -> list[int]:
    """The family's card values: joker 50, two ``deuce``, ace 20, K–8 10, 7–4 5, three 5 (a
    fresh list: a bot asks for it at every view)."""
    return list(_card_values(deuce))


@lru_cache(maxsize=8)
def _card_values(deuce: int) -> tuple[int, ...]:
    return tuple(50 if r == 13 else deuce if r == C.TWO else 20 if r == C.ACE else 10 if r >= C.EIGHT else 5
                 for r in (C.RANK_OF[c] for c in range(53)))


def best_keeping(rules: BookRules, table: Table, hand: Sequence[int], values: Sequence[int],
                 keep: int) -> int:
    """The most points ``hand`` can lay onto ``table`` with ``keep`` of its cards left over (a
    player without a foot must end his turn holding a card to discard). Cards that can never go
    down now (threes, a lone natural of a rank with no open meld) are kept first, for free; only
    when there are too few of them are the kept cards searched for."""
    if keep <= 0:
        return best_meld_value(rules, table, count_hand(hand), values)
    if len(hand) <= keep:
        return 0
    counts: dict[int, int] = {}
    for c in hand:
        counts[CLASS[c]] = counts.get(CLASS[c], 0) + 1
    spare = sum(k for cls, k in counts.items() if cls < 0) + sum(
        1 for cls, k in counts.items() if C.FOUR <= cls <= C.ACE and k == 1 and cls not in table.open_books)
    if spare >= keep:
        return best_meld_value(rules, table, count_hand(hand), values)
    best = 0
    for c in {CLASS[c]: c for c in hand}.values():  # keep one card of each class in turn
        rest = list(hand)
        rest.remove(c)
        best = max(best, best_keeping(rules, table, rest, values, keep - 1))
    return best


def held_cost(c: int, values: Sequence[int], red_three: int, black_three: int) -> int:
    """What a card left in a hand or an unplayed foot costs at the end."""
    if IS_RED3[c]:
        return red_three
    if IS_BLACK3[c]:
        return black_three
    return values[c]


def frozen_reason(rules: TurnRules, pile: Sequence[int], opened: bool) -> str | None:
    """Classic canasta's freeze (``classic_freeze``): why the pile is frozen for a side (it may
    then be taken only with a natural pair of its top card), or ``None``. Frozen for everyone
    while it holds a wild card or a red three (a turned-up one), and against a side that has not
    melded; taking the pile is what thaws it (the pile then starts afresh)."""
    if not rules.classic_freeze:
        return None
    if rules.always_frozen:
        return FROZEN_ALWAYS
    if any(IS_WILD[c] for c in pile):
        return FROZEN_WILD
    if any(IS_RED3[c] for c in pile):
        return FROZEN_RED3
    return None if opened else FROZEN_SIDE


def pile_blocked(pile: Sequence[int], wild_top: bool, stop_rank: int | None = None) -> str | None:
    """Why nobody may take the pile this turn whatever he holds, or ``None``: it is empty, a
    three lies on top (a black three blocks only until covered), a wild card does (unless the
    rules let two wild cards take it), or a card of the rules' ``stop_rank`` (Mexicana's seven)."""
    if not pile:
        return "the pile is empty"
    top = pile[-1]
    if C.RANK_OF[top] == C.THREE:
        return "a three on top blocks it"
    if stop_rank is not None and C.RANK_OF[top] == stop_rank:
        word = C.RANK_PLURALS[stop_rank][:-1]
        return f"{'an' if word[0] in 'ae' else 'a'} {word} on top blocks it"
    if IS_WILD[top] and not wild_top:
        return "a wild card on top blocks it"
    return None


def band_minimum(bands: Sequence[tuple[int, int]], score: int) -> int:
    """The opening minimum for a side's (or a player's) score: ``bands`` are (score floor,
    minimum) from the highest floor down; the first floor the score reaches gives the minimum
    (classic: ((3000, 120), (1500, 90), (0, 50), (MIN_SCORE, 15)))."""
    for floor, minimum in bands:
        if score >= floor:
            return minimum
    return bands[-1][1]


#: a floor below any score (the last band of :func:`band_minimum`)
MIN_SCORE = -(10 ** 9)

