"""Oklahoma Canasta's cards and melds (the rules are in :mod:`gamenight.games.oklahoma_canasta`):
the card values, the meld rules, and the named wild cards — the move word ``JK=9H`` (kind
``named``), reading a meld with its wilds named, every naming of a meld, and its words."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import product

from gamenight.core.moves import Move
from gamenight.core.notation import NUMBER, Arg
from gamenight.core.notation import Kind as ArgKind
from gamenight.equipment import cards as C
from gamenight.families.melds import ACE_EITHER, POS_RANK, RANK_PLURAL, RANK_SHORT, RUN, SET, Meld, MeldRules

HAND_SIZE = 13
QS: int = C.SPADES * 13 + C.QUEEN
JOKER: int = C.JOKER
#: a meld never grows past four cards
MAX_MELD = 4

# ---- the named wild card: ``JK=9H`` -------------------------------------------------------------


def _read_named(word: str) -> int | None:
    left, sep, right = word.partition("=")
    if not sep:
        return None
    try:
        wild, named = C.card(left), C.card(right)
    except ValueError:
        return None
    if named >= JOKER or wild > JOKER:
        return None
    if wild != JOKER and C.RANK_OF[wild] != C.TWO:
        return None
    return wild * 64 + named


def _format_named(value: int) -> str:
    return f"{C.CODE_OF[value // 64]}={C.CODE_OF[value % 64]}"


#: a wild card and the card it stands for (``JK=9H``): a move argument of its own, so a meld's
#: text says everything and reads back to the same move
NAMED = ArgKind("named", "spaces", _format_named, _read_named, priority=12, noun="named wild card")


def named_arg(wild: int, named: int) -> Arg:
    return NAMED(wild * 64 + named)


def is_wild(c: int) -> bool:
    return c == JOKER or C.RANK_OF[c] == C.TWO


# ---- what a card scores, by kind: the engine adds its cards' kinds, the score pad counts them ----

#: a melded card's kind (key, words, points): §8.7's table, a 2 by what it stands for
MELD_KINDS: tuple[tuple[str, str, int], ...] = (
    ("joker", "Joker", 100), ("queen_spades", "Q♠", 50), ("two_ace", "2s standing for an ace", 20),
    ("two_high", "2s standing for 8 to K", 10), ("two_low", "2s standing for 2 to 7", 5),
    ("aces", "Aces", 20), ("high", "Kings to eights (not the Q♠)", 10), ("low", "Sevens to threes", 5))
#: a card left in hand's kind (key, words, points)
HELD_KINDS: tuple[tuple[str, str, int], ...] = (
    ("joker", "Joker", 200), ("queen_spades", "Q♠", 100), ("twos", "2s", 20), ("aces", "Aces", 20),
    ("high", "Kings to eights (not the Q♠)", 10), ("low", "Sevens to threes", 5))
MELD_WORTH = {k: v for k, _, v in MELD_KINDS}
HELD_WORTH = {k: v for k, _, v in HELD_KINDS}


def _natural_kind(r: int) -> str:
    return "aces" if r == C.ACE else "high" if r >= C.EIGHT else "low"


def held_kind(c: int) -> str:
    """A card left in hand, by the kind the book prices it."""
    if c == JOKER:
        return "joker"
    if c == QS:
        return "queen_spades"
    return "twos" if C.RANK_OF[c] == C.TWO else _natural_kind(C.RANK_OF[c])


def melded_kind(c: int, stood: int) -> str:
    """A melded card, by the kind the book prices it: a 2 by the card it stands for (HOUSE: a 2
    standing for a 2 is a low card)."""
    if c == JOKER:
        return "joker"
    if c == QS:
        return "queen_spades"
    r = C.RANK_OF[stood]
    if C.RANK_OF[c] == C.TWO:
        return "two_ace" if r == C.ACE else "two_high" if r >= C.EIGHT else "two_low"
    return _natural_kind(r)


def held_value(c: int) -> int:
    """What a card left in hand costs (§8.7's table)."""
    return HELD_WORTH[held_kind(c)]


def melded_value(c: int, stood: int) -> int:
    """What a melded card scores: a joker 100, the Q♠ 50, a 2 by what it stands for (an ace 20,
    eight to king 10, two to seven 5), a natural its value."""
    return MELD_WORTH[melded_kind(c, stood)]


def kinds_worth(counts: dict[str, int], worth: dict[str, int]) -> int:
    """Cards counted by kind, priced by kind (``MELD_WORTH`` melded, ``HELD_WORTH`` left in hand)."""
    return sum(worth[k] * n for k, n in counts.items())


#: what going out adds to the hand
OUT_BONUS = 100


def hand_score(melded: int, held: int, out: bool) -> tuple[int, str]:
    """A player's hand: melded values less the values left in hand, and 100 for going out; with
    the sheet's words for it ("180 melded − 15 held + 100 out")."""
    words = f"{melded} melded − {held} held" + (f" + {OUT_BONUS} out" if out else "")
    return melded - held + (OUT_BONUS if out else 0), words


def winner_bonus(totals: Sequence[int], bonus: int) -> list[int] | None:
    """The "Game won" row once the game is over: ``bonus`` to the highest total (to each of them
    if tied); ``None`` where no bonus is written."""
    if not bonus:
        return None
    top = max(totals)
    return [bonus if t == top else 0 for t in totals]


HELD: tuple[int, ...] = tuple(held_value(c) for c in range(53))
#: a melded card's usual worth (a wild valued as the bots guess: a 2 as ten)
MELDED: tuple[int, ...] = tuple(100 if c == JOKER else 10 if C.RANK_OF[c] == C.TWO else melded_value(c, c)
                                for c in range(53))


def meld_rules(min_naturals: int = 2) -> MeldRules:
    """Groups and sequences of three or four, the joker and 2s wild, the ace high or low."""
    return MeldRules(max_set=MAX_MELD, max_run=MAX_MELD, ace=ACE_EITHER, jokers_wild=True,
                     wild_ranks=frozenset({C.TWO}), min_naturals=min_naturals)


#: the cards a meld stands for, read as naturals (a 2 is a natural two here: A-2-3)
STOOD_RULES = MeldRules(sets=False, max_run=MAX_MELD, ace=ACE_EITHER, jokers_wild=False)
RULES = meld_rules()


def stood_for(meld: Meld, names: Sequence[int] = ()) -> tuple[int, ...]:
    """The exact card each card of ``meld`` stands for: itself if natural; in a run, its place; in
    a set, the names of its wilds (``names``, in the order of the meld's wild cards)."""
    if meld.kind == RUN:
        return tuple(meld.suit * 13 + POS_RANK[meld.start + i] for i in range(meld.size))
    it = iter(names)
    return tuple(next(it) if meld.is_wild_at(i) else c for i, c in enumerate(meld.cards))


def named_move(verb: str, meld: Meld, stood: Sequence[int], number: int | None = None) -> Move:
    """``meld 8H JK=9H 10H``: each wild with the card it stands for."""
    args = [NUMBER(number)] if number is not None else []
    args += [named_arg(c, s) if meld.is_wild_at(i) else C.CARD_ARG[c]
             for i, (c, s) in enumerate(zip(meld.cards, stood, strict=True))]
    return Move(verb, *args)


def move_pairs(move: Move) -> list[tuple[int, int | None]] | str:
    """A move's cards with what each stands for (``None``: a wild left unnamed)."""
    out: list[tuple[int, int | None]] = []
    for arg in move.args:
        if arg.kind is NAMED:
            out.append((arg.value // 64, arg.value % 64))
        elif arg.kind is C.CARD:
            c = arg.value
            out.append((c, None if c == JOKER or C.RANK_OF[c] == C.TWO else c))
        elif arg.kind is not NUMBER and arg.value not in (SET, RUN):
            return f"{arg!s} is not a card: name cards, and each wild as 'JK=9H'."
    return out


def move_cards(move: Move) -> list[int]:
    """Every card a move puts down, wild cards included (a named wild is not among ``cards``)."""
    return [a.value // 64 if a.kind is NAMED else a.value for a in move.args
            if a.kind is NAMED or a.kind is C.CARD]


Pairs = Sequence[tuple[int, int | None]]


def read_named(rules: MeldRules, pairs: Pairs) -> tuple[Meld, tuple[int, ...]] | str:
    """The meld these cards make with the cards they stand for, or the rule they break."""
    if not pairs:
        return "Name the cards of the meld."
    for c, s in pairs:
        if c > JOKER:
            return f"{c!r} is not a card."
        if s is None:
            return (f"Name the card {C.LABEL_OF[c]} stands for, as in 'meld 8H {C.CODE_OF[c]}=9H 10H' or "
                    f"'meld KD KC {C.CODE_OF[c]}=KH'.")
        if is_wild(c) and s == QS:
            return "A wild card may not stand for the Q♠."
        if not is_wild(c) and s != c:
            return f"{C.LABEL_OF[c]} is a natural card: it stands for itself."
    cards = [c for c, _ in pairs]
    stood = [s for _, s in pairs if s is not None]
    if len({C.RANK_OF[s] for s in stood}) == 1:
        return _read_named_set(rules, pairs, cards, stood)
    if len({C.SUIT_OF[s] for s in stood}) > 1:
        return ("Those cards are not a meld: a group is cards of one rank and a sequence is consecutive "
                "cards of one suit.")
    seq = STOOD_RULES.check(stood, RUN)
    if isinstance(seq, str):
        return seq.replace("run", "sequence")
    by_stood = {s: c for c, s in pairs}
    in_order = [by_stood[s] for s in seq.cards]
    found = rules.check(in_order, RUN, number=seq.start + 1, suit=seq.suit)
    if isinstance(found, str):
        return found.replace("run", "sequence")
    return found, stood_for(found)


def _read_named_set(rules: MeldRules, pairs: Sequence[tuple[int, int | None]], cards: list[int],
                    stood: list[int]) -> tuple[Meld, tuple[int, ...]] | str:
    found = rules.check(cards, SET)
    if isinstance(found, str):
        return found.replace("set", "group")
    counts = Counter(stood)
    twice = next((s for s, k in counts.items() if k > 2), None)
    if twice is not None:
        return f"A group may not stand for {C.NAME_OF[twice]} three times: there are two decks."
    names: dict[int, list[int]] = {}
    for c, s in pairs:
        if is_wild(c):
            assert s is not None
            names.setdefault(c, []).append(s)
    for v in names.values():
        v.sort()
    return found, stood_for(found, [names[c].pop(0) for c in found.wild_cards()])


def set_namings(meld: Meld) -> Iterator[tuple[int, ...]]:
    """Every way to name the wild cards of a set (never the Q♠, never a card three times);
    identical wild cards name their cards in order."""
    rank = meld.rank
    suits = [s for s in range(4) if s * 13 + rank != QS]
    wilds = meld.wild_cards()
    naturals = Counter(meld.natural_cards())
    for choice in product(suits, repeat=len(wilds)):
        names = [s * 13 + rank for s in choice]
        if any(wilds[i] == wilds[i + 1] and names[i] > names[i + 1] for i in range(len(wilds) - 1)):
            continue
        counts = naturals + Counter(names)
        if any(k > 2 for k in counts.values()):
            continue
        yield stood_for(meld, names)


def namings(meld: Meld) -> Iterator[tuple[int, ...]]:
    """Every legal naming of a meld's wild cards (a run's are its places; no wild as the Q♠)."""
    if meld.kind == RUN:
        stood = stood_for(meld)
        if not any(meld.is_wild_at(i) and s == QS for i, s in enumerate(stood)):
            yield stood
        return
    yield from set_namings(meld)


def describe(meld: Meld, stood: Sequence[int]) -> str:
    """``sequence of hearts 8–10: 8♥ Joker (as 9♥) 10♥``."""
    parts = [C.LABEL_OF[c] + (f" (as {C.LABEL_OF[s]})" if meld.is_wild_at(i) else "")
             for i, (c, s) in enumerate(zip(meld.cards, stood, strict=True))]
    if meld.kind == SET:
        head = f"group of {RANK_PLURAL[meld.rank]}"
    else:
        head = (f"sequence of {C.SUIT_NAMES[meld.suit]} {RANK_SHORT[POS_RANK[meld.start]]}–"
                f"{RANK_SHORT[POS_RANK[meld.end]]}")
    return f"{head}: {' '.join(parts)}"


def meld_points(meld: Meld, stood: Sequence[int]) -> int:
    return sum(melded_value(c, s) for c, s in zip(meld.cards, stood, strict=True))


def hand_points(cards: Sequence[int]) -> int:
    return sum(HELD[c] for c in cards)


@lru_cache(maxsize=4096)
def meld_facts(meld: Meld, names: tuple[int, ...]) -> tuple[tuple[int, ...], int, str, str]:
    """What a meld on the table stands for, its points, its text and its description (views ask
    for them at every step: kept per meld and names)."""
    stood = stood_for(meld, names)
    return stood, meld_points(meld, stood), str(named_move("meld", meld, stood)).removeprefix("meld "), \
        describe(meld, stood)


def swap_move(number: int, natural: int, wild: int) -> Move:
    """``swap N NATURAL JK``: the natural in place of the joker in meld number ``number``."""
    return C.card_move("swap", (natural, wild), number)
