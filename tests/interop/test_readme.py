"""The README's example of the learning environments runs as written."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_readmes_environments_example_runs() -> None:
    pytest.importorskip("pettingzoo")
    pytest.importorskip("pyspiel")
    text = README.read_text(encoding="utf-8")
    section = text[text.index("### Environments for learning programs"):]
    code = re.search(r"```python\n(.*?)```", section, re.S)
    assert code is not None, "the README's environments section has no Python example"
    printed = io.StringIO()
    names: dict[str, object] = {}
    with contextlib.redirect_stdout(printed):
        exec(compile(code.group(1), "README.md", "exec"), names)  # the README's own code, as a reader runs it
    assert "Euchre" in printed.getvalue()
    assert names["state"].history()  # type: ignore[attr-defined]
