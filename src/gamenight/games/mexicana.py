"""Mexicana (the Ultimate Book of Card Games, canasta variation 5; other-seeds §8.5): classic
canasta for four in two partnerships (``gamenight rules canasta``: melds, freezing, the one-card
rule, asking partner, concealed going out, the exhausted stock, scoring all as there), with these
differences:

* **162 cards**: three decks and six jokers. **Thirteen cards** each; one card drawn a turn
  (D4 is silent, so classic's draw of one; option ``draw``).
* **The thirteen-card bonus**: the first player of each side to make the side's initial meld
  draws the **top thirteen stock cards** into his hand the moment the minimum is met (mid-turn:
  he plays on with them). Red threes among them are laid out and replaced; with fewer than
  thirteen in the stock he takes them all (HOUSE). His partner's later melds draw nothing. A
  meld that meets the minimum and would empty his hand is allowed (the bonus refills it).
  Option ``bonus_cards`` (13; 0 turns it off).
* **Sevens**: the discard pile cannot be taken while a seven lies on top (kernel switch
  ``stop_rank``; the view's ``pile_state`` says so). A **canasta of sevens** scores 1,000 in
  place of the 500/300 bonus, natural or mixed (HOUSE; option ``sevens_natural_only``, §10's
  ``sevens_bonus_natural_only=false``).
* **Going out** needs at least two canastas, and D4 ties canastas to red threes ("declare as
  many red threes as they have canastas"). Default reading (option ``mex_goout``,
  ``canastas_ge_red3``, the unverified pagat recollection): the side needs **canastas ≥ max(2,
  its red threes laid down)**. The other reading (``red3_ge_canastas``, RG's words): at least two
  canastas and no more canastas than red threes laid down (a side without two red threes cannot
  go out); the going-out search counts the canastas a way out would make, so the black threes
  (which bind a player to go out that turn) are offered only where some way out keeps to it. The
  requirement is the turn player's side's and changes as red threes come down (the rules'
  ``need``, with its ``most``; every side's is in the view's ``to_go_out``).
* **Red threes**: 100 each; **all six: 1,000** (HOUSE by analogy with Samba; option
  ``all_red_threes``); minus for a side that melded nothing (§7).
* Opening minimum and target as classic: 15 below zero (option), 50 from 0, 90 from 1,500, 120
  from 3,000; game to 5,000 (option ``target``).

Gaps (§8.5): the draw count (1), the bonus with a short stock (all that is left), the two
readings of the going-out link, the all-six bonus and the sevens' bonus on a mixed canasta are
the options above. The upcard: as classic (a wild card or red three is covered; a seven turned up
simply blocks the pile until covered). Asking partner, concealed going out and its HOUSE
exemption from the minimum are classic's options.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from gamenight.core.layout import Field, Kind
from gamenight.core.options import option
from gamenight.core.registry import GameSpec, register
from gamenight.equipment import cards as C
from gamenight.families.canasta import Book, Requirement, team_canastas
from gamenight.families.canasta_turn import TurnRules
from gamenight.games.canasta import Canasta, CanastaOptions, SideHand, red_three_score, score_side

SEVEN = C.RANKS.index("7")
#: ``mex_goout``: canastas >= max(2, red threes), or red threes >= canastas (and two canastas)
CANASTAS_GE_RED3, RED3_GE_CANASTAS = "canastas_ge_red3", "red3_ge_canastas"
#: the kind of canasta scoring the sevens' bonus
SEVENS = "sevens"


@dataclass(frozen=True, kw_only=True)
class MexicanaOptions(CanastaOptions):
    AMENDABLE: ClassVar[frozenset[str]] = CanastaOptions.AMENDABLE | {"sevens_bonus", "sevens_natural_only"}
    hand_size: int = option(13, "Hand size", "Cards dealt to each player.", minimum=7, maximum=15)
    canastas_to_go_out: int = option(2, "Canastas to go out", "The fewest canastas a side needs to go out "
                                     "(the red threes may ask more: 'Going out').", minimum=1, maximum=3)
    draw: int = option(1, "Draw", "Cards drawn from the stock each turn (D4 is silent: classic's one).",
                       minimum=1, maximum=2)
    bonus_cards: int = option(13, "First-meld bonus", "Stock cards the first player of each side to meld "
                              "draws at once (0: none).", minimum=0, maximum=20)
    mex_goout: str = option(CANASTAS_GE_RED3, "Going out", "How canastas and red threes together let a "
                            "side go out.",
                            choices={CANASTAS_GE_RED3: "At least two canastas, and at least as many "
                                                       "canastas as red threes laid down (pagat)",
                                     RED3_GE_CANASTAS: "At least two canastas, and at least as many red "
                                                       "threes laid down as canastas (RG's words)"})
    sevens_bonus: int = option(1000, "Canasta of sevens", "Bonus for a canasta of sevens, instead of the "
                               "natural or mixed bonus.", minimum=0, maximum=3000)
    sevens_natural_only: bool = option(False, "Sevens bonus: natural only", "Only a natural canasta of "
                                       "sevens earns the sevens bonus (off, the usual way: a mixed "
                                       "one does too).")
    all_red_threes: int = option(1000, "All six red threes", "What all six red threes score together "
                                 "(as in Samba).", minimum=0, maximum=3000)
    target: int = option(5000, "Target", "The score that wins.", minimum=500, maximum=20_000)


def mexicana_bonuses(o: MexicanaOptions) -> dict[str, int]:
    """A canasta of sevens scores its own bonus instead of the natural or mixed one."""
    return {SEVENS: o.sevens_bonus}


def red_table(o: MexicanaOptions) -> tuple[tuple[int, int], ...]:
    """All six red threes score together."""
    return ((6, o.all_red_threes),)


def score_mexicana_side(o: MexicanaOptions, hand: SideHand, *, threes: bool = True) -> dict[str, int]:
    """A side's parts: classic's scoring with the sevens' canastas and the six red threes."""
    return score_side(o, hand, threes=threes, red_table=red_table(o))


class Mexicana(Canasta):
    FIELDS: tuple[Field, ...] = (
        Field("to_go_out", "To go out", Kind.TEAMS),
        Field("bonus_drawn", "Drew the first-meld bonus", Kind.TEAMS),
        Field("last_round", "Last hand", Kind.TEXT, minor=True),
    )
    options: MexicanaOptions

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        #: per side, who drew the first-meld bonus this hand
        self.bonus_seat: list[int | None] = [None, None]
        super().__init__(*args, **kwargs)

    def variation_rules(self, rules: TurnRules) -> TurnRules:
        return replace(rules, stop_rank=SEVEN, need=Requirement(any=self.options.canastas_to_go_out))

    def deck_template(self) -> list[int]:
        return C.standard_deck(decks=3, jokers=6)

    def _start_deal(self) -> None:
        self.bonus_seat = [None, None]
        super()._start_deal()

    # ---- going out: canastas and red threes ------------------------------------------

    @property
    def least_canastas(self) -> int:
        return self.options.canastas_to_go_out

    def canastas_needed(self, team: int) -> int:
        """The canastas ``team`` needs to go out (the default reading: max(2, its red threes))."""
        if self.options.mex_goout == CANASTAS_GE_RED3:
            return max(self.least_canastas, len(self.red3[team]))
        return self.least_canastas

    def most_canastas(self, team: int) -> int | None:
        """``red3_ge_canastas``: the most canastas ``team`` may own on going out, its red threes
        laid down (-1, none at all, while it has fewer than the canastas it needs); else no limit.
        Part of the requirement the going-out search reads, so a player is never told he could
        finish (and lays his black threes, so must) where every way out makes one canasta too
        many."""
        if self.options.mex_goout != RED3_GE_CANASTAS:
            return None
        laid = len(self.red3[team])
        return laid if laid >= self.least_canastas else -1

    def _set_need(self, team: int) -> None:
        """The rules' going-out requirement is the side to play's (it grows with its red threes)."""
        need = Requirement(any=self.canastas_needed(team), most=self.most_canastas(team))
        if need != self.turn_rules.need:
            self.turn_rules = replace(self.turn_rules, need=need)
            self.seating_changed()  # the view's memo reads the rules again

    def begin_turn(self, seat: int) -> None:
        self._set_need(self.team_of(seat))
        super().begin_turn(seat)

    def _lay_red_threes(self, seat: int, *, replace: bool) -> int:
        short = super()._lay_red_threes(seat, replace=replace)
        if seat == self.turn:
            self._set_need(self.team_of(seat))
        return short

    def _too_many_canastas(self, team: int, books: list[Book] | tuple[Book, ...]) -> bool:
        """``red3_ge_canastas``: more canastas than red threes laid down (or fewer than two red threes)."""
        if self.options.mex_goout != RED3_GE_CANASTAS:
            return False
        made = sum(team_canastas(books, self.turn_rules.books))
        return len(self.red3[team]) < max(self.least_canastas, made)

    def _may_go_out(self, seat: int, books: Any) -> bool:
        return super()._may_go_out(seat, books) and not self._too_many_canastas(self.team_of(seat), books)

    def _could_finish(self, seat: int, hand: Any, books: Any, asked: str | None = None) -> bool:
        return (super()._could_finish(seat, hand, books, asked)
                and not self._too_many_canastas(self.team_of(seat), books))

    def _why_not_out(self, seat: int, books: Any) -> str:
        team = self.team_of(seat)
        if self._too_many_canastas(team, books) and replace(self.turn_rules.need, most=None).met(
                team_canastas(books, self.turn_rules.books)):
            return "to go out your side needs at least as many red threes laid down as canastas (and two)."
        return super()._why_not_out(seat, books)

    # ---- the first-meld bonus --------------------------------------------------------

    def _check_opened(self, team: int) -> None:
        was = self.opened[team]
        super()._check_opened(team)
        if not was and self.opened[team]:
            self._draw_bonus(self.turn)

    def _draw_bonus(self, seat: int) -> None:
        """The first of his side to meld draws the stock's top cards (all, when fewer are left);
        red threes among them are laid out and replaced."""
        team = self.team_of(seat)
        stock = self.stocks[0]
        k = min(self.options.bonus_cards, len(stock))
        self.bonus_seat[team] = seat
        if not k:
            return
        got = [stock.pop() for _ in range(k)]
        self.hands[seat].extend(got)
        self.emit("bonus", f"{self.names[seat]} makes his side's first meld and draws {k} cards from the "
                           "stock.", seat=seat)
        self.emit("drawn", f"You draw {', '.join(C.LABEL_OF[c] for c in got)}.", seat=seat, to=seat,
                  cards=C.codes(got))
        self._lay_red_threes(seat, replace=True)

    def _opens_with_bonus(self, team: int, cards: tuple[int, ...]) -> bool:
        """This lay meets the side's minimum, so the bonus will refill the hand."""
        if self.opened[team] or not self.options.bonus_cards or not self.stocks[0]:
            return False
        return self.prov_value + sum(self.values[c] for c in cards) >= self.minimum(team)

    def _why_meld_refused(self, seat: int, rank: int, cards: tuple[int, ...], move: Any) -> str:
        team = self.team_of(seat)
        left = len(self.hands[seat]) - len(cards)
        if rank != C.THREE and self._opens_with_bonus(team, cards) and left + len(self.stocks[0]) >= 2:
            return ""
        return super()._why_meld_refused(seat, rank, cards, move)

    # ---- scoring ---------------------------------------------------------------------

    def canasta_kind(self, book: Book) -> str:
        if book.rank == SEVEN and (book.wilds == 0 or not self.options.sevens_natural_only):
            return SEVENS
        return super().canasta_kind(book)

    def canasta_bonuses(self) -> dict[str, int]:
        return mexicana_bonuses(self.options)

    def score_parts(self, hand: SideHand, *, threes: bool = True) -> dict[str, int]:
        return score_mexicana_side(self.options, hand, threes=threes)

    def red_three_score(self, count: int, melded: bool) -> int:
        return red_three_score(self.options, count, melded, red_table(self.options))

    # ---- the view --------------------------------------------------------------------

    def _team_notes(self, team: int, made: tuple[int, int, int]) -> list[str]:
        notes = super()._team_notes(team, made)
        sevens = sum(1 for b in self.books[team] if b.rank == SEVEN and b.is_canasta(self.turn_rules.books))
        if sevens:
            notes.append(f"canastas of sevens: {sevens}")
        return notes

    def to_go_out(self, team: int) -> str:
        k = self.canastas_needed(team)
        if self.options.mex_goout == RED3_GE_CANASTAS:
            return f"{self.least_canastas} canastas, no more than its red threes ({len(self.red3[team])})"
        return f"{k} canastas"

    def _view(self, seat: int | None) -> dict[str, Any]:
        out = super()._view(seat)
        out["to_go_out"] = [self.to_go_out(t) for t in range(self.teams)]
        out["bonus_drawn"] = [self.names[s] if s is not None else "not yet" for s in self.bonus_seat]
        return out


SPEC: GameSpec = register(GameSpec(
    id="mexicana",
    title="Mexicana",
    family="canasta",
    players=(4,),
    default_players=4,
    options_cls=MexicanaOptions,
    state_cls=Mexicana,
    summary="Canasta with three decks and six jokers: the first of each side to meld draws thirteen "
            "more cards, sevens block the pile and make 1,000-point canastas, two canastas to go out.",
    presets={},
    teams="two partnerships, partners opposite",
    rules=__doc__ or "",
))
