"""The test command's two ways of drawing property-test examples (tests/conftest.py)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import settings


def test_ci_draws_the_same_examples_every_run_and_dev_draws_new_ones() -> None:
    assert settings.get_profile("ci").derandomize
    assert not settings.get_profile("dev").derandomize
    assert settings.get_profile("ci").print_blob and settings.get_profile("dev").print_blob


def test_the_ci_script_chooses_the_ci_profile() -> None:
    script = (Path(__file__).parents[1] / ".ci" / "run").read_text(encoding="utf-8")
    assert 'HYPOTHESIS_PROFILE="${HYPOTHESIS_PROFILE:-ci}"' in script
    assert script.index("HYPOTHESIS_PROFILE") < script.index("exec ./run-tests")
