"""The Court Whist party: one state for every table, the movement, the sit-outs, the score cards.

Seats 0..N-1 are the party's players. Every table is a :class:`~.table.CourtTable` (a trick table
on the trick kernel); the party answers the protocol by asking the table of the seat: ``to_act``
holds the seat to act at every table that may act, a move goes to the seat's table, and the
zones are every table's, keyed by party seat (``hand/5``, ``taken/5``, ``trick/2``) with the
table's number on each. Tables play at the same time; one that finishes its four hands waits
for the others, then everybody moves and the next game starts at every table.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar

from gamenight.core.errors import IllegalMove, OptionError
from gamenight.core.events import Event
from gamenight.core.layout import Field, Kind
from gamenight.core.moves import Move
from gamenight.core.notation import WORD
from gamenight.core.options import Options, Preset, option
from gamenight.core.phases import MoveKind, PhaseHandler, move_words
from gamenight.core.state import SPEECH, State
from gamenight.core.zones import Zone, redeal_unseen
from gamenight.equipment import cards as C
from gamenight.families.dealing import DealsCards
from gamenight.games.court_whist import rules as R
from gamenight.games.court_whist.table import CourtPhase, CourtTable


class AtTable(MoveKind["CourtWhist"]):
    """A table's kind of move, asked of the party: the seat's own table answers, in its chairs
    (the party's moves are its tables' moves, so its rules are theirs)."""

    def __init__(self, kind: MoveKind[Any]) -> None:
        self.kind = kind
        self.verbs = kind.verbs

    def candidates(self, s: CourtWhist, seat: int) -> Iterable[Move]:
        table, chair = s.table_of(seat)
        return self.kind.candidates(table, chair)

    def legal(self, s: CourtWhist, seat: int) -> list[Move]:
        table, chair = s.table_of(seat)
        return self.kind.legal(table, chair)

    def verify(self, s: CourtWhist, seat: int, move: Move) -> str | None:
        table, chair = s.table_of(seat)
        return self.kind.verify(table, chair, move)

    def apply(self, s: CourtWhist, seat: int, move: Move) -> None:
        s._apply(seat, move)

    def describe(self, s: CourtWhist, move: Move, viewer: int | None) -> str:
        return s.describe_move(move, viewer)


@cache
def at_table(kind: MoveKind[Any]) -> AtTable:
    """The one party-side face of a table's kind of move."""
    return AtTable(kind)


#: the log's entry for a chat message counted as speech (the server's ``speak``); a typed
#: ``speak`` is the player owning up (or the host's button)
CHAT_SPEECH = Move("speak", WORD("chat"))
NOBODY: frozenset[int] = frozenset()


@dataclass(frozen=True, kw_only=True)
class CourtWhistOptions(Options):
    pairing: str = option(
        "men_ladies", "Partners",
        "Who may partner whom. Of every four seats, the first two are men and the other two ladies.",
        choices={"men_ladies": "Every partnership is a man and a lady, as the book says",
                 "any": "Anyone may partner anyone: the chairs are simply called A and B"},
    )
    speech_penalty_source: str = option(
        "both", "What counts as speaking in Confiscation",
        "In the Confiscation game, whoever speaks after the deal forfeits 3 points. What counts as speaking?",
        choices={"both": "A message in the table chat, and owning up with the speak move",
                 "chat": "Only a message in the table chat",
                 "manual": "Only the speak move (a player owning up, or the host noting it)"},
    )
    first_game: int = option(
        1, "Start with game",
        "The party plays from this game on to the seventh: 1 plays all seven; a higher number "
        "continues a party stopped part-way, or makes a shorter evening.",
        minimum=1, maximum=len(R.GAMES),
    )
    sitout_score: int = option(
        8, "Score for sitting out a hand",
        "A player sitting out a game scores this for each of its four hands.",
        minimum=0, maximum=26,
    )


PRESETS = {
    "open": Preset(
        "open",
        "Anyone may partner anyone, and only the table chat counts as speaking in Confiscation.",
        {"pairing": "any", "speech_penalty_source": "chat"},
    ),
}


def party_size(players: int, pairing: str) -> tuple[int, int, int]:
    """(tables, men sitting out, ladies sitting out) of a game; with any pairing every sitter
    is counted as a man."""
    if pairing == "any":
        tables = players // R.CHAIRS
        return tables, players - R.CHAIRS * tables, 0
    men = sum(1 for p in range(players) if R.is_man(p))
    ladies = players - men
    tables = min(men, ladies) // 2
    return tables, men - 2 * tables, ladies - 2 * tables


class CourtWhist(State):
    #: a score-sheet row is a game of four hands (the book's score card: a block per game)
    DEAL_WORD: ClassVar[str] = "game"
    counts_speech: ClassVar[bool] = True
    #: the party's moves are its tables' card moves: a tile or a board square is refused up front
    ARG_KINDS = DealsCards.ARG_KINDS
    #: every table's phases (a table answers for its seats); listed here for what reads a game's phases
    phases: ClassVar[dict[str, PhaseHandler[Any]]] = CourtTable.phases
    FIELDS: tuple[Field, ...] = (
        Field("game_of", "{Deal}", Kind.COUNTER, head=True),
        Field("table", "Your table", Kind.NUMBER, head=True),
        Field("game_name", "Playing", Kind.TEXT, head=True),
        Field("hand_of", "Hand", Kind.COUNTER, head=True),
        Field("trump", "Trumps", Kind.SUIT, piece="card", head=True),
        Field("no_trumps", "No trumps", Kind.FLAG, head=True),
        Field("game_rule", "This game", Kind.TEXT),
        Field("silence", "Speaking now costs 3 points", Kind.FLAG),
        Field("turned_card", "Turned up for trumps", Kind.PIECE, piece="card"),
        Field("dealer", "Dealer", Kind.SEAT),
        Field("leader", "Leads", Kind.SEAT),
        Field("partner", "Your partner", Kind.SEAT),
        Field("tricks_won", "Tricks won", Kind.NUMBER, per_seat=True),
        Field("spoke", "Spoke", Kind.NUMBER, per_seat=True),
        Field("trick_done", "Last trick", Kind.TRICK, piece="card"),
        Field("sitting_out", "Sitting out this game", Kind.SEATS),
        Field("score_card", "Your score card", Kind.SCORECARD),
        Field("tables", "The tables", Kind.TEXT, minor=True),
    )
    options: CourtWhistOptions

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        o = self.options
        n = self.num_players
        self.n_tables, out_a, out_b = party_size(n, o.pairing)
        if self.n_tables == 0:
            raise OptionError(f"{n} players make no table of two men and two ladies: "
                              "play with more players, or let anyone partner anyone.")
        self.same_label = o.pairing == "men_ladies"
        self.queues, self.per_game = self._sitting_out_queues(out_a, out_b)
        self.game_no = o.first_game - 1
        #: per seat, per game: the figure recorded for each hand (None: not played yet)
        self.card: list[list[list[int | None]]] = [[[None] * R.HANDS_PER_GAME for _ in R.GAMES]
                                                   for _ in range(n)]
        #: per seat: times spoken in the hand now being played at its table
        self.spoke = [0] * n
        #: per seat: (table, chair) this game, or None while sitting out
        self.where: list[tuple[int, int] | None] = [None] * n
        self.tables = [CourtTable(self, t) for t in range(self.n_tables)]
        self._start_game(self._first_seating())

    # ---- who sits where ------------------------------------------------------------------

    def _sitting_out_queues(self, out_a: int, out_b: int) -> tuple[list[list[int]], list[int]]:
        """The order in which players sit out, per label (shuffled unless the deck is stacked)."""
        n = self.num_players
        if self.same_label:
            queues = [[p for p in range(n) if R.is_man(p)], [p for p in range(n) if not R.is_man(p)]]
            per_game = [out_a, out_b]
        else:
            queues, per_game = [list(range(n))], [out_a]
        if self.stacked_deck is None:
            for q in queues:
                self.rng.shuffle(q)
        return queues, per_game

    def sitting_out(self, game: int) -> list[int]:
        return [p for q, k in zip(self.queues, self.per_game, strict=True) for p in R.sitting_out(q, k, game)]

    def _first_seating(self) -> list[list[int]]:
        """Partners drawn at random (in seat order with a stacked deck): a man and a lady opposite."""
        out = set(self.sitting_out(self.game_no))
        n = self.num_players
        if self.same_label:
            men = [p for p in range(n) if R.is_man(p) and p not in out]
            ladies = [p for p in range(n) if not R.is_man(p) and p not in out]
        else:
            everyone = [p for p in range(n) if p not in out]
            half = len(everyone) // 2
            men, ladies = everyone[:half], everyone[half:]
        if self.stacked_deck is None:
            if self.same_label:
                self.rng.shuffle(men)
                self.rng.shuffle(ladies)
            else:
                everyone = men + ladies
                self.rng.shuffle(everyone)
                men, ladies = everyone[:len(men)], everyone[len(men):]
        return [[men[2 * t], men[2 * t + 1], ladies[2 * t], ladies[2 * t + 1]] for t in range(self.n_tables)]

    def hand_key(self, seat: int) -> str:
        return f"hand/{seat}"

    def label_of(self, seat: int) -> str:
        """A seat's role in words: man or lady (A or B with any pairing, by the chair it sits in)."""
        where = self.where[seat]
        if self.same_label:
            return "man" if R.is_man(seat) else "lady"
        if where is None:
            return ""
        return "A" if R.is_a_chair(where[1]) else "B"

    # ---- a game: every table at once --------------------------------------------------------

    def _start_game(self, seating: list[list[int]]) -> None:
        game = R.GAMES[self.game_no]
        self.where = [None] * self.num_players
        for t, chairs in enumerate(seating):
            for chair, p in enumerate(chairs):
                self.where[p] = (t, chair)
        out = self.sitting_out(self.game_no)
        self.emit("deal", f"{self.deal_name(self.game_no + 1)} of {len(R.GAMES)}: {game.name}. {game.rule}."
                  + (f" Sitting out: {', '.join(self.names[p] for p in out)}." if out else ""))
        for t, table in enumerate(self.tables):
            table.seat_players(seating[t], self.names)
            table.start_game(game, self._cut_for_deal(table))
            self._collect(table)

    def _cut_for_deal(self, table: CourtTable) -> int:
        """Everyone at the table cuts, aces high; the highest deals first (a stacked deck's first
        deal: North, so the stacked cards fall where they were put)."""
        if self.stacked_deck is not None and self.game_no == self.options.first_game - 1:
            return 0
        shown, (dealer,) = R.cut(self.rng, [range(R.CHAIRS)])
        table.emit("cut", f"Cut for the deal: {self._cuts_text(table, shown)}. {table.names[dealer]} deals "
                          "first.", seat=dealer)
        return dealer

    @staticmethod
    def _cuts_text(table: CourtTable, shown: list[list[tuple[int, int]]]) -> str:
        """The cards cut, a re-cut (among those tied for the top) after a semicolon."""
        return "; again, ".join(", ".join(f"{table.names[c]} {C.LABEL_OF[card]}" for c, card in cuts)
                                for cuts in shown)

    def hand_scored(self, table: CourtTable, figures: list[int], faces: list[int]) -> None:
        """A table's hand is over: each player records the figure, less 3 a time they spoke."""
        g = self.game_no
        parts = []
        for chair, figure in enumerate(figures):
            p = table.seats[chair]
            penalty = figure - R.recorded(figure, self.spoke[p])
            self.card[p][g][table.hand] = figure - penalty
            self.spoke[p] = 0
            spoke = f" (spoke: −{penalty})" if penalty else ""
            parts.append(f"{table.names[chair]} {figure - penalty}{spoke}")
        table.emit("score", f"Hand {table.hand + 1} scores: {', '.join(parts)}.", figures=figures)

    def table_done(self, table: CourtTable) -> None:
        if all(t.waiting for t in self.tables):
            self._end_game()

    def _end_game(self) -> None:
        for table in self.tables:  # what was said at the tables comes before the game's end
            self._collect(table)
        g = self.game_no
        game = R.GAMES[g]
        for p in self.sitting_out(g):
            self.card[p][g] = [self.options.sitout_score] * R.HANDS_PER_GAME
        totals, details = R.game_row([self.card[p][g] for p in range(self.num_players)],
                                     [self.where[p] is not None for p in range(self.num_players)])
        self.sheet.add(R.game_label(self.deal_name(g + 1), game), totals, details=details)
        self.emit("score", f"{game.name} is over: " + ", ".join(
            f"{self.names[p]} {totals[p]}" for p in range(self.num_players)) + ".")
        self.game_no += 1
        if self.game_no == len(R.GAMES):
            self.finish_on_totals(R.PARTY_OVER)
            return
        seating = self._move(game)
        R.return_sitters(seating, self.sitting_out(self.game_no), self.sitting_out(g), self.same_label)
        self._start_game(seating)

    def _move(self, game: R.Game) -> list[list[int]]:
        """The winners move: the man counter-clockwise, the lady clockwise; a tie is cut."""
        winners = []
        for table in self.tables:
            won = R.table_winners(game, table.game_totals, None)
            if won is None:
                # the book: all four cut, and the highest man and the highest lady win
                shown, tops = R.cut(self.rng, [R.A_CHAIRS, R.B_CHAIRS])
                won = R.table_winners(game, table.game_totals, R.ranked_by_cut(tops))
                assert won is not None
                table.emit("cut", f"Tied: everyone cuts ({self._cuts_text(table, shown)}).", seat=won[0])
            a, b = won
            if self.n_tables > 1:
                table.emit("move", f"{table.names[a]} and {table.names[b]} win and move on: "
                                   f"{table.names[a]} to table {(table.number - 1) % self.n_tables + 1}, "
                                   f"{table.names[b]} to table {(table.number + 1) % self.n_tables + 1}.")
            else:
                table.emit("move", f"{table.names[a]} and {table.names[b]} win; the partners change.")
            self._collect(table)
            winners.append(won)
        return R.move_tables([t.seats for t in self.tables], winners)

    def _collect(self, table: CourtTable) -> None:
        """The table's events into the party's log (its number first when there are several)."""
        events = table.take_events()
        if self.n_tables > 1:
            head = f"Table {table.number + 1}: "
            events = [Event(e.kind, head + e.text, e.seat, e.to, {**e.data, "table": table.number + 1})
                      for e in events]
        self.events.extend(events)

    # ---- the protocol: each seat's table answers ---------------------------------------------

    def _to_act(self) -> frozenset[int]:
        if self._outcome is not None:
            return NOBODY
        acting: set[int] = set()
        for table in self.tables:
            seats = table.seats
            acting.update(seats[c] for c in table._to_act())
        return frozenset(acting)

    def _legal(self, seat: int) -> list[Move]:
        where = self.where[seat]
        if where is None:
            return []
        return self.tables[where[0]]._legal(where[1])

    def _why_illegal(self, seat: int, move: Move) -> str:
        where = self.where[seat]
        if where is None:
            return "You sit out this game."
        return self.tables[where[0]]._why_illegal(where[1], move)

    def _apply(self, seat: int, move: Move) -> None:
        where = self.where[seat]
        assert where is not None
        table = self.tables[where[0]]
        table._apply(where[1], move)
        self._collect(table)

    def parse(self, text: str) -> Move:
        return self.tables[0].parse(text)

    def table_of(self, seat: int) -> tuple[CourtTable, int]:
        """The table ``seat`` plays at this game, and its chair there (it must not sit out)."""
        where = self.where[seat]
        if where is None:
            raise IllegalMove("You sit out this game.")
        return self.tables[where[0]], where[1]

    def move_kinds(self, seat: int) -> Sequence[MoveKind[Any]] | None:
        """The kinds of move ``seat`` has at its own table (none while it sits out)."""
        if self.where[seat] is None:
            return ()
        table, chair = self.table_of(seat)
        kinds = table.move_kinds(chair)
        return None if kinds is None else [at_table(kind) for kind in kinds]

    def describe_move(self, move: Move, viewer: int | None = None) -> str:
        """``move`` in words, as the viewer's own table says it (a spectator: the first table
        whose phase has that kind of move)."""
        if viewer is not None and self.where[viewer] is not None:
            table, chair = self.table_of(viewer)
            return table.describe_move(move, chair)
        for table in self.tables:
            kinds = table.move_kinds(0) or ()
            if any(move.verb in kind.verbs for kind in kinds):
                return table.describe_move(move, None)
        return move_words(move)

    def phase(self) -> str:
        phases = {t.phase_name for t in self.tables}
        for p in ("play", CourtPhase.NAME, CourtPhase.WAIT):
            if p in phases:
                return str(p)
        return ""

    def phase_label(self) -> str:
        """The party's phase in words: the busiest table's (cards being played, trumps named)."""
        now = self.phase()
        table = next((t for t in self.tables if str(t.phase_name) == now), None)
        if table is None:
            return ""
        return table.phase_label() if not table.waiting else CourtPhase.WAIT.label

    def is_news(self, event: Event, seat: int | None) -> bool:
        """Another table's play is no news to a seat (the tables field sums it up), but who moves
        where is."""
        if not event.visible_to(seat):
            return False
        at = event.data.get("table")
        if at is None or event.kind == "move" or seat is None:
            return True
        where = self.where[seat]
        return where is not None and where[0] + 1 == at

    # ---- speaking in Confiscation --------------------------------------------------------

    def play(self, move: Move | str, seat: int | None = None) -> list[Event]:
        if move is CHAT_SPEECH or (isinstance(move, str) and move.strip().lower() == "speak chat"):
            return self._chat_speech(seat)
        if (move is SPEECH or move == "speak") and self.options.speech_penalty_source == "chat":
            raise IllegalMove("Only a message in the table chat counts as speaking at this party.")
        return super().play(move, seat)

    def speak(self, seat: int) -> list[Event]:
        """A chat message from ``seat``: counted as speaking where the rules in effect say so."""
        if not 0 <= seat < self.num_players:
            raise IllegalMove(f"There is no seat {seat} at this table.")
        if self.options.speech_penalty_source == "manual" or self._outcome is not None \
                or not self._speech_counts(seat):
            return []
        return self._chat_speech(seat)

    def _chat_speech(self, seat: int | None) -> list[Event]:
        if seat is None or not 0 <= seat < self.num_players or self._outcome is not None \
                or not self._speech_counts(seat) or self.options.speech_penalty_source == "manual":
            raise IllegalMove("A chat message counts as speaking only during a Confiscation hand.")
        start = len(self.events)
        self.moves.append((seat, CHAT_SPEECH))
        self._legal_cache = {}
        self.emit("speech", f"{self.names[seat]} spoke.", seat=seat)
        self._on_speech(seat)
        return self.events[start:]

    def _speech_counts(self, seat: int) -> bool:
        where = self.where[seat]
        if where is None:
            return False
        table = self.tables[where[0]]
        return table.game.silent and not table.waiting

    def _on_speech(self, seat: int) -> None:
        self.spoke[seat] += 1
        self.emit("penalty", f"{self.names[seat]} forfeits {R.SPEECH_PENALTY} points for speaking.",
                  seat=seat)

    # ---- names, copies and samples ---------------------------------------------------------

    def name_seats(self, names: Sequence[str | None]) -> None:
        super().name_seats(names)
        for table in self.tables:
            table.seat_players(table.seats, self.names)

    def clone(self) -> CourtWhist:
        new = super().clone()
        assert isinstance(new, CourtWhist)
        new.tables = [self._clone_table(t, new) for t in self.tables]
        return new

    @staticmethod
    def _clone_table(table: CourtTable, party: CourtWhist) -> CourtTable:
        copy = table.clone()
        assert isinstance(copy, CourtTable)
        copy.party = party
        copy.rng = party.rng
        return copy

    def sample(self, seat: int, rng: random.Random) -> State:
        s = super().sample(seat, rng)
        assert isinstance(s, CourtWhist)
        for table in s.tables:
            table.rng = s.rng
        return s

    def _redeal_hidden(self, seat: int, rng: random.Random) -> None:
        """Each table's unseen cards among that table's hidden places: a table has its own deck."""
        for t in range(self.n_tables):
            redeal_unseen(self.table_zones(t), seat, self.knowledge, rng)

    def deck_template(self) -> list[int]:
        return C.standard_deck() * self.n_tables

    def _deck_problem(self) -> str:
        if self.stacked_deck is None:
            return ""
        return C.deck_problem(C.standard_deck(), self.stacked_deck)

    # ---- where the cards lie, and what a seat sees ---------------------------------------

    def zones(self) -> list[Zone]:
        out: list[Zone] = []
        for t in range(self.n_tables):
            out += self.table_zones(t)
        return out

    def table_zones(self, t: int) -> list[Zone]:
        """A table's zones from the kernel, keyed by party seat, with the table's number."""
        table = self.tables[t]
        seats = table.seats
        zones = table.zones()
        for z in zones:
            z.table = t + 1
            if z.owner is not None:
                p = seats[z.owner]
                z.key = f"{z.key.partition('/')[0]}/{p}"
                z.owner = p
                z.group = ""
            elif z.key == "trick":
                z.key = f"trick/{t + 1}"
                z.seats = [seats[c] for c in table.trick_seats]
                if self.n_tables > 1:
                    z.label = f"Table {t + 1}'s trick"
        return zones

    def _view(self, seat: int | None) -> dict[str, Any]:
        n = self.num_players
        g = min(self.game_no, len(R.GAMES) - 1)
        game = R.GAMES[g]
        tricks: list[int | None] = [None] * n
        for table in self.tables:
            for chair, p in enumerate(table.seats):
                tricks[p] = table.tricks_won[chair]
        out: dict[str, Any] = {
            "tables_count": self.n_tables,
            "game_of": [g + 1, len(R.GAMES)],
            "game_name": game.name,
            "game_rule": game.rule,
            "sitting_out": sorted(self.sitting_out(g)),
            "tricks_won": tricks,
            "spoke": [self.spoke[p] if self._speech_counts(p) else None for p in range(n)]
            if game.silent else None,
            "tables": self._tables_summary(),
            "labels": [self.label_of(p) for p in range(n)],
            "score_card": self.score_card(seat) if seat is not None else None,
            "grand_totals": self.sheet.totals,
        }
        where = self.where[seat] if seat is not None else None
        out.update(self._table_view(seat, where))
        return out

    def _table_view(self, seat: int | None, where: tuple[int, int] | None) -> dict[str, Any]:
        """The seat's own table: its cards, the trick, trumps, in party seats."""
        if where is None:
            label = "Sitting out this game" if seat is not None else self.phase_label()
            return {"table": None, "hand": None, "phase_label": label}
        t, chair = where
        table = self.tables[t]
        seats = table.seats
        local = table._trick_view(chair)
        done = local["trick_done"]
        if done is not None and done["deal"] != table.deal_no:
            # a hand's last trick is shown until the next hand is dealt, and no longer: its cards
            # are then in new hands, and no one but that table saw them played (a spectator sees
            # no table's tricks)
            done = None
        if done is not None and done["winner"] < R.CHAIRS:
            done = {**done, "winner": seats[done["winner"]],
                    "plays": [{**p, "seat": seats[p["seat"]]} for p in done["plays"]]}
        playing = table.phase_name == "play"
        return {
            "table": t + 1,
            "table_seats": list(seats),
            "hand_of": [min(table.hand + 1, R.HANDS_PER_GAME), R.HANDS_PER_GAME],
            "hand": local["hand"],
            "trump": local["trump"],
            "no_trumps": table.game.trump is R.Trump.NONE,
            "silence": table.game.silent and not table.waiting,
            "turned_card": C.CODE_OF[table.turned] if table.turned is not None else None,
            "dealer": seats[table.dealer],
            "leader": seats[table.leader] if playing else None,
            "partner": seats[R.partner_chair(chair)],
            "trick": [{"seat": seats[p["seat"]], "card": p["card"]} for p in local["trick"]],
            "trick_done": done,
            "phase": str(table.phase_name) or "wait",
            "phase_label": table.phase_label() if not table.waiting else CourtPhase.WAIT.label,
        }

    def _tables_summary(self) -> list[str]:
        out = []
        for table in self.tables:
            names = table.names
            pairs = f"{names[0]} & {names[2]} v {names[1]} & {names[3]}"
            if table.waiting:
                state = "game over, waiting"
            else:
                trumps = C.SUIT_NAMES[table.trump] if table.trump is not None else "no trumps"
                won = table.tricks_won
                state = (f"hand {table.hand + 1}, {trumps}, tricks {won[0] + won[2]}–{won[1] + won[3]}")
            out.append(f"Table {table.number + 1}: {pairs}; {state}")
        return out

    def score_card(self, seat: int) -> dict[str, Any]:
        """The seat's own score card: a row per game, its four hands and total, and the grand total."""
        rows = []
        for g in range(self.options.first_game - 1, min(self.game_no + 1, len(R.GAMES))):
            game = R.GAMES[g]
            cells = list(self.card[seat][g])
            if g == self.game_no and self.where[seat] is None and not self.is_over:
                note = "sitting out"
            else:
                note = ""
            total = sum(v for v in cells if v is not None) if any(v is not None for v in cells) else None
            rows.append({"label": f"{g + 1}. {game.name}", "cells": [*cells, total], "note": note})
        grand = sum(v or 0 for g in self.card[seat] for v in g)
        columns = [f"Hand {h + 1}" for h in range(R.HANDS_PER_GAME)] + ["Total"]
        return {"name": self.names[seat], "columns": columns, "rows": rows, "total_label": "Grand total",
                "total": grand}


__all__ = ["CHAT_SPEECH", "PRESETS", "CourtWhist", "CourtWhistOptions", "party_size"]
