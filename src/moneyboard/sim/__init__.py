"""Batch simulation: many bot games in parallel (all cores or a Dask cluster), tables, reports."""
