"""Court Whist — the family rule book (seed 000, pp.25–26): a whole progressive whist party.

Any number of tables of four, one 52-card deck each, aces high always (cuts too). Partners sit
opposite, one man and one lady. Seven games of four hands each, in order; each player keeps a
score card with a row per game (the four hands and the game's total) and the grand total; the
highest grand total wins.

=============  ==========================================  =================================
Game           Trumps, hands 1–4                            Each player records per hand
=============  ==========================================  =================================
Coronation     named by the holder of K♠, K♥, K♣, K♦          the partnership's tricks
Prosperity     ♠, ♥, ♣, ♦                                   twice the partnership's tricks
Conspiracy     the dealer's last card, turned up and kept  their own tricks (no partners)
Chivalry       ♠, ♥, ♣, ♦                                   partnership tricks + 2 per trick the lady took
Revolution     no trumps                                   the opponents' tricks
Confiscation   ♠, ♥, ♣, ♦                                   partnership tricks, −3 each time one speaks
Restoration    ♠, ♥, ♣, ♦                                   partnership tricks + 1 per face card in them
=============  ==========================================  =================================

At each table the players cut for the first deal of every game (high card deals; a logged,
seeded cut: only a tie for the highest card matters, and those tied cut again from what is left
of the same deck, a cut card not going back), then the deal passes clockwise so everyone deals
once; all 52 cards are dealt, the player left of the dealer leads, and you must follow suit.
After each game the winners move: the winning man to the next table counter-clockwise, the
winning lady to the next clockwise; the losers stay, one of them shifting a chair, so everybody
has a new partner. A player sitting out scores 8 a hand.

**Shape.** One state is the whole party: seats 0..N−1 are its players, every table is a trick
table on the trick kernel (``table.py``: the kernel deals, follows suit and wins tricks), and the
party (``party.py``) hands each move to the seat's table, scores, moves people and keeps the
cards. Tables play at the same time: ``to_act`` holds the seat to act at every table; a table
that finishes its four hands waits for the others, then everyone moves. Zones are every table's,
keyed by party seat (``hand/5``, ``taken/5``, ``trick/2``), each with its table's number, so
conservation, sampling (a table's unseen cards stay at that table) and hidden information hold
for the whole party. The pure rules (games, scoring, movement, sit-outs) are in ``rules.py``.

**Seats.** With men and ladies (the default), the first two seats of every four are men and
the other two ladies (seats 1, 2, 5, 6, 9… men; 3, 4, 7, 8… ladies, counting from 1), so an
odd party has the extra man. Chairs at a table: North and East are the men's, South and West
the ladies'; North partners South and East partners West. The first game's tables are drawn at
random from the seed (with a stacked deck: in seat order, table 1 holding the first four seats,
and North deals the stacked first hand uncut).

House decisions where the book is silent (``shared/rules/metzker-book.md`` §24):

* G-CW-1 — Coronation: the holder of the hand's king names any of the four suits (no no-trump),
  after seeing the hand and before the lead (``call H``).
* G-CW-2 — movement: tables stand in a circle 1..T; the winning man moves to table t−1, the
  winning lady to t+1; the staying man keeps North, the staying lady shifts to West, the arriving
  man takes East (opposite her) and the arriving lady South (opposite him). Winners are the
  partnership with the higher game total (Revolution's figures already count the other side's
  tricks); a tie: all four cut, and the highest man and highest lady win (men tied for the
  highest cut again, and so do ladies, from the same deck). With one table the
  winners "arrive" at their own table: the partners swap.
* G-CW-3 — speaking in Confiscation: the table chat counts (the server records every message
  of a seated player; the log keeps it as ``speak chat``), and so does the ``speak`` move (a
  player owning up, or the host noting it), from anyone at a table playing a Confiscation hand,
  whoever's turn it is. Each costs the speaker 3 on that hand (only the speaker). The option
  ``speech_penalty_source`` says which of the two count. ``speak`` is not among the listed legal
  moves: it is no turn, and anyone at the table may say it at any time.
* G-CW-4 — speech penalties do not decide who moves: movement uses the partnership figures
  before penalties.
* G-CW-5 — Conspiracy's winners: the highest-scoring man and the highest-scoring lady (a tie
  between two men, or two ladies, is cut).
* G-CW-6 — a sit-out scores 8 every hand, whatever the game (option ``sitout_score``).
* G-CW-7 — the cut for the deal is made again at every game.
* G-CW-8 — equal grand totals share the win.
* Sit-outs: when the men or the ladies are too many for full tables (or the players are not a
  multiple of four with any pairing), the extra ones sit out, in a queue drawn at random: nobody
  sits out twice before everyone of their kind has once. Those coming back take the chairs of
  those leaving (a man a man's chair).
* Conspiracy: the turned-up card is the last dealt, so it is the dealer's; everybody knows he
  holds it until it is played.
* Option ``pairing = any``: anyone partners anyone; the chairs are called A (North, East) and
  B (South, West) and the movement is the same by chair.

* Option ``first_game``: the party starts at that game (to go on with a party stopped
  part-way, or for a shorter evening); the games are always played in the book's order.

Preset ``open``: any pairing, and only the table chat counts as speaking.
"""

from __future__ import annotations

from gamenight.core.registry import GameSpec, register
from gamenight.games.court_whist.party import PRESETS, CourtWhist, CourtWhistOptions

CourtWhist.__doc__ = __doc__

SPEC: GameSpec = register(GameSpec(
    id="court-whist",
    title="Court Whist",
    family="trick-taking",
    players=tuple(range(4, 17)),
    default_players=4,
    options_cls=CourtWhistOptions,
    state_cls=CourtWhist,
    summary="A progressive whist party: seven themed games of four hands at tables of four, the "
            "winners moving on after each game so everyone gets a new partner; highest grand total wins.",
    presets=PRESETS,
    teams="",
    rules=__doc__ or "",
    tested_players=(4, 8, 9),
))

__all__ = ["SPEC", "CourtWhist", "CourtWhistOptions"]
