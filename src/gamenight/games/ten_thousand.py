"""10,000 (Dice) — the Metzker family book p.8 (seed 000), spec ``shared/rules/metzker-book.md`` §7 (10K).

Any number of players (two to ten here) take turns with five dice; the first whose banked score
reaches 10,000 wins.

A turn:

1. **Roll** all five dice, or — when the player before stopped of their own accord — **take over**
   their count: roll only the dice they had not held, and *save* it (below).
2. After each roll, a roll with no scoring dice **blows it**: the turn's count is lost and the turn
   ends. Otherwise the player **keeps** (holds) at least one scoring die or combination. Held dice
   are never rolled again this turn.
3. Then the player **stops** (banks the turn's count) or **rolls** the dice left. When all five
   are held and every one scored (**hot dice**), the player may roll all five again and keep
   counting.

Scoring (only within one roll — sets never combine across rolls): a 5 is 50, a 1 is 100; three 1s
1,000; three of a kind (2–6) the face × 100; four of a kind twice three's value, five of a kind four
times (ones: 2,000 and 4,000, G-10K-2); a straight of all five dice (1–5 or 2–6) 1,000 (G-10K-3).
A kept die must score: ``keep 1 5`` keeps a one and a five; ``keep 4 4 4`` a set of fours.

**The meld**: a player's banked scores count only once they have banked 1,000 or more in one turn
(G-10K-1, option ``meld_threshold``). A player not yet on the board may stop below that; the
turn scores nothing (T-10K-6).

**Taking over** [BOOK]: when the player before stopped (did not blow it), the next player may take
their count and roll the dice they left free (all five if every die was held, G-10K-6). The roll
*saves* it with at least one 1 or 5 (a 1 or 5 inside a set counts; G-10K-4, option
``takeover_save``: ``any_scoring``, any scoring roll saves). Saved: the taker's count is the
previous count plus what they keep, and the turn goes on as any other (G-10K-5). Not saved: the
taker blew it. The player before keeps what they banked either way. After a blown turn nothing is
left to take over (G-10K-8). Anyone may take over, melded or not, and the whole count goes toward
the taker's meld (G-10K-7; option ``takeover_requires_melded``). A count stopped below the meld by a
player not yet on the board may be taken over too (G-10K-10).

**The end**: the first whose banked score reaches the target (10,000, option ``target``) wins at
once (G-10K-9); option ``final_round``: everyone else gets one last turn, and the highest score wins
(equal highest share the win).

The score sheet has a row per round (every player's turn once, from the first player, who is chosen
at random; seat 0 with stacked dice).

**Stacked dice** (tests, GEN-12): ``gamenight.new("ten-thousand", deck=[...])`` takes the faces to
be rolled, in order — each code one or more digits (``["11153", "1346"]``) — and the seeded RNG
rolls on once they are used up (``equipment.dice.roll_stacked``). A sample (a bot's look ahead)
forgets the stacked faces: the next roll is unknown to everyone.

Presets: ``published`` — the usual published rule for taking over (any scoring roll saves; only
players on the board may take over) with a final round.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar

from gamenight.core.layout import Field, Kind
from gamenight.core.moves import Move
from gamenight.core.options import Options, Preset, option
from gamenight.core.phases import KindsPhase, MoveKind, OneMove, PhaseDispatch, PhaseHandler, PhaseName
from gamenight.core.registry import GameSpec, register
from gamenight.core.state import State
from gamenight.equipment import dice as D

if TYPE_CHECKING:
    from gamenight.core.views import Place

#: the layout field the dice are drawn from: where a keep's dice lie
DICE_FIELD = "dice"

DICE = 5
ROLL = Move("roll")
TAKE = Move("take")
STOP = Move("stop")
#: the two straights of five dice
STRAIGHTS = ((1, 2, 3, 4, 5), (2, 3, 4, 5, 6))
#: the most players the lobby seats (the book says any number)
MOST_PLAYERS = 10


# ---- the scoring table (§7.5) ---------------------------------------------------------------

def set_value(face: int, n: int) -> int:
    """Three, four or five of a kind: three 1s 1,000, three of another face 100 × face; four
    twice that, five four times (G-10K-2: ones on the base 1,000)."""
    base = 1000 if face == 1 else face * 100
    return base * (1, 2, 4)[n - 3]


def is_straight(dice: Sequence[int]) -> bool:
    """All five dice in a row: 1-2-3-4-5 or 2-3-4-5-6 (G-10K-3)."""
    return len(dice) == DICE and tuple(sorted(dice)) in STRAIGHTS


def score(dice: Sequence[int]) -> int | None:
    """What ``dice`` from one roll score when every one of them counts; ``None`` if any die
    scores nothing (a lone 2, 3, 4 or 6)."""
    if is_straight(dice):
        return 1000
    total = 0
    for face in set(dice):
        n = dice.count(face)
        if n >= 3:
            total += set_value(face, n)
        elif face == 1:
            total += 100 * n
        elif face == 5:
            total += 50 * n
        else:
            return None
    return total


@cache
def keeps_of(roll: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every way to keep scoring dice of a roll (sorted faces): each kept multiset whose every
    die scores, with its value, largest value first. Empty: the roll blew it."""
    from itertools import combinations

    found: dict[tuple[int, ...], int] = {}
    for k in range(1, len(roll) + 1):
        for kept in combinations(roll, k):
            if kept not in found:
                value = score(kept)
                if value is not None:
                    found[kept] = value
    return tuple(sorted(found.items(), key=lambda kv: (-kv[1], len(kv[0]), kv[0])))


def banked(total: int, on_board: bool, meld_threshold: int) -> int:
    """What stopping with a turn's count ``total`` banks (G-10K-1, T-10K-6): the count once the
    player is on the board or opens with it, nothing below the opening count. The engine's stop
    and the score pad both bank through this."""
    return total if on_board or total >= meld_threshold else 0


def saves(roll: Sequence[int], rule: str) -> bool:
    """Whether a take-over roll saves the count: a 1 or a 5 among the dice (the book's words), or
    any scoring dice (``any_scoring``)."""
    if rule == "any_scoring":
        return bool(keeps_of(tuple(sorted(roll))))
    return 1 in roll or 5 in roll


# ---- options --------------------------------------------------------------------------------

@dataclass(frozen=True, kw_only=True)
class TenThousandOptions(Options):
    takeover_save: str = option(
        "one_or_five", "Saving a count taken over",
        "What the roll of a player who takes over the count before must show to save it.",
        choices={"one_or_five": "At least one 1 or one 5 among the dice (a 1 or 5 inside a set counts)",
                 "any_scoring": "Any scoring dice: a set of fours saves it too"})
    takeover_requires_melded: bool = option(
        False, "Only players on the board take over",
        "On: a player who has not yet banked the opening count may not take over. Off: anyone may, "
        "and the whole count goes toward their opening.")
    final_round: bool = option(
        False, "A last turn for everyone",
        "On: when someone reaches the target, everyone else gets one more turn and the highest score "
        "wins. Off: the first to reach it wins at once.")
    meld_threshold: int = option(
        1000, "Opening count", "What a player must bank in one turn before their scores count.",
        minimum=0, maximum=10000)
    target: int = option(10000, "Target", "The banked score that wins.", minimum=500, maximum=100000)


PRESETS = {
    "published": Preset(
        "published", "The usual published take-over: any scoring roll saves it, only players on the "
        "board take over; everyone gets a last turn.",
        {"takeover_save": "any_scoring", "takeover_requires_melded": True, "final_round": True}),
}


class TenThousandPhase(PhaseName):
    START = "start", "Starting a turn: roll all five dice, or take over the count before"
    KEEP = "keep", "Keeping: hold at least one scoring die from the roll"
    GO = "go", "Rolling on or stopping to bank the count"
    OVER = "over", "The game is over"


class _TurnPhase(KindsPhase["TenThousand"]):
    """A phase of the turn: the player whose turn it is acts."""

    def to_act(self, s: TenThousand) -> frozenset[int]:
        return frozenset((s.turn,))


# ---- the kinds of move (core.phases.MoveKind: each rule once) --------------------------------

class RollAll(OneMove["TenThousand"]):
    """Start the turn by rolling all five dice: always allowed."""

    def apply(self, s: TenThousand, seat: int, move: Move) -> None:
        s.turn_total, s.held, s.taking = 0, [], False
        s.roll_free_dice()

    def describe(self, s: TenThousand, move: Move, viewer: int | None) -> str:
        return "Roll all five dice"


class TakeOver(OneMove["TenThousand"]):
    """Take over the count the player before stopped with (G-10K-6, G-10K-7)."""

    def rule(self, s: TenThousand, seat: int) -> str | None:
        if s.offer is None:
            return "There is nothing to take over: the player before did not stop with a count."
        if s.options.takeover_requires_melded and not s.melded[seat]:
            return "Only a player on the board may take over a count (the rules in effect)."
        return None

    def apply(self, s: TenThousand, seat: int, move: Move) -> None:
        s.take_over(seat)

    def describe(self, s: TenThousand, move: Move, viewer: int | None) -> str:
        total, held = s.offer or (0, ())
        free = DICE - len(held) or DICE
        return f"Take over {total:,} and roll {free} {'die' if free == 1 else 'dice'}"


class Keep(MoveKind["TenThousand"]):
    """Hold scoring dice of the roll just made: every kept die is in the roll and scores within it."""

    verbs = ("keep",)

    def candidates(self, s: TenThousand, seat: int) -> list[Move]:
        return [keep_move(kept) for kept, _ in keeps_of(tuple(sorted(s.rolled)))]

    def legal(self, s: TenThousand, seat: int) -> list[Move]:
        return self.candidates(s, seat)  # keeps_of lists only what scores: every candidate verifies

    def verify(self, s: TenThousand, seat: int, move: Move) -> str | None:
        faces = list(move.numbers)
        if not faces or len(faces) != len(move.args):
            return "Say which dice you keep, by their faces: keep 1 5, keep 4 4 4."
        pool = list(s.rolled)
        for f in faces:
            if f not in pool:
                return f"The roll ({faces_text(s.rolled)}) has no more {f}s to keep."
            pool.remove(f)
        if score(faces) is None:
            return (f"Every die kept must score within this roll: {faces_text(faces)} does not "
                    "(a 1, a 5, three or more of a kind, or a straight of all five).")
        return None

    def apply(self, s: TenThousand, seat: int, move: Move) -> None:
        s.keep(seat, list(move.numbers))

    def describe(self, s: TenThousand, move: Move, viewer: int | None) -> str:
        faces = list(move.numbers)
        return f"Keep {dice_words(faces)} for {score(faces) or 0:,}"

    def places(self, s: TenThousand, seat: int, move: Move) -> list[Place | None]:
        """Each die kept is one of the dice just rolled showing its face: any of them, so no index."""
        return [{"zone": DICE_FIELD} for _ in move.args]


class RollOn(OneMove["TenThousand"]):
    """Roll the dice not held (all five again after hot dice)."""

    def apply(self, s: TenThousand, seat: int, move: Move) -> None:
        s.roll_free_dice()

    def describe(self, s: TenThousand, move: Move, viewer: int | None) -> str:
        free = s.free_dice()
        if len(s.held) == DICE:
            return "Roll all five again (hot dice)"
        return f"Roll the {free} {'die' if free == 1 else 'dice'} left"


class Stop(OneMove["TenThousand"]):
    """Stop and bank the turn's count (nothing, below the meld, for a player not on the board)."""

    def apply(self, s: TenThousand, seat: int, move: Move) -> None:
        s.stop(seat)

    def describe(self, s: TenThousand, move: Move, viewer: int | None) -> str:
        if s.banks(s.turn, s.turn_total):
            return f"Stop and bank {s.turn_total:,}"
        return (f"Stop with {s.turn_total:,}: it scores nothing, "
                f"{s.options.meld_threshold:,} in one turn gets you on the board")

    def confirm(self, s: TenThousand, seat: int, move: Move) -> str | None:
        """A stop that banks nothing (not yet on the board, below the opening count) throws the
        turn away: asked before it is sent."""
        if s.banks(seat, s.turn_total):
            return None
        return (f"Stop with {s.turn_total:,}? You are not on the board yet, so it scores nothing: "
                f"you need {s.options.meld_threshold:,} in one turn.")


class _Start(_TurnPhase):
    wrong: ClassVar[dict[str, str]] = {
        "keep": "Roll first: dice are kept from a roll.",
        "stop": "Roll first: there is nothing to bank yet.",
    }
    otherwise = "Start the turn: roll all five dice, or take over the count before."

    def kinds(self, s: TenThousand) -> list[MoveKind[Any]]:
        return [RollAll(ROLL), TakeOver(TAKE)]


class _Keep(_TurnPhase):
    wrong: ClassVar[dict[str, str]] = {
        "roll": "Keep at least one scoring die from the roll before rolling again or stopping.",
        "stop": "Keep at least one scoring die from the roll before rolling again or stopping.",
        "take": "Taking over is chosen at the start of a turn, before rolling.",
    }
    otherwise = "Keep scoring dice from the roll: keep 1 5, keep 4 4 4..."

    def kinds(self, s: TenThousand) -> list[MoveKind[Any]]:
        return [Keep()]


class _Go(_TurnPhase):
    wrong: ClassVar[dict[str, str]] = {
        "keep": "Keep dice just after a roll, from that roll.",
        "take": "Taking over is chosen at the start of a turn, before rolling.",
    }
    otherwise = "Roll the dice left, or stop and bank the count."

    def kinds(self, s: TenThousand) -> list[MoveKind[Any]]:
        return [RollOn(ROLL), Stop(STOP)]


class TenThousand(PhaseDispatch, State):
    """The state of a game of 10,000: banked scores, the turn in progress and its dice."""

    DEAL_WORD: ClassVar[str] = "round"
    ARG_KINDS: ClassVar[frozenset[str] | None] = frozenset({"face", "number"})
    #: no piece is ever hidden: the dice lie on the table (the conformance suite's redeal check)
    all_public: ClassVar[bool] = True
    FIELDS = (
        Field("round", "{Deal}", Kind.NUMBER, head=True),
        Field(DICE_FIELD, "Dice", Kind.DICE),
        Field("turn_total", "This turn", Kind.NUMBER, head=True),
        Field("offer", "To take over", Kind.TEXT),
        Field("scores", "Score", Kind.NUMBER, per_seat=True),
        Field("melded", "On the board", Kind.FLAG, per_seat=True),
        Field("goal", "Playing to", Kind.TEXT, minor=True),
        Field("last_turn", "Last turns", Kind.TEXT, head=True),
    )
    options: TenThousandOptions
    phases: ClassVar[dict[str, PhaseHandler[Any]]] = {
        TenThousandPhase.START: _Start(),
        TenThousandPhase.KEEP: _Keep(),
        TenThousandPhase.GO: _Go(),
        TenThousandPhase.OVER: PhaseHandler(),
    }
    phase_name: TenThousandPhase

    def __init__(self, spec: GameSpec, options: Options, players: int, seed: int,
                 deck: Sequence[str] | None = None, preset: str | None = None) -> None:
        super().__init__(spec, options, players, seed, deck, preset)
        stacked = D.read_stack(deck or ())
        self.stack: list[int] = stacked if isinstance(stacked, list) else []
        self.stack_pos = 0
        self.scores = [0] * players
        self.melded = [False] * players
        self.round_points = [0] * players
        self.first = 0 if deck is not None else self.rng.randrange(players)
        self.turn = self.first
        self.phase_name = TenThousandPhase.START
        self.turn_total = 0
        self.taking = False
        self.rolled: list[int] = []
        self.held: list[int] = []
        #: what the player before left to take over: (count, dice held), or None
        self.offer: tuple[int, tuple[int, ...]] | None = None
        #: with a final round: the seats still to have their last turn
        self.last_turns: list[int] | None = None
        self.deal_no = 1
        self.emit("deal", f"Round 1: {self.names[self.first]} rolls first.")

    def deck_template(self) -> list[int]:
        """The pieces the zones hold: none, the dice are the view's (they are not dealt pieces)."""
        return []

    def _deck_problem(self) -> str:
        if self.stacked_deck is None:
            return ""
        stacked = D.read_stack(self.stacked_deck)
        return stacked if isinstance(stacked, str) else ""

    def may_take_over(self, seat: int) -> bool:
        """A count left by a player who stopped, and (option) the taker on the board."""
        return TakeOver(TAKE).rule(self, seat) is None

    def _resolve(self, seat: int, move: Move, legal: list[Move]) -> Move | None:
        """Dice kept in another order than listed (``keep 5 1``) are the same keep (``keep 1 5``)."""
        faces = move.numbers
        if move.verb == "keep" and faces and len(faces) == len(move.args) and all(1 <= f <= 6 for f in faces):
            same = keep_move(tuple(sorted(faces)))
            return same if same in legal else None
        return None

    # ---- the rules ----------------------------------------------------------------------

    def free_dice(self) -> int:
        """The dice to roll next: those not held, or all five again after hot dice."""
        return DICE - len(self.held) or DICE

    def roll_free_dice(self) -> None:
        """Roll the dice not held (hot dice: all five, the held ones picked up again)."""
        if len(self.held) == DICE:
            self.held = []
        n = DICE - len(self.held)
        faces, self.stack_pos = D.roll_stacked(self.rng, n, self.stack, self.stack_pos)
        seat = self.turn
        self.emit("roll", f"{self.names[seat]} rolls {faces_text(faces)}.", seat=seat, faces=list(faces))
        taking, self.taking = self.taking, False
        if taking and not saves(faces, self.options.takeover_save):
            need = "1 or 5" if self.options.takeover_save == "one_or_five" else "scoring die"
            self.blow_it(f"no {need} in the roll to save the {self.turn_total:,} taken over")
            return
        if not keeps_of(tuple(sorted(faces))):
            self.blow_it("no scoring dice")
            return
        self.rolled = faces
        self.phase_name = TenThousandPhase.KEEP

    def take_over(self, seat: int) -> None:
        """Take the count the player before stopped with and roll the dice they left free."""
        assert self.offer is not None
        total, held = self.offer
        self.turn_total, self.held, self.taking = total, list(held), True
        self.emit("take", f"{self.names[seat]} takes over {total:,} and rolls {self.free_dice()} "
                  f"{'die' if self.free_dice() == 1 else 'dice'}.", seat=seat, total=total)
        self.roll_free_dice()

    def keep(self, seat: int, faces: list[int]) -> None:
        """Hold scoring dice of this roll: their value joins the turn's count."""
        value = score(faces) or 0
        self.held.extend(faces)
        self.rolled = []
        self.turn_total += value
        text = f"{self.names[seat]} keeps {faces_text(faces)} for {value:,}: {self.turn_total:,} this turn"
        if len(self.held) == DICE:
            text += "; hot dice, all five may be rolled again"
        self.emit("keep", text + ".", seat=seat, faces=faces, value=value, total=self.turn_total)
        self.phase_name = TenThousandPhase.GO

    def blow_it(self, why: str) -> None:
        seat = self.turn
        self.emit("blew", f"{self.names[seat]} blew it: {why}.", seat=seat)
        self.turn_total, self.rolled, self.held = 0, [], []
        self.offer = None
        self.end_turn()

    def banks(self, seat: int, total: int) -> int:
        """What a stop banks: the count, once the player is on the board or opens with it."""
        return banked(total, self.melded[seat], self.options.meld_threshold)

    def stop(self, seat: int) -> None:
        """Bank the turn's count; the dice left free are offered to the next player."""
        total = self.turn_total
        banked = self.banks(seat, total)
        if banked and not self.melded[seat]:
            self.melded[seat] = True
            self.emit("meld", f"{self.names[seat]} is on the board with {total:,}.", seat=seat)
        self.scores[seat] += banked
        self.round_points[seat] += banked
        if banked:
            text = f"{self.names[seat]} stops and banks {total:,}: {self.scores[seat]:,} in all."
        else:
            text = (f"{self.names[seat]} stops with {total:,}, short of the "
                    f"{self.options.meld_threshold:,} to get on the board: it scores nothing.")
        self.emit("stop", text, seat=seat, total=total, banked=banked)
        self.offer = (total, tuple(self.held))
        self.turn_total, self.rolled, self.held = 0, [], []
        if self.last_turns is None and self.scores[seat] >= self.options.target:
            self.reach_target(seat)
            if self._outcome is not None:
                return
        self.end_turn()

    def reach_target(self, seat: int) -> None:
        """First to the target wins at once, or (option) everyone else has one last turn."""
        if not self.options.final_round:
            self.close_round()
            self.finish(list(self.scores), [seat],
                        f"{self.names[seat]} reached {self.options.target:,} first.")
            self.phase_name = TenThousandPhase.OVER
            return
        n = self.num_players
        self.last_turns = [(seat + i) % n for i in range(1, n)]
        self.emit("last_round", f"{self.names[seat]} reached {self.options.target:,}: everyone else "
                  "has one last turn.", seat=seat)

    def end_turn(self) -> None:
        n = self.num_players
        nxt = (self.turn + 1) % n
        if self.last_turns is not None:
            if self.turn in self.last_turns:
                self.last_turns.remove(self.turn)
            if not self.last_turns:
                self.close_round()
                best = max(self.scores)
                self.finish(list(self.scores), [s for s in range(n) if self.scores[s] == best],
                            "The last turns are over: the highest score wins.")
                self.phase_name = TenThousandPhase.OVER
                return
            nxt = self.last_turns[0]
        if nxt == self.first and self.last_turns is None:
            self.close_round()
            self.deal_no += 1
            self.emit("deal", f"Round {self.deal_no}.")
        self.turn = nxt
        self.taking = False
        self.phase_name = TenThousandPhase.START

    def close_round(self) -> None:
        """The round's row of the score sheet: what each player banked in it."""
        self.sheet.add(self.deal_name(), list(self.round_points))
        self.round_points = [0] * self.num_players

    def _redeal_hidden(self, seat: int, rng: random.Random) -> None:
        # nothing on the table is hidden; only the stacked rolls to come are unknown to a seat
        self.stack = []
        self.stack_pos = 0

    # ---- the view -----------------------------------------------------------------------

    def _view(self, seat: int | None) -> dict[str, Any]:
        out: dict[str, Any] = {
            "round": self.deal_no,
            "dice": {"seat": self.turn, "rolled": list(self.rolled), "held": list(self.held),
                     "free": 0 if self.rolled else self.free_dice(), "verb": "keep",
                     "hot": len(self.held) == DICE and not self.rolled, "at": len(self.moves),
                     # the viewing seat's keeps, so a picture can enable the one its selection names
                     "moves": [str(m) for m in self.legal_moves(seat)
                               if m.verb == "keep"] if seat == self.turn else []},
            "turn_total": self.turn_total,
            "scores": list(self.scores),
            "melded": list(self.melded),
            "goal": f"{self.options.target:,}; {self.options.meld_threshold:,} in one turn to get on "
                    "the board",
            # the rules a bot reads
            "rules": {"target": self.options.target, "meld": self.options.meld_threshold,
                      "save": self.options.takeover_save, "final_round": self.options.final_round},
        }
        if self.offer is not None and self.phase_name is TenThousandPhase.START:
            total, held = self.offer
            free = DICE - len(held) or DICE
            out["offer"] = f"{total:,} with {free} {'die' if free == 1 else 'dice'} to roll"
            out["offer_count"] = [total, free]
        if self.last_turns is not None:
            out["last_turn"] = "Last turns: " + ", ".join(self.names[s] for s in self.last_turns)
            out["last_seats"] = list(self.last_turns)
        return out


def faces_text(faces: Sequence[int]) -> str:
    return " ".join(str(f) for f in faces)


def dice_words(faces: Sequence[int]) -> str:
    """Kept dice as a person says them: "the 1 and the 5", "three 4s", "the 1, the 5 and the 5"."""
    if len(faces) >= 3 and len(set(faces)) == 1:
        return f"{('three', 'four', 'five')[len(faces) - 3]} {faces[0]}s"
    named = [f"the {f}" for f in faces]
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]


@cache
def keep_move(kept: tuple[int, ...]) -> Move:
    return Move("keep", *(D.FACE(f) for f in kept))


SPEC: GameSpec = register(GameSpec(
    id="ten-thousand",
    title="10,000",
    family="dice",
    players=tuple(range(2, MOST_PLAYERS + 1)),
    default_players=3,
    options_cls=TenThousandOptions,
    state_cls=TenThousand,
    summary="Roll five dice, keep the scoring ones, and stop before you blow it; take over the count "
            "before you; first to 10,000.",
    presets=PRESETS,
    rules=__doc__ or "",
    tested_players=(2, 3, 6),
))

__all__ = ["SPEC", "TenThousand", "TenThousandOptions", "banked", "keeps_of", "saves", "score", "set_value"]
