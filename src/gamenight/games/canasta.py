"""Canasta, as Hoyle and the Ultimate Book of Card Games play it: the partnership game for four
(the default), Two-Hand Canasta for two and Three-Hand Canasta (cutthroat) for three (other-seeds
§7, §8.8, §8.9).

**Four players** (§7): two partnerships, partners opposite. 108 cards: two decks and four jokers.
Jokers and twos are wild; red threes are bonus cards; black threes stop the pile. Card values:
joker 50, ace and two 20, K–8 10, 7–4 5, black three 5. Eleven cards each, dealt one at a time
from the dealer's left; the deal passes left. The stock's top card is turned up to start the
pile; a wild card or red three turned up is covered by the next card, and so on (the pile is then
frozen). Red threes dealt are laid out seat by seat from the dealer's left and replaced.

* **A turn**: draw one card (a red three drawn is laid out and replaced), or take the pile; meld
  and add to the side's melds; discard one (not when going out by melding every card).
* **Melds**: three or more cards of one rank (no sequences), at least two naturals, never more
  wild cards than naturals and at most three. A side keeps one meld per rank; both sides may
  meld the same rank. A meld of seven is a canasta: natural (500; the table's "red canasta") or
  mixed (300; "black"). Melds grow past seven; a wild card added to a natural canasta makes it
  mixed, within the three (7.9 gap 4, HOUSE-confirm taken).
* **The opening minimum** by the side's score at the start of the hand: below zero 15 (option
  ``negative_minimum``: 0 is "any meld", 7.9 gap 1), from 0 50, from 1,500 90, from 3,000 120;
  from the cards laid in one turn (several melds may count; bonuses never). Taking the pile for
  it, only its top card counts with the hand's cards; the pile's other cards wait in the hand
  until the minimum is met. Books laid below it are provisional (``retract`` takes them back).
* **The pile**: the top card must go down at once with cards from the hand, then the whole pile
  comes to the hand. **Frozen** against a side that has not melded, and for everyone while it
  holds a wild card or a red three (a turned-up one): then only a natural pair of the top card's
  rank takes it. **Unfrozen**: also a natural and a wild card, or the top card onto the side's
  meld of its rank (``pickup`` naming no card). Taking the pile thaws it. A wild card or a black
  three on top cannot be taken (a black three only until covered). The view says the pile's
  state and why (``pile_state``). **One-card rule**: holding one card, a player may not take a
  pile of one card.
* **Black threes** may be melded only by a player going out, as three or four without wild cards.
* **Going out** needs a side canasta; by melding every card, or all but one and discarding it.
  **Asking partner** (option ``ask_partner``, default optional): right after the draw or the pile,
  before melding (the pile's meld apart); the answer binds. **Concealed** going out (no meld in an
  earlier turn of the hand, the whole hand in one turn, a canasta among it) scores 200 instead
  of 100. HOUSE (7.6, 7.9 gap 3): the concealed player needs no opening minimum unless he takes
  the pile (option ``concealed_minimum``); laying a card on his partner's meld in that turn makes
  his going out not concealed (nothing is refused: he simply scores 100).
* **The stock runs out** (§7.7): a red three drawn as its last card is laid out; the player may
  meld but not discard, and ``end`` ends the hand (option ``last_red_three``: ``ends`` ends it at
  once, 7.9 gap 2). Otherwise play goes on without a stock: a player must take the pile when it is
  not frozen for him and its top card fits his side's meld; otherwise he may take it under the
  normal rules, or call for the draw he cannot make (``draw``), which ends the hand (7.9 gap 5).
  The hand also ends when he can take nothing.
* **Scoring** each side: every melded card's value; 500 a natural canasta, 300 a mixed one; red
  threes 100 each, 800 for all four, negative if the side melded nothing; going out 100 (200
  concealed); minus every card left in both partners' hands. First side to 5,000 after a hand
  wins; both there, the higher; an exact tie plays another hand (7.9 gap 9).
* **Irregularities** (7.8, 7.9 gap 6; option ``irregularities``): by default the program prevents
  illegal plays instead of penalising them (``prevent``). With ``penalise`` the books'
  "Irregularities" apply (the Ultimate Book of Card Games; Hoyle's figures): each card taken back
  from the table costs its side 100; a first meld below the minimum raises the side's minimum by
  10 for the rest of the hand; a red three never laid out costs 500. A person makes an irregular
  play by typing it (never listed, so bots never make one): ``short 9C`` ends the turn below the
  minimum, the short meld's cards coming back to the hand (100 each, the minimum raised by 10),
  then 9C is discarded; ``misplay KC 2C 2D`` lays a meld the rules refuse, which is taken back at
  once (100 a card). Decided where the books are silent: the books laid below the minimum stay
  provisional until the turn ends, so ``retract`` before the turn's end stays free (a correction,
  as Hoyle lets a short meld be made good), and the short meld is charged only when the turn ends
  with it; its cards count as cards taken back; the raise is the side's (the minimum is a side's;
  at three, the player's own column); the penalties are one line of the hand's score sheet, and a
  red three left in a hand also still counts its card value among the cards left. Since red threes
  are laid out by the program the moment they arrive, the last charge applies only to a hand set
  up or continued from elsewhere holding one. Six-player and two-decks-a-side games (gap 7) are out
  of scope; seating is fixed (gap 8).

**Two players** (§8.8; preset ``two-hand``, or simply two players): fifteen cards each; every
draw is two cards (one discard); going out needs two canastas; the rest as above (freezing, the
one-card rule; no asking partner). A draw of two with one card left in the stock counts as the
stock exhausted (the draw cannot be made).

**Three players** (§8.9; preset ``three-hand``, or simply three players): thirteen cards each,
draw two, discard one, two canastas to go out, each player his own column. Everyone plays alone
until someone takes the pile: he becomes the **lone hand** and the other two partners for the
rest of the hand, their melds pooled (same ranks merge into one meld; HOUSE). If someone goes out
before the pile was ever taken, he is the lone hand. Each player's minimum is his own score's;
the partner who makes the side's first meld meets his own, the other is then free. The lone hand
scores his own result; the partnership's result without red threes is counted once and each
partner records it plus or minus his own red threes (plus when the side melded). The stock
exhausted, the hand ends with the discard of the player who drew its last card (a red three as
that card: he may meld, then ``end``); if the pile was never taken there is no partnership and
each player scores alone. Game to 7,500; an exact tie at the top plays on. Asking a temporary
partner is off by default (§8.9 gap; option ``partners_ask``). A merged meld holding more than three wild
cards (each partner had a meld of that rank with two or three) stays on the table as it is.

**Rule set by player count**: two or three players pick those games' rules by themselves (hand
size, draw, canastas to go out and target all left at 0, "the book's number for the table"); the
presets ``two-hand`` and ``three-hand`` name the same rules explicitly. Option ``max_hands`` caps a
match (off).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from gamenight.core.layout import Field, Kind
from gamenight.core.options import Options, Preset, option
from gamenight.core.registry import GameSpec, register
from gamenight.equipment import cards as C
from gamenight.families.canasta import AT_LEAST, Book, BookRules, Requirement, book_of
from gamenight.families.canasta_turn import (
    BONUS,
    END,
    ENDS,
    GROUP_OUT,
    MAY_MELD,
    MIN_SCORE,
    OFF,
    OPTIONAL,
    PLAY_ON,
    RED_THREE_KEPT,
    AskRule,
    CanastaState,
    LastRedThreeRule,
    Phase,
    TurnRules,
    band_minimum,
    is_red_three,
    is_wild,
    red_three_points,
)
from gamenight.families.dealing import DealsCards
from gamenight.families.match import MatchEnd, MatchPlay, MatchRules
from gamenight.games.hand_and_foot import CLASS_CARD, PART_WORDS, card_values, class_counts, plural

#: melds: at least as many naturals as wild cards, three wild cards at most, no wild melds, and
#: every meld grows on past seven
CLASSIC_BOOKS = BookRules(ratio=AT_LEAST, max_wilds=3, wild_books=False, dirty_closes=False,
                          clean_closes=False)
#: the opening minimum by the score: (from score, minimum), highest first; below zero the option's
MINIMUM_BANDS = ((3000, 120), (1500, 90), (0, 50))
#: the red threes' table: all four score 800
RED_THREE_TABLE = ((4, 800),)
#: ``irregularities``: illegal plays refused (today's program), or accepted and charged (the books)
PREVENT, PENALISE = "prevent", "penalise"
#: per player count: hand size, cards drawn, canastas to go out, target
BY_COUNT = {4: (11, 1, 1, 5000), 2: (15, 2, 2, 5000), 3: (13, 2, 2, 7500)}
NATURAL, MIXED = "natural", "mixed"
#: the family's card values (a two 20), by card
VALUES = card_values(20)
WORDS = {**PART_WORDS, "penalties": "penalties"}


@dataclass(frozen=True, kw_only=True)
class CanastaOptions(Options):
    #: the bonuses, the minimum below zero and the canastas going out needs: read as the game is played
    #: (the going-out need re-derived into the turn rules when it changes)
    AMENDABLE: ClassVar[frozenset[str]] = frozenset({
        "canastas_to_go_out", "negative_minimum", "out_bonus", "concealed_bonus", "natural_bonus",
        "mixed_bonus", "red_three_bonus", "all_red_threes"})
    hand_size: int = option(0, "Hand size", "Cards dealt to each player. 0 means the book's number for the "
                            "table: 11 at four, 15 at two, 13 at three.", minimum=0, maximum=15)
    draw: int = option(0, "Draw", "Cards drawn from the stock each turn. 0 means the book's number "
                       "for the table: one at four, two at two or three.", minimum=0, maximum=2)
    canastas_to_go_out: int = option(0, "Canastas to go out", "Canastas a side needs before it may go out. "
                                     "0 means the book's number for the table: one at four, two at two "
                                     "or three.",
                                     minimum=0, maximum=3)
    negative_minimum: int = option(15, "Minimum below zero", "The opening minimum of a side whose score is "
                                   "below zero (Hoyle: 15; 0: any meld will do).", minimum=0, maximum=50)
    ask_partner: str = option(OPTIONAL, "Ask partner", "Asking the partner 'may I go out?' (four players).",
                              choices={OPTIONAL: "A player may ask, and the answer binds (the book)",
                                       OFF: "Nobody asks"})
    partners_ask: bool = option(False, "Three-hand partners ask", "Three players: once the partnership has "
                                "formed, a partner may ask the other 'may I go out?', and the answer "
                                "binds (off, the usual way: nobody asks).")
    concealed_minimum: bool = option(True, "Concealed needs no minimum", "A player going out concealed "
                                     "needs no opening minimum unless he takes the pile. Off: "
                                     "the minimum applies to him too.")
    last_red_three: str = option(MAY_MELD, "Last card a red three", "A red three drawn as the stock's last "
                                 "card.",
                                 choices={MAY_MELD: "Laid out; the player may meld but not discard, then the "
                                                    "hand ends (Britannica)",
                                          ENDS: "Laid out; the hand ends at once (a Hoyle copy)"})
    out_bonus: int = option(100, "Going out", "Bonus for the side that goes out.", minimum=0, maximum=1000)
    concealed_bonus: int = option(200, "Going out concealed", "Bonus instead for going out concealed.",
                                  minimum=0, maximum=1000)
    natural_bonus: int = option(500, "Natural canasta", "Bonus for a canasta of seven naturals or more.",
                                minimum=0, maximum=2000)
    mixed_bonus: int = option(300, "Mixed canasta", "Bonus for a canasta with wild cards.", minimum=0,
                              maximum=2000)
    red_three_bonus: int = option(100, "Red three", "Each red three (minus for a side that melded nothing).",
                                  minimum=0, maximum=1000)
    all_red_threes: int = option(800, "All four red threes", "What all four red threes score together.",
                                 minimum=0, maximum=2000)
    target: int = option(0, "Target", "The score that wins. 0 means the book's target for the table: "
                         "5,000, or 7,500 at three.", minimum=0, maximum=20_000)
    max_hands: int = option(0, "Most hands", "Stop after this many hands even if nobody reached the target, "
                            "the higher total winning (0: never).", minimum=0, maximum=100)


@dataclass(frozen=True, kw_only=True)
class ClassicCanastaOptions(CanastaOptions):
    """Canasta's own: its book's irregularities (the variations built on it keep prevention)."""

    irregularities: str = option(PREVENT, "Irregularities", "Illegal plays refused, or accepted and "
                                 "charged as the book says: a person may then lay a meld against the "
                                 "rules, or end a turn below the first-meld minimum (bots never do).",
                                 choices={PREVENT: "Prevented: an illegal play is refused",
                                          PENALISE: "Penalised: 100 a card taken back, the minimum +10 "
                                                    "after a short first meld, 500 a red three kept"})


PRESETS = {
    "two-hand": Preset(
        "two-hand",
        "Two-Hand Canasta (Ultimate Book variation 8): fifteen cards each, draw two, two canastas to go "
        "out, game to 5,000.",
        {"hand_size": 15, "draw": 2, "canastas_to_go_out": 2, "target": 5000},
        players=(2,),
    ),
    "three-hand": Preset(
        "three-hand",
        "Three-Hand Canasta (variation 9, cutthroat): thirteen cards each, draw two, two canastas to go "
        "out; the first to take the pile plays alone against the other two; game to 7,500.",
        {"hand_size": 13, "draw": 2, "canastas_to_go_out": 2, "target": 7500},
        players=(3,),
    ),
}


@dataclass(frozen=True, slots=True)
class SideHand:
    """What a side's score for a hand depends on: its canastas by kind (natural, mixed; a
    variation's own kinds too), its threes laid out by colour ("red", and "black" where they are
    laid out too), its melded cards and the cards left in its players' hands (counts by
    :data:`~gamenight.games.hand_and_foot.CARD_CLASSES`), whether it went out (concealed), and the
    points charged for irregularities."""

    canastas: Mapping[str, int]
    threes: Mapping[str, int]
    melded: Mapping[str, int]
    held: Mapping[str, int]
    went_out: bool
    concealed: bool = False
    penalties: int = 0
    #: what the canasta kinds score, where a variation's differ from classic's
    bonuses: Mapping[str, int] = field(default_factory=dict)

    @property
    def has_melded(self) -> bool:
        return sum(self.melded.values()) > 0


def classic_bonuses(o: CanastaOptions) -> dict[str, int]:
    return {NATURAL: o.natural_bonus, MIXED: o.mixed_bonus}


def red_three_score(o: CanastaOptions, count: int, melded: bool,
                    table: Sequence[tuple[int, int]] | None = None) -> int:
    """A side's red threes: each its bonus, all of them the table's (classic: four 800)."""
    return red_three_points(count, o.red_three_bonus, table or ((4, o.all_red_threes),), melded)


def score_side(o: CanastaOptions, h: SideHand, *, threes: bool = True, penalise: bool = False,
               red_table: Sequence[tuple[int, int]] | None = None) -> dict[str, int]:
    """A side's points for a hand by part (``threes``: with its red threes): the scoring a played
    table and the score pad both use."""
    bonuses = {**classic_bonuses(o), **h.bonuses}
    parts = {
        "going_out": (o.concealed_bonus if h.concealed else o.out_bonus) if h.went_out else 0,
        "canastas": sum(n * bonuses[kind] for kind, n in h.canastas.items()),
        "red_threes": red_three_score(o, h.threes.get("red", 0), h.has_melded, red_table) if threes else 0,
        "melded": sum(n * VALUES[CLASS_CARD[k]] for k, n in h.melded.items()),
        "held": -sum(n * VALUES[CLASS_CARD[k]] for k, n in h.held.items()),
    }
    if penalise:  # a line of its own only where irregularities are charged
        parts["penalties"] = -(h.penalties + RED_THREE_KEPT * h.held.get("red_threes", 0))
    return parts


def pool(a: SideHand, b: SideHand) -> SideHand:
    """Three-hand: the partnership's melds and cards left counted together (red threes stay each
    partner's own)."""
    def add(x: Mapping[str, int], y: Mapping[str, int]) -> dict[str, int]:
        return {k: x.get(k, 0) + y.get(k, 0) for k in {**x, **y}}
    return SideHand(add(a.canastas, b.canastas), {}, add(a.melded, b.melded), add(a.held, b.held),
                    a.went_out or b.went_out, a.concealed or b.concealed, a.penalties + b.penalties,
                    {**a.bonuses, **b.bonuses})


def side_results(o: CanastaOptions, hands: Sequence[SideHand], lone: int | None, *, penalise: bool = False,
                 red_table: Sequence[tuple[int, int]] | None = None) -> list[dict[str, int]]:
    """Each score column's parts: a side each at two or four; at three, each player alone until
    someone took the pile (``lone``), then the lone hand's own result and the partners' pooled
    one, counted once for each with his own red threes (plus when the partnership melded)."""
    if lone is None or len(hands) != 3:
        return [score_side(o, h, penalise=penalise, red_table=red_table) for h in hands]
    a, b = (s for s in range(3) if s != lone)
    pooled = pool(hands[a], hands[b])
    shared = score_side(o, pooled, threes=False, penalise=penalise, red_table=red_table)
    return [score_side(o, h, penalise=penalise, red_table=red_table) if s == lone else
            {**shared, "red_threes": red_three_score(o, h.threes.get("red", 0), pooled.has_melded, red_table)}
            for s, h in enumerate(hands)]


def opening_minimum(o: CanastaOptions, score: int) -> int:
    """The opening minimum at this score (7.4's table; below zero the option's)."""
    return band_minimum((*MINIMUM_BANDS, (MIN_SCORE, o.negative_minimum)), score)


def match_rules(o: CanastaOptions, players: int) -> MatchRules:
    """To the target (the book's for the table unless set), an exact tie playing on, up to the cap."""
    return MatchRules(target=o.target or BY_COUNT[players][3], play_on_tied=True, cap=o.max_hands)


def match_reason(o: CanastaOptions, players: int, why: MatchEnd) -> str:
    target = match_rules(o, players).target
    if why is MatchEnd.TARGET:
        return f"{'A player' if players < 4 else 'A side'} reached {target}."
    return f"Nobody reached {target} in {plural(o.max_hands, 'hand')}."


class Canasta(DealsCards, MatchPlay, CanastaState):
    FIELDS: tuple[Field, ...] = (
        Field("lone_hand", "Lone hand", Kind.SEAT),
        Field("last_round", "Last hand", Kind.TEXT, minor=True),
    )
    DEAL_WORD = "hand"
    KIND_NAMES = ("natural", "mixed", "wild")
    options: CanastaOptions

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        o = self.options
        n = self.num_players
        size, _, _, _ = BY_COUNT[n]
        self.hand_size = o.hand_size or size
        self.three = n == 3
        #: three-hand: the lone hand (None until the pile is first taken) and the partners' side
        self.lone: int | None = None
        self.side = -1
        self._init_canasta(self._turn_rules(), card_values(20), teams=3 if self.three else None)
        self.penalise = getattr(o, "irregularities", PREVENT) == PENALISE
        self.match_rules = match_rules(o, n)
        self.deal_no = 0
        self.last_hand: dict[str, Any] | None = None
        self.last_round: list[str] | None = None
        self._start_deal()

    def _turn_rules(self) -> TurnRules:
        o = self.options
        n = self.num_players
        _, draw, need, _ = BY_COUNT[n]
        rules = TurnRules(
            books=CLASSIC_BOOKS, need=Requirement(any=o.canastas_to_go_out or need), draw=o.draw or draw,
            red_threes=BONUS, black_threes=GROUP_OUT,
            ask=AskRule(o.ask_partner) if n == 4 else OPTIONAL if self.three and o.partners_ask else OFF,
            stock_out=END if self.three else PLAY_ON, foot=False, classic_freeze=True, one_card_rule=True,
            concealed_exempt=o.concealed_minimum, last_red_three=LastRedThreeRule(o.last_red_three),
            forced_take=not self.three,
        )
        return self.variation_rules(rules)

    def variation_rules(self, rules: TurnRules) -> TurnRules:
        """The turn rules a variation plays by (Mexicana, Joker Canasta change some): classic's."""
        return rules

    def covers_upcard(self, c: int) -> bool:
        """Whether a turned-up card is covered by the next one (and the pile frozen): a wild card or
        a red three (a variation may cover more)."""
        return is_wild(c) or is_red_three(c)

    def _sheet_columns(self) -> list[str]:
        return ["North–South", "East–West"] if self.num_players == 4 else list(self.names)

    def deck_template(self) -> list[int]:
        return C.standard_deck(decks=2, jokers=4)

    # ---- three-hand's sides ------------------------------------------------------------

    def team_of(self, seat: int) -> int:
        if self.lone is not None and seat != self.lone:
            return self.side
        return super().team_of(seat)

    def partner(self, seat: int) -> int | None:
        """Three-hand: the other partner of the temporary partnership (none for the lone hand or
        before it forms)."""
        if not self.three:
            return super().partner(seat)
        if self.lone is None or seat == self.lone:
            return None
        return next(s for s in range(3) if s not in (seat, self.lone))

    def column_of(self, seat: int) -> int:
        return seat if self.three else super().column_of(seat)

    def red_three_side(self, seat: int, team: int) -> int:
        """Three-hand: red threes score for the player, not the temporary side."""
        return seat if self.three else team

    def _form_partnership(self, lone: int) -> None:
        """Three-hand: ``lone`` plays alone; the other two become partners, their melds pooled (a
        rank both melded becomes one meld) and their openings shared."""
        a, b = (s for s in range(3) if s != lone)
        self.lone, self.side = lone, a
        rules = self.turn_rules.books
        merged = list(self.books[a])
        for book in self.books[b]:
            same = next((i for i, m in enumerate(merged) if m.rank == book.rank), None)
            if same is None:
                merged.append(book)
            else:
                m = merged[same]
                merged[same] = book_of(m.rank, m.cards + book.cards, m.wilds + book.wilds, rules)
        self.books[a], self.books[b] = merged, []
        self.opened[a] = self.opened[a] or self.opened[b]
        self.opened[b] = False
        self.seating_changed()
        self.emit("partnership", f"{self.names[lone]} plays alone this hand; {self.names[a]} and "
                                 f"{self.names[b]} are partners, their melds pooled.")

    def _pickup(self, seat: int, move: Any) -> None:
        if self.three and self.lone is None:
            self._form_partnership(seat)
        super()._pickup(seat, move)

    # ---- the deal ----------------------------------------------------------------------

    def _start_deal(self) -> None:
        if self.deal_no:
            self.pass_deal()
        self.deal_no += 1
        n = self.num_players
        if self.lone is not None:
            self.lone, self.side = None, -1
            self.seating_changed()
        self.hands = [[] for _ in range(n)]
        self.feet = [[] for _ in range(n)]
        self.knowledge.clear()
        self.books = [[] for _ in range(self.teams)]
        self.red3 = [[] for _ in range(self.teams)]
        self.opened = [False] * self.teams
        self.penalties = [0] * self.teams
        self.raised = [0] * self.teams
        self.discards = []
        self.emit("deal", f"{self.deal_name()}: {self.names[self.dealer]} deals. First meld: "
                          + ", ".join(f"{self.sheet.columns[t]} {self.minimum(t)}" for t in range(self.teams))
                          + ".")
        deck = self._fresh_deck()
        pos = 0
        for i in range(self.hand_size * n):
            self.hands[(self.dealer + 1 + i) % n].append(deck[pos])
            pos += 1
        up = deck[pos]
        pos += 1
        self.discards.append(up)
        while self.covers_upcard(up):  # covered; the pile stays frozen
            up = deck[pos]
            pos += 1
            self.discards.append(up)
            self.emit("cover", "The turned-up card is covered: " + C.LABEL_OF[up] + " shows.")
        self.stocks = [list(reversed(deck[pos:]))]
        self.start_play(self.left_of_dealer())

    # ---- the minimum, and scoring ------------------------------------------------------

    def minimum_for(self, score: int) -> int:
        """The opening minimum at this score (7.4's table; below zero the option's)."""
        return opening_minimum(self.options, score)

    def minimum(self, team: int) -> int:
        return self._book_minimum(team) + self.raised[team]

    def _book_minimum(self, team: int) -> int:
        totals = self.sheet.totals
        if not self.three:
            return self.minimum_for(totals[team])
        # three-hand: each player's own score; a partner making the side's first meld meets his own
        seats = [s for s in range(3) if self.team_of(s) == team] or [team]
        if self.turn in seats and self.phase_name != Phase.OVER:
            return self.minimum_for(totals[self.turn])
        return min(self.minimum_for(totals[s]) for s in seats)

    def canasta_kind(self, book: Book) -> str:
        """A canasta's kind as the scoring tells kinds apart (a variation tells more)."""
        return NATURAL if book.wilds == 0 else MIXED

    def canasta_bonuses(self) -> dict[str, int]:
        """What the kinds of :meth:`canasta_kind` score, where a variation's differ from classic's."""
        return {}

    def canasta_bonus(self, book: Book) -> int:
        """What a canasta scores, by its kind."""
        return {**classic_bonuses(self.options), **self.canasta_bonuses()}[self.canasta_kind(book)]

    def side_hand(self, team: int, out: int | None) -> SideHand:
        """What the scoring of ``team``'s hand needs, read off the table (the score pad enters the
        same facts by hand)."""
        books = self.books[team]
        rules = self.turn_rules.books
        kinds = Counter(self.canasta_kind(b) for b in books if b.is_canasta(rules))
        red = sum(1 for c in self.red3[team] if is_red_three(c))
        went_out = out is not None and self.team_of(out) == team
        return SideHand(
            canastas=dict(kinds), threes={"red": red, "black": len(self.red3[team]) - red},
            melded=class_counts(c for b in books for c in b.cards),
            held=class_counts(c for s in range(self.num_players) if self.team_of(s) == team
                              for c in self.hands[s]),
            went_out=went_out, concealed=went_out and self.concealed_out,
            penalties=self.penalties[team] if self.penalise else 0, bonuses=self.canasta_bonuses())

    def score_parts(self, hand: SideHand, *, threes: bool = True) -> dict[str, int]:
        """A side's parts by the game's own scoring function."""
        return score_side(self.options, hand, threes=threes, penalise=self.penalise)

    def side_result(self, team: int, out: int | None, *, threes: bool = True) -> dict[str, int]:
        """A side's points for the hand, by part (``threes``: with its red threes)."""
        return self.score_parts(self.side_hand(team, out), threes=threes)

    def red_three_score(self, count: int, melded: bool) -> int:
        return red_three_score(self.options, count, melded)

    def hand_parts(self, out: int | None) -> list[dict[str, int]]:
        """Each score column's parts for the hand (three-hand: a player out before anyone took the
        pile becomes the lone hand here)."""
        if not self.three:
            return [self.side_result(t, out) for t in range(self.teams)]
        if self.lone is None and out is not None:
            self._form_partnership(out)  # went out before anyone took the pile: the lone hand
        if self.lone is None:
            return [self.side_result(s, out) for s in range(3)]
        # the partnership's melds and cards left are read off the side's column (its seats are
        # both partners); each partner's red threes lie in his own
        side = self.side_hand(self.side, out)
        hands = [self.side_hand(s, out) if s != self.side else side for s in range(3)]
        other = next(s for s in range(3) if s not in (self.lone, self.side))
        hands[other] = replace(side, canastas={}, melded={}, held={}, penalties=0,
                               threes={"red": sum(1 for c in self.red3[other] if is_red_three(c))})
        return side_results(self.options, hands, self.lone, penalise=self.penalise)

    def _score_round(self, out: int | None) -> None:
        results = self.hand_parts(out)
        how = (f"{self.names[out]} went out" + (" concealed" if self.concealed_out else "")
               if out is not None else "the stock ran out")
        self._record_hand([sum(r.values()) for r in results], results, WORDS, how, lone=self.lone)
        if not self.match_over(self._match_reason):
            self._start_deal()

    def _match_reason(self, why: MatchEnd, totals: list[int]) -> str:
        return match_reason(self.options, self.num_players, why)

    # ---- what a seat sees --------------------------------------------------------------

    def _view(self, seat: int | None) -> dict[str, Any]:
        out = self._table_view(seat)
        if self.three:
            out["lone_hand"] = self.lone
            for entry in out["team_books"]:
                if len(entry["seats"]) > 1:
                    entry["name"] = " and ".join(self.names[s] for s in entry["seats"])
        out["last_hand"] = self.last_hand
        out["last_round"] = self.last_round
        return out


SPEC: GameSpec = register(GameSpec(
    id="canasta",
    title="Canasta",
    family="canasta",
    players=(2, 3, 4),
    default_players=4,
    options_cls=ClassicCanastaOptions,
    state_cls=Canasta,
    summary="Classic canasta: melds of one rank with wild cards, the frozen pile, red threes, canastas of "
            "seven; partnerships at four, two-hand and three-hand (a lone hand against two) too.",
    presets=PRESETS,
    teams="four: partners opposite; two: head to head; three: the first to take the pile plays alone",
    rules=__doc__ or "",
))
