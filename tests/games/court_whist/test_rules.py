"""Court Whist: the worked cases T-CW-1..9 of the spec, a stacked-deck scenario per game and rule,
speech in Confiscation, sit-outs, and the party's tables playing at once."""

from __future__ import annotations

import io
import itertools
import json
import random

import pytest
from rich.console import Console

import gamenight
from gamenight.cli.render import render_view
from gamenight.equipment import cards as C
from gamenight.games.court_whist import rules as R
from gamenight.games.court_whist.party import CHAT_SPEECH, CourtWhist
from tests.helpers import deal_deck

SUITS = {"S": "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", "H": "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
         "D": "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D", "C": "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"}


def party(suits: str = "HDSC", players: int = 4, **options: object) -> CourtWhist:
    """A party whose first hand is stacked: chair c (seat c at table 1) holds the whole suit
    ``suits[c]``; North deals, East leads."""
    deck = deal_deck([SUITS[s] for s in suits])
    s = gamenight.new("court-whist", players=players, seed=5, deck=deck, options=options)
    assert isinstance(s, CourtWhist)
    return s


def play_first_legal(s: CourtWhist, until: object = None) -> None:
    """Every seat to act plays its first legal move until ``until(s)`` holds (or the party ends)."""
    while not s.is_over and not (until and until(s)):  # type: ignore[operator]
        seat = min(s.to_act)
        s.play(s.legal_moves(seat)[0], seat)


def hand_done(s: CourtWhist, table: int = 0, hand: int = 1) -> object:
    return lambda _s: s.tables[table].hand >= hand or s.tables[table].waiting


def card_of(s: CourtWhist, seat: int, game: int) -> list[int | None]:
    return s.card[seat][game - 1]


# ---- the worked cases -------------------------------------------------------------------------

def figures(game: str, tricks: list[int], faces: list[int] | None = None) -> list[int]:
    g = next(x for x in R.GAMES if x.name == game)
    return R.hand_figures(g, tricks, faces or [0, 0, 0, 0])


def test_T_CW_1_coronation_partners_record_their_tricks() -> None:
    # North (man) and South (lady) take 8 between them
    assert figures("Coronation", [5, 2, 3, 3]) == [8, 5, 8, 5]


def test_T_CW_2_prosperity_doubles() -> None:
    assert figures("Prosperity", [5, 2, 3, 3])[0] == 16


def test_T_CW_3_chivalry_two_more_for_each_trick_of_the_lady() -> None:
    # North-South take 8, South (the lady) 5 of them: 8 + 2 x 5 = 18
    assert figures("Chivalry", [3, 2, 5, 3])[0] == 18
    assert figures("Chivalry", [3, 2, 5, 3])[2] == 18


def test_T_CW_4_revolution_scores_the_opponents_tricks() -> None:
    out = figures("Revolution", [4, 2, 4, 3])  # A (N-S) 8, B (E-W) 5
    assert (out[0], out[1]) == (5, 8)


def test_T_CW_5_confiscation_speaking_twice_costs_the_speaker_six() -> None:
    s = party("SHDC", first_game=6)  # Confiscation, spades: North takes all 13
    s.play("speak", 0)
    s.play("speak", 0)
    play_first_legal(s, hand_done(s))
    assert card_of(s, 0, 6)[0] == 13 - 6
    assert card_of(s, 2, 6)[0] == 13  # the lady did not speak
    # the T-CW-5 figures themselves: 7 tricks, the man spoke twice
    assert figures("Confiscation", [4, 3, 3, 3])[0] - 2 * R.SPEECH_PENALTY == 1


def test_T_CW_6_restoration_one_more_for_each_face_card() -> None:
    out = figures("Restoration", [3, 4, 3, 3], faces=[2, 4, 3, 3])  # A 6 tricks 5 faces, B 7 and 7
    assert (out[0], out[1]) == (11, 14) and out[0] + out[1] == 25


def test_T_CW_7_conspiracy_everyone_for_themselves() -> None:
    assert figures("Conspiracy", [4, 3, 3, 3]) == [4, 3, 3, 3]


def test_T_CW_8_sitting_out_a_game_scores_32() -> None:
    s = gamenight.new("court-whist", players=5, seed=2)
    assert isinstance(s, CourtWhist)
    (out,) = s.sitting_out(0)
    play_first_legal(s, lambda x: x.game_no == 1)
    assert card_of(s, out, 1) == [8, 8, 8, 8]
    assert s.sheet.rows[0].points[out] == 32
    assert "sat out" in (s.sheet.rows[0].details or [])[out]


def test_T_CW_9_three_tables_the_winners_move() -> None:
    tables = [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]
    won = [(0, 2), (1, 3), (0, 2)]  # table 0: North (man 0) and South (lady 2)
    after = R.move_tables(tables, won)
    assert 0 in after[2]  # the man counter-clockwise: table 0 -> table 2
    assert 2 in after[1]  # the lady clockwise: table 0 -> table 1


# ---- the seven games, a stacked hand each -------------------------------------------------

def test_coronation_the_king_holder_names_trumps_before_the_lead() -> None:
    s = party("SHDC")  # North holds every spade, so the king of spades
    assert s.to_act == {0} and s.phase() == "name_trump"
    assert [str(m) for m in s.legal_moves(0)] == ["call C", "call D", "call H", "call S"]
    with pytest.raises(gamenight.IllegalMove, match="name trumps first"):
        s.play("play AS", 0)
    s.play("call S", 0)
    assert s.tables[0].trump == C.SPADES and s.to_act == {1}  # East, left of the dealer, leads
    play_first_legal(s, hand_done(s))
    assert card_of(s, 0, 1)[0] == 13 and card_of(s, 2, 1)[0] == 13 and card_of(s, 1, 1)[0] == 0
    # hand 2: the holder of the king of hearts (East) names
    assert s.to_act == {s.tables[0].seats[s.tables[0].namer]} and C.make_card(C.KING, C.HEARTS) in \
        s.tables[0].hands[s.tables[0].namer]


def test_prosperity_spades_then_hearts_clubs_diamonds_tricks_double() -> None:
    s = party("HDSC", first_game=2)  # South holds the spades: trumps
    assert s.tables[0].trump == C.SPADES and s.to_act == {1}
    play_first_legal(s, hand_done(s))
    assert card_of(s, 0, 2)[0] == 26 and card_of(s, 1, 2)[0] == 0
    trumps = [s.tables[0].trump]
    for hand in (2, 3):
        play_first_legal(s, hand_done(s, hand=hand))
        trumps.append(s.tables[0].trump)
    assert trumps == [C.HEARTS, C.CLUBS, C.DIAMONDS]


def test_conspiracy_the_dealers_last_card_is_trumps_and_everyone_knows_he_holds_it() -> None:
    s = party("SHDC", first_game=3)  # North deals and holds the spades
    table = s.tables[0]
    last = table.hands[0][-1]
    assert table.trump == C.SPADES and table.turned == last
    assert s.view(1)["layout"]["zones"][0]["known"] == [C.CODE_OF[last]]  # North's hand, seen from East
    assert s.view(1)["turned_card"] == C.CODE_OF[last]
    smp = s.sample(1, random.Random(3))
    assert last in smp.tables[0].hands[0]  # type: ignore[attr-defined]
    play_first_legal(s, hand_done(s))
    assert [card_of(s, p, 3)[0] for p in range(4)] == [13, 0, 0, 0]


def test_chivalry_the_lady_takes_every_trick() -> None:
    s = party("HDSC", first_game=4)  # South (lady) holds the spades
    play_first_legal(s, hand_done(s))
    assert [card_of(s, p, 4)[0] for p in range(4)] == [39, 0, 39, 0]


def test_revolution_no_trumps_each_side_scores_the_others_tricks() -> None:
    s = party("SHDC", first_game=5)  # nobody can follow: East leads hearts and wins every trick
    assert s.tables[0].trump is None and s.view(0)["no_trumps"]
    play_first_legal(s, hand_done(s))
    assert [card_of(s, p, 5)[0] for p in range(4)] == [13, 0, 13, 0]


def test_restoration_face_cards_in_the_tricks() -> None:
    s = party("HDSC", first_game=7)
    play_first_legal(s, hand_done(s))
    assert [card_of(s, p, 7)[0] for p in range(4)] == [25, 0, 25, 0]  # 13 tricks and 12 faces


def test_follow_suit_at_the_table() -> None:
    s = party("SHDC", first_game=2)  # spades trumps; East leads a heart, North must follow... or not
    s.play("play AH", 1)
    with pytest.raises(gamenight.IllegalMove, match="not your turn"):
        s.play("play AD", 3)
    mixed = gamenight.new("court-whist", players=4, seed=9, options={"first_game": 2})
    assert isinstance(mixed, CourtWhist)
    seat = min(mixed.to_act)
    lead = mixed.legal_moves(seat)[0]
    mixed.play(lead, seat)
    nxt = min(mixed.to_act)
    led = C.SUIT_OF[C.card(str(lead).split()[1])]
    where = mixed.where[nxt]
    assert where is not None
    hand = mixed.tables[0].hands[where[1]]
    off = [c for c in hand if C.SUIT_OF[c] != led]
    if off and any(C.SUIT_OF[c] == led for c in hand):
        with pytest.raises(gamenight.IllegalMove, match="follow suit"):
            mixed.play(f"play {C.CODE_OF[off[0]]}", nxt)


def test_the_deal_passes_clockwise_so_everyone_deals_once() -> None:
    s = gamenight.new("court-whist", players=4, seed=4, options={"first_game": 2})
    assert isinstance(s, CourtWhist)
    dealers = []
    for hand in range(1, 5):
        dealers.append(s.tables[0].dealer)
        play_first_legal(s, hand_done(s, hand=hand))
    assert sorted(dealers) == [0, 1, 2, 3]
    assert dealers == [(dealers[0] + i) % 4 for i in range(4)]
    assert any(e.kind == "cut" for e in s.events)


def test_the_cut_is_logged_and_replays() -> None:
    s = gamenight.new("court-whist", players=8, seed=11)
    assert isinstance(s, CourtWhist)
    cuts = [e.text for e in s.events if e.kind == "cut"]
    assert len(cuts) == 2 and all("deals first" in c for c in cuts)
    play_first_legal(s, lambda x: len(x.moves) > 300)
    again = gamenight.replay(json.loads(json.dumps(s.log)))
    assert [e.text for e in again.events] == [e.text for e in s.events]


# ---- speaking in Confiscation ---------------------------------------------------------------

def test_the_chat_counts_as_speaking_only_during_a_confiscation_hand() -> None:
    s = party("SHDC")
    assert s.speak(1) == []  # Coronation: speech does not count
    with pytest.raises(gamenight.IllegalMove):
        s.play("speak", 1)
    c = party("SHDC", first_game=6)
    events = c.speak(3)  # West chats, not on turn
    assert [e.kind for e in events] == ["speech", "penalty"]
    assert c.moves[-1] == (3, CHAT_SPEECH)
    play_first_legal(c, hand_done(c))
    assert card_of(c, 3, 6)[0] == 0 - 3 and card_of(c, 1, 6)[0] == 0
    again = gamenight.replay(json.loads(json.dumps(c.log)))
    assert again.card == c.card  # type: ignore[attr-defined]


def test_speech_penalty_source_manual_ignores_the_chat() -> None:
    s = party("SHDC", first_game=6, speech_penalty_source="manual")
    assert s.speak(0) == []
    s.play("speak", 0)
    assert s.spoke[0] == 1


def test_speech_penalty_source_chat_refuses_the_speak_move() -> None:
    s = party("SHDC", first_game=6, speech_penalty_source="chat")
    with pytest.raises(gamenight.IllegalMove, match="chat"):
        s.play("speak", 0)
    assert s.speak(0) and s.spoke[0] == 1


def test_speech_penalties_do_not_decide_who_moves() -> None:
    g = next(x for x in R.GAMES if x.name == "Confiscation")
    assert R.table_winners(g, [30, 20, 30, 20], None) == (0, 2)  # the figures before penalties


# ---- winners, movement and sit-outs -----------------------------------------------------------

def test_a_tie_is_cut_and_the_highest_man_and_lady_win() -> None:
    g = R.GAMES[0]
    assert R.table_winners(g, [20, 20, 20, 20], None) is None
    assert R.table_winners(g, [20, 20, 20, 20], [3, 1, 0, 2]) == (1, 3)
    consp = R.GAMES[2]
    assert R.table_winners(consp, [15, 10, 12, 15], None) == (0, 3)
    assert R.table_winners(consp, [15, 15, 12, 15], None) is None
    assert R.table_winners(consp, [15, 15, 12, 15], [2, 1, 3, 0]) == (1, 3)


def test_the_cut_orders_by_rank_aces_high_and_recuts_ties() -> None:
    for seed in range(30):
        shown, (top_man, top_lady) = R.cut(random.Random(seed), [R.A_CHAIRS, R.B_CHAIRS])
        first = dict(shown[0])
        assert sorted(first) == [0, 1, 2, 3]  # all four cut
        for top, chairs in ((top_man, R.A_CHAIRS), (top_lady, R.B_CHAIRS)):
            best = max(C.RANK_OF[first[c]] for c in chairs)
            assert top in chairs and C.RANK_OF[first[top]] == best
        cards = [card for cuts in shown for _, card in cuts]
        assert len(cards) == len(set(cards))
        assert R.ranked_by_cut([top_man, top_lady])[:2] == [top_man, top_lady]


def _cuts_for_the_deal(text: str) -> list[list[tuple[str, str]]]:
    """'Cut for the deal: North 7♠, …; again, East 3♠, …. East deals first.' as rounds of
    (name, card); a re-cut written the old way (names again, no 'again') is a round of its own."""
    body = text.split("Cut for the deal: ", 1)[1].rsplit(". ", 1)[0]
    pairs = [tuple(part.rsplit(" ", 1)) for part in body.replace("; again, ", ", ").split(", ")]
    rounds: list[list[tuple[str, str]]] = [[]]
    for name, card in pairs:
        if name in {n for n, _ in rounds[-1]}:
            rounds.append([])
        rounds[-1].append((name, card))
    return rounds


def test_the_cut_for_the_deal_recuts_only_a_tie_for_the_top_from_the_same_deck() -> None:
    """The book: all cut, high card deals. Only those tied for the highest card cut again, and
    they cut from what is left of the deck: no card shows twice."""
    rank = {C.LABEL_OF[c]: C.RANK_OF[c] for c in C.standard_deck()}
    recuts = 0
    for seed in range(12):
        s = gamenight.new("court-whist", players=8, seed=seed)
        for text in (e.text for e in s.events if e.kind == "cut"):
            rounds = _cuts_for_the_deal(text)
            cards = [card for cuts in rounds for _, card in cuts]
            assert len(cards) == len(set(cards)), text
            for before, again in itertools.pairwise(rounds):
                best = max(rank[card] for _, card in before)
                assert sorted(n for n, _ in again) == sorted(n for n, c in before if rank[c] == best), text
            last = rounds[-1]
            dealer = max(last, key=lambda nc: rank[nc[1]])[0]
            assert text.endswith(f"{dealer} deals first."), text
            recuts += len(rounds) > 1
    assert recuts  # some seed ties for the top


def test_one_table_the_partners_swap() -> None:
    after = R.move_tables([[0, 1, 2, 3]], [(1, 3)])
    assert after == [[0, 1, 3, 2]]  # 0 now partners 3, 1 partners 2


def test_two_tables_winners_change_tables_and_everyone_gets_a_new_partner() -> None:
    tables = [[0, 1, 2, 3], [4, 5, 6, 7]]
    after = R.move_tables(tables, [(0, 2), (1, 3)])  # table 2's winners: East 5 and West 7
    # the staying man keeps North, the staying lady shifts to West, the arrivals sit opposite them
    assert after == [[1, 5, 7, 3], [4, 0, 2, 6]]
    before = {frozenset((c[i], c[i + 2])) for c in tables for i in (0, 1)}
    now = {frozenset((c[i], c[i + 2])) for c in after for i in (0, 1)}
    assert not before & now
    assert 0 in after[1] and 2 in after[1]  # t-1 and t+1 are the same other table
    assert 5 in after[0] and 7 in after[0]


def test_three_tables_every_partnership_is_new() -> None:
    tables = [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]
    after = R.move_tables(tables, [(0, 2), (1, 3), (1, 2)])
    before = {frozenset((c[i], c[i + 2])) for c in tables for i in (0, 1)}
    now = {frozenset((c[i], c[i + 2])) for c in after for i in (0, 1)}
    assert not before & now
    for chairs in after:
        assert all(R.is_man(p) for p in chairs[:2]) and not any(R.is_man(p) for p in chairs[2:])


def test_a_party_of_nine_sits_everyone_out_in_turn_and_keeps_men_and_ladies_apart() -> None:
    s = gamenight.new("court-whist", players=9, seed=21)
    assert isinstance(s, CourtWhist)
    outs = []
    while not s.is_over:
        outs.append(tuple(s.sitting_out(s.game_no)))
        for table in s.tables:
            assert [R.is_man(p) for p in table.seats] == [True, True, False, False]
            assert len(set(table.seats)) == 4
        seated = sorted(p for t in s.tables for p in t.seats)
        assert seated == sorted(set(range(9)) - set(outs[-1]))
        game = s.game_no
        play_first_legal(s, lambda x, g=game: x.game_no > g)
    men = [p for p in range(9) if R.is_man(p)]
    assert len(outs) == 7 and all(len(o) == 1 and R.is_man(o[0]) for o in outs)
    assert sorted(o[0] for o in outs[:5]) == men  # nobody twice before everyone once
    out = s.outcome
    assert out is not None and len(out.scores) == 9
    sat = [o[0] for o in outs]
    assert all(s.card[p][g] == [8, 8, 8, 8] for g, p in enumerate(sat))


def test_a_party_of_thirteen_runs_three_tables_and_one_sits_out() -> None:
    """A whole party of thirteen: twelve at three tables and one sitting out each game in turn. Every
    seat's score card (what the page draws as the grand total) has the seven games, its total is the
    sheet's, and a game sat out is four hands of 8 (32)."""
    s = gamenight.new("court-whist", players=13, seed=8)
    assert isinstance(s, CourtWhist)
    assert s.n_tables == 3 and len(s.sitting_out(0)) == 1
    sat_out = [s.sitting_out(g)[0] for g in range(7)]
    play_first_legal(s)
    assert s.is_over and len(s.sheet.rows) == 7
    totals = s.sheet.totals
    best = {p for p in range(13) if totals[p] == max(totals)}
    assert s.outcome is not None and set(s.outcome.winners) == best
    for seat in range(13):
        card = s.view(seat)["score_card"]
        assert len(card["rows"]) == 7
        assert card["total"] == totals[seat]
    for game, seat in enumerate(sat_out):
        assert s.view(seat)["score_card"]["rows"][game]["cells"] == [8, 8, 8, 8, 32]


def test_any_pairing_sits_out_whoever_is_next_and_tables_fill_from_everyone() -> None:
    s = gamenight.new("court-whist", players=6, seed=3, preset="open")
    assert isinstance(s, CourtWhist)
    assert s.n_tables == 1 and len(s.sitting_out(0)) == 2
    firsts = set(s.sitting_out(0)) | set(s.sitting_out(1)) | set(s.sitting_out(2))
    assert firsts == set(range(6))
    assert s.view(0)["labels"][s.tables[0].seats[0]] == "A"


def test_sitout_score_option() -> None:
    s = gamenight.new("court-whist", players=5, seed=2, options={"sitout_score": 10})
    assert isinstance(s, CourtWhist)
    (out,) = s.sitting_out(0)
    play_first_legal(s, lambda x: x.game_no == 1)
    assert s.sheet.rows[0].points[out] == 40


def test_too_few_ladies_is_refused_with_a_reason() -> None:
    with pytest.raises(gamenight.OptionError):
        gamenight.new("court-whist", players=3)


# ---- the tables play at once; what each seat sees -------------------------------------------

def test_every_table_acts_at_once_and_a_finished_table_waits() -> None:
    s = gamenight.new("court-whist", players=8, seed=6)
    assert isinstance(s, CourtWhist)
    assert len(s.to_act) == 2 and {s.where[p][0] for p in s.to_act} == {0, 1}  # type: ignore[index]
    # table 1 only plays its four hands
    while not s.tables[0].waiting:
        seat = next(p for p in s.to_act if s.where[p][0] == 0)  # type: ignore[index]
        s.play(s.legal_moves(seat)[0], seat)
    assert all(s.where[p][0] == 1 for p in s.to_act)  # type: ignore[index]
    waiting = s.tables[0].seats[0]
    assert s.view(waiting)["phase"] == "wait" and s.legal_moves(waiting) == []
    with pytest.raises(gamenight.IllegalMove):
        s.play("play AS", waiting)
    assert s.game_no == 0
    play_first_legal(s, lambda x: x.game_no == 1)
    assert not any(t.waiting for t in s.tables)


def test_a_seat_sees_its_own_cards_only_and_samples_keep_each_tables_deck() -> None:
    s = gamenight.new("court-whist", players=8, seed=6)
    assert isinstance(s, CourtWhist)
    v = s.view(0)
    hands = [z for z in v["layout"]["zones"] if z["name"] == "hand"]
    assert len(hands) == 8
    assert [z["key"] for z in hands if z["pieces"] is not None] == ["hand/0"]
    assert {z["table"] for z in v["layout"]["zones"]} == {1, 2}
    smp = s.sample(0, random.Random(1))
    assert isinstance(smp, CourtWhist)
    for t in range(2):
        cards = sorted(c for z in smp.table_zones(t) for c in z.pieces)
        assert cards == list(range(52))
    assert smp.view(0) == v
    assert v["score_card"]["rows"][0]["label"] == "1. Coronation"
    where = s.where[0]
    assert where is not None
    table, place = where
    assert v["partner"] == s.tables[table].seats[(place + 2) % 4]


def test_the_score_card_and_the_sheet_after_the_party() -> None:
    s = gamenight.new("court-whist", players=4, seed=12)
    assert isinstance(s, CourtWhist)
    play_first_legal(s)
    card = s.view(2)["score_card"]
    assert [r["label"] for r in card["rows"]] == [f"{i + 1}. {g.name}" for i, g in enumerate(R.GAMES)]
    assert card["total"] == s.sheet.totals[2] == sum(r["cells"][-1] for r in card["rows"])
    assert s.sheet.rows[0].label == "Game 1: Coronation"


def test_the_headline_is_not_cut_at_80_columns() -> None:
    """'Court Whist · Game 1 of 7 · Your table 1 · Hand 1 of 4 · Playing: Coronation' is too long
    for an 80-column border: the game's name stays in it, the rest goes below, whole."""
    s = gamenight.new("court-whist", players=4, seed=1)
    console = Console(width=80, record=True, file=io.StringIO())
    console.print(render_view(s.view(0), width=80))
    lines = console.export_text().splitlines()
    assert lines[0].startswith("╭─ Court Whist ─")
    assert "Playing: Coronation" in lines[1] and s.view(0)["phase_label"] in lines[2]
