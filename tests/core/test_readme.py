"""The README's Python example runs as written, to the end of a match."""

from __future__ import annotations

from tests.helpers import run_readme_example


def test_the_readmes_python_example_plays_a_whole_match() -> None:
    printed, names = run_readme_example("### From Python")
    state = names["s"]
    assert getattr(state, "is_over", False)
    assert "hearts" in printed
