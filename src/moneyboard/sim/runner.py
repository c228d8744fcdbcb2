"""Run many simulated games on one core, on every core, or on a Dask cluster, in seed order.

Games are independent and each is fixed by its :class:`GameJob`, so the back end changes only
the speed: outcomes come back in job order whichever worker played them. Jobs travel in
small batches (fewer round trips per game). An interrupted run returns the games that had
finished, still in job order.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from moneyboard.engine.errors import MoneyboardError
from moneyboard.sim.play import GameJob, GameOutcome, play_game

#: Called with the number of games finished so far after each batch.
Progress = Callable[[int], None]


def play_batch(jobs: Sequence[GameJob]) -> list[GameOutcome]:
    """Play a batch of games in order (what a worker runs)."""
    return [play_game(job) for job in jobs]


def default_workers() -> int:
    """Every core this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def batches(jobs: Sequence[GameJob], workers: int) -> list[list[GameJob]]:
    """Consecutive batches: small enough to balance the workers and show progress, large
    enough that sending them costs little (about 16 per worker, at most 32 games each).

    >>> [len(b) for b in batches([GameJob("g", ("a",), s) for s in range(10)], 2)]
    [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]
    """
    size = max(1, min(32, len(jobs) // (16 * max(1, workers))))
    return [list(jobs[i : i + size]) for i in range(0, len(jobs), size)]


class RunResult:
    """Outcomes in job order, and whether the run was cut short (then only finished games)."""

    def __init__(self, outcomes: list[GameOutcome], interrupted: bool, total: int):
        self.outcomes = outcomes
        self.interrupted = interrupted
        self.total = total


def run_jobs(
    jobs: Sequence[GameJob],
    workers: int | None = None,
    scheduler: str | None = None,
    progress: Progress | None = None,
) -> RunResult:
    """Play every job: on a Dask cluster if ``scheduler`` is given, else on ``workers``
    processes (default: every core; 1 plays in this process)."""
    groups = batches(jobs, workers or default_workers())
    if scheduler is not None:
        return _run_dask(groups, scheduler, len(jobs), progress)
    n = workers or default_workers()
    if n <= 1:
        return _run_here(groups, len(jobs), progress)
    return _run_processes(groups, n, len(jobs), progress)


def _collect(done: dict[int, list[GameOutcome]], interrupted: bool, total: int) -> RunResult:
    outcomes = [o for i in sorted(done) for o in done[i]]
    return RunResult(outcomes, interrupted, total)


def _run_here(groups: list[list[GameJob]], total: int, progress: Progress | None) -> RunResult:
    done: dict[int, list[GameOutcome]] = {}
    finished = 0
    try:
        for i, group in enumerate(groups):
            done[i] = play_batch(group)
            finished += len(group)
            if progress:
                progress(finished)
    except KeyboardInterrupt:
        return _collect(done, True, total)
    return _collect(done, False, total)


def _run_processes(
    groups: list[list[GameJob]], workers: int, total: int, progress: Progress | None
) -> RunResult:
    done: dict[int, list[GameOutcome]] = {}
    finished = 0
    pool = ProcessPoolExecutor(max_workers=workers)
    pending: dict[Future[list[GameOutcome]], int] = {}
    try:
        for i, group in enumerate(groups):
            pending[pool.submit(play_batch, group)] = i
        while pending:
            ready, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in ready:
                i = pending.pop(future)
                done[i] = future.result()
                finished += len(done[i])
            if progress:
                progress(finished)
    except KeyboardInterrupt:
        pool.shutdown(wait=False, cancel_futures=True)
        return _collect(done, True, total)
    pool.shutdown()
    return _collect(done, False, total)


#: What to tell a person asking for a Dask cluster in an environment without Dask.
MISSING_DASK = (
    "--scheduler needs Dask, which comes with moneyboard's optional 'cluster' extra: "
    '.venv/bin/pip install -e ".[cluster]" in the moneyboard folder (./run-tests installs it)'
)


def require_dask() -> None:
    """Refuse a ``--scheduler`` run before it starts when Dask is not installed."""
    try:
        import distributed  # noqa: F401
    except ImportError:
        raise MoneyboardError(MISSING_DASK) from None


def _run_dask(
    groups: list[list[GameJob]], scheduler: str, total: int, progress: Progress | None
) -> RunResult:
    require_dask()
    from distributed import Client, as_completed

    done: dict[int, list[GameOutcome]] = {}
    finished = 0
    try:
        client = Client(scheduler, timeout=10)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError) as exc:
        raise MoneyboardError(f"cannot reach the Dask scheduler at {scheduler!r}: {exc}") from None
    with client:
        futures: dict[Any, int] = {}
        for i, group in enumerate(groups):
            futures[client.submit(play_batch, group, pure=False)] = i
        try:
            for future in as_completed(list(futures)):  # type: ignore[no-untyped-call]
                i = futures[future]
                done[i] = future.result()
                finished += len(done[i])
                if progress:
                    progress(finished)
        except KeyboardInterrupt:
            client.cancel(list(futures))  # type: ignore[no-untyped-call]
            return _collect(done, True, total)
    return _collect(done, False, total)
