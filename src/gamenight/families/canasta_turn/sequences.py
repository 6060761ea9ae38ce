"""Samba's table on the canasta turn (``TurnRules.sequences``): sequences beside the groups,
several groups of one rank, merging, wild melds, Samba's two ways to take the pile, the going-out
tally by kind, and first melds that must hold a canasta (Brazilian). A game with sequences puts
:class:`SequenceMixin` before :class:`~gamenight.families.canasta_turn.turn.CanastaState`; the
rules themselves are the pure functions of :mod:`.seqrules`.

* **Melds** (phase ``play``): ``meld 6C 7C 8C`` starts a sequence, ``meld KC KD KH`` or
  ``meld KC KD 2S`` a group (a side may hold several groups of a rank), ``meld 2C 2D JK`` a wild
  meld where the rules have them; ``add 3 9C`` adds one card to the side's meld 3 (``add 9C``
  finds the group of nines, or the sequence the nine extends); ``merge 2 5`` merges two groups of
  a rank or two sequences of a suit. A samba (seven) and a bolivia (seven wilds) are complete;
  naturals may still go onto a group canasta, wild cards never.
* **The pile**: ``pickup 9H 9S``: the top card and a natural pair from the hand make a new
  group, and the whole pile goes to the hand; ``pickup 3``: the top card goes onto the side's
  sequence 3 (of fewer than seven), taking only that card (``seq_pickup_takes=top_only``) or the
  whole pile. A three or a wild card on top blocks it; the sequence route needs a side that has
  melded and a pile that holds no wild card or red three (not frozen).
* **Going out** needs the side's canastas by kind (:meth:`.seqrules.Tally.meets`); a play that
  would leave one card that cannot go out is refused, exactly, card by card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from gamenight.core.moves import Move
from gamenight.core.notation import NUMBER
from gamenight.core.phases import MoveKind, PhaseHandler
from gamenight.equipment import cards as C
from gamenight.families.canasta import WILD, Book
from gamenight.families.canasta_turn.base import Phase
from gamenight.families.canasta_turn.kinds import Merge, only
from gamenight.families.canasta_turn.rules import CLASS, IS_RED3, IS_WILD
from gamenight.families.canasta_turn.seqrules import (
    SEQ,
    WHOLE_PILE,
    SequenceRules,
    Tally,
    can_go_out,
    describe,
    fits,
    group_ok,
    grown,
    is_canasta,
    is_seq,
    kind_of,
    merged,
    new_meld,
    run_ends,
    run_ok,
    seq_rank,
    tally,
    why_not_merge,
)
from gamenight.families.canasta_turn.turn import CanastaState, PlayPhase

Lay = tuple[Move, int, tuple[int, ...]]
JOKERS = 13


class SeqPlayPhase(PlayPhase):
    """The play phase with ``merge``."""

    def kinds(self, s: CanastaState) -> list[MoveKind[Any]]:
        return [*super().kinds(s), Merge()]


class SequenceMixin(CanastaState):
    """Sequences, several groups of a rank, merging, wild melds, Samba's pile and going out."""

    phases: ClassVar[dict[str, PhaseHandler[Any]]] = {**CanastaState.phases, Phase.PLAY: SeqPlayPhase()}

    @property
    def seq_rules(self) -> SequenceRules:
        rules = self.turn_rules.sequences
        assert rules is not None
        return rules

    # ---- what the game may write ---------------------------------------------------------

    def opening_canasta(self, team: int) -> str:
        """A canasta the side's first meld must hold: "" (none), "any" or "natural" (Brazilian)."""
        return ""

    # ---- the side's tally, going out -----------------------------------------------------

    def tally(self, team: int, books: Sequence[Book] | None = None) -> Tally:
        return tally(self.books[team] if books is None else books)

    def _may_go_out(self, seat: int, books: Sequence[Book]) -> bool:
        team = self.team_of(seat)
        return self.opened[team] and self._permission(seat) and tally(books).meets(self.seq_rules)

    def _why_not_out(self, seat: int, books: Sequence[Book]) -> str:
        if not self._permission(seat):
            return "your partner said no, so you may not go out this turn."
        return f"to go out your side needs {self.seq_rules.need_words()}."

    def _could_finish(self, seat: int, hand: Sequence[int], books: Sequence[Book],
                      asked: str | None = None) -> bool:
        """Whether ``seat`` could go out this turn from ``hand``: exact for one card or none (by
        discarding it or laying it), by :func:`.seqrules.can_go_out` for a longer hand (asking
        partner, and every play after a "yes")."""
        team = self.team_of(seat)
        if not (self.opened[team] and self._permission(seat, asked)):
            return False
        rules = self.seq_rules
        if len(hand) >= 2:
            return can_go_out(tuple(sorted(hand)), tuple(books), rules)
        if tally(books).meets(rules):
            return True
        if not hand:
            return False
        c = hand[0]
        for i, book in enumerate(books):
            if self._fits(book, c):
                after = list(books)
                after[i] = grown(book, c)
                if tally(after).meets(rules):
                    return True
        return False

    # ---- melds: can ----------------------------------------------------------------------

    def _fits(self, book: Book, c: int) -> bool:
        """Whether card ``c`` may be added to ``book``."""
        return fits(book, c, self.seq_rules.group_max_wilds)

    def _meld_candidates(self, team: int, hand: list[int]) -> list[Lay]:
        held = set(hand)
        groups: dict[int, list[int]] = {}
        for c in sorted(hand):
            groups.setdefault(CLASS[c], []).append(c)
        wilds = [groups[w][0] for w in (JOKERS, C.TWO) if w in groups]
        rules = self.seq_rules
        out: list[Lay] = []
        for rank in range(C.FOUR, C.ACE + 1):  # groups: three naturals, or a pair and a wild card
            got = groups.get(rank, ())
            if len(got) >= 3:
                three = tuple(got[:3])
                out.append((C.card_move("meld", three), rank, three))
            if len(got) >= 2 and rules.group_max_wilds:
                for w in wilds:
                    cards = (got[0], got[1], w)
                    out.append((C.card_move("meld", cards), rank, cards))
        for suit in range(4):  # sequences of three (a card is its suit * 13 + its rank)
            base = 13 * suit
            have = [base + r in held for r in range(13)]
            for low in range(C.FOUR, C.QUEEN + 1):
                if have[low] and have[low + 1] and have[low + 2]:
                    run = (base + low, base + low + 1, base + low + 2)
                    out.append((C.card_move("meld", run), seq_rank(suit), run))
        if rules.wild_melds:
            jokers, twos = groups.get(JOKERS, []), groups.get(C.TWO, [])
            for j in range(min(3, len(jokers)) + 1):
                if 3 - j <= len(twos):
                    wild3: tuple[int, ...] = tuple(jokers[:j]) + tuple(twos[:3 - j])
                    out.append((C.card_move("meld", wild3), WILD, wild3))
        for i, book in enumerate(self.books[team]):
            if is_seq(book.rank):
                options = [c for c in run_ends(book) if c in held]
            elif book.rank == WILD:
                options = wilds if book.size < 7 else []
            elif book.rank == C.THREE:
                options = []
            else:
                options = [groups[book.rank][0]] if book.rank in groups else []
                options += [w for w in wilds if self._fits(book, w)]
            out.extend((C.card_move("add", (c,), i + 1), book.rank, (c,)) for c in options)
        out.extend(self._black_three_groups(hand))
        return out

    def _after_lay(self, team: int, rank: int, cards: tuple[int, ...], move: Move) -> list[Book] | None:
        books = list(self.books[team])
        if move.verb == "merge":
            a, b = move.numbers[0], move.numbers[1]
            books[a - 1] = merged(books[a - 1], books[b - 1])
            del books[b - 1]
            return books
        if rank == C.THREE:
            books.append(Book(C.THREE, cards, 0, True))
        elif move.verb == "meld":
            books.append(new_meld(cards))
        else:
            assert move.number is not None
            books[move.number - 1] = grown(books[move.number - 1], cards[0])
        return books

    # ---- melds: the rule ------------------------------------------------------------------

    def _meld_rule(self, seat: int, move: Move) -> str | None:
        if not move.cards or not only(move, "pieces", "numbers") or len(move.numbers) > 1 or (
                move.verb == "meld" and move.numbers):
            if move.verb == "meld":
                return "Name the cards: 'meld KC KD KH' starts a meld, 'add 2 KS' adds a card to your meld 2."
            return "Add one card to a meld by its number, for example 'add 2 KS'."
        missing = self._missing(self.usable(seat), move.cards)
        if missing:
            if not self._missing(self.hands[seat], move.cards):
                return "Cards taken from the pile may not be melded until your side has met its minimum."
            return missing
        if move.verb == "meld":
            rank, why = self._why_not_new_meld(move.cards)
        else:
            rank, why = self._why_not_grow(seat, move)
            if not why and move.number is None:  # "add 9C": the meld it fits, by its number
                mine = self.books[self.team_of(seat)]
                n = next(i + 1 for i, b in enumerate(mine) if self._fits(b, move.cards[0]))
                move = C.card_move("add", move.cards, n)
        if why:
            return why
        return self._why_meld_refused(seat, rank, move.cards, move) or None

    def _add_words(self, team: int, move: Move) -> str:
        """"Add 9♣ to your nines (meld 3)", "Add 9♣ to your clubs sequence (meld 2)"."""
        n = move.number or 1
        book = self.books[team][n - 1]
        if is_seq(book.rank):
            what = f"sequence of {C.SUIT_NAMES[book.rank - SEQ]}"
        else:
            what = "wild meld" if book.rank == WILD else C.RANK_PLURALS[book.rank]
        return f"Add {C.LABEL_OF[move.cards[0]]} to your {what} (meld {n})"

    def _why_not_new_meld(self, cards: tuple[int, ...]) -> tuple[int, str]:
        if self._is_black_group(cards) and len(cards) in (3, 4):
            return C.THREE, ""
        if len(cards) != 3:
            return 0, ("A new meld starts with exactly three cards (black threes going out: three or "
                       "four); add more with 'add'.")
        if any(C.RANK_OF[c] == C.THREE for c in cards):
            return 0, "Threes are never melded (black threes only as three or four going out)."
        naturals = [c for c in cards if not IS_WILD[c]]
        if not naturals:
            if not self.seq_rules.wild_melds:
                return 0, "Wild cards may never be melded on their own."
            return WILD, ""
        ranks = {C.RANK_OF[c] for c in naturals}
        if len(ranks) > 1:
            if len(naturals) < len(cards):
                return 0, "A sequence holds no wild card."
            if not run_ok(cards):
                return 0, ("A sequence is three or more consecutive cards of one suit, four lowest and "
                           "ace high; a group is cards of one rank.")
            return seq_rank(C.SUIT_OF[cards[0]]), ""
        rank = ranks.pop()
        if not group_ok(len(naturals), len(cards) - len(naturals), self.seq_rules.group_max_wilds):
            return rank, self._why_bad_group(len(naturals), len(cards) - len(naturals))
        return rank, ""

    def _why_bad_group(self, naturals: int, wilds: int) -> str:
        most = self.seq_rules.group_max_wilds
        if wilds > most:
            return f"A group may hold at most {most} wild card{'s' if most != 1 else ''}."
        return "A group needs at least two natural cards, and never more wild cards than naturals."

    def _why_not_grow(self, seat: int, move: Move) -> tuple[int, str]:
        team = self.team_of(seat)
        if len(move.cards) != 1:
            return 0, "Add one card at a time to a numbered meld, for example 'add 2 KS'."
        c = move.cards[0]
        n = move.number
        books = self.books[team]
        if n is None:
            found = [i + 1 for i, b in enumerate(books) if not IS_WILD[c] and self._fits(b, c)]
            if not found:
                return 0, (f"Say which meld {C.LABEL_OF[c]} goes on, by its number: 'add 2 {C.CODE_OF[c]}'."
                           if IS_WILD[c] else f"{C.LABEL_OF[c]} fits none of your side's melds.")
            n = found[0]
        if not 1 <= n <= len(books):
            return 0, f"Your side has no meld {n}."
        book = books[n - 1]
        if self._fits(book, c):
            return book.rank, ""
        if is_seq(book.rank):
            if book.size >= 7:
                return 0, f"Meld {n} is a samba: it cannot grow past seven cards."
            if IS_WILD[c]:
                return 0, "A sequence holds no wild card."
            return 0, f"{C.LABEL_OF[c]} does not extend meld {n}, {describe(book)}."
        if book.rank == WILD:
            return 0, "A wild meld takes only wild cards, at most seven."
        if IS_WILD[c]:
            if is_canasta(book):
                return 0, "No wild card may be added to a completed canasta."
            return 0, self._why_bad_group(book.naturals, book.wilds + 1)
        return 0, f"Meld {n} is {describe(book)}."

    # ---- melds: do -----------------------------------------------------------------------

    def _lay(self, seat: int, move: Move) -> None:
        team = self.team_of(seat)
        cards = move.cards
        if move.verb == "meld":
            rank = self._why_not_new_meld(cards)[0]
        else:
            assert move.number is not None
            rank = self.books[team][move.number - 1].rank
        books = self._after_lay(team, rank, cards, move)
        assert books is not None
        self._provisional_lay(team, cards)
        self.books[team] = books
        self._remove_from_hand(seat, cards)
        self.melded = True
        labels = " ".join(C.LABEL_OF[c] for c in cards)
        if move.verb == "meld":
            self.emit("meld", f"{self.names[seat]} melds {labels}: meld {len(books)}, {describe(books[-1])}.",
                      seat=seat, cards=C.codes(cards))
        else:
            assert move.number is not None
            self.emit("add", f"{self.names[seat]} adds {labels} to meld {move.number}: "
                             f"{describe(books[move.number - 1])}.", seat=seat, cards=C.codes(cards))
        self._check_opened(team)
        self._after_hand_change(seat)

    def _resolve(self, seat: int, move: Move, legal: list[Move]) -> Move | None:
        """Interchangeable cards named for a group (any two, any joker, any king for a king);
        never for a sequence, where the suit is the meld."""
        if any(not 0 <= c <= C.JOKER for c in move.cards):
            return None
        if move.verb == "meld" and len({C.RANK_OF[c] for c in move.cards if not IS_WILD[c]}) > 1:
            return None
        if move.verb == "add":
            books = self.books[self.team_of(seat)]
            n = move.number
            if n is None and len(move.cards) == 1 and not IS_WILD[move.cards[0]]:
                # "add 9C" with no number: the first meld it fits, as the rule reads it
                n = next((i + 1 for i, b in enumerate(books) if self._fits(b, move.cards[0])), None)
                if n is None:
                    return None
                move = C.card_move("add", move.cards, n)
                if move in legal:
                    return move
            if n is None or not 1 <= n <= len(books) or is_seq(books[n - 1].rank):
                return None
        return super()._resolve(seat, move, legal)

    # ---- merge: the candidates, the rule, what it does ----------------------------------

    def _merge_candidates(self, seat: int) -> list[Move]:
        """Every two melds of one rank (or one suit's sequences), the lower number first."""
        books = self.books[self.team_of(seat)]
        return [Move("merge", NUMBER(i + 1), NUMBER(j + 1)) for i in range(len(books))
                for j in range(i + 1, len(books)) if books[i].rank == books[j].rank]

    def _merge_rule(self, seat: int, move: Move) -> str | None:
        books = self.books[self.team_of(seat)]
        if len(move.numbers) != 2 or len(move.args) != 2:
            return "Name the two melds to merge by their numbers, for example 'merge 2 5'."
        a, b = move.numbers
        if a == b or not (1 <= a <= len(books) and 1 <= b <= len(books)):
            return "Name two different melds of your side."
        if a > b:
            return f"Name the lower number first: 'merge {b} {a}'."
        why = why_not_merge(books[a - 1], books[b - 1], self.seq_rules)
        return why or self._why_meld_refused(seat, books[a - 1].rank, (), move) or None

    def _merge(self, seat: int, move: Move) -> None:
        team = self.team_of(seat)
        books = self._after_lay(team, 0, (), move)
        assert books is not None
        self.books[team] = books
        a = move.numbers[0]
        self.emit("merge", f"{self.names[seat]} merges melds {a} and {move.numbers[1]}: "
                           f"{describe(books[a - 1])}.", seat=seat)

    # ---- opening: a canasta where the rules ask one (Brazilian) --------------------------

    def _opening_met(self, team: int, books: Sequence[Book], value: int) -> bool:
        need = self.opening_canasta(team)
        if value < self.minimum(team):
            return False
        if not need:
            return True
        t = tally(books)
        return (t.natural + t.sambas) > 0 if need == "natural" else t.canastas > 0

    def _check_opened(self, team: int) -> None:
        if self.opened[team] or not self._opening_met(team, self.books[team], self.prov_value):
            return
        super()._check_opened(team)

    def _why_not_below_minimum(self, team: int, cards: Sequence[int], left: int) -> str:
        if self.opened[team] or left >= 1:
            return ""
        value = self.prov_value + sum(self.values[c] for c in cards)
        if value < self.minimum(team) or self.opening_canasta(team):
            return (f"Your side's first meld must reach {self.opening_words(team)} before your hand runs "
                    "out; keep a card.")
        return ""

    def opening_words(self, team: int) -> str:
        need = self.opening_canasta(team)
        points = self.minimum(team)
        canasta = {"any": "a complete canasta", "natural": "a natural canasta (or a samba)"}.get(need, "")
        if canasta and points:
            return f"{canasta} and {points} points"
        return canasta or f"{points} points"

    def _why_not_discard_below_minimum(self, seat: int) -> str:
        team = self.team_of(seat)
        return (f"Your melds so far make {self.prov_value} points; your side's first meld needs "
                f"{self.opening_words(team)}: lay more, or 'retract' them.")

    # ---- the pile: can / why not / do ----------------------------------------------------

    def pile_frozen(self) -> bool:
        """A pile holding a wild card or a red three (an upcard) is frozen (other-seeds §7.5)."""
        return any(IS_WILD[c] or IS_RED3[c] for c in self.discards)

    def pile_state(self, team: int) -> str:
        """Why the pile can or cannot be taken by ``team``, in words."""
        if not self.discards:
            return "empty"
        top = self.discards[-1]
        if C.RANK_OF[top] == C.THREE:
            return "blocked: a three on top"
        if IS_WILD[top]:
            return "blocked: a wild card on top"
        ways = "a natural pair of the top card"
        if not self.opened[team] and not self.seq_rules.pile_opens:
            return "closed to your side until it has made its first meld"
        if self.pile_frozen():
            return f"frozen (it holds a wild card or a red three): only {ways}"
        if not self.opened[team]:
            return f"only {ways} (your side has not melded)"
        return f"{ways}, or the top card onto one of your sequences"

    def _pickup_candidates(self, seat: int) -> list[Move]:
        """A natural pair of the top card's rank (its first two), and the top card onto each of
        the side's sequences; nothing while a three or a wild card lies on top."""
        if not self.discards:
            return []
        top = self.discards[-1]
        if C.RANK_OF[top] == C.THREE or IS_WILD[top]:
            return []
        pair = self._pick(self.hands[seat], C.RANK_OF[top], 2)
        out = [] if pair is None else [C.card_move("pickup", pair)]
        books = self.books[self.team_of(seat)]
        out.extend(Move("pickup", NUMBER(i + 1)) for i, book in enumerate(books) if is_seq(book.rank))
        return out

    def _pickup_rule(self, seat: int, move: Move) -> str | None:
        """Samba's pile, rule by rule: instead of the draw; not empty, no three or wild card on top,
        not one card for a player holding one; then either a natural pair of the top card's rank
        (for a first meld only where the rules allow, reaching the minimum) or the top card onto
        one of the side's sequences (once it has melded, the pile not frozen); and a way left to
        end the turn."""
        if self.draws_left != self.turn_rules.draw:
            return "You have drawn from the stock this turn: the pile is taken instead of the draw."
        if not only(move, "pieces", "numbers") or len(move.numbers) > 1 or (move.numbers and move.cards):
            return ("Take the pile with a natural pair of its top card ('pickup 9H 9S'), or lay the top card "
                    "on one of your sequences ('pickup' and its number).")
        if not self.discards:
            return "The discard pile is empty."
        team = self.team_of(seat)
        top = self.discards[-1]
        if C.RANK_OF[top] == C.THREE or IS_WILD[top]:
            return f"The pile is {self.pile_state(team)}: it cannot be taken this turn."
        if len(self.hands[seat]) == 1 and len(self.discards) == 1:
            return "Holding one card you may not take a pile of one card."
        if move.number is not None:
            return self._why_not_seq_pickup(seat, move.number)
        if not self.opened[team] and not self.seq_rules.pile_opens:
            return "Your side may not take the pile for its first meld: meld from your hand first."
        missing = self._missing(self.hands[seat], move.cards)
        if missing:
            return missing
        if len(move.cards) != 2 or any(CLASS[c] != CLASS[top] for c in move.cards):
            return (f"To take the pile lay its top card with a natural pair of "
                    f"{C.RANK_PLURALS[C.RANK_OF[top]]} from your hand ('pickup' and the two cards), or add "
                    "it to one of your sequences ('pickup' and the sequence's number).")
        return self._why_not_pair_pickup(seat, move.cards)

    def _why_not_seq_pickup(self, seat: int, number: int) -> str | None:
        team = self.team_of(seat)
        top = self.discards[-1]
        if not self.opened[team]:
            return "The top card goes onto a sequence only once your side has melded."
        if self.pile_frozen():
            return ("The pile is frozen (it holds a wild card or a red three): only a natural pair of "
                    "the top card takes it.")
        books = self.books[team]
        if not 1 <= number <= len(books) or not is_seq(books[number - 1].rank):
            return f"Your side has no sequence {number}."
        if top not in run_ends(books[number - 1]):
            return (f"{C.LABEL_OF[top]} does not extend {describe(books[number - 1])} "
                    "(a samba takes nothing more).")
        after_books = list(books)
        after_books[number - 1] = grown(books[number - 1], top)
        after = list(self.hands[seat])
        if self.seq_rules.seq_pickup_takes == WHOLE_PILE:
            after += self.discards[:-1]
        if len(after) >= 2 or self._could_finish(seat, after, after_books):
            return None
        return (f"Taking the top card would leave you {'one card' if after else 'no card'}, and you could "
                "not go out this turn.")

    def _why_not_pair_pickup(self, seat: int, pair: tuple[int, ...]) -> str | None:
        """The pair's group, the first-meld minimum (two cards kept for the turn's end; the pile's
        other cards wait in the hand), and a way left to end the turn."""
        team = self.team_of(seat)
        top = self.discards[-1]
        books = [*self.books[team], Book(C.RANK_OF[top], (top, *pair), 0, False)]
        rest = list(self.hands[seat])
        for c in pair:
            rest.remove(c)
        value = self.values[top] + sum(self.values[c] for c in pair)
        # the minimum must be reachable while two cards stay in the hand (a player keeps a card
        # to discard, and one card left must be able to go out): the pile's other cards wait in
        # the hand anyway, the rest are kept from the hand (the kernel's rule without a foot)
        if not self._pickup_reaches_minimum(team, books[-1:], rest, value, len(self.discards) - 1):
            return (f"With the top card and the rest of your hand you cannot reach your side's first-meld "
                    f"minimum of {self.minimum(team)}, keeping a card to discard (cards from the pile do "
                    "not count).")
        after = rest + self.discards[:-1]
        if len(after) >= 2:
            return None
        if not after:
            return None if self._may_go_out(seat, books) else "You may not go out now: " + self._why_not_out(
                seat, books)
        if self._could_finish(seat, after, books):
            return None
        return "Taking the pile would leave you one card, and you could not go out this turn."

    def _pickup(self, seat: int, move: Move) -> None:
        team = self.team_of(seat)
        top = self.discards.pop()
        hand = self.hands[seat]
        books = list(self.books[team])
        if move.number is not None:
            i = move.number - 1
            books[i] = grown(books[i], top)
            taken = [] if self.seq_rules.seq_pickup_takes != WHOLE_PILE else list(self.discards)
            how = f"adding it to meld {move.number}: {describe(books[i])}"
            value = 0
        else:
            books.append(Book(C.RANK_OF[top], (top, *move.cards), 0, False))
            self._remove_from_hand(seat, move.cards)
            taken = list(self.discards)
            how = f"laying it with {' '.join(C.LABEL_OF[c] for c in move.cards)}"
            value = self.values[top] + sum(self.values[c] for c in move.cards)
        del self.discards[len(self.discards) - len(taken):]
        if move.number is None:
            self._provisional_pickup(team, books, value, taken)
        self.books[team] = books
        hand.extend(taken)
        self.knowledge.tell(f"hand/{seat}", taken)
        self.upcard_take = False
        self.draws_left = 0
        rest = f" and {len(taken)} more card{'s' if len(taken) != 1 else ''}" if taken else ""
        self.emit("pickup", f"{self.names[seat]} takes {C.LABEL_OF[top]}{rest} from the pile, {how}.",
                  seat=seat, cards=C.codes(taken))
        self.phase_name = Phase.PLAY
        self._lay_red_threes(seat, replace=False)
        self._check_opened(team)
        self._after_hand_change(seat)

    # ---- the view ------------------------------------------------------------------------

    def _team_books_entry(self, memo: Any, team: int) -> dict[str, Any]:
        books = [{"number": i + 1, **_book_facts(book), "cards": C.codes(book.cards)}
                 for i, book in enumerate(self.books[team])]
        t = tally(self.books[team])
        notes = ([f"first meld: needs {self.opening_words(team)}"] if not self.opened[team]
                 else ["opened", f"canastas: {t.words()}"])
        if self.red3[team]:
            notes.append(f"red threes: {len(self.red3[team])}")
        return {
            "name": self.sheet.columns[team], "seats": list(memo.seats[team]), "group": f"team/{team}",
            "opened": self.opened[team], "minimum": self.minimum(team),
            "opening": "" if self.opened[team] else self.opening_words(team),
            "red_threes": C.codes(self.red3[team]),
            "canastas": [t.natural, t.mixed, t.sambas, t.bolivias],
            "pile": self.pile_state(team), "notes": notes, "books": books,
        }


#: each book's view entry, kept by identity (books are immutable values; most stay unchanged for
#: many views), checked against the book itself
_FACTS: dict[int, tuple[Book, dict[str, Any]]] = {}


def _book_facts(book: Book) -> dict[str, Any]:
    got = _FACTS.get(id(book))
    if got is None or got[0] is not book:
        if len(_FACTS) > 4096:
            _FACTS.clear()
        if is_seq(book.rank):
            rank = f"{C.SUIT_SYMBOLS[book.rank - SEQ]} run"
        else:
            rank = "wild" if book.rank == WILD else C.RANKS[book.rank]
        got = _FACTS[id(book)] = (book, {
            "rank": rank, "naturals": book.naturals, "wilds": book.wilds, "closed": False,
            "kind": kind_of(book), "canasta": is_canasta(book), "text": describe(book)})
    return got[1]
