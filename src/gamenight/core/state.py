"""The protocol every game speaks: one mutable ``State`` per game in progress.

A game subclasses :class:`State` and writes its rules in five hooks: ``_to_act``,
``_legal`` (the one place legality is written), ``_why_illegal`` (the sentence for a
refused move), ``_apply`` (apply one legal move, then run every automatic step up to the
next decision), ``_view`` for what a seat may see beyond its zones, and ``zones()``: where every
piece lies and who may see it, from which sampling, conservation and the view's layout follow. Everything a
caller uses (``play``, ``legal_moves``, ``view``, ``sample``, ``clone``, ``log``) is here,
written once.
"""

from __future__ import annotations

import dataclasses
import random
import re
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from gamenight.core.amend import Amendment, change_words, checked_changes
from gamenight.core.errors import IllegalMove, NoVerb, SeatError
from gamenight.core.events import Event
from gamenight.core.layout import Field, build_layout, declared_fields
from gamenight.core.moves import Move, parse_move
from gamenight.core.options import Options
from gamenight.core.phases import move_words
from gamenight.core.scoring import Outcome, ScoreSheet
from gamenight.core.views import Place, move_entry, placed_entry
from gamenight.core.zones import Knowledge, Zone, census, redeal_unseen
from gamenight.core.zones import layout as zone_layout

if TYPE_CHECKING:
    from gamenight.core.registry import GameSpec

#: the key of the pieces a test position set out of play (``State.set_aside``), as a zone
OUT_OF_PLAY = "out-of-play"
#: how many recent events a view carries
VIEW_EVENTS = 30
#: the log's entry for a seat speaking at the table, in games whose rules count speech
#: (``State.counts_speech``): it replays like a move, through ``play``
SPEECH = Move("speak")

SEAT_NAMES_4 = ("North", "East", "South", "West")


def seat_names(n: int) -> list[str]:
    """Compass names at a four-handed table, numbered seats otherwise."""
    return list(SEAT_NAMES_4) if n == 4 else [f"Player {i + 1}" for i in range(n)]


class State(ABC):
    """A game in progress. Mutable; ``clone()`` is cheap; ``play`` is the only way to change it."""

    spec: GameSpec
    options: Options
    #: the view entries a person should see, by label and kind (merged kernel -> game: core.layout)
    FIELDS: tuple[Field, ...] = ()
    #: the rules penalise speaking at the table: a server records every chat message of a seat
    #: with ``speak(seat)`` (see ``speak``)
    counts_speech: ClassVar[bool] = False
    #: the game's own seat names, kept once people chose theirs (name_seats)
    _game_names: list[str] | None = None
    #: the game's one word for a deal, in the headline, the log and the score sheet alike ("round")
    DEAL_WORD: ClassVar[str] = "deal"
    #: what a verb does, in the game's words, where the verb alone reads badly in a prompt
    #: ("select a card to bring a marble out", not "... to out"); verbs not named stay as they are
    VERB_WORDS: ClassVar[dict[str, str]] = {}
    #: a verb starting a meld of a fixed size, and the verb adding one more card to it ("meld" grows
    #: by "add"): the page makes a meld of more cards one action, the meld then each card added
    GROWS: ClassVar[dict[str, str]] = {}
    #: the deal number's store (``deal_no``)
    _deal_no: int = 0
    #: house rules amended mid-match (``amend``), in the order they were made
    amendments: list[Amendment]
    #: the names of the kinds of argument this game's moves take (``None``: any); a typed move
    #: naming another kind (a domino tile in a card game) is refused before any rule reads it
    ARG_KINDS: ClassVar[frozenset[str] | None] = None

    def __init__(
        self,
        spec: GameSpec,
        options: Options,
        players: int,
        seed: int,
        deck: Sequence[str] | None = None,
        preset: str | None = None,
    ) -> None:
        self.spec = spec
        self.options = options
        self.num_players = players
        self.seed = seed
        self.preset = preset
        self.stacked_deck = list(deck) if deck is not None else None
        self.rng = random.Random(seed)
        self.names = seat_names(players)
        self.moves: list[tuple[int, Move]] = []
        self.events: list[Event] = []
        self.sheet = ScoreSheet(self._sheet_columns())
        self._outcome: Outcome | None = None
        self._legal_cache: dict[int, list[Move]] = {}
        #: pieces some seats know lie in zones they cannot see (core.zones.Knowledge)
        self.knowledge = Knowledge()
        #: the people's own names, by seat, where they chose one (name_seats)
        self.given_names: dict[int, str] = {}
        #: pieces a test position set out of play (core.position), by the deal they were set aside
        #: in: in no zone the rules read, but counted by conservation until the next deal, which a
        #: kernel deals from its whole equipment again
        self.set_aside: dict[int, list[int]] = {}
        self.amendments = []

    # ---- what every game writes -------------------------------------------------------

    @abstractmethod
    def _to_act(self) -> frozenset[int]:
        """Seats that may act now (several where the rules let players act at once)."""

    @abstractmethod
    def _legal(self, seat: int) -> list[Move]:
        """Every legal move of ``seat`` now, without duplicates."""

    def _legal_of_verb(self, seat: int, verb: str) -> list[Move] | None:
        """Part of ``_legal(seat)``: the legal moves named by ``verb``, where a game can list them
        without the rest; ``None`` where it cannot (then the whole list is made)."""
        return None

    @abstractmethod
    def _why_illegal(self, seat: int, move: Move) -> str:
        """The sentence, naming the rule, for a well-formed move that is not legal now."""

    @abstractmethod
    def _apply(self, seat: int, move: Move) -> None:
        """Apply a legal move, then every automatic step up to the next decision."""

    @abstractmethod
    def _view(self, seat: int | None) -> dict[str, Any]:
        """Game-specific parts of the view: only what ``seat`` may see (allowlist)."""

    def zones(self) -> list[Zone]:
        """Every zone of the game as it is now, each a live reference to the kernel's pieces.
        Conservation, sampling and the view's layout are all derived from this one list."""
        return []

    def _redeal_hidden(self, seat: int, rng: random.Random) -> None:
        """On a clone: redeal every piece ``seat`` cannot see, consistently with what it knows
        (derived from the zones; a kernel overrides only to add constraints zones cannot say)."""
        redeal_unseen(self.zones(), seat, self.knowledge, rng)

    def _resolve(self, seat: int, move: Move, legal: list[Move]) -> Move | None:
        """The legal move a player meant by a move not in ``legal`` (a shorthand, or an
        interchangeable card named instead of the listed one), or ``None``."""
        return None

    def _sheet_columns(self) -> list[str]:
        return list(self.names)

    def _speech_counts(self, seat: int) -> bool:
        """Whether ``seat`` speaking now matters to the rules (a game with ``counts_speech``)."""
        return True

    def _on_speech(self, seat: int) -> None:  # noqa: B027 - most games add nothing to the event
        """Apply what the rules say happens when ``seat`` speaks (a penalty on the sheet...)."""

    def lapse_moves(self) -> dict[int, Move]:
        """The seats acting in a *timed window* and the move each makes by letting it lapse: the
        players who may claim a discard out of turn, each of whom passes by doing nothing. A
        server gives such a window the table's time (``claim_window_ms``) and then makes these
        moves for the seats that have not acted; a person at the terminal, or a program, makes
        them like any move. Empty (the default): every seat to act must act itself."""
        return {}

    def is_news(self, event: Event, seat: int | None) -> bool:
        """Whether a running log shown to ``seat`` (the terminal's) tells it ``event``: every event
        it may see, unless the game says a seat need not follow it play by play (another table's
        cards in a party of several tables, which a field sums up)."""
        return event.visible_to(seat)

    def _deck_problem(self) -> str:
        """Why the stacked deck :func:`gamenight.new` was given cannot be dealt, or ``""``; a
        family that deals pieces checks them against its equipment (``families.dealing``)."""
        if self.stacked_deck is None:
            return ""
        return f"{self.spec.title} has no deck to stack."

    def _options_changed(self) -> None:  # noqa: B027 - most kernels read their options as they play
        """Re-derive what the kernel built from ``self.options`` when the game was made (a frozen
        rules record), now that an amendment changed them at the start of a deal."""

    def phase(self) -> str:
        return "play"

    def describe_move(self, move: Move, viewer: int | None = None) -> str:
        """``move``, legal now, in the players' words, as a button or a menu line reads it (a game
        on :class:`~gamenight.core.phases.PhaseDispatch` asks the move's kind)."""
        return move_words(move)

    def place_move(self, move: Move, seat: int) -> Sequence[Place | None] | None:
        """Where ``move``'s arguments lie on the table for ``seat`` (``views.Place``, one per
        argument), so the page lets a person tap them there; by default nowhere."""
        return None

    def target_move(self, move: Move, seat: int) -> Place | None:
        """Where ``move`` itself lies on the table for ``seat`` (the stock a draw takes from), so
        the page lets a person tap it there; by default nowhere."""
        return None

    def confirm_move(self, move: Move, seat: int) -> str | None:
        """The question ``move`` is confirmed with before it is sent, or ``None`` (a game on
        :class:`~gamenight.core.phases.PhaseDispatch` asks the move's kind)."""
        return None

    def phase_label(self) -> str:
        """The phase in players' words, for the headline (``view["phase_label"]``)."""
        return ""

    # ---- the protocol -----------------------------------------------------------------

    @property
    def to_act(self) -> frozenset[int]:
        return self._to_act()

    @property
    def to_move(self) -> int | None:
        """The one seat to act, or ``None`` when nobody or several may act."""
        acting = self._to_act()
        if len(acting) == 1:
            return next(iter(acting))
        return None

    @property
    def deal_no(self) -> int:
        """The deal being played, from 1 (0 before the first; kept by the kernels that deal). Its
        moving on is a new deal beginning: the house rules amended for it apply then (``amend``)."""
        return self._deal_no

    @deal_no.setter
    def deal_no(self, number: int) -> None:
        self._deal_no = number
        if self.__dict__.get("amendments"):
            self._apply_amendments(number)

    def amend(self, changes: Mapping[str, object]) -> list[Event]:
        """Change house rules from the next deal on (the table agreed to it): ``changes`` by option
        name, each an option the game's options class declares ``AMENDABLE``, checked as
        :func:`gamenight.new` checks options (:class:`OptionError` in words, the state unchanged).
        The amendment is logged at this point of the moves, so ``replay`` makes it here too."""
        if self._outcome is not None:
            raise IllegalMove("The game is over: no house rule changes now.")
        values, _ = checked_changes(self.spec, self.options_to_come(), self.num_players, changes)
        from_deal = self.deal_no + 1
        words = change_words(self.spec, values)
        self.amendments.append(Amendment(len(self.moves), from_deal, values, words))
        start = len(self.events)
        self.emit("amendment", f"From {self.DEAL_WORD} {from_deal}: {words}.", deal=from_deal)
        return self.events[start:]

    def options_to_come(self) -> Options:
        """The options once every amendment made so far applies (a new one is checked against them)."""
        options = self.options
        for a in self.amendments:
            if not a.applied:
                options = checked_changes(self.spec, options, self.num_players, a.changes, proposed=False)[1]
        return options

    def _apply_amendments(self, number: int) -> None:
        """Deal ``number`` begins: the amendments made for it change the options, the kernel
        re-derives its rules, and the score sheet marks the row this deal writes."""
        changed = False
        for i, a in enumerate(self.amendments):
            if a.applied or a.from_deal > number:
                continue
            # the log keeps the options the game was made with: its amendments replay from them
            self.__dict__.setdefault("_made_with", self.options)
            self.options = checked_changes(self.spec, self.options, self.num_players, a.changes,
                                           proposed=False)[1]
            row = len(self.sheet.rows)
            # replaced, never changed in place: clones share the amendments of the list they copy
            self.amendments[i] = dataclasses.replace(a, applied=True, row=row)
            self.sheet.marks.append((row, f"From {self.DEAL_WORD} {number}: {a.words}"))
            changed = True
        if changed:
            self._options_changed()

    @property
    def is_over(self) -> bool:
        return self._outcome is not None

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def score_sheet(self) -> ScoreSheet:
        return self.sheet

    def legal_moves(self, seat: int | None = None) -> list[Move]:
        """Every legal move of ``seat`` (default: the one seat to act); empty if it may not act.
        :class:`SeatError` (a ``ValueError``) for what is no seat at the table."""
        acting = self._to_act()
        if seat is None:
            if len(acting) != 1:
                return []
            (seat,) = acting
        elif seat.__class__ is not int or seat not in acting:
            seat = self.check_seat(seat)  # (a SeatError for what is no seat here)
            if seat not in acting:
                return []
        cached = self._legal_cache.get(seat)
        if cached is None:
            cached = self._legal_cache[seat] = self._legal(seat)
        return cached.copy()

    def parse(self, text: str) -> Move:
        """Read a move typed by a player; games may accept shorthands (a bare card code)."""
        return parse_move(text)

    def play(self, move: Move | str, seat: int | None = None) -> list[Event]:
        """Validate and apply one move, then run the game on to the next decision.

        Raises :class:`IllegalMove` (state unchanged) for an unreadable or illegal move,
        or a seat that may not act now (:class:`SeatError` for what is no seat at the table).
        """
        if self.counts_speech and (move is SPEECH or move == "speak"):
            return self._speak_entry(seat)
        # a move just listed for this seat is legal as it is: the listing was made for a seat to act
        # in this very position (the list is dropped at every move), so nothing is looked up again
        if not (type(seat) is int and type(move) is Move and move in self._legal_cache.get(seat, ())):
            seat, move = self._legal_move(move, seat)
        events = self.events
        start = len(events)
        self.moves.append((seat, move))
        self._legal_cache = {}
        self._apply(seat, move)
        return events[start:]

    def _legal_move(self, move: Move | str, seat: int | None) -> tuple[int, Move]:
        """The seat acting and the legal move ``move`` is (a shorthand resolved), or
        :class:`IllegalMove` with the sentence of the rule it breaks."""
        acting = self._to_act()
        if seat.__class__ is not int or seat not in acting:  # (None, a bool, another table's seat)
            seat = self._acting_seat(seat, acting)
        if move.__class__ is not Move:
            move = self._read_typed(move, seat)
        legal = self._legal_cache.get(seat)
        if legal is None:
            # a move its own kind lists is legal: the other kinds need not be listed (replays,
            # a server's rebuild); anything else goes the whole way, for the resolving and the sentence
            own = self._legal_of_verb(seat, move.verb)
            if own is not None and move in own:
                return seat, move
            legal = self._legal(seat)
        if move not in legal:
            # a move parsed before any game built it is a throwaway copy: match it by its text
            text = str(move)
            resolved = next((m for m in legal if str(m) == text), None)
            if resolved is None:
                self._refuse_foreign_kinds(move)
                resolved = self._resolve(seat, move, legal)
            if resolved is None:
                raise IllegalMove(self._why_illegal(seat, move))
            move = resolved
        return seat, move

    def judge(self, move: Move | str, seat: int) -> str | None:
        """Whether ``seat`` may make ``move`` now, without making it: ``None``, or the sentence the
        move would be refused with (a page asks before it offers a set the listing does not name)."""
        try:
            self._legal_move(move, seat)
        except IllegalMove as refused:
            return str(refused)
        return None

    def judge_all(self, moves: Sequence[Move | str], seat: int) -> str | None:
        """Whether ``seat`` may make ``moves`` one after another now (a meld, then cards added to
        it), without making them: ``None``, or the sentence the first refused one would get."""
        why = self.judge(moves[0], seat) if moves else None
        if why is not None or len(moves) < 2:
            return why
        trial = self.clone()
        for move in moves:
            if seat not in trial.to_act:
                return "Your turn ends before all of that is made."
            try:
                trial.play(move, seat)
            except IllegalMove as refused:
                return str(refused)
        return None

    def speak(self, seat: int) -> list[Event]:
        """Record that ``seat`` spoke at the table (a server calls this for every chat message of a
        seated person), for games whose rules count speech: the game's ``_speech_counts`` says
        whether speaking now matters, and if it does the speech is logged as a ``speak`` entry among
        the moves (so the log replays it at the same point), a public event says who spoke, and the
        game's ``_on_speech`` applies the rule. Returns the events; none where speech does not count
        (a game without ``counts_speech``, after the end, or when the game says it does not matter)."""
        if not 0 <= seat < self.num_players:
            raise IllegalMove(f"There is no seat {seat} at this table.")
        if not self.counts_speech or self._outcome is not None or not self._speech_counts(seat):
            return []
        return self._speak_entry(seat)

    def _speak_entry(self, seat: int | None) -> list[Event]:
        if seat is None:
            raise IllegalMove("Say which seat is speaking.")
        if not 0 <= seat < self.num_players or self._outcome is not None or not self._speech_counts(seat):
            raise IllegalMove(f"{SPEECH} is not a move here: speech counts only when the rules say so.")
        events = self.events
        start = len(events)
        self.moves.append((seat, SPEECH))
        self._legal_cache = {}
        self.emit("speech", f"{self.names[seat]} spoke.", seat=seat)
        self._on_speech(seat)
        return events[start:]

    def name_seats(self, names: Sequence[str | None]) -> None:
        """Call seats by the people's own names (``None``: the game's name for that seat), before the
        first move. Names are words in sentences and headings only, never read by a rule, so a game
        replays the same whatever they are. What was already said when the game was set up (the
        first deal) is reworded, and a score-sheet column headed with a seat's name (games scored
        seat by seat) follows it."""
        if self.moves:
            raise ValueError("seats are named before the first move (replay the moves after naming)")
        changes: dict[str, str] = {}
        renamed = list(self.names)
        for seat, name in enumerate(names):
            if name is None or name == renamed[seat]:
                continue
            changes[renamed[seat]] = renamed[seat] = self.given_names[seat] = name
        self._reword(changes, renamed)

    def _reword(self, changes: dict[str, str], renamed: list[str]) -> None:
        if not changes:
            return
        if self._game_names is None:
            self._game_names = list(self.names)
        self.names = renamed
        self.sheet.columns = [changes.get(column, column) for column in self.sheet.columns]
        # one pass, longest name first, whole words only: "Player 1" is not inside "Player 10"
        words = re.compile("|".join(rf"(?<!\w){re.escape(old)}(?!\w)"
                                    for old in sorted(changes, key=len, reverse=True)))
        for i, e in enumerate(self.events):
            text = words.sub(lambda m: changes[m.group(0)], e.text)
            if text != e.text:
                self.events[i] = Event(e.kind, text, e.seat, e.to, e.data, e.except_)

    def game_names(self) -> list[str]:
        """The game's own names for the seats, whatever names people chose."""
        return list(self._game_names if self._game_names is not None else self.names)

    def _acting_seat(self, seat: object, acting: frozenset[int]) -> int:
        """The seat a move is for, or the sentence saying why nobody/that seat may not move."""
        if seat is not None:
            seat = self.check_seat(seat)
        if self._outcome is not None:
            raise IllegalMove("The game is over.")
        if seat is None:
            if len(acting) != 1:
                raise IllegalMove("Several players may act now: say which seat is moving.")
            (only,) = acting
            return only
        if seat in acting:
            return seat
        raise IllegalMove(f"It is not your turn, {self.names[seat]}: {self._waiting_on(acting)}.")

    def check_seat(self, seat: object) -> int:
        """``seat`` if it is a seat at this table: a whole number from 0 to players − 1 (an
        ``int``, never a bool, a float or text, and never counted from the end). Else
        :class:`SeatError`, which is both an ``IllegalMove`` and a ``ValueError``."""
        if seat.__class__ is int and 0 <= seat < self.num_players:
            return seat
        seats = f"seats are whole numbers from 0 to {self.num_players - 1}"
        if isinstance(seat, int) and not isinstance(seat, bool):
            if 0 <= seat < self.num_players:
                return int(seat)
            raise SeatError(f"There is no seat {int(seat)} at this table: {seats}.")
        shown = repr(seat) if len(repr(seat)) <= 20 else repr(seat)[:17] + "..."
        raise SeatError(f"{shown} is not a seat: {seats}.")

    def _refuse_foreign_kinds(self, move: Move) -> None:
        """A word read as a kind of piece or argument this game has none of (``12-7``, a tile,
        in a card game) is refused here, so no rule ever reads a tile as a card."""
        kinds = self.ARG_KINDS
        if kinds is None:
            return
        for arg in move.args:
            if arg.kind.name not in kinds:
                named = [f"{k}s" for k in sorted(kinds)]
                listed = ", ".join(named[:-1]) + " and " + named[-1] if len(named) > 1 else named[0]
                raise IllegalMove(f"{str(arg)!r} is a {arg.kind.noun}, and {self.spec.title} has no "
                                  f"{arg.kind.noun}s: its moves name {listed}.")

    def _read_typed(self, move: object, seat: int) -> Move:
        """The move a player typed; text with no verb is refused naming the verbs ``seat`` has now
        (in Canasta, where the only move is to draw, '5C' is answered with 'draw', not 'play')."""
        if not isinstance(move, str):
            return self._not_a_move(move)
        try:
            return self.parse(move)
        except NoVerb as e:
            raise IllegalMove(e.with_verbs([m.verb for m in self.legal_moves(seat)])) from None

    @staticmethod
    def _not_a_move(move: object) -> Move:
        raise IllegalMove(f"{move!r} is not a move: give a Move or its text, such as 'play QS'.")

    def _waiting_on(self, acting: frozenset[int]) -> str:
        if not acting:
            return "nobody is to act"
        names = " and ".join(self.names[s] for s in sorted(acting))
        return f"waiting for {names}"

    def view(self, seat: int | None = None, *, layout: bool = True) -> dict[str, Any]:
        """Everything ``seat`` (``None``: a spectator) may see, as JSON-ready data, with the
        ``layout`` description renderers draw from (``layout=False`` leaves it out: for bots and
        programs that read the entries themselves)."""
        if seat is not None and (seat.__class__ is not int or not 0 <= seat < self.num_players):
            seat = self.check_seat(seat)
        acting = self._to_act()
        legal = self.legal_moves(seat) if seat is not None else []
        out: dict[str, Any] = {
            "game": self.spec.id,
            "title": self.spec.title,
            "seat": seat,
            "players": self.names,
            "phase": self.phase(),
            "phase_label": self.phase_label(),
            "to_act": sorted(acting),
            "window": sorted(self.lapse_moves()),
            "move_number": len(self.moves),
            "options": self.options.to_json(),
            "preset": self.preset,
            "score_sheet": self.sheet.to_json(),
            "events": [e.text for e in self._visible_events(seat)],
            "legal_moves": [str(m) for m in legal],
            # the same moves, verb and typed arguments apart, each in the players' words
            # where their arguments lie on the table, too (a grid's card, a train, the pile's top)
            "moves": [{**placed_entry(move_entry(m), self.place_move(m, seat)),
                       "words": self.describe_move(m, seat)} for m in legal] if seat is not None else [],
            "is_over": self._outcome is not None,
            "outcome": self._outcome.to_json() if self._outcome else None,
        }
        if seat is not None:
            self._ask_confirms(out["moves"], legal, seat)
            self._place_targets(out["moves"], legal, seat)
        out.update(self._view(seat))
        if layout:
            zones = zone_layout(self.zones(), seat, self.knowledge)
            out["layout"] = build_layout(self.spec.family, zones, declared_fields(type(self)), out,
                                         deal_word=self.DEAL_WORD, verb_words=self.VERB_WORDS)
            if self.GROWS:
                out["layout"]["grows"] = dict(self.GROWS)
        return out

    def _ask_confirms(self, entries: list[dict[str, Any]], legal: list[Move], seat: int) -> None:
        """Each move entry that asks before it is sent carries its question (``confirm``)."""
        for entry, move in zip(entries, legal, strict=True):
            question = self.confirm_move(move, seat)
            if question:
                entry["confirm"] = question

    def _place_targets(self, entries: list[dict[str, Any]], legal: list[Move], seat: int) -> None:
        """Each move entry lying on the table as a whole (a draw: the stock) carries its place (``at``)."""
        for entry, move in zip(entries, legal, strict=True):
            at = self.target_move(move, seat)
            if at is not None:
                entry["at"] = at

    def card_zones(self) -> dict[str, list[int]]:
        """Every piece by the zone it lies in (conservation: each piece is in exactly one), the
        pieces a test position set out of play as the zone ``out-of-play``."""
        out = {z.key: z.pieces for z in self.zones()}
        if self.set_aside.get(self.deal_no):
            out[OUT_OF_PLAY] = self.set_aside[self.deal_no]
        return out

    def pieces_in_play(self) -> dict[int, int]:
        """How many of each piece lie in the zones now, with those a test position set out of
        play (conservation: always the equipment)."""
        counts = census(self.zones())
        counts.update(self.set_aside.get(self.deal_no, ()))
        return dict(counts)

    def _visible_events(self, seat: int | None) -> list[Event]:
        picked: list[Event] = []
        for e in reversed(self.events):
            if e.visible_to(seat):
                picked.append(e)
                if len(picked) == VIEW_EVENTS:
                    break
        picked.reverse()
        return picked

    def sample(self, seat: int, rng: random.Random) -> State:
        """A full state consistent with all ``seat`` has seen, unseen cards redealt.

        The copy gets a fresh RNG from ``rng``, so simulating past the current deal does not
        reveal the true next shuffle.
        """
        seat = self.check_seat(seat)
        if not isinstance(rng, random.Random):
            raise TypeError(f"sample needs a random.Random to redeal with, not {type(rng).__name__}.")
        s = self.clone()
        s.rng = random.Random(rng.getrandbits(64))
        s._redeal_hidden(seat, rng)
        return s

    def clone(self) -> State:
        """An independent copy: containers are copied two levels deep, frozen data shared."""
        new = object.__new__(type(self))
        d = new.__dict__
        for key, value in self.__dict__.items():
            d[key] = _copy_value(value)
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        new.rng = rng
        new._legal_cache = {}
        return new

    @property
    def log(self) -> dict[str, Any]:
        """Enough to replay this game exactly: ``gamenight.replay(state.log)`` (with the people's
        names, where they chose them)."""
        out: dict[str, Any] = {
            "format": 1,
            "game": self.spec.id,
            "players": self.num_players,
            "seed": self.seed,
            "preset": self.preset,
            "options": self.__dict__.get("_made_with", self.options).to_json(),
            "deck": self.stacked_deck,
            "moves": [[seat, str(move)] for seat, move in self.moves],
        }
        if self.given_names:
            out["names"] = [self.given_names.get(s) for s in range(self.num_players)]
        if self.amendments:
            out["amendments"] = [a.log_entry() for a in self.amendments]
        return out

    # ---- helpers for games ------------------------------------------------------------

    def emit(self, kind: str, text: str, *, seat: int | None = None, to: int | None = None,
             except_: int | None = None, **data: Any) -> None:
        """Record an event: public, for the one seat ``to``, or for every seat but ``except_``."""
        self.events.append(Event(kind, text, seat, to, data, except_))

    def deal_name(self, number: int | None = None) -> str:
        """A deal by the game's word for it: "Round 3" (``number``: the deal now)."""
        return f"{self.DEAL_WORD.capitalize()} {self.deal_no if number is None else number}"

    def column_of(self, seat: int) -> int:
        """The score-sheet column that holds ``seat``'s score (its team's, in partnerships)."""
        return seat

    def finish_on_totals(self, reason: str, *, lowest_wins: bool = False) -> None:
        """End the match on the score sheet's totals: the best total wins, equal best totals
        share the win, and every seat gets its column's total (its team's, in partnerships)."""
        totals = self.sheet.totals
        per_seat = [totals[self.column_of(s)] for s in range(self.num_players)]
        best = min(per_seat) if lowest_wins else max(per_seat)
        self.finish(per_seat, [s for s in range(self.num_players) if per_seat[s] == best], reason)

    def finish(self, scores: Sequence[int], winners: Sequence[int], reason: str, headline: str = "") -> None:
        """End the game; ``headline`` says the result where "X wins" would be wrong (against the house)."""
        self._outcome = Outcome(tuple(scores), tuple(sorted(winners)), reason, self.sheet.unit, headline)
        names = " and ".join(self.names[w] for w in sorted(winners))
        result = headline or f"{names} {'win' if len(winners) > 1 else 'wins'}."
        self.emit("game_over", f"Game over: {result} {reason}")


def _copy_value(value: Any) -> Any:
    if isinstance(value, list):
        if value and isinstance(value[0], (list, set, dict)):
            return [_copy_value(v) for v in value]
        return list(value)
    if isinstance(value, set):
        return set(value)
    if isinstance(value, dict):
        return {k: (v.copy() if isinstance(v, (list, set, dict)) else v) for k, v in value.items()}
    if isinstance(value, (ScoreSheet, Knowledge)):
        return value.copy()
    return value
