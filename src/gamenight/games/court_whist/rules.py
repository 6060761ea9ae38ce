"""Court Whist's rules as pure functions: the seven games, what a hand scores, who wins a table,
the movement between tables and who sits out. No state: the party (``party.py``) calls these.

Chairs at a table are numbered 0..3 clockwise (North, East, South, West); partners sit opposite
(chairs 0 & 2 and 1 & 3). Chairs 0 and 1 are the men's (label A), chairs 2 and 3 the ladies'
(label B), so every partnership is one man and one lady.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from gamenight.equipment import cards as C

CHAIRS = 4
HANDS_PER_GAME = 4
#: chairs of the men (label A) and of the ladies (label B)
A_CHAIRS = (0, 1)
B_CHAIRS = (2, 3)
#: the fixed trumps of hands 1-4 in the games that name them: spades, hearts, clubs, diamonds
SUIT_ORDER = (C.SPADES, C.HEARTS, C.CLUBS, C.DIAMONDS)
#: Coronation: hand k's trump is named by the holder of this king
KINGS = tuple(C.make_card(C.KING, s) for s in SUIT_ORDER)
FACE_RANKS = frozenset((C.JACK, C.QUEEN, C.KING))
SPEECH_PENALTY = 3


class Trump(Enum):
    """How a game's hands get their trumps."""

    NAMED = "named"  # the holder of the hand's king names a suit (Coronation)
    FIXED = "fixed"  # spades, hearts, clubs, diamonds in turn
    TURNED = "turned"  # the dealer's last card is turned up (Conspiracy)
    NONE = "none"  # no trumps (Revolution)


class Count(Enum):
    """What a hand scores."""

    PARTNERS = "partners"  # the partnership's tricks
    DOUBLE = "double"  # twice the partnership's tricks
    OWN = "own"  # each player's own tricks, no partners
    LADY_BONUS = "lady_bonus"  # the partnership's tricks and 2 more for each the lady won
    OPPONENTS = "opponents"  # the opponents' tricks
    FACES = "faces"  # the partnership's tricks and 1 for each face card in them


@dataclass(frozen=True)
class Game:
    name: str
    trump: Trump
    count: Count
    #: the score card's line under the game's name, in players' words
    rule: str
    most: str
    #: speaking after the deal costs 3 (Confiscation)
    silent: bool = False


GAMES: tuple[Game, ...] = (
    Game("Coronation", Trump.NAMED, Count.PARTNERS,
         "Partners; the holder of the king of spades, hearts, clubs, then diamonds names trumps", "13"),
    Game("Prosperity", Trump.FIXED, Count.DOUBLE, "Partners; each trick counts double", "26"),
    Game("Conspiracy", Trump.TURNED, Count.OWN,
         "No partners: each scores their own tricks; the dealer's last card is turned up for trumps", "13"),
    Game("Chivalry", Trump.FIXED, Count.LADY_BONUS, "Partners; 2 extra for each trick the lady takes",
         "13 to 39"),
    Game("Revolution", Trump.NONE, Count.OPPONENTS,
         "Partners; no trumps; each side scores the other's tricks", "13"),
    Game("Confiscation", Trump.FIXED, Count.PARTNERS,
         "Partners; whoever speaks after the deal forfeits 3 points", "13", silent=True),
    Game("Restoration", Trump.FIXED, Count.FACES,
         "Partners; 1 extra for each face card in your tricks", "25"),
)


def is_man(seat: int) -> bool:
    """With men and ladies, the first two seats of every four are men's (they sit North and
    East of a table drawn in seat order), the other two ladies'."""
    return seat % CHAIRS < 2


def partner_chair(chair: int) -> int:
    return (chair + 2) % CHAIRS


def is_a_chair(chair: int) -> bool:
    return chair in A_CHAIRS


def fixed_trump(game: Game, hand: int) -> int | None:
    """The trump suit of hand ``hand`` (0-3) of a game with set trumps; None for no trumps."""
    if game.trump is Trump.FIXED:
        return SUIT_ORDER[hand]
    return None


def hand_figures(game: Game, tricks: Sequence[int], faces: Sequence[int]) -> list[int]:
    """What each chair records for a hand (before speech penalties), from each chair's tricks
    and the face cards in each chair's tricks. Chivalry's lady sits in a B chair."""
    pair = [tricks[c] + tricks[partner_chair(c)] for c in range(CHAIRS)]
    count = game.count
    if count is Count.OWN:
        return list(tricks)
    if count is Count.DOUBLE:
        return [2 * p for p in pair]
    if count is Count.OPPONENTS:
        return [pair[(c + 1) % CHAIRS] for c in range(CHAIRS)]
    if count is Count.LADY_BONUS:
        return [pair[c] + 2 * tricks[c if not is_a_chair(c) else partner_chair(c)] for c in range(CHAIRS)]
    if count is Count.FACES:
        return [pair[c] + faces[c] + faces[partner_chair(c)] for c in range(CHAIRS)]
    return pair


def recorded(figure: int, spoke: int) -> int:
    """What a player writes on his card for a hand: the figure, less 3 each time he spoke."""
    return figure - SPEECH_PENALTY * spoke


def game_row(card: Sequence[Sequence[int | None]], seated: Sequence[bool]) -> tuple[list[int], list[str]]:
    """A game's row on the sheet from each player's four recorded hands: his game total, and the
    hands as the score card adds them ("3 + 5 + 2 + 4", marked when he sat out)."""
    totals = [sum(v or 0 for v in hands) for hands in card]
    details = [" + ".join(str(v) for v in hands) + ("" if here else " (sat out)")
               for hands, here in zip(card, seated, strict=True)]
    return totals, details


def game_label(deal: str, game: Game) -> str:
    return f"{deal}: {game.name}"


#: why the party ends: every game is played
PARTY_OVER = "The games are played: the highest grand total wins."


def face_cards(cards: Sequence[int]) -> int:
    return sum(1 for c in cards if C.RANK_OF[c] in FACE_RANKS)


# ---- who wins a table, and who moves ----------------------------------------------------------

def cut(rng: random.Random, groups: Sequence[Sequence[int]]) -> tuple[list[list[tuple[int, int]]], list[int]]:
    """Everyone in ``groups`` cuts a card from one shuffled deck, aces high; the highest of each
    group wins it, and only those tied for a group's top cut again, from what is left of the
    same deck (a cut card is not put back). Returns the cuts made, round by round, as (who,
    card), and each group's winner."""
    deck = C.shuffled(C.standard_deck(), rng)
    rounds: list[list[tuple[int, int]]] = []
    drawn: dict[int, int] = {}
    cutting = [list(group) for group in groups]
    who_cuts = [who for group in cutting for who in group]
    while who_cuts:
        if len(deck) < len(who_cuts):  # ties all through the deck (vanishingly rare): shuffle again
            deck = C.shuffled(C.standard_deck(), rng)
        fresh = [(who, deck.pop(0)) for who in who_cuts]
        rounds.append(fresh)
        drawn.update(fresh)
        cutting = [_tied_for_top(group, drawn) for group in cutting]
        who_cuts = [who for group in cutting if len(group) > 1 for who in group]
    return rounds, [group[0] for group in cutting]


def _tied_for_top(group: Sequence[int], drawn: dict[int, int]) -> list[int]:
    """Those of ``group`` whose cut card ranks highest (ties below the top do not matter)."""
    best = max(C.RANK_OF[drawn[who]] for who in group)
    return [who for who in group if C.RANK_OF[drawn[who]] == best]


def ranked_by_cut(tops: Sequence[int]) -> list[int]:
    """The chairs in the order :func:`table_winners` reads a cut: the groups' winners first."""
    return [*tops, *(c for c in range(CHAIRS) if c not in tops)]


def table_winners(game: Game, totals: Sequence[int],
                  cut_order: Sequence[int] | None) -> tuple[int, int] | None:
    """The winning man's chair and the winning lady's chair at a table, from each chair's game
    total (partnership figures before speech penalties), or None when a cut must decide (then
    called again with ``cut_order``, the chairs from the highest cut).

    Partnerships: the higher partnership moves (Revolution's figures already count the other
    side's tricks, so fewer tricks taken is the higher figure). Conspiracy: the highest man and
    the highest lady. A tie cuts: the highest man and lady in the cut."""
    if cut_order is not None:
        first_a = next(c for c in cut_order if is_a_chair(c))
        first_b = next(c for c in cut_order if not is_a_chair(c))
        if game.count is Count.OWN:
            return _best_or_cut(totals, A_CHAIRS, cut_order), _best_or_cut(totals, B_CHAIRS, cut_order)
        return first_a, first_b
    if game.count is Count.OWN:
        a = [c for c in A_CHAIRS if totals[c] == max(totals[x] for x in A_CHAIRS)]
        b = [c for c in B_CHAIRS if totals[c] == max(totals[x] for x in B_CHAIRS)]
        if len(a) > 1 or len(b) > 1:
            return None
        return a[0], b[0]
    if totals[0] == totals[1]:
        return None
    man = 0 if totals[0] > totals[1] else 1
    return man, partner_chair(man)


def _best_or_cut(totals: Sequence[int], chairs: Sequence[int], cut_order: Sequence[int]) -> int:
    best = max(totals[c] for c in chairs)
    tied = [c for c in chairs if totals[c] == best]
    return next(c for c in cut_order if c in tied)


def needs_cut(game: Game, totals: Sequence[int]) -> bool:
    return table_winners(game, totals, None) is None


def move_tables(tables: Sequence[Sequence[int]], winners: Sequence[tuple[int, int]]) -> list[list[int]]:
    """The tables after a game: per table, its chairs' players; ``winners[t]``: the winning man's
    and lady's chairs at table t. The winning man moves counter-clockwise (to table t-1), the
    winning lady clockwise (to t+1); the losing man stays in chair 0 and the losing lady shifts to
    chair 3, so the arriving man (chair 1) sits opposite her and the arriving lady (chair 2)
    opposite him: everyone has a new partner. With one table the two winners "arrive" at their
    own table, which swaps the partners."""
    n = len(tables)
    out: list[list[int]] = []
    for t in range(n):
        wa, wb = winners[t]
        stay_a = tables[t][A_CHAIRS[1 - A_CHAIRS.index(wa)]]
        stay_b = tables[t][B_CHAIRS[1 - B_CHAIRS.index(wb)]]
        arriving_a_from, arriving_b_from = (t + 1) % n, (t - 1) % n
        arriving_a = tables[arriving_a_from][winners[arriving_a_from][0]]
        arriving_b = tables[arriving_b_from][winners[arriving_b_from][1]]
        out.append([stay_a, arriving_a, arriving_b, stay_b])
    return out


def sitting_out(queue: Sequence[int], per_game: int, game: int) -> list[int]:
    """Who of ``queue`` sits out game ``game`` (from 0): the queue in turn, ``per_game`` a game,
    so nobody sits out twice before everyone has once."""
    if per_game == 0:
        return []
    return [queue[(game * per_game + j) % len(queue)] for j in range(per_game)]


def return_sitters(tables: list[list[int]], leaving: Sequence[int], returning: Sequence[int],
                   same_label: bool) -> None:
    """Those sitting out the next game leave their chairs to those coming back (of the same
    label when men and ladies are kept apart), in place."""
    back = list(returning)
    for t, chairs in enumerate(tables):
        for chair, who in enumerate(chairs):
            if who in leaving:
                pick = next(i for i, r in enumerate(back) if not same_label or is_man(r) == is_man(who))
                tables[t][chair] = back.pop(pick)


__all__ = ["GAMES", "PARTY_OVER", "Count", "Game", "Trump", "cut", "game_label", "game_row", "hand_figures",
           "is_man", "move_tables", "ranked_by_cut", "recorded", "sitting_out", "table_winners"]
