"""Every word a person reads is written for players (issue 10), and every number has bounds (issue 11).

Option labels, help lines and the sentence of each choice, preset descriptions, game summaries,
phase labels and layout field labels never cite the rule research (gap ids like G-EU-1, seed
numbers, section numbers, other engines) or show an internal identifier (``round1_only``):
those stay in ``gamenight rules`` (the game's docstring) and the code. Every choice of every
option has its sentence; every whole-number option has a minimum and a maximum; and the
headline, the log and the score sheet call a deal by the same word.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import gamenight
from gamenight.core.layout import declared_fields
from gamenight.core.options import OptionInfo
from gamenight.core.phases import PhaseName
from gamenight.core.registry import GameSpec
from gamenight.server.models import GameInfo

SPECS = gamenight.games()
IDS = [spec.id for spec in SPECS]

#: what must never reach a person: rule citations and identifiers
CITATIONS = {
    # G-EU-1, G-W10-2, R-H3, TCG-8 (and never a run of cards such as A-2-3 or K-A-2)
    "gap id": re.compile(r"\b(?:[A-Z]-[A-Z][A-Z0-9]+-\d+|[A-Z]-[A-Z]\d+|[A-Z]{2,5}-\d+)\b"),
    "seed number": re.compile(r"\bseeds?\b|(?<![\d,])0\d\d\b", re.IGNORECASE),  # seed 000, the 004
    "section number": re.compile(r"§|\bpp?\.\s*\d|\b\d+\.\d+(?:-\d+)?\b"),  # §9, p.16, 4.2-2
    "other engine": re.compile(r"OpenSpiel|RLCard|PettingZoo|Wikipedia|gambiter", re.IGNORECASE),
    "house tag": re.compile(r"\bHOUSE\b"),
    "identifier": re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b"),  # round1_only, others_plus_26
    "template": re.compile(r"[{}]"),
}


def citations(text: str) -> list[str]:
    return [f"{what}: {m.group()!r}" for what, pattern in CITATIONS.items() for m in pattern.finditer(text)]


def test_the_scan_finds_what_the_issue_saw() -> None:
    """The patterns catch the words issue 10 found on the page (so a clean scan means something)."""
    for seen in ("G-EU-1: only when ordering up", "the 004 seed's 7 to ace", "OpenSpiel's gin_rummy",
                 "'round1_only'", "others_plus_26", "4.2-2: the seed lets", "TCG-8", "R-H3",
                 "other-seeds §9", "seed 000, p.16", "{Deal}", "G-W10-2", "G-GIN-8"):
        assert citations(seen), seen
    for fine in ("Bidding, first round: order up or pass", "90, 120, 150 and 180 in rounds 1 to 4",
                 "Exact bid: 10 plus the bid (bid 3 scores 13)", "Red three left", "Player 2's hand",
                 "A-2-3 or Q-K-A, but never K-A-2", "The book: the first team to 10 points wins.",
                 "120 from 3,000 and 150 from 5,000"):
        assert not citations(fine), fine


def option_words(info: OptionInfo) -> list[str]:
    return [info.label, info.help, *(info.choice_labels or {}).values()]


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_option_words_are_written_for_players(spec: GameSpec) -> None:
    for info in spec.options:
        assert info.label and info.help, info.name
        for text in option_words(info):
            assert not citations(text), (spec.id, info.name, text, citations(text))


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_every_choice_has_its_sentence(spec: GameSpec) -> None:
    for info in spec.options:
        if info.choices:
            assert info.choice_labels is not None, f"{spec.id}.{info.name}: a sentence for each value"
            assert list(info.choice_labels) == list(info.choices), (spec.id, info.name)
            assert all(words.strip() for words in info.choice_labels.values()), (spec.id, info.name)
            # the sentences tell the values apart
            assert len(set(info.choice_labels.values())) == len(info.choices), (spec.id, info.name)


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_every_whole_number_option_has_bounds_around_its_default(spec: GameSpec) -> None:
    for info in spec.options:
        if info.type == "int":
            assert info.minimum is not None and info.maximum is not None, f"{spec.id}.{info.name}"
            assert info.minimum <= info.default <= info.maximum, f"{spec.id}.{info.name}"  # type: ignore[operator]
            for preset in spec.presets.values():
                value = preset.values.get(info.name, info.default)
                assert info.minimum <= value <= info.maximum, (spec.id, preset.name, info.name)  # type: ignore[operator]


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_the_schema_carries_the_sentences_and_the_bounds(spec: GameSpec) -> None:
    schema = GameInfo.model_validate({**spec.to_json(), "rules": spec.rules})  # what GET /api/games answers
    for option, info in zip(schema.options, spec.options, strict=True):
        assert option.choice_labels == (dict(info.choice_labels) if info.choice_labels else None)
        assert (option.minimum, option.maximum) == (info.minimum, info.maximum)
    assert schema.deal_word == spec.deal_word


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_what_the_lobby_shows_of_a_game_cites_nothing(spec: GameSpec) -> None:
    for text in (spec.title, spec.summary, spec.teams, *(p.description for p in spec.presets.values())):
        assert not citations(text), (spec.id, text, citations(text))


def phase_names(spec: GameSpec) -> list[PhaseName]:
    return [name for name in spec.state_cls.phases if isinstance(name, PhaseName)]  # type: ignore[attr-defined]


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_every_phase_has_a_label_for_players(spec: GameSpec) -> None:
    names = phase_names(spec)
    assert len(names) == len(spec.state_cls.phases), "every phase is a PhaseName"  # type: ignore[attr-defined]
    own = getattr(spec.state_cls, "PHASE_LABELS", {})
    for name in names:
        label = own.get(name) or name.label
        assert label and label[0].isupper(), (spec.id, str(name))
        assert not citations(label), (spec.id, str(name), label)


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_every_field_label_is_written_for_players(spec: GameSpec) -> None:
    for key, field in declared_fields(spec.state_cls):
        assert field["label"], key
        assert not citations(field["label"]), (spec.id, key, field["label"])


def played(spec: GameSpec, steps: int, seed: int = 3) -> gamenight.State:
    state = gamenight.new(spec.id, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = min(state.to_act)
        state.play(rng.choice(state.legal_moves(seat)), seat)
    return state


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_views_show_phase_labels_and_zone_labels_in_words(spec: GameSpec) -> None:
    for steps in (0, 5, 40, 200):
        state = played(spec, steps)
        for seat in [*sorted(state.to_act)[:1], None]:
            view = state.view(seat)
            if not view["is_over"]:
                assert view["phase_label"], (spec.id, view["phase"])
            assert not citations(view["phase_label"])
            for zone in view["layout"]["zones"]:
                assert not citations(zone["label"]), (spec.id, zone["label"])
            for field in view["layout"]["fields"]:
                assert field["kind"] != "data", f"{spec.id}: {field['key']} would print a record's names"


def deal_word_in_headline(view: dict[str, Any]) -> str | None:
    """The word of the headline field that counts the deals, if one does."""
    for field in view["layout"]["fields"]:
        if field.get("head") and field["kind"] in ("number", "counter"):
            return str(field["label"]).split()[0]
    return None


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_headline_log_and_sheet_call_a_deal_by_one_word(spec: GameSpec) -> None:
    word = spec.deal_word.capitalize()
    state = played(spec, 400)
    # a race (Jokers Wild) scores its one row when it is won: play on until a row is written
    state = state if state.score_sheet.rows else played(spec, 20_000)
    view = state.view(None)
    assert view["layout"]["deal_word"] == spec.deal_word
    assert deal_word_in_headline(view) == word, spec.id
    deals = [e.text for e in state.events if e.kind == "deal"]
    assert deals and all(text.startswith(f"{word} ") for text in deals), (spec.id, deals[:2])
    numbered = [row.label for row in state.score_sheet.rows
                if row.label.split()[0] in ("Deal", "Round", "Hand", "Game", "Hole")]
    assert numbered and all(label.startswith(f"{word} ") for label in numbered), (spec.id, numbered[:3])
