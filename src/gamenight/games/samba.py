"""Samba, with Bolivia and Brazilian Canasta as presets (seed 004, variations 1-3; spec
other-seeds §8.1-8.3 on classic canasta §7). One id, ``samba``, because the three are one game
with switches: ``gamenight list`` shows Samba once and its presets ``bolivia`` and ``brazilian``.

**Samba (default).** Four players in two partnerships, partners opposite. 162 cards (three decks
and six jokers); fifteen cards each; the next card is turned up to start the pile (a wild card or
red three is covered by the next, and stays in the pile, freezing it). The deal moves left.

* **A turn**: ``draw`` takes two cards from the stock; or take the pile (below); then meld, and
  ``discard 9C`` (not when going out by melding every card).
* **Melds**: a *group* is three or more of one rank with at least two naturals and at most two
  wild cards (``meld KC KD KH``, ``meld KC KD 2S``; grow it with ``add 4 KS`` or ``add KS``); a side
  may hold several groups of one rank and ``merge 2 5`` them (the merged group still holds at most
  two wilds; HOUSE). A *sequence* is three or more consecutive cards of one suit, four lowest and
  ace high, with no wild card (``meld 6C 7C 8C``, ``add 3 9C``); seven is a *samba* and cannot grow.
  Two sequences of one suit merge when the result is consecutive and at most seven (4 + 4 cannot).
  Wild cards are never melded alone. Threes are never melded, except three or four black threes
  by a player going out. Naturals from the hand may go onto a group canasta; wild cards never
  (gap 6), and the pile's top card never.
* **The pile** has two routes (D4): ``pickup 9H 9S`` melds the top card with a natural pair from
  the hand as a new group and takes the whole pile; ``pickup 3`` adds the top card to the side's
  sequence 3 (fewer than seven cards) and takes only that card (option ``seq_pickup_takes``:
  the whole pile, as BIC). The top card never starts a sequence. A three or a wild card on top
  blocks the pile (no pair can match it). HOUSE gap 4: the sequence route needs a side that has
  melded and a pile that is not frozen (it holds no wild card and no red three); the pair route
  needs only the pair. A player holding one card may not take a pile of one card.
* **First meld** by the side's score: below 0: 15; to 1,495: 50; to 2,995: 90; to 6,995: 120;
  from 7,000: 150 (gap 1, option ``samba_top_min``: 160 as BIC/HSW). Only cards laid that turn
  count; taking the pile for it, only the top card and the pair count, the rest of the pile waits
  in the hand until the minimum is met (§7.4). Below it, melds are provisional (``retract``).
* **Red threes** are laid out at once and replaced (from the stock; not from the pile). Each 100,
  all six for one side 1,000; plus when the side has two canastas, else minus (gap 5, option
  ``red3_positive_if``: any meld).
* **Going out** needs two canastas (groups or sambas in any mix), by melding every card or
  discarding the last; 200 for going out, no concealed bonus (gap 7). **Asking partner** (classic
  §7.6, option ``ask_partner``, default optional): right after the draw or the pile, before any
  meld, ``ask``; the partner's ``answer yes`` binds the player to go out that turn (no discard
  before his last card, no play that leaves no way out), ``answer no`` forbids it. He may ask
  only when a way out exists if the answer is yes (the kernel's rule: a "yes" must be keepable),
  found by an exact search of his hand (:func:`~gamenight.families.canasta_turn.seqrules.can_go_out`,
  up to eleven cards besides black threes; a longer hand is not offered the question).
* **The stock runs out** (fewer than two cards to draw): play goes on while the player to draw
  can take the pile (classic §7.7); else the hand ends without a going-out bonus.
* **Scoring** each side: the value of every melded card (joker 50, ace and two 20, K-8 10, 7-4 5,
  black three 5); samba 1,500, natural canasta 500, mixed 300 (gap 8: card values count too); red
  threes; going out; minus every card left in both partners' hands. First side to 10,000 wins; both
  over, the higher; an exact tie plays on (§7.9 gap 9).

**Preset ``bolivia``** (§8.2): Samba, plus *wild melds* of three to seven wild cards (2s and
jokers, ``meld 2C 2D JK``; seven is a *bolivia*, 2,500). Mixed groups keep two wild cards at most.
First meld 150 at every score (``opening=flat150``, D4's literal reading; ``samba_table`` gives
Samba's table with 150 from 7,000). Going out needs a canasta (group or bolivia; HOUSE) and a
samba. Game 15,000. A wild card on top can never be taken by a pair of wilds (HOUSE), so it always
blocks: the ``wild_top_blocks`` flag of §10 is the rule here, not an option. A black three left in
hand costs 5 (option ``black3_in_hand``: 100, BIC/BN).

**Preset ``brazilian``** (§8.3): Bolivia with a bolivia worth 2,000; each incomplete samba or
bolivia (a sequence or a wild meld of three to six) on the table costs 1,000 when the *other* side
goes out (``incomplete_penalty=d4``; nothing on an exhausted stock, HOUSE; ``published``: every
sequence shorter than five costs 1,000 whoever ends the hand); the pile may not be taken for the
first meld; first meld by score: to 6,995 (negative too, HOUSE includes 6,995) 150 points; 7,000:
a complete canasta (a samba counts, HOUSE); 8,000: a canasta and 200 points of cards laid that turn
(card values only, HOUSE); 9,000: a natural canasta or a samba (HOUSE). ``opening=brazilian_table``
keeps Samba's table below 7,000 (BIC/RG). Game 10,000; ``red3_table=brazilian`` gives the published
1-4 100 each, 5 1,000, 6 1,200 (default: Samba's).

Every preset difference is an option. ``max_hands`` caps a match (off by default) for simulations
where random players never reach the target.

**Gaps and decisions, by id** (other-seeds §8.1-8.3, §7.9, §10):

* Samba gap 1 (150 or 160 from 7,000): option ``samba_top_min``, default 150 (D4).
* Samba gap 2 (wilds in short sequences): never (BIC).
* Samba gap 3 (the sequence pickup): option ``seq_pickup_takes``, default the top card only (D4).
* Samba gap 4 (freezing): the sequence route only, frozen by a wild card or a red three in the
  pile, or a side that has not melded (HOUSE); a pair always takes the pile.
* Samba gap 5 (red-three sign): option ``red3_positive_if``, default two canastas.
* Samba gap 6 (wilds onto canastas): never; a merge that would put one onto a canasta is refused
  too, and two canastas are not merged (HOUSE: each keeps its bonus).
* Samba gap 7 (concealed bonus): none. Gap 8: a samba's cards count on top of its 1,500.
* Bolivia gaps: the first meld's reading (option ``opening``, default ``flat150``); a bolivia is
  the canasta going out needs (yes); a wild on top always blocks (no pair of wilds takes it);
  the black-three penalty (option ``black3_in_hand``, default 5).
* Brazilian gaps: the penalty (option ``incomplete_penalty``, default ``d4``: the side that did not
  go out, sequences and wild melds of three to six, nothing on an exhausted stock); 6,995 is in
  the 150 band; a samba counts as a canasta and as a natural canasta for the high bands; the 200
  is card values of the turn, no bonus; going out and red threes inherited (options ``go_out``,
  ``red3_table``, ``red3_positive_if`` give the published rules); asking partner as in Samba.
* §7.9: the negative minimum 15 (gap 1); the last red three from the stock ends the hand after
  the player's melds (gap 2, the kernel's); prevention, never penalties (gap 6); partners sit
  opposite (gap 8); an exact tie at the target plays another hand (gap 9); asking partner as
  classic canasta's §7.6 (option ``ask_partner``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from gamenight.core.layout import Field, Kind
from gamenight.core.options import Options, Preset, option
from gamenight.core.registry import GameSpec, register
from gamenight.equipment import cards as C
from gamenight.families.canasta import BookRules
from gamenight.families.canasta_turn import (
    BONUS,
    GROUP_OUT,
    OFF,
    OPTIONAL,
    PLAY_ON,
    AskRule,
    TurnRules,
    held_cost,
    is_red_three,
    is_wild,
)
from gamenight.families.canasta_turn.rules import MIN_SCORE, band_minimum
from gamenight.families.canasta_turn.seqrules import TOP_ONLY, WHOLE_PILE, SequenceRules, tally
from gamenight.families.canasta_turn.sequences import SequenceMixin
from gamenight.families.canasta_turn.threes import red_three_points
from gamenight.families.dealing import DealsCards
from gamenight.families.match import MatchEnd, MatchPlay, MatchRules
from gamenight.games.hand_and_foot import CLASS_CARD, card_values, class_counts, plural, team_names

SAMBA_TABLE, FLAT150, BRAZILIAN, BRAZILIAN_TABLE = "samba_table", "flat150", "brazilian", "brazilian_table"
TWO_CANASTAS, CANASTA_AND_SAMBA = "two_canastas", "canasta_and_samba"
ANY_MELD, ONE_CANASTA = "any_meld", "one_canasta"
D4, PUBLISHED = "d4", "published"
#: Samba's first-meld table: (from score, minimum), highest first; the top band is an option
SAMBA_BANDS = ((3000, 120), (1500, 90), (0, 50))
#: red threes: what a count is worth where it is not 100 apiece
RED3_TABLES: dict[str, tuple[tuple[int, int], ...]] = {"samba": ((6, 1000),),
                                                       "brazilian": ((5, 1000), (6, 1200))}
PART_WORDS = {"going_out": "going out", "canastas": "canastas", "red_threes": "red threes",
              "melded": "cards melded", "held": "cards left", "incomplete": "incomplete melds"}


@dataclass(frozen=True, kw_only=True)
class SambaOptions(Options):
    opening: str = option(SAMBA_TABLE, "First meld", "What a side's first meld must reach, by its score.",
                          choices={SAMBA_TABLE: "Samba's table: 15 below 0, 50, 90 from 1,500, 120 from "
                                                "3,000, "
                                                "the top minimum from 7,000",
                                   FLAT150: "150 at every score (Bolivia, D4)",
                                   BRAZILIAN: "150 up to 6,995; then a canasta; a canasta and 200 from "
                                              "8,000; "
                                              "a natural canasta from 9,000 (Brazilian, D4)",
                                   BRAZILIAN_TABLE: "Samba's table below 7,000, then the Brazilian canasta "
                                                    "bands (BIC/RG)"})
    samba_top_min: int = option(150, "Top minimum", "The first-meld minimum from 7,000 on Samba's table "
                                "(D4: 150; BIC and HSW: 160).", minimum=150, maximum=160)
    wild_melds: bool = option(False, "Wild melds", "Three to seven wild cards may be melded alone; seven is "
                              "a "
                              "bolivia (Bolivia, Brazilian).")
    bolivia_bonus: int = option(2500, "Bolivia", "Bonus for a bolivia, seven wild cards (Brazilian: 2,000).",
                                minimum=0, maximum=10_000)
    go_out: str = option(TWO_CANASTAS, "To go out", "The canastas a side needs to go out.",
                         choices={TWO_CANASTAS: "Two canastas or sambas in any mix (Samba)",
                                  CANASTA_AND_SAMBA: "A canasta (group or bolivia) and a samba (Bolivia)"})
    seq_pickup_takes: str = option(TOP_ONLY, "Top card onto a sequence", "What adding the pile's top card "
                                   "to a sequence takes.",
                                   choices={TOP_ONLY: "Only the top card; the rest of the pile stays (D4)",
                                            WHOLE_PILE: "The whole pile (BIC)"})
    red3_positive_if: str = option(TWO_CANASTAS, "Red threes count plus", "When a side's red threes count "
                                   "plus (otherwise minus).",
                                   choices={TWO_CANASTAS: "The side has two canastas (HSW)",
                                            ONE_CANASTA: "The side has a canasta (Brazilian, published)",
                                            ANY_MELD: "The side has melded (classic canasta)"})
    red3_table: str = option("samba", "Red three table", "What red threes are worth.",
                             choices={"samba": "100 each, all six 1,000 (D4)",
                                      "brazilian": "100 each up to four, five 1,000, six 1,200 (published)"})
    black3_in_hand: int = option(5, "Black three left", "What a black three left in hand costs (classic: 5, "
                                 "its card value; BIC and BN: 100).", minimum=5, maximum=100)
    incomplete_penalty: str = option(OFF, "Incomplete melds", "A penalty for sambas and bolivias left "
                                     "incomplete.",
                                     choices={OFF: "No penalty (Samba, Bolivia)",
                                              D4: "1,000 for each sequence or wild meld of three to six, "
                                                  "when the other side goes out (Brazilian, D4)",
                                              PUBLISHED: "1,000 for each sequence shorter than five, whoever "
                                                         "ends the hand (BIC, RG)"})
    ask_partner: str = option(OPTIONAL, "Ask partner", "Asking the partner 'may I go out?' (four players).",
                              choices={OPTIONAL: "A player may ask, and the answer binds (the book)",
                                       OFF: "Nobody asks"})
    pile_opens: bool = option(True, "Pile for the first meld", "The pile may be taken to make a side's first "
                              "meld (Brazilian: no).")
    target: int = option(10000, "Target", "The match ends after a hand in which a side reaches this.",
                         minimum=500, maximum=100_000)
    max_hands: int = option(0, "Most hands", "Stop after this many hands even if nobody reached the target, "
                            "the higher total winning (0: never).", minimum=0, maximum=100)


PRESETS = {
    "bolivia": Preset(
        "bolivia", "Bolivia (D4 variation 2): Samba with wild melds, a bolivia of seven wilds 2,500, first "
        "meld 150, a canasta and a samba to go out, game 15,000.",
        {"wild_melds": True, "opening": FLAT150, "go_out": CANASTA_AND_SAMBA, "target": 15000}),
    "brazilian": Preset(
        "brazilian", "Brazilian Canasta (D4 variation 3): Bolivia with a bolivia 2,000, 1,000 off for each "
        "incomplete samba or bolivia, first melds by score up to a natural canasta, no pile to open, "
        "game 10,000.",
        {"wild_melds": True, "opening": BRAZILIAN, "go_out": CANASTA_AND_SAMBA, "bolivia_bonus": 2000,
         "incomplete_penalty": D4, "pile_opens": False, "target": 10000}),
}


#: the family's card values (a two 20), by card
VALUES = card_values(20)


@dataclass(frozen=True, slots=True)
class SambaHand:
    """What a side's score for a hand depends on: its canastas by kind (natural and mixed groups,
    sambas, bolivias), its incomplete sequences (those of three or four cards, those of five or
    six) and wild melds, its red threes, its melded cards and the cards left in its players'
    hands (counts by :data:`~gamenight.games.hand_and_foot.CARD_CLASSES`), whether it went out
    and whether anyone did."""

    natural: int
    mixed: int
    sambas: int
    bolivias: int
    short_runs: int
    runs_five_six: int
    short_wilds: int
    red_threes: int
    melded: Mapping[str, int]
    held: Mapping[str, int]
    went_out: bool
    anyone_out: bool

    @property
    def canastas(self) -> int:
        return self.natural + self.mixed + self.sambas + self.bolivias


def incomplete(o: SambaOptions, h: SambaHand) -> int:
    """The incomplete melds charged: D4's against the side that did not go out (nothing on an
    exhausted stock), the published rule's every sequence shorter than five."""
    if o.incomplete_penalty == D4 and h.anyone_out and not h.went_out:
        return h.short_runs + h.runs_five_six + h.short_wilds
    if o.incomplete_penalty == PUBLISHED:
        return h.short_runs
    return 0


def score_samba_side(o: SambaOptions, h: SambaHand) -> dict[str, int]:
    """A side's points for a hand by part: the scoring a played table and the score pad both use."""
    red = red_three_points(h.red_threes, 100, RED3_TABLES[o.red3_table])
    plus = (h.canastas >= 2 if o.red3_positive_if == TWO_CANASTAS
            else h.canastas >= 1 if o.red3_positive_if == ONE_CANASTA else sum(h.melded.values()) > 0)
    return {
        "going_out": 200 if h.went_out else 0,
        "canastas": h.natural * 500 + h.mixed * 300 + h.sambas * 1500 + h.bolivias * o.bolivia_bonus,
        "red_threes": red if plus else -red,
        "melded": sum(n * VALUES[CLASS_CARD[k]] for k, n in h.melded.items()),
        "held": -sum(n * held_cost(CLASS_CARD[k], VALUES, 0, o.black3_in_hand) for k, n in h.held.items()),
        "incomplete": -1000 * incomplete(o, h),
    }


def first_meld(o: SambaOptions, score: int) -> tuple[int, str]:
    """A side's first-meld minimum at this score, and the canasta it needs ("any", "natural" or
    none)."""
    if o.opening == FLAT150:
        return 150, ""
    if o.opening == BRAZILIAN or (o.opening == BRAZILIAN_TABLE and score >= 7000):
        points = 200 if 8000 <= score < 9000 else 0 if score >= 7000 else 150
        return points, "natural" if score >= 9000 else "any" if score >= 7000 else ""
    return band_minimum(((7000, o.samba_top_min), *SAMBA_BANDS, (MIN_SCORE, 15)), score), ""


def match_rules(o: SambaOptions) -> MatchRules:
    return MatchRules(target=o.target, play_on_tied=True, cap=o.max_hands)


def match_reason(o: SambaOptions, why: MatchEnd) -> str:
    if why is MatchEnd.TARGET:
        return f"A side reached {o.target}."
    return f"Nobody reached {o.target} in {plural(o.max_hands, 'hand')}."


class Samba(DealsCards, MatchPlay, SequenceMixin):
    FIELDS: tuple[Field, ...] = (
        Field("pile_state", "The pile", Kind.TEXT),
        Field("first_meld", "Your side's first meld", Kind.TEXT),
        Field("last_round", "Last hand", Kind.TEXT, minor=True),
    )
    DEAL_WORD = "hand"
    options: SambaOptions

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        o = self.options
        seqs = SequenceRules(
            group_max_wilds=2, wild_melds=o.wild_melds,
            need_any=2, need_groups=1 if o.go_out == CANASTA_AND_SAMBA else 0,
            need_sambas=1 if o.go_out == CANASTA_AND_SAMBA else 0,
            seq_pickup_takes=o.seq_pickup_takes, pile_opens=o.pile_opens)
        # the books' rules feed only the kernel's count search for the first meld's reach via the
        # pile (groups closing at seven: a lower bound on what Samba's melds can lay)
        books = BookRules(max_wilds=2, wild_books=o.wild_melds, dirty_closes=True)
        rules = TurnRules(books=books, draw=2, red_threes=BONUS, black_threes=GROUP_OUT,
                          ask=AskRule(o.ask_partner),
                          stock_out=PLAY_ON, sequences=seqs, foot=False)
        self._init_canasta(rules, card_values(20))
        self.match_rules = match_rules(o)
        self.deal_no = 0
        self.last_hand: dict[str, Any] | None = None
        self.last_round: list[str] | None = None
        self._start_deal()

    def _sheet_columns(self) -> list[str]:
        return team_names(self.num_players)

    def deck_template(self) -> list[int]:
        return C.standard_deck(decks=3, jokers=6)

    # ---- the deal ----------------------------------------------------------------------

    def _start_deal(self) -> None:
        if self.deal_no:
            self.pass_deal()
        self.deal_no += 1
        n = self.num_players
        self.hands = [[] for _ in range(n)]
        self.feet = [[] for _ in range(n)]
        self.knowledge.clear()
        self.books = [[] for _ in range(self.teams)]
        self.red3 = [[] for _ in range(self.teams)]
        self.opened = [False] * self.teams
        self.discards = []
        self.upcard_take = False
        self.emit("deal", f"{self.deal_name()}: {self.names[self.dealer]} deals. First meld: "
                          + ", ".join(f"{self.sheet.columns[t]} {self.opening_words(t)}"
                                      for t in range(self.teams))
                          + ".")
        deck = self._fresh_deck()
        pos = 0
        for i in range(15 * n):
            self.hands[(self.dealer + 1 + i) % n].append(deck[pos])
            pos += 1
        up = deck[pos]
        pos += 1
        self.discards.append(up)
        while is_wild(up) or is_red_three(up):
            up = deck[pos]
            pos += 1
            self.discards.append(up)
            self.emit("cover", f"The turned-up card is covered (the pile is frozen): {C.LABEL_OF[up]} shows.")
        self.stocks = [list(reversed(deck[pos:]))]
        self.start_play(self.left_of_dealer())

    # ---- the first meld ------------------------------------------------------------------

    def minimum(self, team: int) -> int:
        return first_meld(self.options, self.sheet.totals[team])[0]

    def opening_canasta(self, team: int) -> str:
        return first_meld(self.options, self.sheet.totals[team])[1]

    def opening_words(self, team: int) -> str:
        return super().opening_words(team) if self.minimum(team) or self.opening_canasta(team) else "any meld"

    # ---- scoring -------------------------------------------------------------------------

    def team_score(self, team: int, out: int | None) -> tuple[int, dict[str, int]]:
        """A side's points for the hand, with the parts that make them."""
        parts = score_samba_side(self.options, self.samba_hand(team, out))
        return sum(parts.values()), parts

    def samba_hand(self, team: int, out: int | None) -> SambaHand:
        """What the scoring of ``team``'s hand needs, read off the table (the score pad enters the
        same facts by hand)."""
        books = self.books[team]
        t = tally(books)
        return SambaHand(
            natural=t.natural, mixed=t.mixed, sambas=t.sambas, bolivias=t.bolivias,
            short_runs=sum(1 for size in t.short_runs if size < 5),
            runs_five_six=sum(1 for size in t.short_runs if size >= 5), short_wilds=len(t.short_wilds),
            red_threes=len(self.red3[team]), melded=class_counts(c for b in books for c in b.cards),
            held=class_counts(c for s in range(self.num_players) if self.team_of(s) == team
                              for c in self.hands[s]),
            went_out=out is not None and self.team_of(out) == team, anyone_out=out is not None)

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

    # ---- what a seat sees ----------------------------------------------------------------

    def _view(self, seat: int | None) -> dict[str, Any]:
        out = self._table_view(seat)
        out["need"] = self.seq_rules.need_words()
        if seat is not None:
            team = self.team_of(seat)
            out["pile_state"] = self.pile_state(team)
            if not self.opened[team]:
                out["first_meld"] = self.opening_words(team)
        out["last_hand"] = self.last_hand
        out["last_round"] = self.last_round
        return out


SPEC: GameSpec = register(GameSpec(
    id="samba",
    title="Samba",
    family="canasta",
    players=(4,),
    default_players=4,
    options_cls=SambaOptions,
    state_cls=Samba,
    summary="Canasta with three decks and sequences: sambas of seven in a suit, two canastas to go out, "
            "game 10,000; presets Bolivia (wild melds, 15,000) and Brazilian.",
    presets=PRESETS,
    teams="partners sit opposite: two teams",
    rules=__doc__ or "",
))
