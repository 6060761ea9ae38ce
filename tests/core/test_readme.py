"""The README's Python example runs as written, to the end of a match."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_readmes_python_example_plays_a_whole_match() -> None:
    text = README.read_text(encoding="utf-8")
    section = text[text.index("### From Python"):]
    code = re.search(r"```python\n(.*?)```", section, re.S)
    assert code is not None, "the README's 'From Python' section has no Python example"
    printed = io.StringIO()
    names: dict[str, object] = {}
    with contextlib.redirect_stdout(printed):
        exec(compile(code.group(1), "README.md", "exec"), names)  # the README's own code, as a reader runs it
    state = names["s"]
    assert getattr(state, "is_over", False)
    assert "hearts" in printed.getvalue()
