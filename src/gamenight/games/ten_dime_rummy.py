"""10 Dime Rummy — the family rule book (seed 000, p.7).

Two to eight players, each for himself, with three decks and their jokers (162 cards) up to five
players and four decks (216 cards) from six on; jokers and twos are wild. Everyone begins the game
with ten dimes. Eight rounds, twelve cards each; the card after the deal is turned up to start the
discard pile. Each round has its contract, the sets a player must lay down before anything else:

=====  ===========================  =====  ===========================
Round  Contract                     Round  Contract
=====  ===========================  =====  ===========================
1      S3     (a set of three)      5      S5     (a set of five)
2      S3+S3  (two sets of three)   6      S5+S5  (two sets of five)
3      S4     (a set of four)       7      S6     (a set of six)
4      S4+S4  (two sets of four)    8      S6+S6  (two sets of six)
=====  ===========================  =====  ===========================

The catalogue is data (``CONTRACTS`` below, in the contract kernel's notation: ``S4+S4`` is two
sets of at least four).

Only sets count (cards of one rank, three or more; identical cards of several decks may share a
set); no runs. Every set, in the contract or after it, holds at least as many natural cards as wild
ones (Q Q 2 Jkr is a set, Q 2 Jkr is not). A wild card on the table stays there: nobody takes it
back or swaps it.

A turn: draw the top card of the stock (``draw``), or **buy** the top discard (``buy 7H``): one
dime into the pot for that card and the next two cards of the stock. Having bought, a player may
buy again — a dime for the next discard now on top and two more stock cards — as often as his
dimes and the discard pile last, or go on to play. Then he lays his contract set by set
(``meld 9H 9S 9C set``; once the first set of it is down, only the rest of the contract until it is
complete), and once it is down, the same turn or later, more sets of three or more and cards laid
off on anyone's sets (``layoff 2 9D``). Cards laid off on another player's set lie in front of the
player who lays them and count for him. The turn ends with a discard, or without one when the
player has melded his last card: either way he goes out and the round ends — but nobody goes out
before every player has had a turn in the round.

Scoring each round: everything a player has put on the table (his sets and his lay-offs) less
everything left in his hand; a round's score may be negative. Joker 50, two 25, ace 20, king to
ten 10, nine to three 5. After round 8 the highest total wins and takes the pot; dimes a player
did not spend stay his.

House decisions where the book is silent (``shared/rules/metzker-book.md`` §6):

* G-TDR-1 — three decks with jokers for two to five players, four from six on. Option ``decks``
  fixes three or four whatever the table. Two to eight players: the spec's practical range (four
  decks would deal more, but eight seats are what the table shows in a row).
* G-TDR-2 — buying replaces the stock draw and is done on one's own turn only. Out-of-turn buying
  (contract rummy's "may I") is not offered: it would ask every other player "buy or pass?" after
  every discard, multiplying the decisions of a round several times over with the book silent on
  who has priority, what the next player loses and whether a buyer draws a penalty card — the
  book's own text ("throw a dime in the pot and get the discard") reads as a player's own draw.
* G-TDR-3 — the contract's sizes are minimums (a set of four meets "a set of three"); the two sets
  of a contract must be of different ranks (option ``distinct_contract_ranks``).
* G-TDR-4 — a bought discard need not be used; it may even be discarded again the same turn (the
  dime bought the two stock cards as well).
* G-TDR-5 — a buy takes as many stock cards as there are, remaking the stock first from the
  discard pile but its top card where it runs out (GEN-10).
* G-TDR-6 — nobody lays off before his contract is down.
* G-TDR-7 — equal best totals share the pot; it is shared in whole dimes, an odd dime going to the
  sharer nearest the dealer's left.
* T-TDR-5 — "you may go out the same round if everybody has had at least one play": nobody goes
  out (by discarding or melding his last card) before every player's first turn of the round has
  begun — the last player of the first lap may go out on it. Until then a player keeps two cards
  after melding: one to discard and one to hold.
* When the stock runs out it is remade once a round from the discard pile but its top card,
  shuffled (GEN-10); when it runs out again the round ends with nobody out and everyone is scored
  as he stands.
* A player with no dimes left cannot buy. Money is kept in cents (a dime is 10¢, GEN-11); the
  ledger shows each purse and the pot, and each round's row on the score sheet notes the dimes
  spent and the pot.
* The first dealer is chosen at random and the deal passes to the left (GEN-2, GEN-7).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from gamenight.core.layout import Field, Kind
from gamenight.core.moves import Move
from gamenight.core.options import Options, option
from gamenight.core.phases import MoveKind, PhaseHandler
from gamenight.core.registry import GameSpec, register
from gamenight.core.scoring import money
from gamenight.equipment import cards as C
from gamenight.families.contract_turn import ContractDraw, ContractPlay, ContractState
from gamenight.families.contracts import Contract
from gamenight.families.draw_discard import HAND, Phase
from gamenight.families.match import MatchEnd, MatchRules
from gamenight.families.melds import AT_MOST_NATURALS, MeldRules, values_by_rank
from gamenight.families.stakes import Stakes, shares

#: the eight rounds' contracts, in the contract kernel's notation (G-TDR-3: sizes are minimums)
CONTRACTS: tuple[str, ...] = ("S3", "S3+S3", "S4", "S4+S4", "S5", "S5+S5", "S6", "S6+S6")
HAND_SIZE = 12
#: one dime, in cents (GEN-11)
DIME = 10
#: stock cards a buy takes with the discard
BUY_EXTRA = 2
#: how often the stock is remade in a round before a round with nobody out ends
RESTOCKS = 1
#: Joker 50, two 25, ace 20, king to ten 10, nine to three 5
VALUES: tuple[int, ...] = values_by_rank((25, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10, 20), joker=50)
#: sets only; jokers and twos wild; never more wild cards than natural ones in a set
RULES = MeldRules(runs=False, wild_ranks=frozenset({C.TWO}), wild_ratio=AT_MOST_NATURALS)
BY_PLAYERS = "by_players"

#: interned moves: buying the top discard (it is named, as a take is)
BUY: list[Move] = [Move("buy", C.CARD_ARG[c]) for c in range(53)]


def decks_for(players: int, choice: str = BY_PLAYERS) -> int:
    """G-TDR-1: three decks with jokers up to five players, four from six on (or as chosen)."""
    if choice != BY_PLAYERS:
        return int(choice)
    return 3 if players <= 5 else 4


def contracts(distinct_ranks: bool = True) -> tuple[Contract, ...]:
    """The eight rounds' contracts; their sets of different ranks unless the option says not."""
    return tuple(Contract.parse(text, distinct_ranks=distinct_ranks) for text in CONTRACTS)


def card_points(cards: list[int] | tuple[int, ...]) -> int:
    return sum(VALUES[c] for c in cards)


@dataclass(frozen=True, kw_only=True)
class TenDimeOptions(Options):
    distinct_contract_ranks: bool = option(
        True, "Contract sets of different ranks",
        "On: the two sets of a two-set contract must be of different ranks (two sets of fours are not "
        "two sets of four). Off: the same rank twice will do.")
    start_dimes: int = option(
        10, "Dimes each", "The dimes each player begins the game with; a dime buys the top discard "
        "and two more cards from the stock.", minimum=0, maximum=50)
    decks: str = option(
        BY_PLAYERS, "Decks",
        "How many decks (each with its two jokers) are shuffled together.",
        choices={BY_PLAYERS: "Three up to five players, four from six players on",
                 "3": "Always three", "4": "Always four"})
