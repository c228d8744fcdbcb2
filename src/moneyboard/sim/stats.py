"""Confidence intervals for the figures a report shows (how sure we can be of each)."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

#: Two-sided 95% normal quantile.
Z95 = 1.959963984540054


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (wins may be fractional when ties are shared).

    >>> lo, hi = wilson(50, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.404, 0.596)
    >>> wilson(0, 0)
    (0.0, 1.0)

    The bounds are clamped to hold the rate itself: rounding gave 0 wins of 3 a lower bound
    of 5.6e-17 (and 10 of 10 an upper bound below 1), which broke the report's whiskers.

    >>> wilson(0, 3)[0], wilson(10, 10)[1]
    (0.0, 1.0)
    """
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """Mean and its normal 95% interval (for paired differences of scores, debts, lengths:
    figures without bounds, over many games). Not for rates: with few games, or with every
    game alike, it is a single point; use :func:`paired_difference` for those.

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


def paired_difference(
    first: Sequence[float], second: Sequence[float], z: float = Z95
) -> tuple[float, float, float]:
    """Difference of two rates measured on the same games (``first - second``) and its 95%
    interval: Newcombe's square-and-add (hybrid score) interval for paired proportions.

    Each item is one game: a bot's share of an outcome in it (1, 0, or a fraction when ties
    are shared). The interval is built from the Wilson interval of each rate, so it stays
    inside [-1, 1], is not a single point with few games or with every game alike (a normal
    or t interval of the paired differences is, which is how four won games once printed
    "certain"), and narrows as games accumulate. The two rates' correlation over the games
    widens or narrows it; it is estimated with Newcombe's continuity correction. Where it
    cannot be estimated (one rate the same in every game), Newcombe takes 0; here the most
    cautious value, -1, is taken instead: first places are shared out, so one bot's is
    another's loss, and a duel's margin is then exactly ``2 * rate - 1`` with the rate's
    own Wilson interval.

    References: Newcombe, R. G. (1998), "Improved confidence intervals for the difference
    between binomial proportions based on paired data", *Statistics in Medicine* 17,
    2635-2650 (method 10); weighed against the other paired intervals in Fagerland,
    Lydersen and Laake (2014), "Recommended tests and confidence intervals for paired
    binomial proportions", *Statistics in Medicine* 33, 2850-2875, and in their book
    "Statistical Analysis of Contingency Tables" (2017), chapter 8, whose example follows
    (Cavo et al., 2012): 59 both, 6 first only, 16 second only, 80 neither; difference
    -0.0621, interval -0.1186 to -0.0046:

    >>> first = [1.0] * 59 + [1.0] * 6 + [0.0] * 16 + [0.0] * 80
    >>> second = [1.0] * 59 + [0.0] * 6 + [1.0] * 16 + [0.0] * 80
    >>> [round(x, 4) for x in paired_difference(first, second)]
    [-0.0621, -0.1186, -0.0046]

    Four games out of four won in a duel: not certain, and as sure as the rate is:

    >>> [round(x, 3) for x in paired_difference([1.0] * 4, [0.0] * 4)]
    [1.0, 0.02, 1.0]
    """
    n = len(first)
    if n != len(second):
        raise ValueError(f"paired rates need one value per game each, got {n} and {len(second)}")
    if n == 0:
        return math.nan, math.nan, math.nan
    sum1, sum2 = math.fsum(first), math.fsum(second)
    p1, p2 = sum1 / n, sum2 / n
    low1, high1 = wilson(sum1, n, z)
    low2, high2 = wilson(sum2, n, z)
    psi = _paired_correlation(first, second, sum1, sum2)
    below1, above1, below2, above2 = p1 - low1, high1 - p1, p2 - low2, high2 - p2
    down = math.sqrt(max(0.0, below1**2 + above2**2 - 2 * psi * below1 * above2))
    up = math.sqrt(max(0.0, above1**2 + below2**2 - 2 * psi * above1 * below2))
    diff = p1 - p2
    return diff, max(-1.0, diff - down), min(1.0, diff + up)


def _paired_correlation(
    first: Sequence[float], second: Sequence[float], sum1: float, sum2: float
) -> float:
    """The two rates' correlation over the games, as Newcombe's method 10 estimates it.

    For 0/1 values the numerator is the 2x2 table's ``ad - bc`` and the denominator the
    root of its four margins' product; a positive numerator is reduced by ``n / 2`` (to 0
    at most), Newcombe's continuity correction. With fractional shares it is Pearson's
    correlation with the same correction. -1 when a rate is the same in every game (see
    :func:`paired_difference`).

    >>> _paired_correlation([1.0, 0.0, 1.0, 0.0], [0.0, 1.0, 0.0, 1.0], 2.0, 2.0)
    -1.0
    >>> _paired_correlation([1.0, 1.0], [0.0, 1.0], 2.0, 1.0)
    -1.0
    """
    n = len(first)
    cross = n * math.fsum(a * b for a, b in zip(first, second, strict=True)) - sum1 * sum2
    spread1 = n * math.fsum(a * a for a in first) - sum1 * sum1
    spread2 = n * math.fsum(b * b for b in second) - sum2 * sum2
    tiny = 1e-9 * n * n
    if spread1 <= tiny or spread2 <= tiny:
        return -1.0
    if cross > n / 2:
        cross -= n / 2
    elif cross >= 0:
        return 0.0
    return max(-1.0, min(1.0, cross / math.sqrt(spread1 * spread2)))


def sign_test(differences: Sequence[float]) -> float:
    """Two-sided exact sign test that paired differences are as often above 0 as below (the
    exact McNemar test when each side is 0 or 1); games with no difference are left out.

    An interval built from Wilson's is slightly too sure with a handful of games (four won
    out of four put a duel's rate just above one half); this exact test is not, so a margin
    is called clear only when both agree.

    >>> sign_test([1.0] * 4), round(sign_test([1.0] * 6), 4), sign_test([1.0, -1.0, 0.0])
    (0.125, 0.0312, 1.0)
    """
    above = sum(1 for d in differences if d > 0)
    count = above + sum(1 for d in differences if d < 0)
    if count == 0:
        return 1.0
    fewer = min(above, count - above)
    tail = sum(math.comb(count, i) for i in range(fewer + 1)) / (1 << count)
    return min(1.0, 2 * tail)


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


def at_least(chances: Sequence[float], count: int) -> float:
    """The chance that at least ``count`` of independent events with these ``chances``
    happen: the upper tail of the Poisson-binomial distribution, exact (built one event at a
    time, cut off at ``count``).

    >>> at_least([0.5, 0.5], 1), at_least([0.5, 0.5, 0.5], 2), at_least([0.2], 0)
    (0.75, 0.5, 1.0)
    >>> at_least([1.0, 1.0, 0.0, 0.5], 3)
    0.5
    """
    need = count - sum(1 for c in chances if c >= 1.0)
    if need <= 0:
        return 1.0
    # below[j]: the chance of exactly j so far (j < need); below[need]: of need or more.
    below = np.zeros(need + 1)
    below[0] = 1.0
    for chance in chances:
        if 0.0 < chance < 1.0:
            below[need] += below[need - 1] * chance
            below[1:need] = below[1:need] * (1.0 - chance) + below[: need - 1] * chance
            below[0] *= 1.0 - chance
    return float(below[need])


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjustment of p-values tested together (Holm, S. (1979), "A simple
    sequentially rejective multiple test procedure", *Scandinavian Journal of Statistics* 6,
    65-70): an adjusted value below 0.05 keeps the chance of any false finding among all
    of them below 5%.

    >>> [round(p, 3) for p in holm([0.01, 0.04, 0.03])]
    [0.03, 0.06, 0.06]
    """
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    adjusted = [1.0] * len(p_values)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (len(p_values) - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted


def sure(low: float, high: float) -> str:
    """Plain words for whether an interval of a difference excludes zero ("unclear", as the
    terminal's comparison table says it).

    >>> sure(0.1, 0.3), sure(-0.1, 0.2), sure(-0.3, -0.1)
    ('higher (95% sure)', 'unclear', 'lower (95% sure)')
    """
    if low > 0:
        return "higher (95% sure)"
    if high < 0:
        return "lower (95% sure)"
    return "unclear"
