"""A game's rules for the people who play it, from its docstring.

A game's module docstring is its rules as the book has them *and* the record of every decision
taken where the book is silent, each cited by its gap id (``G-EU-1``), its source (``seed 000``,
``shared/rules/metzker-book.md`` §2) and the names of the options and moves that carry it. The
citations stay in the docstring for the developers; :func:`for_people` takes them out, so
``gamenight rules`` and the table page show the rules in words: no gap ids, file paths, seed
numbers, module names or code marks.

It only removes what it recognises as a citation and keeps every other word, so a rule is never
lost; ``tests/core/test_rules_text.py`` scans every game's rules for anything left.
"""

from __future__ import annotations

import re
from typing import Any

#: a gap id or a test case id of the researched resolutions: G-EU-1, G-10K-2a, GEN-12, T-10K-6
_GAP = r"(?:G|T|R)-[A-Z0-9]+(?:-[A-Z0-9]+)*[a-z]?|GEN-\d+[a-z]?|GAP\s+\d+(?:/\d+)?|OPT-[A-Z0-9]+-\w+"
#: a source in the seeds: "seed 000", "seed 001 p.4", "the 004 seed's", a path under shared/
_PATH = r"`*(?:\.\./)?shared/[\w./-]+`*(?:\s*§\s*[\d.]+(?:\s*\([^()]*\))?)?"
_SEED = r"(?:the\s+)?\b0\d\d\s+seed's|seeds?\s+0\d\d(?:\s*(?:p\.|pp\.|page)\s*[\d–-]+)?"
#: a parenthesis, or a clause of one between commas or semicolons, that is only citations
#: (never a lone capital: a card's rank, "7, 8, 9, 10, J", is no source)
_SOURCE = r"§\s*[\d.]+|\[[A-Z]+\]|[A-Z]{2,4}\d?|[A-Z]\d|\d+\.\d+-\d+|spec|DESIGN\.md"
_CITATION = re.compile(rf"^\s*(?:(?:{_GAP}|{_PATH}|{_SEED}|{_SOURCE})[\s,;:]*)+$")
#: a clause of a parenthesis that speaks of the code, not the game
_CODE_CLAUSE = re.compile(r"kernel|``[\w.]+\.py``|:mod:|\btests?\b|gamenight\.|§|\bgaps?\b|(?<![\d,])0\d\d\b|"
                          r"\b(?:families|core|games|equipment|bots)\.\w")
#: a section of a source named in running text ("other-seeds §8.4", "§7's")
_SECTION = re.compile(r"\s*(?:(?:other-seeds|metzker-book)\s+)?§\s*[\d.]+(?:-[\d.]+)?(?:'s)?")
#: the seed, as the rules call the family's book
_THE_SEED = re.compile(r"\b(?:the family's 0\d\d seed|the seed)('s)?\b")
#: a paragraph written for developers (how the code is built, how tests stack a deck)
_FOR_DEVELOPERS = re.compile(r"gamenight\.(?:new|replay|families|core|equipment)|:mod:|\(tests\b|``\w+\.py``|"
                             r"\bkernel\b|\bis data\b")
_PARENS = re.compile(r"\s*\(([^()]*)\)")
_GAP_LEAD = re.compile(rf"(?<![\w-])(?:{_GAP})(?:\s*(?:,|and)\s*(?:{_GAP}))*\s*(?::|—|–)\s*(\w?)")
_GAP_ANY = re.compile(rf"\s*(?<![\w-])(?:{_GAP})(?![\w-])")
_PATH_ANY = re.compile(rf"(?:,?\s+(?:with|see|in|from)\b)?\s*(?:spec\s+)?{_PATH}")
_SEED_ANY = re.compile(_SEED)
_BOOK_TAG = re.compile(r"\s*\[(?:BOOK|HOUSE|SPEC|GAP|STD)\]")
_CODE = re.compile(r"``([^`]+)``|`([^`]+)`")
#: the terminal's commands named in the rules: another game's rules read as such, a command to
#: measure or list things is for developers
_RULES_COMMAND = re.compile(r"\bgamenight rules ([\w-]+)")
_OTHER_COMMAND = re.compile(r"[;:,]?\s*\bgamenight (?:sim|list|play)\b[^.]*")
#: a name from the code left in running text (``winner_collects``): its words
_SNAKE = re.compile(r"\b([a-z][a-z0-9]*)_(?=[a-z0-9])")


def _clean_parenthesis(match: re.Match[str]) -> str:
    """A parenthesis kept with its citations taken out, or dropped if that was all it held."""
    clauses = re.split(r"(?<=[,;] )", match.group(1))  # "2,000" is no clause break
    kept = [c for c in clauses if not _CITATION.match(c.rstrip(",;")) and not _CODE_CLAUSE.search(c)]
    text = "".join(kept).strip().rstrip(",;").strip()
    return f" ({text})" if text else ""


def _another_book(match: re.Match[str]) -> str:
    return "another rule book's" if match.group(0).endswith("'s") else "another rule book"


def for_people(text: str) -> str:
    """``text`` (a game's docstring) with its citations taken out, its paragraphs for developers
    left out, and its code marks dropped."""
    paragraphs = re.split(r"\n[ \t]*\n", text)
    text = "\n\n".join(p for p in paragraphs if not _FOR_DEVELOPERS.search(p))
    text = _PARENS.sub(_clean_parenthesis, text)
    text = _GAP_LEAD.sub(lambda m: m.group(1).upper(), text)  # "G-EU-1: only when" -> "Only when"
    text = _GAP_ANY.sub("", text)
    text = _PATH_ANY.sub("", text)
    text = _THE_SEED.sub(lambda m: "the book" + (m.group(1) or ""), text)
    text = _SEED_ANY.sub(_another_book, text)
    text = _SECTION.sub("", text)
    text = _BOOK_TAG.sub("", text)
    # a name in code marks reads as words: ``min_bet`` is "min bet"
    text = _CODE.sub(lambda m: (m.group(1) or m.group(2)).replace("_", " "), text)
    text = _RULES_COMMAND.sub(lambda m: f"the rules of {m.group(1).replace('-', ' ').title()}", text)
    text = _OTHER_COMMAND.sub("", text)
    while _SNAKE.search(text):
        text = _SNAKE.sub(r"\1 ", text)
    text = re.sub(r"\s+([,.;:])", r"\1", text)  # a citation's gap left before punctuation
    text = re.sub(r"([,;:])(?=[,;:.])", "", text)
    text = re.sub(r"\(\s*\)", "", text)
    return re.sub(r"(?<=\S)[ \t]{2,}", " ", text)


#: a card as a move writes it (rank then suit letter: 7H, 10S, TD), not inside a longer word
_CARD_CODE = re.compile(r"(?<![\w])(10|[2-9TJQKA])([CDHS])(?![\w])")
#: the joker as a move writes it
_JOKER_CODE = re.compile(r"(?<![\w])JK(?![\w])")
#: a domino as a move writes it (12-7), or a range of numbers written with a hyphen (variations 1-3)
_TILE_CODE = re.compile(r"(?<![\w.-])(\d{1,2})-(\d{1,2})(?![\w-])")
_SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
#: the partnerships by compass point: at a table the players have names ("Mia & Leo"), so the
#: parenthesis that names the teams by seat is left out
_COMPASS_TEAM = r"(?:North|East)[–—-](?:South|West)"
_COMPASS_TEAMS = re.compile(rf"\s*\({_COMPASS_TEAM} against {_COMPASS_TEAM}\)")
#: how the terminal's players type a move, which a table's players tap instead: a paragraph or a
#: sentence listing the moves as typed ("Moves: play 12-7 3 ..."), the typed shorthands, and the
#: typed examples the rules give in passing ("keep 1 5 keeps a one and a five", "(pickup alone,
#: then he discards)", "(blind 2: the blind card under ...)")
_TYPED_PARAGRAPH = re.compile(r"^(?:Moves|Typed shorthands):")
_TYPED_SENTENCE = re.compile(r"\s*\bMoves: [^.]*\.")
_TYPED_KEEP = re.compile(r":\s*keep [\d ]+keeps [^.]*\.")
_TYPED_PARENTHESIS = re.compile(r"\s*\((?:pickup\s+alone|blind\s+\d)\b[^()]*\)")
#: a typed move opening a parenthesis ("(buy 7♥)", "(take 2 7♥: the 7♥ on top of ...)", "(play J♣
#: 4,2)"): a verb, then only its arguments (cards, numbers, a place "4,2", a word a move ends with),
#: up to the parenthesis' end or the clause's (": ", "; ", ", " before a word); the parenthesis
#: keeps what it says besides, or goes if that was all
_ARGUMENT = r"(?:(?:10|[2-9AKQJ])[♠♥♦♣]|joker|\d{1,2}(?:,\d{1,2})?|knock|run|set|alone)"
#: words that open a parenthesis of numbers but type no move ("(seats 1, 2 ...)", "(spread 0)")
_NOT_TYPED = r"(?:a|an|the|no|in|from|below|above|seats?|aces?|spread) "
_TYPED_CLAUSE = re.compile(rf"(\s*)\((?!{_NOT_TYPED})[a-z]+(?: {_ARGUMENT})+(?:\)|[:;] |, (?=[^\d\s]))")


def _typing_left_out(text: str) -> str:
    """``text`` without the instructions for typing moves (see ``_TYPED_PARAGRAPH``)."""
    paragraphs = re.split(r"\n[ \t]*\n", text)
    text = "\n\n".join(p for p in paragraphs if not _TYPED_PARAGRAPH.match(p.strip()))
    text = _TYPED_SENTENCE.sub("", text)
    text = _TYPED_KEEP.sub(".", text)
    text = _TYPED_PARENTHESIS.sub("", text)
    while _TYPED_CLAUSE.search(text):  # "(exchange 3 knock, flip 5 knock)": one clause at a time
        text = _TYPED_CLAUSE.sub(lambda m: "" if m.group(0).endswith(")") else f"{m.group(1)}(", text)
    return re.sub(r"\s*\(\s*\)", "", text)


def pieces_for_the_table(text: str) -> str:
    """The pieces a text names drawn as players write them: 7♥, not 7H; the joker; a domino 12–7."""
    text = _CARD_CODE.sub(lambda m: ("10" if m.group(1) == "T" else m.group(1)) + _SUIT_SYMBOLS[m.group(2)],
                          text)
    text = _JOKER_CODE.sub("joker", text)
    return _TILE_CODE.sub(lambda m: f"{m.group(1)}–{m.group(2)}", text)


def for_the_table(text: str) -> str:
    """The rules as a table page shows them: :func:`for_people`, with the pieces its examples
    name drawn as players write them (:func:`pieces_for_the_table`), the teams not named by
    compass point and the typing of moves left out — the terminal keeps the codes and the
    typing, since its players type them."""
    text = pieces_for_the_table(for_people(text))  # first: a typed example then names 7♥, not 7H
    return _COMPASS_TEAMS.sub("", _typing_left_out(text))


def options_for_the_table(options: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A game's options (``GameSpec.to_json()``'s) as a table page shows them: the pieces their
    help and choices name drawn as players write them ("the 0–0", not "the 0-0")."""
    def words(option: dict[str, Any]) -> dict[str, Any]:
        labels = option.get("choice_labels")
        if labels:
            labels = {k: pieces_for_the_table(v) for k, v in labels.items()}
        return {**option, "help": pieces_for_the_table(option.get("help") or ""), "choice_labels": labels}
    return [words(o) for o in options]


__all__ = ["for_people", "for_the_table", "options_for_the_table", "pieces_for_the_table"]
