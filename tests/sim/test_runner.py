"""Back ends: one core, many processes and a Dask cluster give the same table for the same
seeds; an interrupted run keeps what finished."""

from __future__ import annotations

import pandas as pd
import pytest

from moneyboard.sim.play import GameJob
from moneyboard.sim.runner import batches, run_jobs
from moneyboard.sim.tables import games_table, rounds_table

JOBS = [GameJob("toy", ("saver", "random", "risk-taker"), seed) for seed in range(12)]


def test_processes_give_the_same_tables_as_one_core() -> None:
    here = run_jobs(JOBS, workers=1)
    pool = run_jobs(JOBS, workers=2)
    assert not here.interrupted and not pool.interrupted
    assert [o.job.seed for o in pool.outcomes] == list(range(12))
    pd.testing.assert_frame_equal(games_table(here.outcomes), games_table(pool.outcomes))
    pd.testing.assert_frame_equal(rounds_table(here.outcomes), rounds_table(pool.outcomes))


def test_a_dask_cluster_gives_the_same_tables_as_one_core() -> None:
    distributed = pytest.importorskip("distributed")
    here = run_jobs(JOBS, workers=1)
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=False,
        protocol="tcp",
        dashboard_address=None,
    ) as cluster:
        remote = run_jobs(JOBS, scheduler=cluster.scheduler_address)
    pd.testing.assert_frame_equal(games_table(here.outcomes), games_table(remote.outcomes))
    pd.testing.assert_frame_equal(rounds_table(here.outcomes), rounds_table(remote.outcomes))


def test_an_unreachable_scheduler_is_named() -> None:
    from moneyboard.engine.errors import MoneyboardError

    pytest.importorskip("distributed")
    with pytest.raises(MoneyboardError, match=r"tcp://127\.0\.0\.1:9"):
        run_jobs(JOBS[:1], scheduler="tcp://127.0.0.1:9")


def test_an_interrupted_run_keeps_the_games_that_finished() -> None:
    seen = []

    def stop_after_three(done: int) -> None:
        seen.append(done)
        if done >= 3:
            raise KeyboardInterrupt

    run = run_jobs(JOBS, workers=1, progress=stop_after_three)
    assert run.interrupted
    assert [o.job.seed for o in run.outcomes] == [0, 1, 2]
    assert run.total == 12


def test_batches_cover_every_job_in_order() -> None:
    jobs = [GameJob("toy", ("random",), s) for s in range(1000)]
    groups = batches(jobs, 2)
    assert [j for g in groups for j in g] == jobs
    assert max(len(g) for g in groups) <= 32
    assert len(groups) >= 2 * 16
