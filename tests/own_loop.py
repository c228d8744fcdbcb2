"""Running a test's coroutine on an event loop of its own, in a thread of its own.

A worker process that has run a browser test keeps Playwright's event loop running in its
main thread for the rest of the session, and ``asyncio.run`` refuses to start there; which
tests share a worker is up to pytest-xdist, so every test that needs a loop uses this.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


def run_in_own_loop(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(coroutine)`` in a new thread; what it returns or raises comes back."""
    with ThreadPoolExecutor(1, thread_name_prefix="test-loop") as pool:
        return pool.submit(asyncio.run, coroutine).result()
