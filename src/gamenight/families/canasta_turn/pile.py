"""The discard pile: ``pickup 8C 8D`` lays the top card with the named cards from the hand (a
natural pair of its rank, or more; two wild cards under ``wild_top``) onto the team's open book
of that rank until it closes and then into new books, and the rest of the pile (or its top
cards, where the rules cap the take) goes to the hand, known to everyone. A three on top blocks
it, a wild card freezes it (for good, below the minimum, under ``persistent_freeze``); below the
minimum the top card and the hand must reach it. The single turned-up card a starter may
``take`` (DeMeritt) is here too. Classic freezing (``classic_freeze``, :func:`frozen_reason`), the
unfrozen pile's extra takes, the one-card rule and the forced take after the stock are here."""

from __future__ import annotations

from collections.abc import Sequence

from gamenight.core.moves import Move
from gamenight.equipment import cards as C
from gamenight.families.canasta import WILD, Book, book_of
from gamenight.families.canasta_turn.base import Phase
from gamenight.families.canasta_turn.going_out import GoingOutMixin
from gamenight.families.canasta_turn.rules import CLASS, IS_WILD, frozen_reason, pile_take


class PileMixin(GoingOutMixin):
    """Taking the discard pile (and the starter's turned-up card)."""

    def _pile_take(self) -> list[int]:
        return pile_take(self.discards, self.turn_rules.pile_limit)

    def _frozen_for(self, team: int) -> bool:
        """G-HF-5's persistent freeze: a pile holding a wild card, for a team below its minimum."""
        return (self.turn_rules.persistent_freeze and not self.opened[team]
                and any(IS_WILD[c] for c in self.discards))

    def _frozen_reason(self, team: int) -> str | None:
        """Classic freezing (:func:`frozen_reason`) for ``team``."""
        return frozen_reason(self.turn_rules, self.discards, self.opened[team])

    def _take_forced(self, seat: int) -> bool:
        """``forced_take`` with the stock exhausted: the pile is not frozen for his side and its top
        card fits the side's meld of its rank, so he must take it."""
        if not self.discards or self._frozen_reason(self.team_of(seat)) is not None:
            return False
        top = self.discards[-1]
        if IS_WILD[top] or C.RANK_OF[top] in (C.THREE, self.turn_rules.stop_rank):
            return False
        team = self.team_of(seat)
        i = self.open_book(team, C.RANK_OF[top])
        if i is None:
            return False
        book = self.books[team][i]
        return self.turn_rules.books.valid(book.rank, book.naturals + 1, book.wilds)

    def _one_card_blocks(self, seat: int) -> bool:
        """The one-card rule: holding one card, a player may not take a pile of one card."""
        return self.turn_rules.one_card_rule and len(self.hands[seat]) == 1 and len(self.discards) == 1

    def _place(self, team: int, rank: int, cards: Sequence[int]) -> list[Book] | None:
        """The team's books after ``cards`` (all of ``rank``'s naturals, or wild cards) go down one
        at a time: onto the open book of that rank until it closes, then into new books."""
        rules = self.turn_rules.books
        books = list(self.books[team])
        index = self.open_book(team, rank)
        queue = list(cards)
        while queue:
            if index is None:
                if len(queue) < 3:
                    return None
                start, queue = queue[:3], queue[3:]
                w = sum(1 for c in start if IS_WILD[c]) if rank != WILD else 3
                if not rules.valid(rank, 3 - w, w):
                    return None
                books.append(book_of(rank, start, w, rules))
                index = len(books) - 1
            else:
                c = queue.pop(0)
                book = books[index]
                w = 1 if IS_WILD[c] else 0
                if book.closed or not rules.valid(rank, book.naturals + 1 - w, book.wilds + w):
                    return None
                books[index] = book.plus((c,), w, rules)
            if books[index].closed:
                index = None
        return books

    # ---- pickup: can / why not / do ----------------------------------------------------

    def _pickup_moves(self, seat: int) -> list[Move]:
        if not self.discards:
            return []
        rules = self.turn_rules
        team = self.team_of(seat)
        top = self.discards[-1]
        if C.RANK_OF[top] in (C.THREE, rules.stop_rank):
            return []
        if self._frozen_for(team) or self._one_card_blocks(seat):
            return []
        hand = self.hands[seat]
        out: list[Move] = []
        if IS_WILD[top]:
            if not rules.wild_top:
                return []
            jokers = self._pick(hand, 13, None) or ()
            twos = self._pick(hand, C.TWO, None) or ()
            for j in range(len(jokers) + 1):
                for t in range(len(twos) + 1):
                    if j + t >= 2:
                        self._pickup_if_fits(seat, WILD, jokers[:j] + twos[:t], out)
            return out
        rank = C.RANK_OF[top]
        same = self._pick(hand, rank, None) or ()
        for k in range(2, len(same) + 1):
            self._pickup_if_fits(seat, rank, same[:k], out)
        if self.turn_rules.classic_freeze and self._frozen_reason(team) is None:
            self._unfrozen_takes(seat, rank, same, out)
        return out

    def _unfrozen_takes(self, seat: int, rank: int, same: tuple[int, ...], out: list[Move]) -> None:
        """An unfrozen pile (classic): its top card also goes onto the side's meld of its rank
        (``pickup`` naming no card), or with one natural and one wild card from the hand."""
        if self.open_book(self.team_of(seat), rank) is not None:
            self._pickup_if_fits(seat, rank, (), out)
        if same:
            hand = self.hands[seat]
            for wild_class in (13, C.TWO):
                wild = self._pick(hand, wild_class, 1)
                if wild:
                    self._pickup_if_fits(seat, rank, (same[0], *wild), out)

    def _pickup_if_fits(self, seat: int, rank: int, laid: tuple[int, ...], out: list[Move]) -> None:
        team = self.team_of(seat)
        top = self.discards[-1]
        books = self._place(team, rank, (top, *laid))
        if books is None:
            return
        rest = list(self.hands[seat])
        for c in laid:
            rest.remove(c)
        value = self.values[top] + sum(self.values[c] for c in laid)
        taken = len(self._pile_take()) - 1
        if not self._pickup_reaches_minimum(team, books, rest, value, taken):
            return
        if not self.in_foot[seat] or len(rest) + taken >= 2:
            out.append(C.card_move("pickup", laid))
            return
        after = rest + self._pile_take()[:-1]
        if self._could_finish(seat, after, books):
            out.append(C.card_move("pickup", laid))

    def _why_not_pickup(self, seat: int, move: Move) -> str:
        if not self.discards:
            return "The discard pile is empty."
        top = self.discards[-1]
        team = self.team_of(seat)
        if C.RANK_OF[top] == C.THREE:
            return "A three on top of the discard pile blocks it."
        if C.RANK_OF[top] == self.turn_rules.stop_rank:
            return f"{C.RANK_PLURALS[C.RANK_OF[top]].capitalize()} on top of the discard pile block it."
        if IS_WILD[top] and not self.turn_rules.wild_top:
            return "A wild card on top of the discard pile freezes it: it cannot be taken."
        if self._frozen_for(team):
            return "The pile holds a wild card: only a team that has made its first meld may take it."
        if self._one_card_blocks(seat):
            return "Holding only one card, you may not take a pile of one card."
        missing = self._missing(self.hands[seat], move.cards)
        if missing:
            return missing
        frozen = self._frozen_reason(team)
        classic_open = self.turn_rules.classic_freeze and frozen is None
        want = "two wild cards" if IS_WILD[top] else f"a natural pair of {C.RANK_PLURALS[C.RANK_OF[top]]}"
        pair = len(move.cards) >= 2 and all(CLASS[c] == CLASS[top] or (IS_WILD[top] and IS_WILD[c])
                                             for c in move.cards)
        mixed = (len(move.cards) == 2 and not IS_WILD[top] and any(IS_WILD[c] for c in move.cards)
                 and sum(CLASS[c] == CLASS[top] for c in move.cards) == 1)
        onto = not move.cards and not IS_WILD[top] and self.open_book(team, C.RANK_OF[top]) is not None
        if frozen is not None and not pair:
            return (f"The pile is {frozen}: take it only with {want} from your hand (no wild card, "
                    "and your side's meld does not help).")
        if not (pair or (classic_open and (mixed or onto))):
            if classic_open:
                return (f"To take the pile lay its top card with {want}, with one natural and a wild card, "
                        "or on your side's meld of that rank ('pickup' alone).")
            return f"To take the pile you must lay its top card with {want} from your hand."
        rank = WILD if IS_WILD[top] else C.RANK_OF[top]
        if self._place(team, rank, (top, *move.cards)) is None:
            return ("Those cards do not fit your team's books: the top card and your cards go onto the "
                    "open book of that rank until it closes, and any rest must start a new book of three.")
        if not self.opened[team]:
            return (f"With the top card and the rest of your hand you cannot reach your team's first-meld "
                    f"minimum of {self.minimum(team)} (cards from the pile do not count).")
        return "Taking the pile now would leave you no way to end your turn."

    def _pickup(self, seat: int, move: Move) -> None:
        laid = move.cards
        team = self.team_of(seat)
        taken = self._pile_take()
        del self.discards[len(self.discards) - len(taken):]
        top = taken.pop()
        rank = WILD if IS_WILD[top] else C.RANK_OF[top]
        books = self._place(team, rank, (top, *laid))
        assert books is not None
        before = self.books[team]
        if any(books[i] is not before[i] for i in range(min(self.books_before, len(before)))):
            self.touched_old = True
        self.took_pile = True
        hand = self.hands[seat]
        self._remove_from_hand(seat, laid)  # a known card laid with the pair is known no more
        self._provisional_pickup(team, books, self.values[top] + sum(self.values[c] for c in laid), taken)
        self.books[team] = books
        hand.extend(taken)
        self.knowledge.tell(f"hand/{seat}", taken)  # everyone saw them go to the hand
        self.upcard_take = False
        self.draws_left = 0
        rest = f" and {len(taken)} more card{'s' if len(taken) != 1 else ''}" if taken else ""
        how = f"with {' '.join(C.LABEL_OF[c] for c in laid)}" if laid else "on the side's meld"
        self.emit("pickup", f"{self.names[seat]} takes the pile: {C.LABEL_OF[top]}{rest}, laying "
                            f"{C.LABEL_OF[top]} {how}.",
                  seat=seat, cards=C.codes(taken))
        self.phase_name = Phase.PLAY
        self._lay_red_threes(seat, replace=False)
        self._check_opened(team)
        if self.in_foot[seat] and laid:
            self.played_foot[seat] = True
        self._after_hand_change(seat)

    # ---- the starter's turned-up card: can / why not / do ------------------------------

    def _take_moves(self, seat: int) -> list[Move]:
        if self.upcard_take and len(self.discards) == 1 and self.draws_left == self.turn_rules.draw:
            return [C.card_move("take", (self.discards[-1],))]
        return []

    def _why_not_take(self, seat: int, move: Move) -> str:
        return "Only the first player of the hand may take the single turned-up card."

    def _take_upcard(self, seat: int, move: Move) -> None:
        c = self.discards.pop()
        self.hands[seat].append(c)
        self.knowledge.tell(f"hand/{seat}", (c,))
        self.upcard_take = False
        self.draws_left = 0
        self.emit("take", f"{self.names[seat]} takes the turned-up {C.LABEL_OF[c]}.", seat=seat)
        self._lay_red_threes(seat, replace=False)
        self.phase_name = Phase.PLAY
