"""Hand and Foot Canasta, as the family book plays it (with the DeMeritt and Ultimate Book rules
as presets).

**Default: the family book (000).** Two teams, 2, 4 or 6 players, partners alternating; one more
deck than players, jokers in (270 cards at four players). Each player gets a 15-card hand and a
13-card foot, face down; one card is turned up to start the discard pile, covered by another
while it is wild (or a red three). Four hands, one deal each round, the deal moving left.

* **A turn**: draw two from the stock, or take the whole discard pile with a natural pair of its
  top card's rank; play; discard one (not needed when going out).
* **Books**: cards of one rank, three to start, never threes; at least as many naturals as wild
  cards *at all times* (G-HF-3); books of wild cards alone; every book closes at seven
  (G-HF-4), and a team starts a second book of a rank only when its first has closed.
  Seven naturals are a red canasta (500), seven mixed a black one (300), seven wilds a wild one
  (2,000).
* **The pile**: the pair and the top card go down at once, onto the open book of that rank until
  it closes and then into a new book (the book's 5-card example: holding four eights you close
  the book with two and start another with the top card and two). A wild card or a black three
  on top cannot be taken, since no natural pair matches it (G-HF-5; ``freeze=persistent`` keeps
  a pile holding a wild frozen for a team that has not met its minimum). Taking the pile for
  the first meld needs the minimum from the top card and the hand (G-HF-2).
* **First meld** per team (G-HF-6): 90, 120, 150, 180 in hands 1–4, from the cards laid in one
  turn, red threes never counting. Until it is met a player's books that turn are provisional
  (``retract`` takes them back).
* **Threes**: red threes are laid out at once and replaced from the stock (also from the foot);
  black threes are never melded and may be discarded; from the foot, six or more black threes
  may be discarded together.
* **The foot**: a hand melded out takes up the foot and plays on; one emptied by the discard
  takes it up for the next turn.
* **Going out**: from the foot, once the team has a red, a black and a wild canasta; by melding
  every card or discarding the last. Asking partner is not the book's rule (G-HF-11; option
  ``ask_partner``).
* **The stock runs out**: the hand ends (G-HF-9: "the game is over" read as the hand), nobody
  gets the going-out bonus; a turn that starts with fewer than two cards in the stock ends it.
* **Scoring** each team: going out 100; red threes 100 each (−100 each if the team never met its
  minimum); canasta bonuses; plus the value of every card in its books; minus every card left in
  its players' hands and feet, a red three left in an unplayed foot −100 (G-HF-7). Card values:
  joker 50, two 25, ace 20, K–8 10, 7–4 5, black three 5. After four hands the higher total wins
  (a tie is shared).

**Preset ``demeritt``** (003; gaps of other-seeds §6.2): 4 or 6 players; one 54-card deck per
player; each player deals two 13-card packets from his own deck and passes one to the left,
keeping the rest as his own stock pile; each player chooses blind which packet is his hand
(``choose dealt`` / ``choose passed``; option ``hand_choice=look``); every player cuts his own deck
and the high card (ace high; jokers and ties cut again) starts, turning up the top of his own
pile, which he alone may take instead of drawing on his first turn; a draw is two cards, each
from the top of any pile (``draw 2`` takes one from pile 2). Books: no wild-only books, more
naturals than wilds, a natural closes at seven, an unnatural grows on (a canasta from seven);
naturals 500, unnaturals 300; going out needs two naturals and an unnatural, scores 200, and the
partner may be asked (binding). Threes are never melded; red threes are not bonus cards: at the
end a red three in hand or foot costs 300, a black one 100. Card values: joker 50, ace and two
20, K–8 10, 7–4 5. First-meld minimum by the team's score: 50 (below 1,500, negative too), 90,
120, 150 (from 5,000). Play on until a hand ends with a team at 10,000 or more: the higher total
wins, a tie at the top plays another hand. There is no cap on the hands, as in the seed; option
``max_hands`` sets one (off by default), for simulations that need a match to end whatever the
play (random players never reach 10,000: their totals sink).

**Preset ``ultimate``** (004 variation 6; gaps of other-seeds §8.6): four players; five decks and
ten jokers; two 13-card packets; draw two; the pile: at most its top seven cards, never when a
three is on top, a wild top only with two wild cards from the hand; books clean, dirty (two
wild cards at most) or wild, every book closing at seven; going out needs two clean, two dirty
and one wild canasta, every player of the team must have played from his foot, and the partner
must be asked; black threes may go down as a group of three or four only when going out; bonuses
clean 700, dirty 300, wild 1,500, red three 100, going out 100; values as standard canasta (two
20); minimums 50, 90, 120, 150; an exhausted stock lets play go on while the pile must and can be
taken (classic canasta).

Every preset difference is an option, so a family can mix the rule sets.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from gamenight.core.layout import Field, Kind
from gamenight.core.moves import Move
from gamenight.core.notation import WORD
from gamenight.core.options import Options, Preset, option
from gamenight.core.phases import KindsPhase, MoveKind
from gamenight.core.registry import GameSpec, register
from gamenight.core.zones import Visibility
from gamenight.equipment import cards as C
from gamenight.families.canasta import AT_LEAST, MORE, BookRules, Requirement, team_canastas
from gamenight.families.canasta_turn import (
    BONUS,
    DEAD,
    DISCARD_ONLY,
    END,
    GROUP_OUT,
    OFF,
    OPTIONAL,
    PLAY_ON,
    REQUIRED,
    SIX_DISCARD,
    AskRule,
    BlackThreeRule,
    CanastaState,
    Phase,
    PhaseHandler,
    RedThreeRule,
    StockOutRule,
    TurnRules,
    card_values,
    held_cost,
    is_red_three,
    is_wild,
)
from gamenight.families.dealing import DealsCards
from gamenight.families.match import MatchEnd, MatchPlay, MatchRules

SHOE, OWN_DECKS = "shoe", "own_decks"
ROUNDS_90, ROUNDS_50, BY_SCORE = "90-120-150-180", "50-90-120-150", "by_score"
CHOOSE_DEALT, CHOOSE_PASSED = Move("choose", WORD("dealt")), Move("choose", WORD("passed"))
#: DeMeritt's minimum by the team's score: (from score, minimum)
SCORE_MINIMUMS = ((5000, 150), (3000, 120), (1500, 90))


@dataclass(frozen=True, kw_only=True)
class HandAndFootOptions(Options):
    #: scoring, bonuses, the first-meld minimum and what going out needs: read as the game is played
    #: (the going-out needs re-derived into the turn rules when they change)
    AMENDABLE: ClassVar[frozenset[str]] = frozenset({
        "opening", "clean_bonus", "dirty_bonus", "wild_bonus", "need_clean", "need_dirty", "need_wild",
        "all_in_foot", "out_bonus", "red_three_bonus", "red_three_held", "black_three_held"})
    extra_decks: int = option(1, "Extra decks", "Decks in play: one for each player and this many more "
                              "(the book: one more deck than players).", minimum=0, maximum=3)
    deal: str = option(SHOE, "Deal", "How the cards are dealt.",
                       choices={SHOE: "Everyone is dealt from one shuffled shoe (the book)",
                                OWN_DECKS: "Each player deals two packets from his own deck, passes one to "
                                           "the left and keeps the rest as his own stock pile (DeMeritt)"})
    hand_size: int = option(15, "Hand size", "Cards in the hand.", minimum=11, maximum=15)
    foot_size: int = option(13, "Foot size", "Cards in the foot.", minimum=11, maximum=15)
    hand_choice: str = option("blind", "Choosing the hand", "With own decks: how each player chooses which "
                              "packet is his hand.",
                              choices={"blind": "Without looking at either packet",
                                       "look": "After looking at both packets"})
    opening: str = option(ROUNDS_90, "First-meld minimum", "The points a team's first meld must reach.",
                          choices={ROUNDS_90: "90, 120, 150 and 180 in rounds 1 to 4 (the book)",
                                   ROUNDS_50: "50, 90, 120 and 150 in rounds 1 to 4",
                                   BY_SCORE: "By the team's score: 50, then 90 from 1,500, 120 from 3,000 "
                                             "and 150 from 5,000 (DeMeritt)"})
    ratio: str = option(AT_LEAST, "Wild cards in a book", "How many wild cards a book may hold against its "
                        "naturals.",
                        choices={AT_LEAST: "At least as many naturals as wild cards (the book)",
                                 MORE: "More naturals than wild cards"})
    max_wilds: int = option(0, "Most wild cards in a book", "0: only the rule above limits them "
                            "(Ultimate: 2).", minimum=0, maximum=7)
    wild_books: bool = option(True, "Wild books", "Books of wild cards only (a wild canasta).")
    dirty_closes: bool = option(True, "Black books close at seven", "Off: a book with wild cards grows past "
                                "seven cards (DeMeritt's unnaturals).")
    clean_bonus: int = option(500, "Red canasta", "Bonus for a canasta of seven naturals.", minimum=0,
                              maximum=5_000)
    dirty_bonus: int = option(300, "Black canasta", "Bonus for a canasta with wild cards in it.", minimum=0,
                              maximum=5_000)
    wild_bonus: int = option(2000, "Wild canasta", "Bonus for a canasta of seven wild cards.", minimum=0,
                             maximum=10_000)
    need_clean: int = option(1, "Red canastas to go out", "Red canastas a team needs to go out.",
                             minimum=0, maximum=5)
    need_dirty: int = option(1, "Black canastas to go out", "Black canastas a team needs to go out.",
                             minimum=0, maximum=5)
    need_wild: int = option(1, "Wild canastas to go out", "Wild canastas a team needs to go out.",
                            minimum=0, maximum=3)
    all_in_foot: bool = option(False, "Everyone in the foot", "Every player of a team must have played "
                               "from his foot before it goes out (Ultimate).")
    out_bonus: int = option(100, "Going out", "Bonus for the team that goes out.", minimum=0, maximum=1_000)
    deuce_value: int = option(25, "Two's value", "What a two counts (the book: 25; canasta: 20).",
                              minimum=0, maximum=100)
    red_threes: str = option(BONUS, "Red threes", "What a red three is.",
                             choices={BONUS: "A bonus: laid out at once, replaced and scored (the book)",
                                      DEAD: "A dead card: kept in the hand and only discarded (DeMeritt)"})
    red_three_bonus: int = option(100, "Red three bonus", "Each red three laid out (taken off instead for "
                                  "a team that never made its first meld).", minimum=0, maximum=1_000)
    red_three_held: int = option(100, "Red three left", "Cost of a red three still in a hand or an "
                                 "unplayed foot at the end (0: nothing; DeMeritt: 300).", minimum=0,
                                 maximum=1_000)
    black_three_held: int = option(5, "Black three left", "Cost of a black three left at the end "
                                   "(DeMeritt: 100).", minimum=0, maximum=1_000)
    black_threes: str = option(SIX_DISCARD, "Black threes", "How black threes leave a hand.",
                               choices={SIX_DISCARD: "One at a time as discards, or six or more together as "
                                                     "one discard from the foot (the book)",
                                        DISCARD_ONLY: "Only as discards, one at a time",
                                        GROUP_OUT: "As discards, or three or four laid down together when "
                                                   "going out (Ultimate)"})
    pile_limit: int = option(0, "Pile take", "Most cards taken with the pile (0: all of them; Ultimate: 7).",
                             minimum=0, maximum=20)
    wild_top: bool = option(False, "Wild on top", "A wild card on top of the pile may be taken with two wild "
                            "cards (Ultimate). Off: it freezes the pile.")
    freeze: str = option("top_only", "Freezing", "When a wild card or a black three blocks the pile.",
                         choices={"top_only": "Only while it lies on top (the book)",
                                  "persistent": "A pile holding a wild card stays frozen for a team that has "
                                                "not made its first meld"})
    ask_partner: str = option(OFF, "Ask partner", "Asking the partner 'may I go out?'.",
                              choices={OFF: "Nobody asks (the book)",
                                       OPTIONAL: "A player may ask, and the answer binds (DeMeritt)",
                                       REQUIRED: "A player must ask before going out (Ultimate)"})
    stock_out: str = option(END, "Empty stock", "What happens when the stock runs out.",
                            choices={END: "The round ends when a turn starts with fewer than two cards "
                                          "in the stock (the book)",
                                     PLAY_ON: "Play goes on while the player to draw must and can take the "
                                              "pile (classic canasta)"})
    rounds: int = option(4, "Rounds", "Rounds in a match (0: play to the target).", minimum=0, maximum=20)
    target: int = option(10000, "Target", "With rounds 0: the match ends after a round in which a team "
                         "reaches this.", minimum=500, maximum=100_000)
    max_hands: int = option(0, "Most rounds", "With rounds 0: stop after this many rounds even if nobody "
                            "reached the target, the higher total winning (0: never).",
                            minimum=0, maximum=100)

    def check(self, players: int) -> None:
        from gamenight.core.errors import OptionError
        if self.deal == OWN_DECKS and self.extra_decks:
            raise OptionError("With own decks every player has exactly one deck: set extra_decks to 0.")
        if self.deal == OWN_DECKS and self.hand_size + self.foot_size > 54 - 2:
            raise OptionError("Two packets must fit in one deck.")
        if not self.wild_books and self.need_wild:
            raise OptionError("A wild canasta cannot be required without wild books.")


PRESETS = {
    "demeritt": Preset(
        "demeritt",
        "Roger DeMeritt & friends (2000): own decks, two 13-card packets, one passed left, groups "
        "only, naturals and unnaturals, minimum by score, play to 10,000.",
        {"extra_decks": 0, "deal": OWN_DECKS, "hand_size": 13, "foot_size": 13, "opening": BY_SCORE,
         "ratio": MORE, "wild_books": False, "dirty_closes": False, "clean_bonus": 500,
         "dirty_bonus": 300, "wild_bonus": 0, "need_clean": 2, "need_dirty": 1, "need_wild": 0,
         "out_bonus": 200, "deuce_value": 20, "red_threes": DEAD, "red_three_held": 300,
         "black_three_held": 100, "black_threes": DISCARD_ONLY, "ask_partner": OPTIONAL,
         "rounds": 0, "target": 10000},
        players=(4, 6),
    ),
    "ultimate": Preset(
        "ultimate",
        "The Ultimate Book of Card Games, variation 6: five decks and ten jokers, 13-card packets, "
        "top seven of the pile, red, black and wild canastas, ask partner, four rounds.",
        {"extra_decks": 1, "hand_size": 13, "foot_size": 13, "opening": ROUNDS_50, "max_wilds": 2,
         "clean_bonus": 700, "dirty_bonus": 300, "wild_bonus": 1500, "need_clean": 2, "need_dirty": 2,
         "need_wild": 1, "all_in_foot": True, "deuce_value": 20, "black_threes": GROUP_OUT,
         "pile_limit": 7, "wild_top": True, "ask_partner": REQUIRED, "stock_out": PLAY_ON},
        players=(4,),
    ),
}


__all__ = ["CARD_CLASSES", "PRESETS", "SPEC", "HandAndFoot", "HandAndFootOptions", "TeamHand", "card_class",
           "card_values", "class_counts", "first_meld", "match_reason", "match_rules", "plural", "score_team",
           "team_names"]

#: the parts of a team's score for a round, as the score sheet names them
PART_WORDS = {"going_out": "going out", "canastas": "canastas", "red_threes": "red threes",
              "threes": "threes", "melded": "cards melded", "held": "cards left"}


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def team_names(n: int) -> list[str]:
    if n == 2:
        return ["Player 1", "Player 2"]
    if n == 4:
        return ["North–South", "East–West"]
    return [", ".join(f"P{s + 1}" for s in range(t, n, 2)) for t in range(2)]


#: the kinds of card the scoring tells apart, each of one value: (key, words); a card's kind is
#: :func:`card_class`, its value that of :data:`CLASS_CARD`'s card of the kind
CARD_CLASSES = (("jokers", "jokers"), ("twos", "twos"), ("aces", "aces"), ("high", "eights to kings"),
                ("low", "fours to sevens"), ("black_threes", "black threes"), ("red_threes", "red threes"))
CLASS_CARD = {"jokers": C.JOKER, "twos": C.card("2S"), "aces": C.card("AS"), "high": C.card("KS"),
              "low": C.card("7S"), "black_threes": C.card("3S"), "red_threes": C.card("3H")}


def card_class(c: int) -> str:
    rank = C.RANK_OF[c]
    if rank == 13:
        return "jokers"
    if rank == C.THREE:
        return "red_threes" if is_red_three(c) else "black_threes"
    return "twos" if rank == C.TWO else "aces" if rank == C.ACE else "high" if rank >= C.EIGHT else "low"


def class_counts(cards: Iterable[int]) -> dict[str, int]:
    counts = dict.fromkeys(CLASS_CARD, 0)
    for c in cards:
        counts[card_class(c)] += 1
    return counts


@dataclass(frozen=True, slots=True)
class TeamHand:
    """What a team's score for a hand depends on: its canastas (red, black, wild), red threes laid
    out, whether it made its first meld, its melded cards and the cards left in its players' hands
    and feet (counts by :data:`CARD_CLASSES`), and whether it went out."""

    canastas: tuple[int, int, int]
    red_threes: int
    opened: bool
    melded: Mapping[str, int]
    held: Mapping[str, int]
    went_out: bool


def score_team(o: HandAndFootOptions, hand: TeamHand) -> tuple[int, dict[str, int]]:
    """A team's points for a hand, with the parts that make them: the one scoring both a played
    table and the score pad use."""
    values = card_values(o.deuce_value)
    clean, dirty, wild = hand.canastas
    red = hand.red_threes * o.red_three_bonus
    parts = {
        "going_out": o.out_bonus if hand.went_out else 0,
        "canastas": clean * o.clean_bonus + dirty * o.dirty_bonus + wild * o.wild_bonus,
        "red_threes": red if hand.opened else -red,
        "melded": sum(n * values[CLASS_CARD[k]] for k, n in hand.melded.items()),
        "held": -sum(n * held_cost(CLASS_CARD[k], values, o.red_three_held, o.black_three_held)
                     for k, n in hand.held.items()),
    }
    return sum(parts.values()), parts


def first_meld(o: HandAndFootOptions, round_no: int, total: int) -> int:
    """A team's first-meld minimum in round ``round_no`` (from 1), its score being ``total``."""
    if o.opening == BY_SCORE:
        return next((m for floor, m in SCORE_MINIMUMS if total >= floor), 50)
    table = (90, 120, 150, 180) if o.opening == ROUNDS_90 else (50, 90, 120, 150)
    return table[min(round_no, len(table)) - 1]


def match_rules(o: HandAndFootOptions) -> MatchRules:
    """A fixed number of rounds; else to the target, a tie at the top playing on, up to the cap."""
    return MatchRules(deals=o.rounds) if o.rounds else MatchRules(target=o.target, play_on_tied=True,
                                                                  cap=o.max_hands)


def match_reason(o: HandAndFootOptions, why: MatchEnd) -> str:
    if why is MatchEnd.SCHEDULE:
        return f"After {plural(o.rounds, 'round')}."
    if why is MatchEnd.TARGET:
        return f"A team reached {o.target}."
    return f"Nobody reached {o.target} in {plural(o.max_hands, 'round')}."


class Choose(MoveKind["HandAndFoot"]):
    """DeMeritt: a player keeps the packet dealt to him as his hand, or takes the one passed to
    him (the other is his foot)."""

    verbs = ("choose",)

    def candidates(self, s: HandAndFoot, seat: int) -> Iterable[Move]:
        return (CHOOSE_DEALT, CHOOSE_PASSED)

    def verify(self, s: HandAndFoot, seat: int, move: Move) -> str | None:
        if s.chosen[seat]:
            return "You have chosen your hand already: the others are still choosing."
        if len(move.args) != 1 or move.flag not in ("dealt", "passed"):
            return "Choose your hand: 'choose dealt' or 'choose passed'."
        return None

    def apply(self, s: HandAndFoot, seat: int, move: Move) -> None:
        s._choose(seat, move)

    def describe(self, s: HandAndFoot, move: Move, viewer: int | None) -> str:
        if move.flag == "dealt":
            return "Keep the packet dealt to you as your hand"
        return "Take the packet passed to you as your hand"


class ChoosePacket(KindsPhase["HandAndFoot"]):
    """DeMeritt: every player at once chooses which packet is his hand."""

    otherwise = "Choose your hand: 'choose dealt' or 'choose passed'."

    def to_act(self, s: HandAndFoot) -> frozenset[int]:
        return frozenset(seat for seat in range(s.num_players) if not s.chosen[seat])

    def kinds(self, s: HandAndFoot) -> list[MoveKind[Any]]:
        return [Choose()]


class HandAndFoot(DealsCards, MatchPlay, CanastaState):
    FIELDS: tuple[Field, ...] = (
        Field("last_round", "Last round", Kind.TEXT, minor=True),
    )
    DEAL_WORD = "round"
    options: HandAndFootOptions
    phases: ClassVar[dict[str, PhaseHandler[Any]]] = {**CanastaState.phases, Phase.CHOOSE: ChoosePacket()}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        o = self.options
        self._init_canasta(self._turn_rules(), card_values(o.deuce_value))
        # a fixed number of hands; else to the target, a tie at the top playing on, up to the cap
        self.match_rules = match_rules(o)
        n = self.num_players
        self.chosen = [True] * n
        self.foot_known = [False] * n
        self.deal_no = 0
        self.last_hand: dict[str, Any] | None = None
        self.last_round: list[str] | None = None
        self._start_deal()

    def _turn_rules(self) -> TurnRules:
        o = self.options
        books = BookRules(ratio=o.ratio, max_wilds=o.max_wilds or None, wild_books=o.wild_books,
                          dirty_closes=o.dirty_closes)
        return TurnRules(
            books=books, need=Requirement(o.need_clean, o.need_dirty, o.need_wild), draw=2,
            pile_limit=o.pile_limit or None, wild_top=o.wild_top, persistent_freeze=o.freeze == "persistent",
            red_threes=RedThreeRule(o.red_threes), black_threes=BlackThreeRule(o.black_threes),
            ask=AskRule(o.ask_partner), all_in_foot=o.all_in_foot, stock_out=StockOutRule(o.stock_out),
        )

    def _sheet_columns(self) -> list[str]:
        return team_names(self.num_players)

    def decks(self) -> int:
        return self.num_players + self.options.extra_decks

    def deck_template(self) -> list[int]:
        return C.standard_deck(decks=self.decks(), jokers=2 * self.decks())

    # ---- the deal ----------------------------------------------------------------------

    def _start_deal(self) -> None:
        if self.deal_no:
            self.pass_deal()
        self.deal_no += 1
        n = self.num_players
        self.hands = [[] for _ in range(n)]
        self.feet = [[] for _ in range(n)]
        self.knowledge.clear()
        self.in_foot = [False] * n
        self.played_foot = [False] * n
        self.foot_known = [False] * n
        self.books = [[] for _ in range(self.teams)]
        self.red3 = [[] for _ in range(self.teams)]
        self.opened = [False] * self.teams
        self.discards = []
        self.upcard_take = False
        self.emit("deal", f"{self.deal_name()}: {self.names[self.dealer]} deals. First meld: "
                          + ", ".join(f"{self.sheet.columns[t]} {self.minimum(t)}" for t in range(self.teams))
                          + ".")
        if self.options.deal == OWN_DECKS:
            self._deal_own_decks()
        else:
            self._deal_shoe()

    def _deal_shoe(self) -> None:
        deck = self._fresh_deck()
        n = self.num_players
        o = self.options
        pos = 0
        for target, size in ((self.hands, o.hand_size), (self.feet, o.foot_size)):
            for i in range(size * n):
                target[(self.dealer + 1 + i) % n].append(deck[pos])
                pos += 1
        up = deck[pos]
        pos += 1
        self.discards.append(up)
        while is_wild(up) or (is_red_three(up) and self.turn_rules.red_threes == BONUS):
            up = deck[pos]
            pos += 1
            self.discards.append(up)
            self.emit("cover", "The turned-up card is covered: " + C.LABEL_OF[up] + " shows.")
        self.stocks = [list(reversed(deck[pos:]))]
        self.start_play(self.left_of_dealer())

    def _deal_own_decks(self) -> None:
        n = self.num_players
        o = self.options
        size = 54
        if self.deal_no == 1 and self.stacked_deck is not None:
            whole = self._fresh_deck()
            decks = [whole[p * size:(p + 1) * size] for p in range(n)]
        else:
            one = C.standard_deck(jokers=2)
            decks = [C.shuffled(one, self.rng) for _ in range(n)]
        piles = []
        for p in range(n):
            d = decks[p]
            self.hands[p] = d[:o.hand_size]
            self.feet[(p + 1) % n] = d[o.hand_size:o.hand_size + o.foot_size]
            piles.append(list(reversed(d[o.hand_size + o.foot_size:])))
        self.stocks = piles
        first = self._cut(piles)
        self.first_player = first
        if o.hand_choice == "look":
            self.foot_known = [True] * n
        self.chosen = [False] * n
        self.phase_name = Phase.CHOOSE
        self.emit("choose", "Each player chooses which packet to play as his hand: 'choose dealt' (the "
                            "one he dealt himself) or 'choose passed' (the one passed to him).")

    def _cut(self, piles: list[list[int]]) -> int:
        """Each player cuts his own deck (its bottom card; again, at random, on a tie or a joker):
        the high card, aces high, starts."""
        cuts = {p: piles[p][0] for p in range(self.num_players)}
        while True:
            shown = ", ".join(f"{self.names[p]} {C.LABEL_OF[c]}" for p, c in cuts.items())
            self.emit("cut", f"The cut: {shown}.")
            jokers = [p for p, c in cuts.items() if c == C.JOKER]
            if jokers:  # a joker has no rank: its holder cuts again
                cuts.update({p: piles[p][self.rng.randrange(len(piles[p]))] for p in jokers})
                continue
            best = max(C.RANK_OF[c] for c in cuts.values())
            top = [p for p, c in cuts.items() if C.RANK_OF[c] == best]
            if len(top) == 1:
                return top[0]
            cuts = {p: piles[p][self.rng.randrange(len(piles[p]))] for p in top}

    def _choose(self, seat: int, move: Move) -> None:
        if move.flag == "passed":
            self.hands[seat], self.feet[seat] = self.feet[seat], self.hands[seat]
        self.chosen[seat] = True
        self.emit("chosen", f"{self.names[seat]} has chosen a hand.", seat=seat)
        if all(self.chosen):
            first = self.first_player
            top = self.stocks[first].pop() if len(self.stocks) > 1 else self.stocks[0].pop()
            self.discards.append(top)
            self.upcard_take = True
            self.emit("upcard", f"{self.names[first]} starts and turns up {C.LABEL_OF[top]}.")
            self.start_play(first)

    def hand_visible(self, seat: int, owner: int) -> bool:
        if seat != owner:
            return False
        return self.phase_name != Phase.CHOOSE or self.options.hand_choice == "look"

    def foot_visibility(self, seat: int) -> Visibility:
        """Having looked at both packets before choosing, a player knows his foot."""
        return Visibility.OWNER if self.foot_known[seat] else Visibility.NOBODY

    # ---- the minimum, and scoring ------------------------------------------------------

    def minimum(self, team: int) -> int:
        return first_meld(self.options, self.deal_no, self.sheet.totals[team])

    def held_cost(self, c: int) -> int:
        """What a card left in a hand or an unplayed foot costs at the end."""
        return held_cost(c, self.values, self.options.red_three_held, self.options.black_three_held)

    def team_score(self, team: int, out: int | None) -> tuple[int, dict[str, int]]:
        """A team's points for the hand, with the parts that make them."""
        return score_team(self.options, self.team_hand(team, out))

    def team_hand(self, team: int, out: int | None) -> TeamHand:
        """What the scoring of ``team``'s hand needs, read off the table (the score pad enters the
        same facts by hand)."""
        melded = class_counts(c for b in self.books[team] for c in b.cards)
        held = class_counts(c for s in self.teammates_of_team(team) for c in (*self.hands[s], *self.feet[s]))
        return TeamHand(canastas=team_canastas(self.books[team], self.turn_rules.books),
                        red_threes=len(self.red3[team]), opened=self.opened[team], melded=melded, held=held,
                        went_out=out is not None and self.team_of(out) == team)

    def teammates_of_team(self, team: int) -> list[int]:
        return [s for s in range(self.num_players) if self.team_of(s) == team]

    def hand_parts(self, out: int | None) -> list[dict[str, int]]:
        """Each team's parts for the hand (the sheet's, and the horizon search's estimate)."""
        return [self.team_score(t, out)[1] for t in range(self.teams)]

    def _score_round(self, out: int | None) -> None:
        parts = self.hand_parts(out)
        how = f"{self.names[out]} went out" if out is not None else "the stock ran out"
        self._record_hand([sum(p.values()) for p in parts], parts, PART_WORDS, how)
        if not self.match_over(self._match_reason):
            self._start_deal()

    def _match_reason(self, why: MatchEnd, totals: list[int]) -> str:
        return match_reason(self.options, why)

    # ---- what a seat sees --------------------------------------------------------------

    def _view(self, seat: int | None) -> dict[str, Any]:
        out = self._table_view(seat)
        if seat is not None and self.foot_known[seat] and self.feet[seat]:
            out["foot"] = C.codes(self.sort_for_display(self.feet[seat]))
        out["last_hand"] = self.last_hand
        out["last_round"] = self.last_round
        return out


SPEC: GameSpec = register(GameSpec(
    id="hand-and-foot",
    title="Hand and Foot",
    family="canasta",
    players=(2, 4, 6),
    default_players=4,
    options_cls=HandAndFootOptions,
    state_cls=HandAndFoot,
    summary="Canasta for two teams with a hand and a foot: books of one rank, red, black and wild "
            "canastas to go out, four hands with rising first-meld minimums.",
    presets=PRESETS,
    teams="partners alternate seats: two teams",
    rules=__doc__ or "",
))
