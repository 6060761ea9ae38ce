"""The canasta kernel's zones (Hand and Foot's three rule sets), and the core's phase dispatch.

The kernel lists every zone once — hands (their owner's), feet (nobody's until picked up, their
owner's too: they lie face down), the stock pile(s), the discard pile, each team's books and red
threes — and conservation, the view's layout and sampling all follow from that table. Cards
taken from the discard pile are known to everyone (``State.knowledge``) until they leave the hand.

The rule sets are played at 2, 4 and 6 players through their options (a preset names the player
counts it was written for; its rules work at the others).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

import gamenight
from gamenight.core.errors import IllegalMove
from gamenight.core.moves import Move
from gamenight.core.notation import WORD
from gamenight.core.options import Options
from gamenight.core.phases import ByName, KindsPhase, MoveKind, PhaseDispatch, PhaseHandler
from gamenight.core.registry import GameSpec
from gamenight.core.state import State
from gamenight.core.zones import Visibility, check_zones
from gamenight.equipment import cards as C
from gamenight.games.hand_and_foot import PRESETS, HandAndFoot
from tests.helpers import set_position

RULE_SETS = [None, "demeritt", "ultimate"]


def game(rules: str | None, n: int, seed: int = 1, **options: Any) -> HandAndFoot:
    values = dict(PRESETS[rules].values) if rules else {}
    values.update(options)
    s = gamenight.new("hand-and-foot", players=n, seed=seed, options=values)
    assert isinstance(s, HandAndFoot)
    return s


def step(s: HandAndFoot, rng: random.Random, prefer: str = "") -> tuple[int, Move]:
    seat = sorted(s.to_act)[rng.randrange(len(s.to_act))]
    legal = s.legal_moves(seat)
    wanted = [m for m in legal if m.verb == prefer]
    move = (wanted or legal)[rng.randrange(len(wanted or legal))]
    s.play(move, seat)
    return seat, move


def layout_zone(s: HandAndFoot, seat: int | None, key: str) -> dict[str, Any]:
    return next(z for z in s.view(seat)["layout"]["zones"] if z["key"] == key)


@pytest.mark.parametrize("n", [2, 4, 6])
@pytest.mark.parametrize("rules", RULE_SETS)
def test_the_zone_table_is_well_formed_and_conserves_the_shoe(rules: str | None, n: int) -> None:
    s = game(rules, n)
    shoe = Counter(s.deck_template())
    rng = random.Random(n)
    for _ in range(150):
        if s.is_over:
            break
        zones = s.zones()
        check_zones(zones)
        assert s.pieces_in_play() == shoe
        keys = {z.key for z in zones}
        assert {f"hand/{p}" for p in range(n)} | {f"foot/{p}" for p in range(n)} | {"discards"} <= keys
        assert {f"red3/{t}" for t in range(s.teams)} <= keys
        assert ("stock" in keys) == (len(s.stocks) == 1)
        for z in zones:
            assert z.label
            if z.name in ("books", "red3"):
                assert z.visibility is Visibility.PUBLIC and z.group == f"team/{z.key.split('/')[1]}"
        step(s, rng)


def test_zones_say_who_sees_what() -> None:
    s = game(None, 4)
    by_key = {z.key: z for z in s.zones()}
    assert by_key["hand/2"].visibility is Visibility.OWNER and by_key["hand/2"].owner == 2
    assert by_key["foot/2"].visibility is Visibility.NOBODY
    assert by_key["stock"].visibility is Visibility.NOBODY
    assert by_key["discards"].visibility is Visibility.PUBLIC and str(by_key["discards"].show) == "pile"
    assert by_key["hand/0"].label == "North's hand" and by_key["foot/0"].label == "North's foot"


def test_the_owners_foot_is_hidden_from_him_until_he_picks_it_up() -> None:
    s = game(None, 4, seed=3)
    rng = random.Random(3)
    while not any(s.in_foot):
        for p in range(4):
            assert not s.in_foot[p]
            foot = layout_zone(s, p, f"foot/{p}")
            assert foot["pieces"] is None and foot["count"] == len(s.feet[p]) == 13
        step(s, rng, prefer="meld")
        assert not s.is_over
    p = s.in_foot.index(True)
    assert layout_zone(s, p, f"foot/{p}")["count"] == 0
    # the hand as its owner sees it: in display order
    assert layout_zone(s, p, f"hand/{p}")["pieces"] == C.codes(s.sort_for_display(s.hands[p]))


def test_a_foot_looked_at_before_choosing_is_its_owners() -> None:
    s = game("demeritt", 4, hand_choice="look")
    assert layout_zone(s, 1, "foot/1")["pieces"] == C.codes(s.feet[1])
    assert layout_zone(s, 0, "foot/1")["pieces"] is None
    blind = game("demeritt", 4)
    assert layout_zone(blind, 1, "hand/1")["pieces"] is None  # the packets lie face down
    assert layout_zone(blind, 1, "foot/1")["pieces"] is None


def taken_from_the_pile(seed: int) -> tuple[HandAndFoot, int, list[int]]:
    """A game just after a player took the pile with cards besides its top one."""
    for k in range(seed, seed + 40):
        s = game(None, 4, seed=k)
        rng = random.Random(k)
        while not s.is_over:
            seat, move = step(s, rng, prefer="pickup")
            if move.verb == "pickup":
                event = next(e for e in reversed(s.events) if e.kind == "pickup")
                taken = C.cards(event.data["cards"])
                if taken and s.phase() == "play" and s.turn == seat:
                    return s, seat, taken
    raise AssertionError("nobody took the pile")


def test_a_card_taken_from_the_pile_is_known_to_every_seat_and_survives_sampling() -> None:
    s, taker, taken = taken_from_the_pile(5)
    key = f"hand/{taker}"
    assert sorted(s.knowledge.public(key)) == sorted(taken)
    for seat in [None, *range(4)]:
        zone = layout_zone(s, seat, key)
        assert s.view(seat)["known_cards"][taker] == C.codes(sorted(taken))
        if seat == taker:
            assert zone["pieces"] is not None and "known" not in zone  # he sees the cards themselves
        else:
            assert zone["pieces"] is None and Counter(zone["known"]) == Counter(C.codes(taken))
    rng = random.Random(0)
    for seat in (taker + 1) % 4, (taker + 2) % 4:
        for _ in range(10):
            smp = s.sample(seat, rng)
            assert isinstance(smp, HandAndFoot)
            assert not Counter(taken) - Counter(smp.hands[taker])  # the known cards stay
            assert smp.view(seat) == s.view(seat)


def test_sampling_redeals_other_hands_every_face_down_foot_and_the_stock_only() -> None:
    s = game(None, 4, seed=2)
    rng = random.Random(2)
    for _ in range(12):
        step(s, rng)
    moved = Counter[str]()
    for _ in range(20):
        smp = s.sample(1, rng)
        assert isinstance(smp, HandAndFoot)
        assert smp.hands[1] == s.hands[1]
        assert smp.discards == s.discards and smp.books == s.books and smp.red3 == s.red3
        assert [len(h) for h in smp.hands] == [len(h) for h in s.hands]
        assert [len(f) for f in smp.feet] == [len(f) for f in s.feet]
        assert smp.pieces_in_play() == s.pieces_in_play()
        pairs = (("hand/0", smp.hands[0], s.hands[0]), ("foot/1", smp.feet[1], s.feet[1]),
                 ("stock", smp.stocks[0], s.stocks[0]))
        moved.update(k for k, a, b in pairs if a != b)
    assert moved["hand/0"] and moved["foot/1"] and moved["stock"]  # the owner's own foot too


def test_a_card_leaving_the_hand_is_forgotten_one_copy_at_a_time() -> None:
    s, taker, taken = taken_from_the_pile(5)
    card = taken[0]
    before = s.knowledge.public(f"hand/{taker}").count(card)
    s._remove_from_hand(taker, [card])
    assert s.knowledge.public(f"hand/{taker}").count(card) == before - 1


# ---- core.phases on a toy two-phase game ------------------------------------------------------

ASK, YES, NO = Move("ask"), Move("answer", WORD("yes")), Move("answer", WORD("no"))


@dataclass(frozen=True, kw_only=True)
class ToyOptions(Options):
    pass


class AskPhase(KindsPhase["ToyAsk"]):
    wrong: ClassVar[dict[str, str]] = {"answer": "Nobody has asked anything yet."}

    def kinds(self, s: ToyAsk) -> list[MoveKind[Any]]:
        return [ByName(("ask",), "ask_moves", "why_not_ask", "ask")]

    def to_act(self, s: ToyAsk) -> frozenset[int]:
        return frozenset((0,))


class AnswerPhase(KindsPhase["ToyAsk"]):
    otherwise: ClassVar[str | None] = "Answer 'answer yes' or 'answer no'."

    def kinds(self, s: ToyAsk) -> list[MoveKind[Any]]:
        return [ByName(("answer",), "answer_moves", "why_not_answer", "answer")]

    def to_act(self, s: ToyAsk) -> frozenset[int]:
        return frozenset((1,))


class ToyAsk(PhaseDispatch, State):
    """Seat 0 asks, seat 1 answers, and the game is over."""

    phases: ClassVar[dict[str, PhaseHandler[Any]]] = {
        "ask": AskPhase(), "answer": AnswerPhase(), "over": PhaseHandler()}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.phase_name = "ask"
        self.said = ""

    def ask_moves(self, seat: int) -> list[Move]:
        return [ASK]

    def why_not_ask(self, seat: int, move: Move) -> str:
        return ""

    def ask(self, seat: int, move: Move) -> None:
        self.phase_name = "answer"

    def answer_moves(self, seat: int) -> list[Move]:
        return [YES, NO]

    def why_not_answer(self, seat: int, move: Move) -> str:
        return "Yes or no."

    def answer(self, seat: int, move: Move) -> None:
        self.said = move.flag or ""
        self.phase_name = "over"
        self.finish([0, 1], [1], "Answered.")

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"said": self.said}


TOY = GameSpec(id="toy-ask", title="Toy Ask", family="test", players=(2,), default_players=2,
               options_cls=ToyOptions, state_cls=ToyAsk, summary="Two phases.")


def test_phase_dispatch_is_one_lookup_of_the_current_phase() -> None:
    s = ToyAsk(TOY, ToyOptions(), 2, 1)
    assert s.phase() == "ask" and s.to_act == frozenset((0,)) and s.legal_moves(0) == [ASK]
    with pytest.raises(IllegalMove, match="Nobody has asked anything yet"):
        s.play(YES, 0)
    with pytest.raises(IllegalMove, match="is not a move you can make now"):
        s.play("pass", 0)
    s.play("ask", 0)
    assert s.phase() == "answer" and s.to_move == 1 and s.legal_moves(1) == [YES, NO]
    with pytest.raises(IllegalMove, match="Answer 'answer yes'"):
        s.play("ask", 1)
    with pytest.raises(IllegalMove, match="Yes or no"):
        s.play("answer maybe", 1)
    s.play("answer no", 1)
    assert s.said == "no" and s.phase() == "over" and s.to_act == frozenset() and s.is_over


def test_a_game_adds_a_phase_by_extending_the_table() -> None:
    class Wait(PhaseHandler["ToyAsk"]):
        def to_act(self, s: ToyAsk) -> frozenset[int]:
            return frozenset((0, 1))

    class Longer(ToyAsk):
        phases: ClassVar[dict[str, PhaseHandler[Any]]] = {**ToyAsk.phases, "wait": Wait()}

    s = Longer(TOY, ToyOptions(), 2, 1)
    set_position(s, phase="wait")
    assert s.to_act == frozenset((0, 1)) and s.legal_moves(0) == [] and "wait" not in ToyAsk.phases
