"""Hypothesis profiles: ``dev`` (the default) draws new examples on every run, to keep
finding what earlier runs missed; ``ci`` (``HYPOTHESIS_PROFILE=ci``, set by ``.ci/run``)
draws the same examples every time, so whether a change lands does not depend on luck.
A failure in either prints the seed and the example's blob to replay it."""

from __future__ import annotations

import os

from hypothesis import settings

# From Hypothesis' own defaults: with ``CI`` set it loads a built-in "ci" profile first.
DEFAULT = settings.get_profile("default")
settings.register_profile("dev", DEFAULT, derandomize=False, print_blob=True)
settings.register_profile("ci", DEFAULT, derandomize=True, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
