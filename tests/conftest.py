"""Hypothesis profiles: ``dev`` (the default) draws new examples on every run, to keep
finding what earlier runs missed; ``ci`` (``HYPOTHESIS_PROFILE=ci``, set by ``.ci/run``)
draws the same examples every time, so whether a change lands does not depend on luck.
A failure in either prints the seed and the example's blob to replay it."""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("dev", print_blob=True)
settings.register_profile("ci", derandomize=True, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
