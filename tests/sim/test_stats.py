"""The interval of a difference of two rates on the same games (a tournament's margin)."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from moneyboard.sim.stats import Z95, at_least, holm, paired_difference, sign_test, wilson


def test_a_clean_sweep_of_few_games_is_not_certain() -> None:
    # A duel won 4 games to 0: every paired difference is 1, so a normal interval of the
    # differences is the single point 1. The margin is 2 * rate - 1 in a duel, so its
    # interval is that of the rate, whose Wilson lower bound is 4 / (4 + z^2) = 0.5101.
    margin, low, high = paired_difference([1.0] * 4, [0.0] * 4)
    assert margin == 1.0
    assert low < high
    assert low <= margin <= high
    assert low == pytest.approx(2 * 4 / (4 + Z95**2) - 1)  # 0.0202
    assert high == 1.0
    assert paired_difference([0.0] * 4, [1.0] * 4) == pytest.approx((-1.0, -1.0, -low))


def test_two_bots_that_never_come_first_are_not_certainly_level() -> None:
    # A third bot took every first place: the margin of the two others is 0 in each game,
    # and the interval is as wide as the rates' own (0 to z^2 / (n + z^2)).
    margin, low, high = paired_difference([0.0] * 10, [0.0] * 10)
    upper = Z95**2 / (10 + Z95**2)
    assert (margin, low, high) == pytest.approx((0.0, -upper, upper))
    assert low < margin < high


def test_a_duel_won_three_to_one_matches_the_hand_computation() -> None:
    # Wilson interval of 3 of 4, by hand with z^2 = 3.8415: centre (0.75 + 0.48018) /
    # 1.96037 = 0.62753, half 1.95996 * sqrt(0.046875 + 0.060023) / 1.96037 = 0.32689,
    # so 0.30064 to 0.95442; the duel's margin is 2 * rate - 1: -0.39872 to 0.90884.
    margin, low, high = paired_difference([1.0, 1.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0])
    assert margin == 0.5
    assert low == pytest.approx(-0.39872, abs=5e-5)
    assert high == pytest.approx(0.90884, abs=5e-5)


def test_the_published_example_of_the_method() -> None:
    # Cavo et al. (2012) in Fagerland, Lydersen and Laake, "Statistical Analysis of
    # Contingency Tables" (2017), chapter 8: 59 both, 6 first only, 16 second only, 80
    # neither; Newcombe square-and-add: -0.0621 (95% CI -0.1186 to -0.0046).
    first = [1.0] * 65 + [0.0] * 96
    second = [1.0] * 59 + [0.0] * 6 + [1.0] * 16 + [0.0] * 80
    margin, low, high = paired_difference(first, second)
    assert (round(margin, 4), round(low, 4), round(high, 4)) == (-0.0621, -0.1186, -0.0046)


def test_shared_first_places_count_as_fractions() -> None:
    # One game each and one shared: level, and in a duel as wide as the rate 1.5 of 3.
    margin, low, high = paired_difference([1.0, 0.5, 0.0], [0.0, 0.5, 1.0])
    rate_low, rate_high = wilson(1.5, 3)
    assert (margin, low, high) == pytest.approx((0.0, 2 * rate_low - 1, 2 * rate_high - 1))


def test_the_interval_narrows_as_games_accumulate() -> None:
    widths = []
    for games in (10, 40, 160, 640):
        won = games * 3 // 5  # first in 60% of a duel's games: margin +0.2
        first = [1.0] * won + [0.0] * (games - won)
        margin, low, high = paired_difference(first, [1.0 - x for x in first])
        assert margin == pytest.approx(0.2)
        assert low < margin < high
        widths.append(high - low)
    assert widths == sorted(widths, reverse=True)
    assert widths[-1] < widths[0] / 4


def test_more_players_give_a_narrower_interval_than_a_duel() -> None:
    # Four seats: a first place for one is not a loss for the other every game, so the
    # two rates are less tied and the estimated correlation narrows the interval below the
    # cautious bound (the Wilson bounds subtracted).
    first = [1.0] * 30 + [0.0] * 70
    second = [0.0] * 30 + [1.0] * 20 + [0.0] * 50
    margin, low, high = paired_difference(first, second)
    low1, high1 = wilson(30, 100)
    low2, high2 = wilson(20, 100)
    assert margin == pytest.approx(0.1)
    assert low1 - high2 < low < margin < high < high1 - low2


def test_paired_rates_need_as_many_values_each() -> None:
    with pytest.raises(ValueError, match="one value per game"):
        paired_difference([1.0, 0.0], [1.0])
    assert all(math.isnan(x) for x in paired_difference([], []))


shares = st.sampled_from([0.0, 0.5, 1.0])


@given(st.lists(st.tuples(shares, shares), min_size=1, max_size=60))
def test_the_interval_holds_the_margin_within_bounds(games: list[tuple[float, float]]) -> None:
    first, second = [a for a, _ in games], [b for _, b in games]
    margin, low, high = paired_difference(first, second)
    assert -1.0 <= low <= margin <= high <= 1.0
    assert low < high
    low1, high1 = wilson(sum(first), len(games))
    low2, high2 = wilson(sum(second), len(games))
    assert low >= low1 - high2 - 1e-12
    assert high <= high1 - low2 + 1e-12


def test_at_least_matches_counting_every_outcome() -> None:
    chances = [0.1, 0.5, 0.9, 0.3, 1.0, 0.0, 0.75]
    for count in range(len(chances) + 2):
        by_hand = 0.0
        for happened in itertools.product((False, True), repeat=len(chances)):
            if sum(happened) >= count:
                pairs = zip(chances, happened, strict=True)
                by_hand += math.prod(c if h else 1 - c for c, h in pairs)
        assert at_least(chances, count) == pytest.approx(by_hand, abs=1e-12)


def test_holm_adjusts_the_smallest_p_value_most() -> None:
    # Four tests: 0.01 * 4, then 0.02 * 3, then max(0.06, 0.04 * 2), then max(0.08, 0.5).
    assert holm([0.04, 0.01, 0.5, 0.02]) == pytest.approx([0.08, 0.04, 0.5, 0.06])
    assert holm([]) == []


def test_the_sign_test_counts_the_games_either_way() -> None:
    # 7 games ahead, 2 behind, 1 level (left out): 2 * P(X <= 2) for X ~ Binomial(9, 1/2)
    # = 2 * (1 + 9 + 36) / 512 = 0.1797.
    differences = [1.0] * 5 + [0.5, 0.5] + [-1.0, -0.5] + [0.0]
    assert sign_test(differences) == pytest.approx(2 * 46 / 512)
    assert sign_test([-d for d in differences]) == sign_test(differences)
    assert sign_test([1.0] * 9) == pytest.approx(2 / 512)
    assert sign_test([0.0, 0.0]) == 1.0


@pytest.mark.parametrize("trials", [3, 6, 7, 10, 12, 13, 14, 24, 25, 27, 28])
def test_no_wins_and_all_wins_hold_the_rate_inside_their_interval(trials: int) -> None:
    # Rounding gave 0 of 3 a lower bound of 5.6e-17 and 10 of 10 an upper bound of
    # 0.9999999999999999: the report's whiskers went negative and `simulate` crashed.
    assert wilson(0, trials)[0] == 0.0
    assert wilson(trials, trials)[1] == 1.0
    for wins in range(trials + 1):
        low, high = wilson(wins, trials)
        assert low <= wins / trials <= high
