"""Bot levels, named for people: beginner, casual, strong and expert.

=========  ===========================================================================================
beginner   the heuristic bot, but one move in three (:data:`BEGINNER_SLIPS`) is a random legal move
casual     the heuristic bot as it is
strong     the search bot (:mod:`gamenight.bots.search`): 2,500 rollout moves, at most 0.2 s a move
expert     the search bot: 10,000 rollout moves, the deal's last cards solved exactly, at most 0.4 s
=========  ===========================================================================================

A budget is the moves played in a decision's rollouts (``SearchBot.steps``): about the same time at
any point of a deal (a game's moves cost what its heuristic and rules cost). Strong gains on casual,
paired deals, 95% (``bench/search_strength.py``, docs/BOTS.md): Euchre +0.19 ± 0.16 points a deal on
the whole budget (200 deals, 46 ms of one core a decision; it now plays a share, below), Hearts +1.2
± 1.2 (150, 79 ms; it now plays half, below), Oh Hell with ten cards first +3.2 ± 1.2 on the whole
budget (150, 53 ms; it now plays a share, below), Court Whist +0.99 ± 0.25 points a game of four
hands (271 games, seeds 100-179 and 5000-5190, 128 ms; once counted too dear, it costs a strong
decision well under its cap), and expert +0.45 ± 0.27 on strong over those games (445 ms; +0.43 ±
0.51 over the first 80 alone, not shown then).

Expert is strong's search with four times the budget and exact endgames: in Euchre, Hearts and Oh
Hell (:data:`gamenight.bots.endgame.SCORINGS`) a rollout stops once every hand holds
:attr:`Budget.endgame` cards or fewer (one more in Euchre, whose two sides alpha-beta prunes) and
the sampled deal is solved exactly from there (:mod:`gamenight.bots.endgame`), the method of bridge
programs. It is not measurably stronger than strong's whole budget: on the same deals, expert minus
strong is -0.03 ± 0.13 points a deal in Euchre (300 deals; 220 ms of one core a decision), -0.04 ±
1.29 in Hearts (150; 271 ms) and -0.18 ± 1.22 in Oh Hell (150; 205 ms); Euchre solved from three
cards, not four, +0.03 ± 0.13 (200); Oh Hell solved from four cards, not three, is significantly
worse, -1.51 ± 1.13 (150: solved with every hand known, a deal looks easier to steer than it is, the
known weakness of perfect-information sampling). In Oh Hell the trend runs with the depth: rollouts
only +0.41 ± 1.11, three cards -0.18 ± 1.22, four -1.51 ± 1.13 (150 deals each), so the endgame may
cost Oh Hell a little, not measurably at three. Against a strong on a quarter of that budget
(:data:`STRONG_SHARE`, below) it is: Oh Hell +2.5 ± 0.9 (300 deals), Euchre +0.14 ± 0.09 (600).
Before the endgames, four times the budget alone was not either (Euchre 0.00 ± 0.23 over 40 deals,
Hearts +1.2 ± 2.0 over 30); comparing every root move instead of eight did no better in Hearts
(-0.05 ± 1.88 over 26 deals), and information-set MCTS (:mod:`gamenight.bots.ismcts`) on expert's
budget did worse than strong in Euchre (-0.42 ± 0.25 over 60 deals). Against OpenSpiel's ISMCTS at
equal time (``bench/vs_openspiel.py``, docs/BOTS.md) expert wins clearly: Hearts +9.7 ± 2.0 points a
deal (22 paired deals; 282 ms of CPU a decision, ISMCTS 315 ms with 15 simulations), Oh Hell +6.2 ±
1.5 (31; 210 ms, ISMCTS 238 ms), Euchre +1.20 ± 0.23 (60; 286 ms, ISMCTS 228 ms with 30
simulations), Gin +52.5 ± 3.0 (60; Gin's expert is its heuristic, under a millisecond, ISMCTS 26 ms
at its least, two simulations). Its server cap (0.4 s) keeps its answers within the table's default
bot pause of 600 ms at the 99th percentile (``bench/level_latency.py --level expert``, wall clock:
Euchre 460 ms over 40 answers, Hearts 403 ms over 100, Oh Hell 438 ms over 40; a first Hearts run of
40 answers on a machine busy with other benches had one at 859 ms).

Where strong's search gains much on casual, its whole budget already gained what expert's four times
did: in Whist with 10s strong made +20.7 ± 4.7 points a deal and expert +21.3 ± 4.1 on the same 80
deals, expert minus strong +0.6 ± 3.8. There strong plays a share of its budget
(:data:`STRONG_SHARE`), so that it thinks less and expert is a level above it: in Whist with 10s,
strong on 600 rollout moves gains +12.3 ± 3.4 on casual and expert +3.3 ± 2.6 on strong (150 fresh
deals, seeds 80-229; strong 13 ms of CPU a decision, expert 203 ms); in Saskatchewan (full budget:
strong +4.0 ± 2.1, expert minus strong +0.5 ± 1.7 over 80 deals) strong on 600 moves gains +2.0 ±
1.2 and expert +3.2 ± 1.3 on it (150 fresh deals; 17 and 239 ms); in Oh Hell (full budget: strong
+3.2 ± 1.2, expert minus strong -0.2 ± 1.2 over 150 deals) strong on 600 moves gains +1.3 ± 1.0 and
expert +2.5 ± 0.9 on it (300 fresh deals, seeds 3000-3299; 11 and 179 ms); in Canadian Salad (full
budget: strong +17.5 ± 6.1, expert minus strong +4.7 ± 5.4 over 80 deals) strong on 600 moves gains
+7.8 ± 3.9 and expert +8.6 ± 3.4 on it (200 deals, seeds 0-199; 19 and 283 ms); in Euchre (full
budget: strong +0.28 ± 0.13, expert minus strong -0.03 ± 0.13 over 300 deals) strong on 600 moves
gains +0.12 ± 0.08 and expert +0.14 ± 0.09 on it (600 fresh deals, seeds 5000-5599; 11 and 184 ms).
Not in Five Hundred Rummy: there strong on half its budget gained +9.8 ± 15.8 on casual (174 deals)
and on a quarter +8.0 ± 16.2 (150), not surely above casual, where its whole budget gains +24.4 ±
16.4 (100 deals): strong keeps its whole budget there, and expert is above it: on 400 fresh deals
(seeds 5000-5399) strong gained +32.6 ± 10.1 on casual and expert +11.2 ± 9.8 on strong (77 and 294
ms of CPU a decision, untimed).
In Hearts, strong on a quarter of its budget gained nothing on casual (-0.02 ± 0.62 points a
deal over 800 deals, seeds 9000-9799; 23 ms of CPU a decision), where expert gained +1.80 ± 0.65 on
it and +1.78 ± 0.56 on casual (+1.69 ± 0.52 over 950 deals with the first 150); on its whole
budget (+1.2 ± 1.2 on casual over 150 deals) expert is not shown above it. On half its budget
(:data:`STRONG_SHARE`), strong gains +0.67 ± 0.61 on casual and expert +0.64 ± 0.60 on strong (635
fresh deals, seeds 10000-10315 and 11000-11318; 45 and 288 ms): both steps shown, narrowly.

Reading the others' bids (policy-based inference, :attr:`SearchBot.infer`: each round's sampled deal
kept from eight by how likely the others' bids are in it under the casual bot's own bidding; Oh
Hell's and Euchre's bots have the hook) was measured and is NOT adopted: it is not significantly
stronger than strong on its whole budget (2,500 moves: these runs came before Oh Hell's
:data:`STRONG_SHARE`), nor than plain expert. Paired deals, 95%, fresh seeds (2000 on): Oh Hell's
expert reading bids minus that strong +0.42 ± 0.89 points a deal (300 deals; 317 ms of CPU a
decision untimed, p99 1.4 s; on casual +4.15 ± 0.90, where strong made +3.73 ± 0.91 on the same
deals), Euchre's +0.04 ± 0.12 (200; 331 ms). Against plain expert on the same deals
(``bench/inference_paired.py``) Oh Hell's reading adds +0.75 ± 0.77 (293 deals, seeds 2000-2292;
the first 150 alone +1.23 ± 1.15, the next 143 +0.24 ± 1.01) at 317-324 ms of CPU a decision
against plain expert's 185: a trend, not shown. On strong's budget without the endgames, the
inference alone, Oh Hell +0.49 ± 1.35 on strong (150, seeds 1000 on; 105 ms a decision against
strong's 54). Timed as a server asks it, expert with the inference
keeps within the pause: p99 407 ms in Oh Hell, 406 ms in Euchre (40 answers each,
``bench/level_latency.py --level expert --infer 8``).

In Rook the search once looked no better (+11.5 ± 13.7 points a deal, 400 deals), and strong and
expert were the casual bot; more deals show both steps, each level on its whole budget: strong +27.6
± 9.2 on casual (934 fresh deals in three runs, seeds 20000-20393, 40000-40291 and 60000-60247; 79
ms of CPU a decision, p99 127), expert +26.1 ± 11.4 on strong and +53.8 ± 11.7 on casual (540 of
them, the last two runs: +12.1 ± 15.7 and +42.5 ± 16.5 on strong alone; 284 ms, p99 429). Strong
on a quarter of its budget, as in the trick games above, did worse than casual: -54.0 ± 40.8 (82
deals, seeds 30000-30081; 30 ms), where expert made +46.0 ± 28.1: so strong keeps its whole
budget. A server's answers, p99 of 200: strong 95 ms, expert 398 ms (medians 75 and 308). The
runs were stopped early, at moments chosen while they ran (the session's time), not on their figures.

Where the search was measured and gained nothing (:data:`SEARCH_DOES_NOT_HELP`), strong and expert
are the heuristic too: Thirty-One (-1.5 ± 2.2, 80 deals, 226 ms
of CPU a strong decision; to the end of the seat's turn, its estimate a showdown now, -0.28 ± 0.90
over 300 and -0.11 ± 0.19 over 300 at two standard errors; three turns deep, past a knock's last
round, -0.17 ± 0.41 over 400, seeds 50000-50399). Where a game's bot already decides by an exact
method (10,000's dynamic programme, Red Dog's odds: the bot class says ``exact = True``), strong and
expert are that bot: search could only add noise to an exact answer.

Where a deal is too dear to roll out to its end, a search whose rollouts stop a turn or a few on
and are scored by the game's estimate of the deal (:mod:`gamenight.bots.horizon`, the hook
``deal_estimate``; its own budget, :data:`HORIZON_BUDGETS`, and two standard errors to overrule)
was measured against casual on paired deals (``bench/search_strength.py --stop ... --z 2``,
docs/BOTS.md). It is adopted (:data:`HORIZON`) where it gained significantly:

* Chicken Foot, rollouts three of the seat's turns deep: +2.14 ± 1.15 points a deal over 300
  deals (seeds 100-399), 30 ms of CPU a decision (p99 55 ms; a server's answers 26 ms median,
  54 ms p99). Expert: +1.62 ± 1.51 on casual, +0.21 ± 1.49 on strong (100 deals): not shown
  stronger than strong. So strong plays half the horizon budget (:data:`STRONG_SHARE`), as in the
  trick games: +2.16 ± 0.67 on casual, expert +1.14 ± 0.79 on strong (1,000 fresh deals, seeds
  1000-1999: a trial of 400, then 600 more on the same settings, +1.16 ± 0.98 alone; 20 and 130 ms
  of CPU a decision).
* Mexican Train, rollouts to the reply on half the budget, the estimate crediting each hand's
  own-train chain: +6.82 ± 4.10 points a deal over 300 deals (seeds 340-639, fresh after the
  choice), 27 ms of CPU a decision (p99 203 ms untimed; a server's answers 25 ms median, 60 ms
  p99, expert's 128 and 406 ms). Expert to the same horizon on four times the moves: +3.73 ± 7.15
  on casual, +1.11 ± 3.95 on strong (100 deals, where strong made +2.62 ± 7.27): not shown
  stronger. With pips alone as the estimate it did worse: -14.8 ± 9.4 (30 deals): it shed heavy
  tiles off its own train's plan. Strong on half of that (tried as Chicken Foot's, not adopted):
  strong +7.79 ± 4.08 on casual, expert -0.15 ± 3.02 on it (250 deals, seeds 2000-2249): more
  rollouts to the reply do not pay past the first. So expert looks further instead
  (``Horizon.expert_stop``): its rollouts stop two of its turns on, on the whole horizon budget
  (2,000 moves; strong keeps its 250 as :data:`STRONG_SHARE`): expert +1.81 ± 1.63 on strong, where
  strong made +9.61 ± 1.91 on casual (1,150 fresh deals, seeds 5000-6149; stopped at the session's
  end; 149 ms of CPU a decision untimed, p99 1,476 ms, from 60 deals); strong +9.03 ± 1.74 on
  casual with the 300 before (1,450 deals). A server's expert answers, p99 of 200: 404 ms (median
  101): its cap cuts the longest decisions, so a server's expert plays less than it was measured
  with, as in Five Hundreds.
* Rummy, rollouts until the seat's next turn is over, the estimate charging a card one from a
  meld half its value (:func:`gamenight.families.deal_estimates.drawing_deadwood`): +2.00 ± 1.05
  points a deal over 200 deals (seeds 180-379, fresh after +1.80 ± 1.92 on 100-179), 108 ms of
  CPU a decision (p99 200 ms untimed; a server's answers 178 ms median, 200 ms p99, expert's 400
  and 405 ms). With the plain deadwood it gained nothing (+0.4 ± 1.4, 40 deals). Expert over
  strong: +1.61 ± 1.17 (150 fresh deals, seeds 400-549, where strong made +1.70 ± 1.34 on casual;
  234 ms of CPU a decision, untimed).
* Five Hundreds, rollouts until the seat's next turn is over, the estimate counting a hand's melds
  for it and its loose cards against it, one from a meld half: on the whole horizon budget +17.5 ±
  6.5 points a deal over 300 deals (seeds 0-299; 128 ms of CPU a decision), expert over it +6.1 ±
  8.2 (200), not shown; so strong plays half the horizon budget (:data:`STRONG_SHARE`): +13.6 ± 4.9
  on casual and expert +7.3 ± 5.0 on strong over 553 fresh deals (seeds 300-499, 500-695,
  700-856), 78 and 463 ms of CPU a decision untimed (expert's cap cuts its longest decisions).
* 10 Dime Rummy and Push, the contract rummies' estimate (``ContractState.deal_estimate``: each hand
  played out as far as it can go, a hand not yet down weighed by how near its contract is), to the
  end of the seat's turn, on half the horizon budget so that expert's decision fits its cap: on the
  whole budget strong gained +32.4 ± 11.0 (10 Dime, 100 deals, 168 ms) and +39.3 ± 18.4 (Push, 100
  deals, 214 ms); on half, 10 Dime's strong +13.6 ± 9.2 on casual and expert +19.1 ± 10.2 on
  strong (200 fresh deals, seeds 100-299; 107 and 339 ms), Push's strong +29.4 ± 13.1 and expert
  +12.7 ± 14.5 on strong (191 fresh deals, seeds 100-188, 300-351, 600-649; 142 and 441 ms): not
  shown there; with 373 more (seeds 2000-2292, 2400-2479: expert +3.5 ± 12.7, -8.6 ± 25.5 and
  +18.4 ± 24.2 on strong in its three runs), strong +31.3 ± 8.1 on casual and expert +6.9 ± 8.5 on
  strong over 564 deals: still not shown. So Push's strong plays half of that again
  (:data:`STRONG_SHARE`, 125 rollout moves), as in the trick games: strong +21.5 ± 8.9 on casual
  and expert +22.1 ± 9.8 on strong, +43.5 ± 8.6 on casual, over 443 fresh deals (seeds 3000-3272
  and 4000-4169, two runs on the same settings, each showing both steps alone: expert +25.0 ± 13.1
  and +17.3 ± 14.4 on strong); 77 and 409 ms of CPU a decision untimed. A server's answers,
  p99 of 40 (``bench/level_latency.py``): strong 85, 204 and 167 ms in Five Hundreds, Push and 10
  Dime; expert 404, 416 and 409 ms (Five Hundreds' median 401: its cap binds); Push's strong on
  its share, p99 of 200, 230 ms (median 76).
* Golf, to the end of the seat's turn, the estimate each grid as it would score now (the cards
  nobody has seen dealt at random by the search), the deal weighed by the strokes
  (``match_standing``: the sheet keeps the money, which a hole moves only from its highest score;
  weighed so, the search to the end of the hole did worse, -6.3 ± 3.9 cents a hole over 80 holes,
  and weighed by the strokes it gained nothing, -0.5 ± 1.6 strokes over 150 at 196 ms of CPU a
  decision): strong +0.75 ± 0.44 strokes a hole on casual (1,000 holes, seeds 0-999) and expert
  +0.84 ± 0.55 on strong (800, seeds 200-999; the last 400, fresh after the choice, +0.86 ± 0.72 and
  +0.89 ± 0.81 alone); 39 and 111 ms of CPU a decision untimed.
* Horseshit Rummy, to the end of the seat's turn, the estimate counting what a hand could lay
  (its sets, its lay-offs on the table's) for it and a loose card half against it where another of
  its rank is loose: on the whole horizon budget strong gained +16.4 ± 9.4 points a deal over 300
  deals (seeds 0-299; 212 ms of CPU a decision, p99 469 ms: over strong's cap), so it plays half
  the budget at both levels, as 10 Dime and Push do: strong +4.4 ± 7.9 on casual, not shown, and
  expert +11.8 ± 8.4 on strong, +16.2 ± 8.3 on casual (600 fresh deals, seeds 300-899; 117 and
  360 ms). Strong on the whole budget and expert two of its turns on (``Horizon.expert_stop``, as
  in Sweep): strong +15.3 ± 5.5 on casual, expert +4.6 ± 5.2 on it (1,056 fresh deals in two
  runs, seeds 8000-8522 and 9000-9532; 182 and 576 ms untimed): strong's step shown, expert's not.
  So strong plays three quarters of the whole budget (:data:`STRONG_SHARE`, 375 rollout moves) and
  expert looks two of its turns on with its whole 2,000: strong +7.06 ± 5.46 on casual and expert
  +9.56 ± 5.07 on strong over 1,130 fresh deals in two runs on these settings (seeds 12000-12569 and
  13000-13559, both stopped early at one moment, chosen while they ran to free the cores; strong
  +4.3 ± 8.1 and +9.9 ± 7.3 alone, expert +11.2 ± 7.5 and +7.9 ± 6.8); 146 and 600 ms of CPU a
  decision untimed (p99 256 and 1,132 ms, from 40 deals on the same settings). A server's
  answers, p99 of 200: strong 226 ms, expert 421 ms (medians 197 and 403): the caps bind, so a
  server's bots play less than they were measured with, as in Five Hundreds.
* Oklahoma Canasta, to the end of the seat's turn, the canasta kernel's estimate
  (:mod:`gamenight.families.canasta_turn.estimate`), on the whole horizon budget: strong +15.5 ±
  10.3 points a deal on casual and expert +17.8 ± 11.4 on strong, +33.3 ± 11.2 on casual (538
  deals, seeds 0-537, the first run on those settings; 169 and 571 ms of CPU a decision untimed,
  p99 422 and 1,474 ms). The caps cut the longest decisions on a server (a server's answers, p99 of
  200: strong 216 ms, expert 413 ms, median 401: expert's cap binds, as in Five Hundreds), so a
  server's expert plays less than it was measured with.
* The Card Game, to the end of the seat's turn, the estimate what each hand would be charged if
  the round ended now (after its best discard), on the whole horizon budget: strong +0.34 ± 0.10
  points a deal on casual and expert +0.14 ± 0.09 on strong, +0.48 ± 0.12 on casual (3,000 fresh
  first rounds, seeds 30000-32999; 32 and 87 ms of CPU a decision untimed, p99 77 and 259 ms).
  Measured on the first round, three cards: a round taken at random of the eleven (``--rounds
  11``) spreads ten times wider, and 210 such deals (strong +0.06 ± 0.49, expert +0.34 ± 0.98 on
  strong) say nothing either way. Earlier runs, before the casual bot stopped taking a discard
  that does not better its hand (``RummyBot.take_pays``: four bots once passed an ace round for
  ever), gave strong +0.36 ± 0.10 and expert +0.22 ± 0.10 on strong over 3,000 (seeds
  5000-7999), and +0.19 ± 0.31 (300), +0.56 ± 0.47 (200) and its ninth round -0.2 ± 1.1 (100,
  ``--skip 8``) for strong alone. A server's answers, p99 of 200: strong 201 ms, expert 403 ms
  (medians 65 and 140).
* Sweep, to the end of the seat's turn, the estimate every card each player holds, counted as if
  another went out: strong on the whole horizon budget +4.5 ± 2.7 points a deal on casual over 550
  fresh deals (seeds 100000-100549), where expert to the same horizon gained nothing more (-0.2 ±
  2.7 on strong), and on half the budget strong gained nothing (-1.2 ± 3.2 over 420, seeds
  200000-200419). So expert looks further instead (``Horizon.expert_stop``): its rollouts stop two
  of its turns on, on its own 2,000 moves: strong +2.20 ± 1.36 on casual and expert +5.06 ± 1.25
  on strong over 2,310 fresh deals in two runs on these settings (seeds 300000-301239 and
  400000-401069, each showing both steps alone: strong +2.31 ± 1.82 and +2.08 ± 2.03, expert +4.64
  ± 1.70 and +5.54 ± 1.85; stopped at the session's end); 35 and 119 ms of CPU a decision
  untimed (p99 58 and 211, from 60 deals on the same settings). A server's answers, p99 of 200:
  strong 50 ms, expert 227 ms. Earlier, to the turn on the whole budget: +2.6 ± 4.0 (300 deals),
  +2.3 ± 4.6 (200), +2.1 ± 3.7 (310, expert +0.2 ± 3.6 on it); rollouts to the deal's end -1.0 ±
  8.0 (30).

Elsewhere it gained nothing significant (strong's horizon budget unless said): Gin -0.54 ± 1.06
(300 deals, a turn deep, z 2), -0.01 ± 1.30 three turns deep (150), +0.27 ± 1.77 with Rummy's
drawing deadwood (150), -1.9 ± 3.4 (60, to the reply), expert's budget -2.0 ± 3.5 (40); 5 in
a Row -0.14 ± 0.22 rows (100, a turn), -0.27 ± 0.41 (30, reply); Jokers Wild +0.25 ± 0.41 a
game (274 games, to the reply; 186 fresh ones, seeds 70000-70092 and 71000-71092, +0.20 ±
0.50; the casual bot's marble valuation as the estimate; -0.93 ± 0.69 over
70 with a marble's way round alone); Canasta +44 ± 56 (300 deals, a turn; with the cards that
could meld charged nothing +10 ± 47 over 400 fresh deals: a Canasta deal's points spread about 500
either way), Joker Canasta -140 ± 168 (300); Arizona Rummy's sixth deal -3.7 ± 2.8 (100, worse),
Desert Rummy +0.007 ± 0.009 melds (100), Sticks +0.05 ± 0.06 sticks (70, and 479 ms of CPU a
decision). Those games stay in :data:`TOO_DEAR`; Samba, Mexicana and Hand and Foot have the
estimate and were not measured (Samba's first ten deals spread ±750 points a deal).

The time caps keep a server's table moving; a run that must reproduce (the arena, a test) asks for
``timed=False`` and gets the step budget alone, deterministic under the bot's RNG.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gamenight.bots.base import Bot, Sampler
from gamenight.bots.horizon import HorizonSearchBot
from gamenight.bots.search import SearchBot
from gamenight.core.moves import Move

#: the levels, weakest first
LEVELS = ("beginner", "casual", "strong", "expert")
#: the share of a beginner's moves that are random
BEGINNER_SLIPS = 1 / 3


@dataclass(frozen=True)
class Budget:
    #: the moves played in a decision's rollouts
    steps: int
    #: the most a decision may take on a server (a reproducible run leaves it out)
    seconds: float
    #: solve a trick game's deal exactly once every hand holds this many cards or fewer
    #: (SearchBot.endgame; 0: never)
    endgame: int = 0


#: the search budget of each searching level
#: (expert's cap leaves room in the table's default bot pause, 600 ms, for the one rollout a
#: decision may overrun it by and a busy server: bench/level_latency.py --level expert)
BUDGETS = {"strong": Budget(2_500, 0.2), "expert": Budget(10_000, 0.4, endgame=3)}


@dataclass(frozen=True)
class Horizon:
    """Where a game's horizon search stops its rollouts (:data:`gamenight.bots.horizon.STOPS`), and
    the share of :data:`HORIZON_BUDGETS`' rollout moves it plays (where a move costs more, fewer, so
    a decision stays within the level's time)."""

    stop: str
    share: float = 1.0
    #: where expert's rollouts stop instead, a deeper look (None: at ``stop``), where more rollouts
    #: to strong's horizon gained nothing: the moves a decision plays stay the level's, fewer and
    #: longer rollouts
    expert_stop: str | None = None

    def stop_of(self, level: str) -> str:
        """Where ``level``'s rollouts stop."""
        return self.expert_stop if level == "expert" and self.expert_stop else self.stop


#: the search budget of each searching level where its rollouts stop at a horizon
#: (:mod:`gamenight.bots.horizon`): a rummy's or a domino game's move costs several times a trick
#: game's, so fewer rollout moves fit the same time
HORIZON_BUDGETS = {"strong": Budget(500, 0.2), "expert": Budget(2_000, 0.4)}
#: games whose searching levels stop their rollouts at a horizon and score the game's estimate of
#: the deal there (each measured significantly stronger than casual: docs/BOTS.md), and where
HORIZON: dict[str, Horizon] = {"chicken-foot": Horizon("three turns"), "five-hundreds": Horizon("turn"),
                                "golf": Horizon("turn"),
                                "horseshit-rummy": Horizon("turn", expert_stop="two turns"),
                                "mexican-train": Horizon("reply", expert_stop="two turns"),
                                "oklahoma-canasta": Horizon("turn"), "push": Horizon("turn", 0.5),
                                "rummy": Horizon("turn"), "sweep": Horizon("turn", expert_stop="two turns"),
                                "ten-dime-rummy": Horizon("turn", 0.5), "the-card-game": Horizon("turn")}
#: games whose strong level plays this share of strong's rollout moves (of the horizon budget's, in a
#: :data:`HORIZON` game): where the search gains much on casual, strong's whole budget already
#: gained what expert's four times did (docs/BOTS.md), so a strong that thinks less leaves expert a
#: level above it, and answers sooner
STRONG_SHARE: dict[str, float] = {"canadian-salad": 0.24, "chicken-foot": 0.5, "euchre": 0.24,
                                   "five-hundreds": 0.5, "hearts": 0.5, "horseshit-rummy": 0.75,
                                   "mexican-train": 0.5, "oh-hell": 0.24, "push": 0.5, "saskatchewan": 0.24,
                                   "whist-with-10s": 0.24}
#: the rollouts a decision plays at most, whatever its steps (a deal that ends at once costs little)
MAX_ROLLOUTS = 2_000
#: games where the search was measured against the heuristic, deal by deal (docs/BOTS.md), and gained
#: nothing significant (Thirty-One: -1.5 ± 2.2 over 80, to a horizon -0.11 ± 0.19 over 300, three turns
#: deep -0.17 ± 0.41 over 400)
NO_GAIN = frozenset({"thirty-one"})
#: games whose deals are too dear to roll out at a table's pace: a strong decision's rollouts take
#: over a quarter of a second of one core (a rummy's meld solving, a canasta's long deals), so within
#: the server's cap the search plays a handful of rounds, too few to overrule the heuristic, and a
#: single rollout to the deal's end may outlast the table's pause (Horseshit Rummy's did, before its
#: horizon search: bench/level_latency.py); the horizon search (:data:`HORIZON`) was measured in
#: some of them and gained nothing there
TOO_DEAR = frozenset({
    "arizona-rummy", "canasta", "desert-rummy",
    "five-in-a-row", "gin-rummy", "hand-and-foot", "joker-canasta", "jokers-wild",
    "mexicana", "samba", "sticks"})
#: where strong and expert are the heuristic bot, which answers at once
SEARCH_DOES_NOT_HELP = NO_GAIN | TOO_DEAR

#: each level in a person's words (the lobby's seat menu, the terminal's help)
LEVEL_WORDS = {
    "beginner": "Beginner bot (slips up)",
    "casual": "Casual bot (sensible)",
    "strong": "Strong bot (thinks ahead)",
    "expert": "Expert bot (thinks longest)",
}


@dataclass
class SlipBot:
    """Plays ``base``'s move, except a random legal move with chance ``slips``."""

    base: Bot
    slips: float = BEGINNER_SLIPS
    name: str = "beginner"

    def choose(self, view: dict[str, Any], legal: list[Move], sampler: Sampler, rng: random.Random) -> Move:
        if rng.random() < self.slips:
            return legal[rng.randrange(len(legal))]
        return self.base.choose(view, legal, sampler, rng)


def level_bot(level: str, heuristic: Callable[[], Bot], *, timed: bool = True,
              clock: Callable[[], float] = time.perf_counter, game: str = "") -> Bot:
    """The bot of ``level``, built on ``game``'s ``heuristic`` bot."""
    if level == "beginner":
        return SlipBot(heuristic())
    base = heuristic()
    if level == "casual" or getattr(base, "exact", False):
        return base
    share = STRONG_SHARE.get(game, 1.0) if level == "strong" else 1.0
    if game in HORIZON:
        return search_bot(level, heuristic, timed=timed, clock=clock, horizon=HORIZON[game], share=share)
    if game in SEARCH_DOES_NOT_HELP:
        return base
    return search_bot(level, heuristic, timed=timed, clock=clock, share=share)


def level_steps(level: str, horizon: Horizon | None = None, share: float = 1.0) -> int:
    """The rollout moves a searching ``level`` plays a decision: its ``share`` of its budget, or,
    with a ``horizon``, of the horizon budget times the game's own horizon share."""
    if horizon is None:
        return round(BUDGETS[level].steps * share)
    return round(HORIZON_BUDGETS[level].steps * horizon.share * share)


def search_bot(level: str, heuristic: Callable[[], Bot], *, timed: bool = True,
               clock: Callable[[], float] = time.perf_counter, horizon: Horizon | None = None,
               share: float = 1.0) -> SearchBot:
    """The search bot of a searching ``level`` (its budget, or its ``share`` of the budget's rollout
    moves), whether or not the level uses it; with a ``horizon``, its rollouts stop there where the
    game estimates its deals, on its share of the horizon budget."""
    steps = level_steps(level, horizon, share)
    if horizon is None:
        budget = BUDGETS[level]
        return SearchBot(heuristic, simulations=MAX_ROLLOUTS, steps=steps,
                         seconds=budget.seconds if timed else None, clock=clock, name=level,
                         endgame=budget.endgame)
    budget = HORIZON_BUDGETS[level]
    return HorizonSearchBot(heuristic, simulations=MAX_ROLLOUTS, steps=steps,
                            seconds=budget.seconds if timed else None, clock=clock, name=level,
                            stop=horizon.stop_of(level))


__all__ = ["BEGINNER_SLIPS", "BUDGETS", "HORIZON", "HORIZON_BUDGETS", "LEVELS", "LEVEL_WORDS", "MAX_ROLLOUTS",
           "NO_GAIN", "SEARCH_DOES_NOT_HELP", "STRONG_SHARE", "TOO_DEAR", "Budget", "Horizon", "SlipBot",
           "level_bot", "level_steps", "search_bot"]
