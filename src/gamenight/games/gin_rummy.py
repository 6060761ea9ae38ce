"""Gin Rummy — the family's tournament rules (seed 000, pp.27–28, "under review"), and preset
``standard``: two-handed gin as it is usually played (and as OpenSpiel's ``gin_rummy`` plays it).

The book's rules (the default)
------------------------------
An even number of players in two equal teams, Guys (seats 0, 2, ...) against Girls (seats 1, 3,
...; option ``teams = any``: Team A against Team B). Each couple plays head-to-head at its own
table with its own deck; after every round the Girls move one table on (round r: Guy i meets
Girl i + r − 1), so every Girl meets every Guy. Two players are two teams of one.

* The dealer gives 13 cards to the opponent and 12 to himself, no upcard; the opponent opens
  with a discard. Then a turn is a draw (stock or top discard) and a discard or an ending.
  Melds: sets of a rank, runs of a suit; an ace is low (A-2-3) or high (Q-K-A), not both.
  Ace 1, courts 10, the rest their face.
* Endings, on any turn (the first too), never forced: ``double gin`` (all 13 cards meld, no
  discard: the opponent's deadwood and 2 Gins); ``gin 9C`` (discard 9♣, the other 12 meld: the
  deadwood and 1 Gin); ``knock 9C``, the book's **Run** (discard face down, deadwood under 10):
  the runner lays down his melds as he chooses (the book: "you lay down what you can play and
  declare a Run with X points"), then the opponent lays off one card at a time on them
  (``layoff N 8H``, then ``done``); the runner scores the difference, but an opponent with as
  little or less scores twice the runner's deadwood + 25; no Gins. Nobody lays off on a Gin;
  the runner never does.
* Stock out: both lay down without lay-offs; the lower deadwood scores the difference.
* A round is a hand at every table. The team with more points is awarded the difference and
  deals next round; the team with more Gins is awarded the difference in Gins. Three games
  (columns) at once: a team's points go to every open game it has scored in and to the first
  open game it has not (1st award Game 1, 2nd Games 1-2, then all three); Gins are circled in
  the open games where it had points before the round. A game closes when a team reaches 200
  in it: 200 + 25 a Gin there to the winner, 25 a Gin there to the loser. When all three are
  closed the higher grand total wins.

House decisions (``shared/rules/metzker-book.md`` §25): G-GIN-1 the stock runs out when its
last card has been drawn and discarded without an ending (option ``wall``); G-GIN-2 a Run with
no deadwood must be declared as Gin; G-GIN-3 level team points award nothing and the dealers
stay (a level stock out scores nothing either); G-GIN-4 Gins go to the team with more, even if
it lost the points; G-GIN-5 closed games take nothing more; G-GIN-6 even player counts, 2 to 8;
G-GIN-7 the card just taken from the pile may not be discarded (nor knocked with) that turn;
G-GIN-8 "under 10" is 9 or less. [HOUSE] G-GIN-9 the tables of a round play one after the
other (they are independent; everyone watches each hand). G-GIN-10 a team first scoring after
Game 1 has closed starts in the first open game. G-GIN-11 the first dealing team is drawn at
random (the cut); with a stacked deck Team A deals. Moves without a choice are made for the
player: the draw after both pass the upcard, the end of the hand at the wall when the last
discard cannot make a knock, and ``done`` when nothing more can be laid off.

How the runner lays his melds is his choice, and it decides what the opponent may lay off
(5♠ 6♠ 7♠ with 7♥ 7♦ 7♣ take the 4♠ and 8♠; 7♠ 7♥ 7♦ 7♣ takes nothing more). So after a
knock with more than one way to meld, the runner chooses one: ``lay 5S 6S 7S and 7C 7D 7H``
(melds separated by ``and``, in any order), the moves listing every way of laying melds whose
deadwood is within the knock limit, the least deadwood first (the way that was laid for him
before; the bot weighs each way's deadwood against the lay-offs it leaves). Ways the
opponent cannot tell apart (the same deadwood and the same cards he could ever lay off, as any
three of four 4s as the set) are listed once. With one way only it is laid at once; a Gin
takes no lay-offs, so its melds are always laid for the player.

Preset ``standard`` (two players): ten cards each and an upcard that the non-dealer, then the
dealer, may take; if both pass the non-dealer draws. Knock with 10 or less; gin scores the
deadwood + 25; an undercut (as little or less) the difference + 25; aces low; when a discard
leaves two cards in the stock the hand is a draw, unless the next player takes that discard to
knock (OpenSpiel's wall); the winner deals next; game to 100, then 25 a hand won (box) and 100
for the game, the higher total wins. OpenSpiel differs in that a player may discard the card
just taken (50 upcard draws end a hand), a tie after a knock scores nothing (option
``tie_is_undercut``), a run takes at most two lay-offs at each end, an eleven-card hand's
deadwood is estimated (it can refuse a legal knock when two meld groups tie), and it plays one
hand (``tests/test_gin_vs_openspiel.py``).

Every difference between the two rule sets is an option. A stacked ``deck`` may hold several
deals separated by ``/`` (one per table, round after round), for scenarios.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from gamenight.core.layout import Field, Kind
from gamenight.core.moves import Move
from gamenight.core.options import Options, Preset, option
from gamenight.core.phases import PhaseHandler, PhaseName
from gamenight.core.registry import GameSpec, register
from gamenight.core.zones import Show, Visibility, Zone
from gamenight.equipment import cards as C
from gamenight.families.draw_discard import (
    DISCARD,
    END,
    DrawDiscardState,
    Phase,
    lay_off_move,
)
from gamenight.families.match import HollywoodSheet, MatchRules, match_end, rotation_pairs
from gamenight.families.melds import RUMMY_VALUES, Meld, MeldRules, lay_off_end, solver_for, words
from gamenight.families.rummy_rules import RummyRules
from gamenight.games.gin_kinds import (
    DOUBLE_GIN,
    GAMES,
    GIN,
    KNOCK,
    LAY,
    ArrangePhase,
    GinDraw,
    GinPlay,
    HandResult,
    LayOffPhase,
    Row,
    UpcardPhase,
    WallPhase,
    arrangements,
    gin_result,
    groups_of,
    hollywood_closes,
    hollywood_round,
    lay_move,
    match_words,
    plural_gins,
    round_awards,
    run_result,
    same_arrangement,
    single_closing,
    single_round,
    stock_out_result,
)
from gamenight.games.gin_kinds import difference as difference
from gamenight.games.gin_kinds import run_score as run_score


@dataclass(frozen=True, kw_only=True)
class GinOptions(Options):
    hand_size: int = option(12, "Cards in hand", "Cards each player keeps: the book deals 12, and 13 to "
                            "the player who opens; the usual two-handed game deals 10.",
                            minimum=7, maximum=13)
    first_turn: str = option(
        "discard", "First turn", "How a hand starts.",
        choices={"discard": "The dealer's opponent gets one card more and opens with a discard (the book)",
                 "upcard": "A card is turned up; the dealer's opponent, then the dealer, may take it "
                           "(the usual rule)"})
    ace: str = option("either", "Aces in runs", "Where an ace may sit in a run.",
                      choices={"either": "Low or high: A-2-3 or Q-K-A, but never K-A-2 (the book)",
                               "low": "Low only: A-2-3 (the usual rule)"})
    knock_limit: int = option(9, "Most deadwood to knock (Run)", "The most deadwood a player may have to "
                              "knock: the book says under 10; the usual rule is 10 or less.", minimum=0,
                              maximum=30)
    gin_bonus: int = option(0, "Points per Gin", "Points a Gin adds to the hand (the usual rule: 25). "
                            "The book counts Gins instead, each worth the Gin value when a game closes.",
                            minimum=0, maximum=100)
    double_gin: bool = option(True, "Double Gin", "Going out with every card melded and no discard "
                              "counts 2 Gins (the book).")
    undercut: str = option("double", "Undercut score", "What the knocker's opponent scores when his "
                           "deadwood is as low or lower, besides the undercut bonus.",
                           choices={"double": "Twice the knocker's deadwood (the book)",
                                    "difference": "The difference in deadwood (the usual rule)"})
    undercut_bonus: int = option(25, "Undercut bonus", "Added to an undercut.", minimum=0, maximum=100)
    tie_is_undercut: bool = option(True, "Equal deadwood undercuts", "Equal deadwood after a knock is an "
                                   "undercut, as in both rule sets. Off: nobody scores.")
    wall: int = option(0, "Stock left at the end", "The hand ends when a discard leaves this many cards "
                       "in the stock (the book: 0; the usual rule: 2).", minimum=0, maximum=10)
    wall_knock: bool = option(False, "Last discard to knock", "When the stock is down to its last cards "
                              "the next player may still take the discard to knock or go gin (the usual "
                              "rule).")
    stock_out: str = option("difference", "When the stock runs out", "What a hand scores when the stock "
                            "runs out before anyone goes out.",
                            choices={"difference": "The lower deadwood scores the difference (the book)",
                                     "draw": "Nobody scores: the hand is a draw (the usual rule)"})
    scoring: str = option("hollywood", "Match scoring", "How hands add up to a match.",
                          choices={"hollywood": "Three games at once, with Gins (the book's Hollywood)",
                                   "single": "One game, with bonuses for each hand won and for the game "
                                             "(the usual rule)"})
    target: int = option(200, "Game target", "Points that win a game (the book: 200; the usual rule: 100).",
                         minimum=1, maximum=1_000)
    gin_value: int = option(25, "Gin value", "Hollywood scoring: what each Gin is worth when a game "
                            "closes.", minimum=0, maximum=100)
    box_bonus: int = option(0, "Box bonus", "One-game scoring: points for each hand won (the usual "
                            "rule: 25).", minimum=0, maximum=100)
    game_bonus: int = option(0, "Game bonus", "One-game scoring: points for reaching the target (the "
                             "usual rule: 100).", minimum=0, maximum=500)
    teams: str = option("guys_vs_girls", "Team names", "What the two teams are called.",
                        choices={"guys_vs_girls": "Guys against Girls (the book)",
                                 "any": "Team A against Team B"})
    discard_taken: bool = option(False, "Discard the card taken", "May the card just taken from the "
                                 "discard pile be discarded in the same turn? The book: no.")


PRESETS = {"standard": Preset(
    "standard", "Standard two-handed gin: ten cards and an upcard, knock with 10, gin 25, undercut 25, "
    "aces low, a draw at two cards left, box and game bonuses, game to 100.",
    {"hand_size": 10, "first_turn": "upcard", "ace": "low", "knock_limit": 10, "gin_bonus": 25,
     "double_gin": False, "undercut": "difference", "wall": 2, "wall_knock": True, "stock_out": "draw",
     "scoring": "single", "target": 100, "box_bonus": 25, "game_bonus": 100}, players=(2,))}


def team_names(n: int, style: str) -> tuple[list[str], list[str]]:
    """The two team names and the seat names (two players are teams of one)."""
    if n == 2:
        return ["Player 1", "Player 2"], ["Player 1", "Player 2"]
    if style == "guys_vs_girls":
        return ["Guys", "Girls"], [f"{('Guy', 'Girl')[s % 2]} {s // 2 + 1}" for s in range(n)]
    return ["Team A", "Team B"], [f"{'AB'[s % 2]}{s // 2 + 1}" for s in range(n)]


def meld_words(text: str) -> str:
    """A meld's text ("TH JH QH run") as a person reads it: "10♥ J♥ Q♥ (run)"."""
    words = text.split()
    cards = [C.LABEL_OF[C.card(w)] for w in words if C.is_card_code(w)]
    return f"{' '.join(cards)} ({words[-1]})"


class GinPhase(PhaseName):
    """Gin's own phases (the turn's are the kernel's ``Phase``); ``str`` is what views show."""

    #: the upcard is offered to the non-dealer, then the dealer
    UPCARD = "upcard", "The upcard: take it or pass"
    #: two cards left: the last discard may be taken only to knock
    WALL = "wall", "The wall: take the last discard to go out, or pass"
    #: after a knock the knocker lays his melds, where he has a choice
    ARRANGE = "arrange", "The knocker lays his melds"
    #: after a knock the defender lays off on the knocker's melds
    LAYOFF = "layoff", "Laying off on the knocker's melds"


class GinRummy(DrawDiscardState):
    #: what a person sees; the tables, the rotation and the dealing team only with several tables
    FIELDS: tuple[Field, ...] = (
        Field("deal", ""),  # the round (and table) say it
        Field("round", "{Deal}", Kind.NUMBER, head=True), Field("table_of", "Table", Kind.COUNTER, head=True),
        Field("tables", "Tables", Kind.TEXT, minor=True),
        Field("dealing_team", "Dealing team", Kind.TEXT, minor=True),
        Field("knock_limit", "Most deadwood to knock", Kind.NUMBER),
        Field("deadwood", "Your deadwood", Kind.NUMBER),
        Field("results", "This round", Kind.TEXT),
        Field("last_hand_shown", "Last hand", Kind.TEXT, minor=True),
        Field("gins_shown", "Gins", Kind.TEXT), Field("games_won", "Games won", Kind.TEXT),
        Field("rounds_won_shown", "Rounds won", Kind.TEAMS),
    )
    DEAL_WORD = "round"
    RUMMY_RULES = RummyRules(melds_in_turn=False, lay_off_in_turn=False, restock=END)
    PHASE_LABELS: ClassVar[dict[str, str]] = {Phase.PLAY: "Discarding, or going out"}
    options: GinOptions
    phases: ClassVar[dict[str, PhaseHandler[Any]]] = {
        **DrawDiscardState.phases, Phase.DRAW: GinDraw(), Phase.PLAY: GinPlay(),
        GinPhase.UPCARD: UpcardPhase(), GinPhase.WALL: WallPhase(), GinPhase.LAYOFF: LayOffPhase(),
        GinPhase.ARRANGE: ArrangePhase(),
    }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        o = self.options
        self.knock_limit, self.wall = o.knock_limit, o.wall  # read on every turn
        self._init_table(MeldRules(ace=o.ace, jokers_wild=False), teams=2,
                         rummy=replace(self.RUMMY_RULES, discard_taken=o.discard_taken))
        self.match_rules = MatchRules(target=o.target)  # single; Hollywood: each game's target
        self.solver = solver_for(self.meld_rules, RUMMY_VALUES)
        self.bits = BOARD_BITS[o.ace]
        self.stacked = [p.split() for p in " ".join(self.stacked_deck or []).split("/")]
        self.team_names, self.names = team_names(self.num_players, o.teams)
        self.round_no = self.table_no = 0
        self.dealing_team = 0 if self.stacked_deck is not None else self.rng.randrange(2)
        self.results: list[HandResult] = []
        #: the last hand laid down: round, table, result, the two hands, melds and owners, the seats
        self.last_hand: tuple[Any, ...] = ()
        self.last_shown: dict[str, Any] | None = None  # its view, made when first looked at
        self.last_words: list[str] | None = None  # and the same in words
        self.boxes = [0, 0]
        #: the three Hollywood games (Gins are its bonuses, each worth ``gin_value`` at the close)
        self.hollywood = HollywoodSheet.start(o.target, o.gin_value, GAMES)
        self._start_round()

    # ---- teams, tables and deals ----------------------------------------------------------

    def _sheet_columns(self) -> list[str]:
        names = team_names(self.num_players, self.options.teams)[0]
        if self.options.scoring == "single":
            return names
        return [f"{t}: {g}" for t in names for g in ("Game 1", "Game 2", "Game 3", "total")]

    def table_pairs(self) -> list[tuple[int, int]]:
        """Round r: Guy i meets Girl i + r − 1 (the Girls move one table on each round)."""
        return rotation_pairs(self.num_players, self.round_no)

    def other(self, seat: int) -> int:
        a, b = self.pair
        return b if seat == a else a

    def next_seat(self, seat: int) -> int:
        """Turns alternate between the two players at the table."""
        return self.other(seat)

    def round_label(self) -> str:
        return self.deal_name(self.round_no)

    def _start_round(self) -> None:
        self.round_no += 1
        self.table_no = 0
        self.results = []
        self._start_table()

    def _start_table(self) -> None:
        o = self.options
        self.pair = self.table_pairs()[self.table_no]
        self.dealer = self.pair[self.dealing_team]
        opener = self.other(self.dealer)
        self.begin_deal()
        sizes = [0] * self.num_players
        sizes[self.dealer], sizes[opener] = o.hand_size, o.hand_size + (o.first_turn == "discard")
        self.deal(sizes, upcard=o.first_turn == "upcard")
        where = f", table {self.table_no + 1} of {self.num_players // 2}" if self.num_players > 2 else ""
        self.emit("deal", f"{self.round_label()}{where}: {self.names[self.dealer]} deals to "
                          f"{self.names[opener]}.", seat=self.dealer)
        if o.first_turn == "upcard":
            self.turn, self.phase_name = opener, GinPhase.UPCARD
        else:
            self.begin_turn(opener, draw=False)

    def begin_deal(self) -> None:
        super().begin_deal()
        self.passes = 0
        self.wall_take = False
        self.knocker, self.knock_kind, self.knock_deadwood = -1, "", 0
        self.face_down: list[int] = []

    def _deck_problem(self) -> str:
        """Every stacked deal is checked when the game starts, not when it is reached (a bad one
        would otherwise break the match after the deals before it were scored)."""
        for i, part in enumerate(self.stacked):
            why = C.deck_problem(self.deck_template(), part)
            if why:
                return f"Stacked deal {i + 1}: {why}" if len(self.stacked) > 1 else why
        return ""

    def _fresh_deck(self) -> list[int]:
        part = self.stacked[self.deal_no - 1] if self.deal_no <= len(self.stacked) else []
        return C.stack_deck(self.deck_template(), part, self.rng) if part else \
            C.shuffled(self.deck_template(), self.rng)

    # ---- deadwood --------------------------------------------------------------------------

    def deadwood_floor(self, hand: list[int]) -> int:
        """A cheap lower bound on the deadwood after the best discard: cards in no set or run of
        the hand at all stay deadwood, less the dearest of them. Knocking is checked with the
        exact solver only when this bound is within the limit (rarely, in random play)."""
        bits = self.bits
        h = 0
        for c in hand:
            h |= bits[c]
        covered = h & (h >> 1) & (h >> 2)  # where a run of three starts
        covered |= (covered << 1) | (covered << 2)
        a, b, c3, d = h & 0xFFFF, (h >> 16) & 0xFFFF, (h >> 32) & 0xFFFF, h >> 48
        covered |= ((a & b & (c3 | d)) | (c3 & d & (a | b))) * 0x0001_0001_0001_0001  # sets of 3+
        loose = h & ~(covered | ((covered >> 13) & _ACES))  # a high ace melded is melded
        t0, m0 = _LOOSE[loose & 0x1FFF]
        t1, m1 = _LOOSE[(loose >> 16) & 0x1FFF]
        t2, m2 = _LOOSE[(loose >> 32) & 0x1FFF]
        t3, m3 = _LOOSE[(loose >> 48) & 0x1FFF]
        return t0 + t1 + t2 + t3 - max(m0, m1, m2, m3)

    def deadwood_after(self, hand: list[int]) -> dict[int, int]:
        """The least deadwood after each possible discard (exact; recent hands are remembered, as
        legality, views and bots ask about the same hand)."""
        key = (self.meld_rules.ace, *sorted(hand))
        found = _AFTER.get(key)
        if found is None:
            if len(_AFTER) > 4096:
                _AFTER.clear()
            found = _AFTER[key] = self.solver.deadwood_after_discards(hand)
        return found

    # ---- the play's discard, and ending the hand: can / why not / do ---------------------------

    def _discard_moves(self, seat: int) -> list[Move]:
        """Any card but the one just taken (unless allowed); none after taking the wall's discard,
        which was taken to knock."""
        if self.wall_take:
            return []
        taken = -1 if self.rummy.discard_taken or self.taken is None else self.taken
        return [DISCARD[c] for c in sorted(self.hands[seat]) if c != taken]

    def discard_rule(self, seat: int, move: Move) -> str | None:
        if self.wall_take:
            return "You took the last discard to knock: knock or go gin now."
        return super().discard_rule(seat, move)

    def _end_moves(self, seat: int) -> list[Move]:
        taken = -1 if self.rummy.discard_taken or self.taken is None else self.taken
        return self._endings(self.hands[seat], taken)

    def _endings(self, hand: list[int], taken: int) -> list[Move]:
        """Knock, gin and double gin with this hand, never discarding ``taken``."""
        o = self.options
        if self.deadwood_floor(hand) > o.knock_limit:
            return []
        after = self.deadwood_after(hand)
        out = [GIN[c] if after[c] == 0 else KNOCK[c] for c in sorted(after)
               if c != taken and after[c] <= o.knock_limit]
        if o.double_gin and self.solver.deadwood(hand) == 0:
            out.append(DOUBLE_GIN)
        return out

    def _lay_off_choices(self, seat: int) -> list[Move]:
        out: list[Move] = []
        for i, meld in enumerate(self.melds):
            for c in sorted(self.hands[seat]):
                ways = self.meld_rules.lay_offs(meld, c)
                if len(ways) == 1:
                    out.append(lay_off_move(i + 1, c))
                else:
                    out.extend(lay_off_move(i + 1, c, lay_off_end(meld, m)) for m in ways)
        return out

    # ---- the hand's steps ----------------------------------------------------------------------

    def _pass_upcard(self, seat: int) -> None:
        self.passes += 1
        self.emit("pass", f"{self.names[seat]} passes the upcard.", seat=seat)
        if self.passes == 1:
            self.turn = self.dealer
            return
        opener = self.other(self.dealer)  # both passed: the non-dealer must draw, so it is done
        self.begin_turn(opener)
        self.draw_card(opener)

    def _after_meld(self, seat: int) -> None:
        """Lay-offs never end a gin hand by themselves."""

    def _next_turn(self, seat: int) -> None:
        nxt = self.other(seat)
        if len(self.stock) > self.wall:
            self.begin_turn(nxt)
        elif self.options.wall_knock and self._endings([*self.hands[nxt], self.discards[-1]],
                                                       -1 if self.rummy.discard_taken else self.discards[-1]):
            self.turn, self.taken, self.phase_name = nxt, None, GinPhase.WALL
        else:  # nobody may draw again, and the last discard would not make a knock
            self.emit("wall", f"{words(len(self.stock)).capitalize()} cards are left in the stock: the hand "
                              "is over.")
            self._on_hand_over(None)

    def _declare(self, seat: int, move: Move) -> None:
        """Knock (Run), gin or double gin: discard face down; a runner with more than one way to
        meld lays his melds as he chooses (``lay ...``), anyone else lays the only way there is."""
        for c in move.cards:
            self.remove_from_hand(seat, (c,))
            self.face_down.append(c)
            self.emit("discard", f"You discard {C.LABEL_OF[c]} face down.", seat=seat, to=seat)
        self.knock_kind = "double gin" if move.verb == "double" else move.verb
        ways = self._arrangement_moves(seat) if self.knock_kind == "knock" else []
        if len(ways) > 1:
            self.turn, self.phase_name = seat, GinPhase.ARRANGE
        else:  # a Gin melds every card, and nobody lays off on it: the best way is the only one
            self._lay_down(seat, ways[0] if ways else lay_move(self.solver.best(self.hands[seat]).melds))

    def _arrangement_moves(self, seat: int) -> list[Move]:
        """The runner's ways to lay his melds, deadwood within the knock limit, least first."""
        return [lay_move(a) for a in arrangements(self.hands[seat], self.meld_rules, self.knock_limit)]

    def _resolve(self, seat: int, move: Move, legal: list[Move]) -> Move | None:
        """An arrangement named with its melds or their cards in another order."""
        if move.verb != LAY:
            return super()._resolve(seat, move, legal)
        return next((m for m in legal if m.verb == LAY and same_arrangement(m, move)), None)

    def _lay_down(self, seat: int, lay: Move) -> None:
        """The runner's melds go on the table as arranged; the rest is his deadwood."""
        for cards in groups_of(lay):
            found = self.meld_rules.check(cards, None)
            assert isinstance(found, Meld)
            self.place_meld(seat, found)
        laid = self.melds[-len(groups_of(lay)):] if groups_of(lay) else []
        left = self.hands[seat]
        self.knocker, self.knock_deadwood = seat, sum(RUMMY_VALUES[c] for c in left)
        word = {"knock": "knocks" if self.options.scoring == "single" else "runs", "gin": "goes Gin",
                "double gin": "goes Double Gin"}[self.knock_kind]
        labels = " ".join(C.LABEL_OF[c] for c in self.sorted_hand(left))
        dead = f", deadwood {labels} ({self.knock_deadwood})" if left else ""
        self.emit("knock", f"{self.names[seat]} {word}: {'; '.join(m.describe() for m in laid)}{dead}.",
                  seat=seat, ending=self.knock_kind)
        if self.knock_kind == "knock":
            self._offer_lay_offs(self.other(seat))
        else:
            self._score_gin(seat)

    def _offer_lay_offs(self, defender: int) -> None:
        """The defender lays off while a card fits the runner's melds; then the hand is scored."""
        if self.hands[defender] and self._lay_off_choices(defender):
            self.turn, self.phase_name = defender, GinPhase.LAYOFF
        else:
            self._score_run(defender)

    # ---- scoring a hand --------------------------------------------------------------------------

    def _score_gin(self, seat: int) -> None:
        defender = self.other(seat)
        y = self.solver.deadwood(self.hands[defender])
        result = gin_result(self.options, self.names, self.table_no, seat, defender, y, self.knock_kind)
        self._hand_over(result)

    def _score_run(self, defender: int) -> None:
        x, y = self.knock_deadwood, self.solver.deadwood(self.hands[defender])
        self._hand_over(run_result(self.options, self.names, self.table_no, self.knocker, defender, x, y))

    def _on_hand_over(self, out: int | None) -> None:
        """The stock ran out: a draw, or both lay down and the lower deadwood scores the difference."""
        a, b = self.pair
        dead = (self.solver.deadwood(self.hands[a]), self.solver.deadwood(self.hands[b]))
        self._hand_over(stock_out_result(self.options, self.names, self.table_no, self.pair, dead))

    def _hand_over(self, result: HandResult) -> None:
        self.phase_name = Phase.NONE
        self.results.append(result)
        hands = [list(self.hands[s]) for s in self.pair]
        melds = [(m.text, o) for m, o in zip(self.melds, self.meld_owner, strict=True)]
        self.last_hand = (self.round_no, self.table_no + 1, result.text, hands, melds, self.pair)
        self.last_shown = None
        if self.face_down:
            self.emit("reveal", f"The face-down discard was {C.LABEL_OF[self.face_down[0]]}.")
        self.emit("hand", result.text, seat=result.winner, points=result.points, gins=result.gins)
        if self.table_no + 1 < len(self.table_pairs()):
            self.table_no += 1
            self._start_table()
        else:
            self.end_round()

    # ---- scoring a round -------------------------------------------------------------------------

    def end_round(self) -> None:
        """Total each team's points and Gins over the tables; the differences are awarded."""
        award, gin_award = round_awards(self.results, self.num_players)
        if award is not None:
            self.dealing_team = award[0]
        if self.options.scoring == "hollywood":
            self.record_hollywood(award, gin_award)
        else:
            self.record_single(award)

    def _write(self, row: Row) -> None:
        self.sheet.add(row.label, row.points, details=row.details, note=row.note)

    def record_single(self, award: tuple[int, int] | None) -> None:
        """One game: the award to the team's column, a box per round won; at the target the box
        and game bonuses, and the higher total wins."""
        o = self.options
        row, self.boxes = single_round(award, self.boxes)
        self.sheet.add(self.round_label(), row, note=" ".join(r.text for r in self.results))
        totals = self.sheet.totals
        if match_end(self.match_rules, totals, self.round_no) is None:
            self._start_round()
            return
        for bonus in single_closing(o, self.boxes, totals):
            self._write(bonus)
        reached = self.team_names[totals.index(max(totals))]
        self._finish_teams(self.sheet.totals, f"{reached} reached {o.target}.")

    def record_hollywood(self, award: tuple[int, int] | None, gin_award: tuple[int, int] | None) -> None:
        """Three games at once: the award in the team's games, the Gins circled where it had points."""
        label = self.round_label()
        self.hollywood, row = hollywood_round(self.hollywood, award, gin_award, self.team_names, label)
        self._write(row)
        self.hollywood, closed = hollywood_closes(self.hollywood, self.team_names)
        for done in closed:
            self._write(done)
            self.emit("game", done.note + ".")
        if self.hollywood.closed:
            self._finish_teams(self.hollywood.totals(), "All three games are closed.")
        else:
            self._start_round()

    # the Hollywood sheet's figures, by the names the scenarios use (readable and settable)

    @property
    def columns(self) -> list[list[int]]:
        return [list(p) for p in self.hollywood.points]

    @columns.setter
    def columns(self, value: list[list[int]]) -> None:
        self.hollywood = replace(self.hollywood, points=tuple(tuple(p) for p in value))

    @property
    def gins(self) -> list[list[int]]:
        return [list(g) for g in self.hollywood.bonuses]

    @gins.setter
    def gins(self, value: list[list[int]]) -> None:
        self.hollywood = replace(self.hollywood, bonuses=tuple(tuple(g) for g in value))

    @property
    def entered(self) -> list[list[bool]]:
        return [list(e) for e in self.hollywood.entered]

    @entered.setter
    def entered(self, value: list[list[bool]]) -> None:
        self.hollywood = replace(self.hollywood, entered=tuple(tuple(e) for e in value))

    @property
    def winner_of(self) -> list[int]:
        return list(self.hollywood.winner_of)

    def deal_estimate(self) -> list[float]:
        """The search's horizon estimate (:mod:`gamenight.bots.horizon`): the hand scored as a
        stock out now, the lower deadwood (after the best discard, for a hand yet to discard)
        taking the difference, in its side's total column."""
        row = [0.0] * len(self.sheet.columns)
        a, b = self.pair
        da, db = (self._least_deadwood(self.hands[s]) for s in (a, b))
        row[self.column_of(a)] += max(0, db - da)
        row[self.column_of(b)] += max(0, da - db)
        return row

    def _least_deadwood(self, hand: list[int]) -> int:
        if len(hand) > self.options.hand_size:
            return min(self.deadwood_after(hand).values())
        return self.solver.deadwood(hand)

    def column_of(self, seat: int) -> int:
        """The sheet column of ``seat``'s side: its team's total, after its three games, on the
        Hollywood sheet (the search's reward and the partners' grouping read it; the seat's own
        number named another side's game there)."""
        team = self.team_of(seat)
        return team if self.options.scoring == "single" else 4 * team + GAMES

    def _finish_teams(self, totals: list[int], reason: str) -> None:
        teams, words = match_words(self.team_names, totals, reason)
        per_seat = [totals[self.team_of(s)] for s in range(self.num_players)]
        self.finish(per_seat, [s for s in range(self.num_players) if self.team_of(s) in teams], words)

    # ---- what a seat sees --------------------------------------------------------------------------

    def zones(self) -> list[Zone]:
        """The knocker's deadwood is laid face up; the face-down discard is the knocker's secret."""
        zones = super().zones()
        if self.knocker >= 0:
            hand = zones[self.knocker]
            hand.visibility, hand.label = Visibility.PUBLIC, f"{self.names[self.knocker]}'s deadwood"
        return zones

    def _own_zones(self) -> list[Zone]:
        knocker = self.knocker if self.knocker >= 0 else None
        return [Zone("face_down", self.face_down, C.CARD_TEXT, owner=knocker, show=Show.PILE,
                     visibility=Visibility.NOBODY if knocker is None else Visibility.OWNER,
                     label="The face-down discard")]

    def _view(self, seat: int | None) -> dict[str, Any]:
        out = self._table_view(seat)
        n = self.num_players
        last = self._last_hand_view()
        out.update({
            "teams": [{"name": self.team_names[t], "seats": list(range(t, n, 2))} for t in (0, 1)],
            "round": self.round_no,
            "table": self.table_no + 1,
            "table_seats": list(self.pair),
            "knock_limit": self.options.knock_limit,
            "deadwood": self._own_deadwood(seat),
            "knock": None if self.knocker < 0 else {
                "by": self.knocker, "kind": self.knock_kind, "deadwood": C.codes(self.hands[self.knocker]),
                "deadwood_value": self.knock_deadwood},
            "round_results": [r._asdict() for r in self.results],
            "last_hand": last,
            "last_hand_shown": self.last_words if last is not None else None,
        })
        if n > 2:  # a tournament: several tables, a rotation and a dealing team
            out.update({
                "table_of": [self.table_no + 1, n // 2],
                "tables": [f"{self.names[a]} v {self.names[b]}" for a, b in self.table_pairs()],
                "dealing_team": self.team_names[self.dealing_team],
                "results": [r.text for r in self.results],
            })
        if self.options.scoring == "hollywood":
            sheet = self.hollywood
            out["games"] = [{"team": self.team_names[t], "points": list(sheet.points[t]),
                             "gins": list(sheet.bonuses[t])} for t in (0, 1)]
            out["game_winners"] = [self.team_names[w] if w >= 0 else None for w in sheet.winner_of]
            out["gins_shown"] = [f"{self.team_names[t]}: " + ", ".join(
                f"Game {j + 1} {plural_gins(g)}" for j, g in enumerate(sheet.bonuses[t]) if g)
                for t in (0, 1) if any(sheet.bonuses[t])]
            out["games_won"] = [f"Game {j + 1}: {self.team_names[w]}" for j, w in enumerate(sheet.winner_of)
                                if w >= 0]
        else:
            out["rounds_won"] = {self.team_names[t]: self.boxes[t] for t in (0, 1)}
            out["rounds_won_shown"] = list(self.boxes)
        return out

    def _last_hand_shown(self, last: dict[str, Any]) -> list[str]:
        """The last hand in words: how it ended, then each hand as laid down."""
        lines = [f"{self.deal_name(last['round'])}: {last['result']}"]
        for name in self.names:
            hand = last.get(name)
            if hand is not None:
                melds = "; ".join(meld_words(m) for m in hand["melds"])
                dead = " ".join(C.LABEL_OF[C.card(c)] for c in hand["deadwood"]) or "none"
                laid = f"{melds}; " if melds else ""
                lines.append(f"{name}: {laid}deadwood {dead} ({hand['deadwood_value']})")
        return lines
    def _own_deadwood(self, seat: int | None) -> int | None:
        """The seat's least deadwood (after its best discard, while it is to discard)."""
        if seat is None or seat not in self.pair or seat == self.knocker or not self.hands[seat]:
            return None
        if self.phase_name == Phase.PLAY and seat == self.turn:
            return min(self.deadwood_after(self.hands[seat]).values())
        return self.solver.deadwood(self.hands[seat])

    def _last_hand_view(self) -> dict[str, Any] | None:
        """Both hands of the last hand as laid down, for everyone to check the count."""
        if not self.last_hand or self.last_shown is not None:
            return self.last_shown
        round_no, table, text, hands, melds, pair = self.last_hand
        shown: dict[str, Any] = {"round": round_no, "table": table, "result": text}
        for seat, hand in zip(pair, hands, strict=True):
            best = self.solver.best(hand)
            laid = [m for m, owner in melds if owner == seat] + [m.text for m in best.melds]
            shown[self.names[seat]] = {"melds": laid, "deadwood": C.codes(best.deadwood),
                                       "deadwood_value": best.deadwood_value}
        self.last_shown = shown
        self.last_words = self._last_hand_shown(shown)
        return shown


#: deadwood after each discard, for the last few thousand hands asked about
_AFTER: dict[tuple[object, ...], dict[int, int]] = {}
#: per card, its bit(s) on a board of 16 bits a suit by run position: ace 0 (and 13 where it may
#: also be high), two..king 1..12
BOARD_BITS = {ace: tuple(sum(1 << (16 * (c // 13) + p) for p in (
    ((0, 13) if ace == "either" else (0,)) if c % 13 == C.ACE else (c % 13 + 1,))) for c in range(52))
    for ace in ("either", "low")}
_ACES = sum(1 << (16 * s) for s in range(4))
#: per 13-bit suit pattern (ace at bit 0, two..king at 1..12): its cards' total value and the dearest
_LOOSE = tuple((sum(min(10, p + 1) if p else 1 for p in range(13) if m >> p & 1),
                max((min(10, p + 1) if p else 1 for p in range(13) if m >> p & 1), default=0))
               for m in range(1 << 13))

SPEC: GameSpec = register(GameSpec(
    id="gin-rummy",
    title="Gin Rummy",
    family="rummy",
    players=(2, 4, 6, 8),
    default_players=2,
    options_cls=GinOptions,
    state_cls=GinRummy,
    presets=PRESETS,
    summary="The family's tournament gin: 13 and 12 cards, Gin, Double Gin and Runs under 10, teams that "
            "rotate, three Hollywood games to 200 with Gins; preset 'standard' is classic gin to 100.",
    teams="Guys against Girls (or any two equal teams); the Girls move one table on each round",
    rules=__doc__ or "",
))

__all__ = ["SPEC", "GinOptions", "GinRummy", "HandResult", "difference", "run_score", "team_names"]
