"""The server sets the garbage collector up for serving (docs/server.md, "Load")."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from moneyboard.server.main import YOUNG_GC_THRESHOLD, tune_gc


@pytest.fixture
def unfrozen() -> Iterator[None]:
    thresholds = gc.get_threshold()
    gc.unfreeze()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)


@pytest.mark.usefixtures("unfrozen")
def test_what_start_up_loaded_is_left_out_of_later_passes() -> None:
    loaded = [{"the app": "and its games"}]
    assert any(o is loaded for o in gc.get_objects())
    tune_gc()
    assert gc.get_freeze_count() > 0
    assert not any(o is loaded for o in gc.get_objects())  # no pass looks at it again


@pytest.mark.usefixtures("unfrozen")
def test_the_youngest_pass_runs_less_often_and_the_older_ones_as_before() -> None:
    older = gc.get_threshold()[1:]
    tune_gc()
    assert gc.get_threshold() == (YOUNG_GC_THRESHOLD, *older)
