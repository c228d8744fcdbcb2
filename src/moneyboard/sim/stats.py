"""Confidence intervals for the figures a report shows (how sure we can be of each)."""

from __future__ import annotations

import math
from collections.abc import Sequence

#: Two-sided 95% normal quantile.
Z95 = 1.959963984540054


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (wins may be fractional when ties are shared).

    >>> lo, hi = wilson(50, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.404, 0.596)
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """Mean and its normal 95% interval (for paired differences, scores, lengths).

    >>> mean_interval([1.0, 1.0, 1.0])
    (1.0, 1.0, 1.0)
    >>> m, lo, hi = mean_interval([0.0, 2.0])
    >>> m, round(lo, 2), round(hi, 2)
    (1.0, -0.96, 2.96)
    """
    n = len(values)
    if n == 0:
        return math.nan, math.nan, math.nan
    mean = sum(values) / n
    if n == 1:
        return mean, mean, mean
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return mean, mean - half, mean + half


def difference_interval(
    a_successes: float, a_trials: int, b_successes: float, b_trials: int, z: float = Z95
) -> tuple[float, float, float]:
    """Difference of two independent proportions (a - b) with its normal 95% interval.

    >>> d, lo, hi = difference_interval(60, 100, 40, 100)
    >>> round(d, 2), round(lo, 3), round(hi, 3)
    (0.2, 0.064, 0.336)
    """
    if a_trials <= 0 or b_trials <= 0:
        return math.nan, math.nan, math.nan
    pa, pb = a_successes / a_trials, b_successes / b_trials
    half = z * math.sqrt(pa * (1 - pa) / a_trials + pb * (1 - pb) / b_trials)
    return pa - pb, pa - pb - half, pa - pb + half


def sure(low: float, high: float) -> str:
    """Plain words for whether an interval of a difference excludes zero.

    >>> sure(0.1, 0.3), sure(-0.1, 0.2), sure(-0.3, -0.1)
    ('higher (95% sure)', 'no clear difference', 'lower (95% sure)')
    """
    if low > 0:
        return "higher (95% sure)"
    if high < 0:
        return "lower (95% sure)"
    return "no clear difference"
