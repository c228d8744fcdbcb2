"""The server sets the garbage collector up for serving (docs/server.md, "Load")."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from moneyboard.server.main import tune_gc


@pytest.fixture
def unfrozen() -> Iterator[None]:
    gc.unfreeze()
    yield
    gc.unfreeze()


@pytest.mark.usefixtures("unfrozen")
def test_what_start_up_loaded_is_left_out_of_later_passes() -> None:
    loaded = [{"the app": "and its games"}]
    assert any(o is loaded for o in gc.get_objects())
    tune_gc()
    assert gc.get_freeze_count() > 0
    assert not any(o is loaded for o in gc.get_objects())  # no pass looks at it again
