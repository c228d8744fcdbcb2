"""The server sets the garbage collector up for serving (docs/server.md, "Load")."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from moneyboard.server.main import GC_THRESHOLDS, tune_gc


@pytest.fixture
def restored_gc() -> Iterator[None]:
    before = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*before)


@pytest.mark.usefixtures("restored_gc")
def test_start_up_objects_are_frozen_and_young_collections_are_rarer() -> None:
    gc.unfreeze()
    tune_gc()
    assert gc.get_threshold() == GC_THRESHOLDS
    assert GC_THRESHOLDS[0] > 700  # rarer than Python's default young collections
    assert gc.get_freeze_count() > 0
