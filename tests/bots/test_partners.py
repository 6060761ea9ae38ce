"""Bots read their partners (issue 29): what a partner bid or played changes what a bot does, and a
bot never takes a trick its partner holds surely. Euchre's seats: North 0 (the stacked deal's
dealer) and South 2 against East 1 and West 3; deals are written [North, East, South, West], the
rest starting with the up-card. Canasta's answer to "may I go out?" reads the partner's hand in
tests/games/hand_and_foot/test_bot.py."""

from __future__ import annotations

import random

from gamenight.bots import make_bot, sampler_for
from gamenight.bots.games.euchre import MAKE, worth
from gamenight.core.state import State
from gamenight.equipment import cards as C
from tests.helpers import new, play_all

#: worth 4 in hearts (the left bower and the king), the right bower turned up: its help decides
BORDERLINE = "JD KH 9C TS TD"
DULL = "9S QS QC KD 9D"


def casual(s: State, seat: int) -> str:
    bot = make_bot("casual", s.spec.id)
    return str(bot.choose(s.view(seat), s.legal_moves(seat), sampler_for(s, seat), random.Random(0)))


def test_the_up_card_counts_for_the_dealers_partner_and_against_his_opponents() -> None:
    up = C.card("JH")
    hand = C.cards(BORDERLINE)
    help_ = (worth([*hand, up], C.HEARTS) - worth(hand, C.HEARTS)) / 2
    assert worth(hand, C.HEARTS) + help_ >= MAKE > worth(hand, C.HEARTS)  # the help alone decides
    # South, the dealer's partner (who need not go alone, as in the standard rules): the jack his
    # partner picks up is a trump on his side
    s = new("euchre", ["9H TH JC KC AC", DULL, BORDERLINE, "QH AH TC JS KS"], "JH AS QD AD",
            options={"dealer_partner_forced_alone": "off"})
    s.play("pass", 1)
    assert casual(s, 2) == "order"
    # East, the dealer's opponent, with the same cards: ordering up hands the dealer the jack
    s = new("euchre", ["9H TH JC KC AC", BORDERLINE, DULL, "QH AH TC JS KS"], "JH AS QD AD",
            options={"dealer_partner_forced_alone": "off"})
    assert casual(s, 1) == "pass"


def test_the_partner_of_the_maker_leads_trumps_for_him_and_not_for_the_other_side() -> None:
    deal = ["9C TC JC 9S QS", "JD QH AC KS 9D", "TH KC QD KD AD", "JH AH KH TS QC"]
    s = new("euchre", deal, "9H JS AS TD")
    play_all(s, ["pass", "pass", "order", "discard 9C"])  # West, East's partner, makes hearts
    assert casual(s, 1) == "play JD"  # the left bower, to draw the defenders' trumps
    s = new("euchre", deal, "9H JS AS TD")
    play_all(s, ["pass", "pass", "pass", "pickup", "discard 9C"])  # North, the other side, makes them
    assert casual(s, 1) == "play AC"  # a side ace: his trumps are kept to stop the makers


def test_a_bot_does_not_trump_the_ace_its_partner_led() -> None:
    s = new("euchre", ["TH QH KH TC JC", "AC KS 9D TD QD", "9C TS JS QS AS", "JH AH 9S KD AD"], "9H QC KC JD")
    play_all(s, ["pass", "pass", "pass", "pickup", "discard TC", "play AC", "play 9C"])
    assert s.to_act == frozenset({3})  # West, void in clubs, holds the right bower and the ace of trumps
    assert casual(s, 3) == "play 9S"  # the cheapest card: his partner's ace holds the trick
