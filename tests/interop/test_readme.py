"""The README's example of the learning environments runs as written."""

from __future__ import annotations

import pytest

from tests.helpers import run_readme_example


def test_the_readmes_environments_example_runs() -> None:
    pytest.importorskip("pettingzoo")
    pytest.importorskip("pyspiel")
    printed, names = run_readme_example("### Environments for learning programs")
    assert "Euchre" in printed
    assert names["state"].history()  # type: ignore[attr-defined]
