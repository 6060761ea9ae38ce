"""Oklahoma Canasta — the canasta book's variation 7 (seed 004), completed from
``shared/rules/other-seeds.md`` §8.7 (Oklahoma = Arlington: pagat, pokerwiner, cardgames.wikia).

"Rummy meets Canasta": two to five players, each for himself. Two 52-card decks and one joker
(105 cards); thirteen cards each, one at a time from the dealer's left; the next card turned up
starts the discard pile, the rest is the stock. The player left of the dealer starts; the deal
passes to the left after every hand (HOUSE; pokerwiner has the hand's winner deal).

**Melds** are *groups* of one rank and *sequences* of one suit, **three or four cards, never
more** (a meld may never grow past four). In a sequence the ace is high (Q-K-A) or low (A-2-3),
never round the corner (K-A-2). The joker and every 2 are wild, and a wild card is always wild
(a 2 in A-2-3 is a wild standing for the 2). When a wild is melded the player **names the exact
card it stands for**, rank and suit — in words, ``CARD=NAMED``:

* ``meld 8H JK=9H 10H`` — a sequence: the joker is the 9♥;
* ``meld KD KC JK=KH`` — a group of kings, the joker naming the K♥;
* ``meld AC 2C=2C 3C`` — A-2-3 of clubs, the 2♣ standing for itself.

In a sequence the name is the wild's place (it can be nothing else); in a group it is the suit the
player chooses. A meld needs at least ``okl_min_naturals`` natural cards (HOUSE, "the standard
rules of melding": two, so one wild in a three-card meld and two in a four-card one). **A wild may
not stand for the Q♠** (cardgames.wikia; HOUSE: the joker neither). A group may stand for at most
two of any one card (there are two decks).

**A turn**:

1. ``draw`` — the top card of the stock; **or** take the **whole discard pile** by melding its top
   card at once with cards from the hand: ``pickup 9S 9D JK=9C`` (the 9♠ on top of the pile, the
   9♦ and the joker from the hand: a new meld of three or four cards, the top card and at least two
   cards held before — Arlington's rule; the book is silent). The meld goes down and the rest of
   the pile goes into the hand, where everyone saw it go.
2. Meld (``meld ...``), add to **your own melds only** (``layoff 2 8C``; a wild added names its card
   too: ``layoff 2 JK=10H``), and swap: ``swap 3 9H JK`` puts the 9♥ from your hand in place of the
   joker named 9♥ in meld 3 — anyone's meld, only the joker (never a 2), only with the exact named
   card; the joker goes to your hand and may be played at once or kept (HOUSE).
3. ``discard`` one card. **The Q♠ may be discarded only when you hold no other card you could
   discard** — as your last card. Holding Q♠ Q♠ as the last two cards, you discard one and wait a
   turn (the spec's gap, HOUSE).

**Going out**: no cards left, by a meld, an addition or a discard. There is no initial-meld
minimum and no canasta to make (canastas are impossible with melds of four). **The hand ends**
when a player goes out, or when a player must draw and the stock is empty (HOUSE).

**Scoring** (each player for himself; the seed words it backwards — the intended rule is)
**melded values − values left in hand**, and **100** to the player who went out. Every card of a
meld counts for the meld's owner (a natural swapped into another player's meld stays there).

| card | melded | left in hand |
|---|---|---|
| joker | 100 | 200 |
| 2 standing for 8–K | 10 | (20) |
| 2 standing for 3–7, or for a 2 (HOUSE) | 5 | (20) |
| 2 standing for an ace (HOUSE) | 20 | (20) |
| Q♠ | 50 | 100 |
| ace | 20 | 20 |
| K–8 (other than the Q♠) | 10 | 10 |
| 7–3 | 5 | 5 |

**The game**: the first to reach ``target`` (1,000) after a hand wins; if several, the highest
total; tied at the top, another hand is played (HOUSE). The winner gets ``winner_bonus`` (+200),
written on the score sheet as its last row.

Gaps of §8.7 and how they are settled: the reversed score sentence (fixed: melded − held); the
draw and the pickup (Arlington: draw one, or the whole pile for its top card melded with two cards
from the hand — a *new* meld, not an addition to one on the table); the wild limits (two naturals,
``okl_min_naturals``); a 2 standing for an ace (20) or a 2 (5); the joker never the Q♠; a swapped
joker usable at once and free to keep; Q♠ Q♠ as the last two cards (discard one, wait a turn); no
initial minimum. Further house decisions where the book is silent:

* A swap is made after the draw, in the play of the turn, on anyone's meld; the natural put in
  stays in (and scores for) that meld's owner.
* The up-card stays whatever it is (a wild or the Q♠ included): a wild on top is taken with two
  naturals from the hand, named like any wild.
* The cards of the pile are seen going into the taker's hand (everyone knows he holds them until
  they leave it).
* The hand ends as soon as a player must draw and the stock is empty, even if he could take the
  pile: nobody counts as out, everyone scores melded less held.

Options:

* ``okl_min_naturals`` — 2 (default): at least two natural cards in every meld; 1: one is enough.
* ``target`` — 1,000 (100 to 10,000).
* ``winner_bonus`` — 200 (0 to 1,000): what the game's winner gets at the end.
* ``max_hands`` — 0 (play to the target) or a cap on the hands, the highest total winning then
  (random play rarely reaches 1,000: the conformance suite plays a capped game).

The kernel, and why: Oklahoma's melds are the rummy family's sets and runs with wild cards, laid
in a turn of draw, meld, add, discard — the draw-and-discard kernel
(:mod:`gamenight.families.draw_discard`) and the meld kernel (:mod:`gamenight.families.melds`)
fit; the canasta kernel's books-as-counts do not (a meld here has a suit order and named wilds).
From the kernels: the turn, the stock running out (``restock=END``), melds capped at four
(``MeldRules.max_set``/``max_run``), the ace low or high without going round (``ACE_EITHER``),
``lay_off_on=OWN``, and the switch grown for this game, ``discard_last_only`` (the Q♠). Its
own: the named wild cards (the move word ``JK=9H``, kind ``named``; a group's wild names the
suit, kept per meld), the pickup of the whole pile (one move: the top card's meld and the pile —
the kernel's digs take part of a spread pile down to a card, not the whole pile for its top), the
joker swap by the exact named card with the joker kept free (the contract kernel's swap forces the
freed wild to be played the same turn and lets any natural of a set's rank in), and the scoring.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from gamenight.core.layout import Field, Kind
from gamenight.core.moves import Move, parse_move
from gamenight.core.notation import NUMBER
from gamenight.core.options import Options, option
from gamenight.core.phases import MoveKind, PhaseHandler, pile_top
from gamenight.core.registry import GameSpec, register
from gamenight.core.views import Place
from gamenight.equipment import cards as C
from gamenight.families.deal_estimates import drawing_deadwood
from gamenight.families.draw_discard import (
    DRAW,
    END,
    HAND,
    DrawDiscardState,
    DrawPhase,
    Phase,
    PlayPhase,
    lay_off_move,
)
from gamenight.families.match import MatchEnd, MatchRules, match_end
from gamenight.families.melds import (
    RUN,
    SET,
    Meld,
    lay_off_end,
)
from gamenight.families.pile_access import same
from gamenight.families.rummy_kinds import Discard, DrawFromStock, LayMeld, LayOff
from gamenight.families.rummy_rules import LayOffOn, RummyRules
from gamenight.games.oklahoma_melds import (
    HAND_SIZE,
    HELD,
    JOKER,
    MAX_MELD,
    MELDED,
    NAMED,
    QS,
    RULES,
    describe,
    hand_points,
    hand_score,
    held_value,
    meld_facts,
    meld_points,
    meld_rules,
    melded_value,
    move_cards,
    move_pairs,
    named_arg,
    named_move,
    namings,
    read_named,
    stood_for,
    swap_move,
    winner_bonus,
)

#: the sheet's last row, once the game is won
WINNER_ROW = "Game won"


def hand_label(deal_name: str, names: Sequence[str], out: int | None) -> str:
    """A hand's row on the sheet, by how it ended ("Hand 3: Ann goes out")."""
    how = f"{names[out]} goes out" if out is not None else "the stock ran out"
    return f"{deal_name}: {how}"


def why_over(names: Sequence[str], why: MatchEnd, totals: Sequence[int], hands: int) -> str:
    """Why the game ended: the hands' cap, or who reached the highest total."""
    top = max(totals)
    if why is MatchEnd.CAP:
        return f"{hands} hands are played: the highest total wins."
    return f"{' and '.join(names[s] for s in range(len(totals)) if totals[s] == top)} reached {top}."


# ---- options -------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class OklahomaOptions(Options):
    okl_min_naturals: int = option(
        2, "Natural cards in a meld",
        "How many natural cards (not jokers or 2s) every meld needs: two means one wild card in a meld "
        "of three and two in a meld of four; one lets a meld of three hold two wild cards.",
        minimum=1, maximum=2)
    target: int = option(
        1000, "Target score", "The first player to this many points after a hand wins; if several reach "
        "it, the highest total.", minimum=100, maximum=10_000)
    winner_bonus: int = option(
        200, "Bonus for winning the game", "What the winner of the game adds to his total at the end.",
        minimum=0, maximum=1000)
    max_hands: int = option(
        0, "Stop after this many hands",
        "Zero plays on until someone reaches the target. Otherwise the game stops after this many hands "
        "and the highest total wins.", minimum=0, maximum=200)


def match_rules(o: OklahomaOptions) -> MatchRules:
    """The first to the target after a hand wins; tied at the top, another hand (HOUSE); a cap."""
    return MatchRules(target=o.target, play_on_tied=True, cap=o.max_hands)


# ---- phases --------------------------------------------------------------------------------------


class TakeThePile(MoveKind["OklahomaCanasta"]):
    """Take the whole discard pile by melding its top card at once with cards of the hand."""

    verbs = ("pickup",)

    def target(self, s: OklahomaCanasta, seat: int, move: Move) -> Place | None:
        return pile_top("discards", len(s.discards))[0]  # the pile's top card, tapped where it lies

    def candidates(self, s: OklahomaCanasta, seat: int) -> list[Move]:
        return s._pickup_moves(seat)

    def legal(self, s: OklahomaCanasta, seat: int) -> list[Move]:
        return s._pickup_moves(seat)  # every meld of the top card with the hand takes the pile

    def verify(self, s: OklahomaCanasta, seat: int, move: Move) -> str | None:
        return s.pickup_rule(seat, move)

    def apply(self, s: OklahomaCanasta, seat: int, move: Move) -> None:
        s._pickup(seat, move)

    def describe(self, s: OklahomaCanasta, move: Move, viewer: int | None) -> str:
        found = s._read(move)
        meld = describe(*found) if not isinstance(found, str) else "its top card"
        return f"Take the pile ({len(s.discards)} cards), melding {meld}"


class SwapJoker(MoveKind["OklahomaCanasta"]):
    """Put the card a joker on the table stands for in its place, taking the joker back."""

    verbs = ("swap",)

    def candidates(self, s: OklahomaCanasta, seat: int) -> list[Move]:
        return s._swap_moves(seat)

    def legal(self, s: OklahomaCanasta, seat: int) -> list[Move]:
        return s._swap_moves(seat)

    def verify(self, s: OklahomaCanasta, seat: int, move: Move) -> str | None:
        return s.swap_rule(seat, move)

    def apply(self, s: OklahomaCanasta, seat: int, move: Move) -> None:
        s._swap(seat, move)

    def describe(self, s: OklahomaCanasta, move: Move, viewer: int | None) -> str:
        return f"Put {C.LABEL_OF[move.cards[0]]} in meld {move.number} and take the joker back"


class OklahomaDraw(DrawPhase):
    """Draw from the stock, or take the whole pile by melding its top card at once."""

    wrong: ClassVar[dict[str, str]] = {
        "take": "Only the whole pile is taken, by melding its top card at once with two cards from your "
                "hand: for example 'pickup 9S 9D JK=9C'.",
        "dig": "Only the whole pile is taken, by melding its top card at once with two cards from your hand."}

    def kinds(self, s: Any) -> list[MoveKind[Any]]:
        return [DrawFromStock(DRAW), TakeThePile()]


def pair_words(c: int, named: int | None) -> str:
    """A card as played: ``Joker as 9♥`` for a named wild."""
    return C.LABEL_OF[c] + (f" as {C.LABEL_OF[named]}" if named is not None and named != c else "")


class MeldNamed(LayMeld):
    """The kernel's new meld, its wild cards named (``meld 9S 9D JK=9C``)."""

    def describe(self, s: DrawDiscardState, move: Move, viewer: int | None) -> str:
        pairs = move_pairs(move)
        return "Meld " + (" ".join(pair_words(c, n) for c, n in pairs) if not isinstance(pairs, str) else "")


class AddToOwnMeld(LayOff):
    """The kernel's lay-off, on the player's own melds only, a wild card naming the card it is."""

    def describe(self, s: DrawDiscardState, move: Move, viewer: int | None) -> str:
        pairs = move_pairs(move)
        card = pair_words(*pairs[0]) if not isinstance(pairs, str) and pairs else "a card"
        return f"Add {card} to meld {move.number}"


class OklahomaPlay(PlayPhase):
    """Meld, add to your own melds, swap a joker, discard."""

    wrong: ClassVar[dict[str, str]] = {
        **PlayPhase.wrong, "pickup": "You have drawn already this turn: meld, add, swap or discard."}

    def kinds(self, s: Any) -> list[MoveKind[Any]]:
        return [MeldNamed("meld"), AddToOwnMeld(), Discard(), SwapJoker()]


class OklahomaCanasta(DrawDiscardState):
    DEAL_WORD = "hand"
    ARG_KINDS: ClassVar[frozenset[str] | None] = frozenset({"card", "suit", "number", "word", "named"})
    PHASE_LABELS: ClassVar[dict[str, str]] = {
        Phase.DRAW: "Drawing: from the stock, or the whole pile by melding its top card",
        Phase.PLAY: "Melding, adding, swapping the joker, discarding",
    }
    FIELDS: tuple[Field, ...] = (
        Field("wilds_named", "Wild cards stand for", Kind.TEXT),
        Field("melded_points", "Melded this hand", Kind.NUMBER, per_seat=True),
        Field("hand_points", "Your hand counts", Kind.NUMBER),
        Field("pile_size", "Cards in the pile", Kind.NUMBER),
        Field("target", "Playing to", Kind.NUMBER, minor=True),
    )
    phases: ClassVar[dict[str, PhaseHandler[Any]]] = {
        **DrawDiscardState.phases, Phase.DRAW: OklahomaDraw(), Phase.PLAY: OklahomaPlay(),
    }
    RUMMY_RULES = RummyRules(lay_off_on=LayOffOn.OWN, out_without_discard=True, restock=END,
                             discard_last_only=frozenset({QS}))
    options: OklahomaOptions

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        o = self.options
        self._init_table(meld_rules(o.okl_min_naturals))
        self.match_rules = match_rules(o)
        #: per meld, the cards its wild cards name, in the order of its wild cards (a set's choice;
        #: a run's wilds are named by their places)
        self.wild_names: list[list[int]] = []
        self._start_hand()

    def deck_template(self) -> list[int]:
        return C.standard_deck(decks=2, jokers=1)

    def _start_hand(self) -> None:
        self.begin_deal()
        self.wild_names = []
        self.deal(HAND_SIZE)
        self.emit("deal", f"{self.deal_name()}: {self.names[self.dealer]} deals {HAND_SIZE} cards each; "
                          f"{C.LABEL_OF[self.discards[-1]]} starts the discard pile.", seat=self.dealer)
        self.begin_turn(self.left_of_dealer())

    def stood(self, index: int) -> tuple[int, ...]:
        """The exact card each card of meld ``index`` stands for."""
        return meld_facts(self.melds[index], tuple(self.wild_names[index]))[0]

    def _names_of(self, meld: Meld, stood: Sequence[int]) -> list[int]:
        return [s for i, s in enumerate(stood) if meld.is_wild_at(i)] if meld.kind == SET else []

    def _read(self, move: Move) -> tuple[Meld, tuple[int, ...]] | str:
        pairs = move_pairs(move)
        if isinstance(pairs, str):
            return pairs
        return read_named(self.meld_rules, pairs)

    def parse(self, text: str) -> Move:
        """A meld or pickup typed in any order reads as its listed form."""
        move = parse_move(text)
        if move.verb in ("meld", "pickup"):
            found = self._read(move)
            if not isinstance(found, str):
                return named_move(move.verb, *found)
        return move

    # ---- the draw: the stock, or the whole pile for its top card ------------------------------

    def take_discard_rule(self, seat: int) -> str | None:
        return ("Take the whole pile by melding its top card at once with two cards from your hand: "
                "'pickup 9S 9D JK=9C'.")

    def _pickups(self, seat: int) -> Iterator[tuple[Meld, tuple[int, ...]]]:
        """Every meld of the pile's top card with cards of the hand (a new meld, two or three of
        its cards from the hand), with each naming of its wild cards."""
        if not self.discards:
            return
        top = self.discards[-1]
        rules = self.meld_rules
        near = [c for c in self.hands[seat] if rules.is_wild(c) or rules.is_wild(top)
                or C.RANK_OF[c] == C.RANK_OF[top] or C.SUIT_OF[c] == C.SUIT_OF[top]]
        for meld in rules.all_melds([*near, top], all_wild=False):
            if top in meld.cards:
                for stood in namings(meld):
                    yield meld, stood

    def _pickup_moves(self, seat: int) -> list[Move]:
        return list(dict.fromkeys(named_move("pickup", m, st) for m, st in self._pickups(seat)))

    def pickup_rule(self, seat: int, move: Move) -> str | None:
        """The rule a pickup breaks, or ``None``."""
        if not self.discards:
            return "The discard pile is empty: draw from the stock."
        top = self.discards[-1]
        found = self._read(move)
        if isinstance(found, str):
            return found
        meld, _ = found
        if top not in meld.cards:
            return (f"To take the pile you meld its top card, {C.NAME_OF[top]}, at once with two cards from "
                    "your hand.")
        rest = list(meld.cards)
        rest.remove(top)
        missing = self._missing(seat, rest)
        if missing:
            return missing
        listed = named_move("pickup", *found)
        if not same(move, listed):
            return f"Write that pickup as '{listed}'."
        if listed not in self._pickup_moves(seat):
            return (f"Taking the pile needs a new meld of {C.NAME_OF[top]} with natural cards of your hand "
                    "as the rules in effect allow it.")
        return None

    def _pickup(self, seat: int, move: Move) -> None:
        found = self._read(move)
        assert not isinstance(found, str)
        meld, stood = found
        pile = self.discards
        top = pile.pop()
        rest = list(pile)
        self.discards = []
        self.hands[seat].extend([top, *rest])
        self.knowledge.tell(HAND[seat], rest)  # everyone saw the pile go into his hand
        self.phase_name = Phase.PLAY
        more = f" and the {len(rest)} cards under it" if rest else ""
        self.emit("pickup", f"{self.names[seat]} takes the discard pile: {C.LABEL_OF[top]}{more}.", seat=seat,
                  card=C.CODE_OF[top], cards=C.codes(rest))
        self.wild_names.append(self._names_of(meld, stood))
        self.lay_meld(seat, meld)

    # ---- melds ----------------------------------------------------------------------------------

    def _meld_moves(self, seat: int) -> list[Move]:
        out: dict[Move, None] = {}
        for meld in self.meld_rules.all_melds(self.hands[seat], all_wild=False):
            if not self._leaves_a_way_on(seat, meld.cards):
                continue
            for stood in namings(meld):
                out[named_move("meld", meld, stood)] = None
        return list(out)

    def _meld_candidates(self, seat: int) -> list[Move]:
        return self._meld_moves(seat)

    def meld_rule(self, seat: int, move: Move) -> str | None:
        found = self._read(move)
        if isinstance(found, str):
            return found
        meld, _ = found
        missing = self._missing(seat, meld.cards)
        if missing:
            return missing
        if not self._leaves_a_way_on(seat, meld.cards):
            return self._keep_a_discard_reason(seat, meld.cards)
        listed = named_move("meld", *found)
        return None if same(move, listed) else f"Write that meld as '{listed}'."

    def apply_meld(self, seat: int, move: Move) -> None:
        found = self._read(move)
        assert not isinstance(found, str)
        meld, stood = found
        self.wild_names.append(self._names_of(meld, stood))
        self.lay_meld(seat, meld)

    # ---- adding to your own melds ---------------------------------------------------------------

    def _additions(self, seat: int) -> Iterator[tuple[Move, int, int, Meld, tuple[int, ...]]]:
        """(move, meld index, card, meld after, what it stands for after) for every addition."""
        rules = self.meld_rules
        for i, meld in enumerate(self.melds):
            if self.meld_owner[i] != seat or meld.size >= MAX_MELD:
                continue
            before = self.stood(i)
            for c in sorted(set(self.hands[seat])):
                ways = rules.lay_offs(meld, c)
                for after in ways:
                    end = lay_off_end(meld, after)
                    if meld.kind == RUN:
                        st = stood_for(after)
                        if not rules.is_wild(c):
                            yield lay_off_move(i + 1, c, end if len(ways) > 1 else None), i, c, after, st
                            continue
                        new = st[-1] if end == "high" else st[0]
                        if new != QS:
                            yield Move("layoff", NUMBER(i + 1), named_arg(c, new)), i, c, after, st
                        continue
                    pairs = _pairs_of(meld, self.wild_names[i])
                    if not rules.is_wild(c):
                        if Counter(before)[c] < 2:
                            yield lay_off_move(i + 1, c), i, c, after, stood_for(
                                after, _wild_names_in_order(after, pairs))
                        continue
                    for suit in range(4):
                        new = suit * 13 + meld.rank
                        if new == QS or Counter(before)[new] >= 2:
                            continue
                        st = stood_for(after, _wild_names_in_order(after, [*pairs, (c, new)]))
                        yield Move("layoff", NUMBER(i + 1), named_arg(c, new)), i, c, after, st

    def _lay_off_moves(self, seat: int) -> list[Move]:
        return [m for m, _, c, _, _ in self._additions(seat) if self._leaves_a_way_on(seat, (c,))]

    def _lay_off_candidates(self, seat: int) -> list[Move]:
        return [m for m, _, _, _, _ in self._additions(seat)]

    def lay_off_rule(self, seat: int, move: Move) -> str | None:
        if move.number is None or len(move_cards(move)) != 1:
            return "Add one card to one of your melds by its number: 'layoff 2 8C' or 'layoff 2 JK=9H'."
        n = move.number
        if not 1 <= n <= len(self.melds):
            return f"There is no meld {n} on the table." if self.melds else "There are no melds on the table."
        if self.meld_owner[n - 1] != seat:
            return "You may add cards only to your own melds."
        c = move_cards(move)[0]
        missing = self._missing(seat, (c,))
        if missing:
            return missing
        meld = self.melds[n - 1]
        if meld.size >= MAX_MELD:
            return f"Meld {n} has four cards: a meld may never grow past four."
        if self.meld_rules.is_wild(c) and move.cards:
            return f"Name the card {C.LABEL_OF[c]} stands for: 'layoff {n} {C.CODE_OF[c]}=...'."
        pairs = move_pairs(move)
        if isinstance(pairs, list) and pairs and pairs[0][1] == QS and self.meld_rules.is_wild(c):
            return "A wild card may not stand for the Q♠."
        if not self.meld_rules.lay_offs(meld, c):
            return self.meld_rules.why_no_lay_off(meld, c).replace("run", "sequence").replace("set", "group")
        if not self._leaves_a_way_on(seat, (c,)):
            return self._keep_a_discard_reason(seat, (c,))
        if not any(same(move, m) for m in self._lay_off_moves(seat)):
            return f"{C.LABEL_OF[c]} cannot stand there in meld {n}."
        return None

    def apply_lay_off(self, seat: int, move: Move) -> None:
        found = next((i, c, after, st) for m, i, c, after, st in self._additions(seat) if same(move, m))
        i, c, after, st = found
        self.remove_from_hand(seat, (c,))
        self.melds[i] = after
        self.wild_names[i] = self._names_of(after, st)
        self.contributions[i].append((seat, c))
        self.emit("layoff", f"{self.names[seat]} adds {C.LABEL_OF[c]} to meld {i + 1}: "
                            f"{describe(after, st)}.", seat=seat, card=C.CODE_OF[c], meld=i + 1)
        self._after_meld(seat)

    # ---- swapping the joker -----------------------------------------------------------------------

    def _swaps(self, seat: int) -> Iterator[tuple[int, int]]:
        """(meld index, natural) for each joker on the table whose named card the hand holds."""
        hand = self.hands[seat]
        for i, meld in enumerate(self.melds):
            if JOKER not in meld.cards:
                continue
            named = self.stood(i)[meld.cards.index(JOKER)]
            if named in hand:
                yield i, named

    def _swap_moves(self, seat: int) -> list[Move]:
        return [swap_move(i + 1, c, JOKER) for i, c in self._swaps(seat)]

    def swap_rule(self, seat: int, move: Move) -> str | None:
        """The rule a joker swap breaks, or ``None``."""
        if len(move.cards) != 2 or move.number is None:
            return "Name the meld, your natural card and the joker: 'swap 3 9H JK'."
        n = move.number
        if not 1 <= n <= len(self.melds):
            return f"There is no meld {n} on the table."
        natural, wild = move.cards
        if wild != JOKER:
            return "Only the joker may be taken from a meld, never a 2."
        meld = self.melds[n - 1]
        if JOKER not in meld.cards:
            return f"There is no joker in meld {n}."
        named = self.stood(n - 1)[meld.cards.index(JOKER)]
        if natural != named:
            return f"The joker in meld {n} stands for {C.NAME_OF[named]}: only that card takes its place."
        canonical = swap_move(n, natural, JOKER)
        missing = self._missing(seat, (natural,))
        if missing:
            return missing
        return None if same(move, canonical) else f"Say it as '{canonical}'."

    def _swap(self, seat: int, move: Move) -> None:
        assert move.number is not None
        i = move.number - 1
        natural = move.cards[0]
        meld = self.melds[i]
        stood = list(self.stood(i))
        at = meld.cards.index(JOKER)
        cards = list(meld.cards)
        cards[at] = natural
        self.remove_from_hand(seat, (natural,))
        if meld.kind == RUN:
            after = self.meld_rules.check(cards, RUN, number=meld.start + 1, suit=meld.suit)
            assert isinstance(after, Meld)
            names: list[int] = []
        else:
            after = self.meld_rules.check(cards, SET)
            assert isinstance(after, Meld)
            pairs = [(c, s) for j, (c, s) in enumerate(zip(meld.cards, stood, strict=True))
                     if meld.is_wild_at(j) and j != at]
            names = _wild_names_in_order(after, pairs)
        self.melds[i] = after
        self.wild_names[i] = names
        owners = self.contributions[i]
        k = next(k for k, (_, c) in enumerate(owners) if c == JOKER)
        owners[k] = (self.meld_owner[i], natural)  # the natural lies in the owner's meld
        self.hands[seat].append(JOKER)
        self.knowledge.tell(HAND[seat], (JOKER,))
        self.emit("swap", f"{self.names[seat]} puts {C.LABEL_OF[natural]} in meld {i + 1} and takes the "
                          "joker.", seat=seat, card=C.CODE_OF[natural], meld=i + 1)

    # ---- scoring and the end ----------------------------------------------------------------------

    def melded_points(self, seat: int) -> int:
        owner = self.meld_owner
        names = self.wild_names
        return sum(meld_facts(m, tuple(names[i]))[1] for i, m in enumerate(self.melds) if owner[i] == seat)

    def hand_lines(self, out: int | None) -> list[tuple[int, str]]:
        """Each player's hand and its words: melded values less the values left in hand, and 100
        to the player who went out (``hand_score``, the score pad's too)."""
        return [hand_score(self.melded_points(s), hand_points(self.hands[s]), s == out)
                for s in range(self.num_players)]

    def hand_scores(self, out: int | None) -> list[int]:
        return [points for points, _ in self.hand_lines(out)]

    def deal_estimate(self) -> list[float]:
        """The horizon search's estimate (:mod:`gamenight.bots.horizon`): each player's score were
        the hand to end now with nobody out (``hand_scores``: his melds' points less his hand's
        held values), a card one from a meld charged half of its value
        (:func:`~gamenight.families.deal_estimates.drawing_deadwood`, as Rummy's)."""
        return [self.melded_points(s) - drawing_deadwood(self.hands[s], HELD)
                for s in range(self.num_players)]

    def _on_hand_over(self, out: int | None) -> None:
        n = self.num_players
        lines = self.hand_lines(out)
        points = [p for p, _ in lines]
        for s in range(n):
            if self.hands[s]:
                shown = " ".join(C.LABEL_OF[c] for c in self.sorted_hand(self.hands[s]))
                self.emit("show", f"{self.names[s]} shows {shown}: {hand_points(self.hands[s])} against.",
                          seat=s, cards=C.codes(self.hands[s]))
        label = hand_label(self.deal_name(), self.names, out)
        self.sheet.add(label, points, details=[words for _, words in lines])
        scores = ", ".join(f"{self.names[s]} {points[s]:+d}" for s in range(n))
        self.emit("score", f"{label}: {scores}.")
        if match_end(self.match_rules, self.sheet.totals, self.deal_no) is not None:
            self._winner_bonus()
        if self.match_over(self.why_over):
            return
        self._tell_a_tie_at_the_top()
        self.pass_deal()
        self._start_hand()

    def _winner_bonus(self) -> None:
        bonus = self.options.winner_bonus
        row = winner_bonus(self.sheet.totals, bonus)
        if row is None:
            return
        self.sheet.add(WINNER_ROW, row, note=f"+{bonus} to the winner")
        winners = [s for s in range(self.num_players) if row[s]]
        self.emit("bonus", f"{' and '.join(self.names[s] for s in winners)} wins the game: +{bonus}.")

    def _tell_a_tie_at_the_top(self) -> None:
        totals = self.sheet.totals
        top = max(totals)
        if top >= self.options.target:
            tied = " and ".join(self.names[s] for s in range(self.num_players) if totals[s] == top)
            self.emit("tie", f"{tied} are tied at {top}, the highest total: another hand is played.")

    def why_over(self, why: MatchEnd, totals: list[int]) -> str:
        return why_over(self.names, why, totals, self.deal_no)

    # ---- what a seat sees ----------------------------------------------------------------------------

    def _meld_entry(self, i: int, m: Meld) -> dict[str, Any]:
        entry = super()._meld_entry(i, m)
        stood, points, text, words = meld_facts(m, tuple(self.wild_names[i]))
        entry["named"] = C.codes(stood)
        entry["describe"] = words
        entry["points"] = points
        entry["text"] = text
        return entry

    def wilds_named(self) -> str | None:
        """``meld 1: Joker as 9♥; meld 3: 2♣ as K♥`` — what each wild on the table stands for."""
        parts = []
        for i, m in enumerate(self.melds):
            stood = self.stood(i)
            named = [f"{C.LABEL_OF[c]} as {C.LABEL_OF[stood[j]]}" for j, c in enumerate(m.cards)
                     if m.is_wild_at(j)]
            if named:
                parts.append(f"meld {i + 1} ({self.names[self.meld_owner[i]]}): {', '.join(named)}")
        return "; ".join(parts) or None

    def _view(self, seat: int | None) -> dict[str, Any]:
        out = self._table_view(seat)
        n = self.num_players
        out.update({
            "wilds_named": self.wilds_named(),
            "melded_points": [self.melded_points(s) for s in range(n)],
            "hand_points": hand_points(self.hands[seat]) if seat is not None else None,
            "pile_size": len(self.discards),
            "target": self.options.target,
            "min_naturals": self.options.okl_min_naturals,
        })
        return out


def _pairs_of(meld: Meld, names: Sequence[int]) -> list[tuple[int, int]]:
    """A set's wild cards with the cards they name."""
    return list(zip(meld.wild_cards(), names, strict=True))


def _wild_names_in_order(meld: Meld, pairs: Sequence[tuple[int, int]]) -> list[int]:
    """The names of ``pairs`` (wild, named) in the order of ``meld``'s wild cards."""
    by_wild: dict[int, list[int]] = {}
    for c, s in pairs:
        by_wild.setdefault(c, []).append(s)
    for v in by_wild.values():
        v.sort()
    return [by_wild[c].pop(0) for c in meld.wild_cards()]


SPEC: GameSpec = register(GameSpec(
    id="oklahoma-canasta",
    title="Oklahoma Canasta",
    family="rummy",
    players=(2, 3, 4, 5),
    default_players=4,
    options_cls=OklahomaOptions,
    state_cls=OklahomaCanasta,
    summary="Rummy meets Canasta, each for himself: groups and sequences of three or four, jokers and 2s "
            "wild and named as an exact card, the joker swappable, the Q♠ discarded only last; take the "
            "whole pile by melding its top card; melded less held, first to 1,000.",
    rules=__doc__ or "",
))

__all__ = [
    "HELD",
    "JOKER",
    "MELDED",
    "NAMED",
    "QS",
    "RULES",
    "SPEC",
    "OklahomaCanasta",
    "OklahomaOptions",
    "describe",
    "hand_points",
    "held_value",
    "meld_points",
    "meld_rules",
    "melded_value",
    "move_cards",
    "move_pairs",
    "named_move",
    "namings",
    "read_named",
    "stood_for",
    "swap_move",
]
