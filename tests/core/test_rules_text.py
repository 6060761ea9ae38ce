"""The rules people read (``gamenight rules``, the table page) carry no citation of the sources."""

from __future__ import annotations

import re

import pytest

import gamenight
from gamenight.core.rules_text import for_people, for_the_table

#: what a player must never read in a game's rules: gap and test ids, paths, seed numbers, code
FORBIDDEN = re.compile(r"\b(?:G|T|R)-[A-Z0-9]+-\w*|\bGEN-\d|shared/|\bseeds?\b|\.py\b|``|:mod:|\bkernel\b|"
                       r"gamenight\.\w|equipment\.|\bGAP\b|§")


@pytest.mark.parametrize("spec", gamenight.games(), ids=lambda spec: spec.id)
def test_a_games_rules_for_people_cite_no_source_and_show_no_code(spec: gamenight.GameSpec) -> None:
    left = [m.group(0) for m in FORBIDDEN.finditer(for_people(spec.rules))]
    assert not left, f"{spec.id}'s rules still show {left[:5]}"


def test_a_citation_in_parentheses_goes_and_the_rule_stays() -> None:
    text = "five of a kind four times (ones: 2,000 and 4,000, G-10K-2); a straight 1,000 (G-10K-3)."
    assert for_people(text) == "five of a kind four times (ones: 2,000 and 4,000); a straight 1,000."


def test_a_gap_id_leading_a_sentence_goes_and_the_sentence_starts_with_a_capital() -> None:
    assert for_people("G-EU-1: only when ordering up.") == "Only when ordering up."
    assert for_people("* G-W10-3 — tens always score.") == "* Tens always score."


def test_a_source_and_code_marks_go() -> None:
    text = "The decisions (``shared/rules/metzker-book.md`` §2): option ``target``, from the 004 seed's deck."
    assert for_people(text) == "The decisions: option target, from another rule book's deck."


def test_a_paragraph_for_developers_is_left_out() -> None:
    text = ("Roll five dice.\n\n**Stacked dice** (tests): ``gamenight.new(...)`` takes faces.\n\n"
            "First to 10,000 wins.")
    assert for_people(text) == "Roll five dice.\n\nFirst to 10,000 wins."


def test_the_table_page_draws_the_pieces_of_the_rules_examples_as_players_write_them() -> None:
    """The page's rules write the cards and dominoes of their examples as players do; the terminal's
    keep the codes its players type."""
    text = "Take 7H or meld 7C 7D JK set; swap JK=9H with TD; the 12-12 engine; variations 1-3."
    assert for_the_table(text) == ("Take 7♥ or meld 7♣ 7♦ joker set; swap joker=9♥ with 10♦; "
                                   "the 12–12 engine; variations 1–3.")
    assert "7H" in for_people(text)
    for spec in gamenight.games():
        shown = for_the_table(spec.rules)
        assert not re.search(r"(?<![\w])(?:10|[2-9TJQKA])[CDHS](?![\w])", shown), spec.id
