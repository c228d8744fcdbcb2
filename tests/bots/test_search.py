"""The search bot: legal, repeatable, blind to the real chance, within budget, and strong."""

from __future__ import annotations

import random
import re

import pytest

from moneyboard import registry
from moneyboard.bots import SearchBot, UnknownBotError, make_bot
from moneyboard.bots.evaluation import (
    FIRST_WEIGHT,
    UNWON_FIRST,
    first_place,
    leads,
    liquid_worth,
    net_worth,
    standings,
    values,
)
from moneyboard.bots.search import _MoveAverages, thin_amounts
from moneyboard.engine.messages import msg
from moneyboard.engine.state import GameState, Seat
from tests.engine.toygame import BORROW, GAMBLE, KEEP


def toy(seed: int, die: int | None = None) -> GameState:
    forced = {"die": [die]} if die is not None else None
    return registry.get_game("toy").new_state([Seat("A"), Seat("B")], seed, forced=forced)


def test_a_forced_move_needs_no_search() -> None:
    state = toy(1)
    # Seat 1 is not being asked: its only move is the anytime loan.
    assert [str(a) for a in state.legal_actions(1)] == ["borrow"]
    bot = SearchBot(random.Random(0), simulations=50)
    choice = bot.choose(state, 1)
    assert (str(choice.action), choice.why) == ("borrow", "it was the only possible move")
    assert bot.last_simulations == 0


def test_the_budget_is_simulations_or_milliseconds() -> None:
    state = toy(3)
    bot = SearchBot(random.Random(0), simulations=37)
    bot.choose(state, 0)
    assert bot.last_simulations == 37
    timed = SearchBot(random.Random(0), milliseconds=30)
    timed.choose(state, 0)
    assert timed.last_simulations > 0
    with pytest.raises(ValueError, match="at least one simulation"):
        SearchBot(random.Random(0), simulations=0)


def test_budgets_in_the_bot_kind() -> None:
    bot = make_bot("search:25", 1, 0)
    assert isinstance(bot, SearchBot) and bot.simulations == 25
    timed = make_bot("search:40ms", 1, 0)
    assert isinstance(timed, SearchBot) and timed.milliseconds == 40
    for bad in ("search:0", "search:lots", "saver:10"):
        with pytest.raises(UnknownBotError, match="budget"):
            make_bot(bad, 1, 0)


def test_a_six_in_hand_is_kept_and_the_reason_gives_the_odds() -> None:
    # Keeping a six is 6 units; a paid re-roll averages 2.5 more. Search must find that.
    state = toy(5, die=6)
    state.borrowed[0] = True  # type: ignore[attr-defined]
    choice = SearchBot(random.Random(2), simulations=300).choose(state, 0)
    assert str(choice.action) == "keep"
    match = re.fullmatch(
        r"in 300 imagined futures this move did best: it left the family better placed "
        r"against the others \((\d+) out of 100, where 50 is level\) than 'Gamble' did \((\d+)\)",
        choice.why,
    )
    assert match is not None
    assert int(match[1]) > int(match[2])


def test_moves_that_do_equally_well_are_not_given_a_comparison_that_explains_nothing() -> None:
    # Far ahead on the last move, the family wins whatever it does: every move rates 100,
    # and "100 against 100" said nothing. The reason says that the moves did equally well.
    state = toy(5, die=3)
    state.options = state.options.model_copy(update={"rounds": 1})
    state.borrowed[0] = True  # type: ignore[attr-defined]
    state.ledger.post("bank", "cash:0", 1_000, "toy.income", {"seat": 0})
    choice = SearchBot(random.Random(2), simulations=300).choose(state, 0)
    other = "Gamble" if str(choice.action) == "keep" else "Keep"
    assert choice.why == (
        f"in 300 imagined futures this move and '{other}' did equally well (100 out of 100 "
        "for how the family stood against the others, where 50 is level)"
    )


def test_evaluation_grades_the_lead_and_rewards_the_winner() -> None:
    state = toy(7)
    gap = state.metrics(0)["cash"] - state.metrics(1)["cash"]
    state.ledger.post("bank", "cash:1", int(max(gap, 0)) + 1, "toy.income", {"seat": 1})
    assert standings(state)[1] > standings(state)[0]
    behind, ahead = values(state)
    assert 0.0 < behind < 0.5 < ahead < 1.0
    assert behind + ahead == pytest.approx(1.0)
    state.ledger.post("bank", "cash:1", 50, "toy.income", {"seat": 1})
    further_behind, further_ahead = values(state)
    assert further_behind < behind and further_ahead > ahead  # a bigger lead is worth more
    finished = toy(7)
    finished.playout(random.Random(0))
    assert finished.result is not None
    v = values(finished)
    assert sum(v) == pytest.approx(1.0)
    for seat in range(2):
        if seat in finished.result.winners:
            assert v[seat] >= FIRST_WEIGHT / len(finished.result.winners)
        else:
            assert v[seat] <= 1 - FIRST_WEIGHT


def test_a_game_nobody_won_still_ranks_the_scores() -> None:
    state = toy(8)
    state.end([], [4.0, 9.0], msg("toy.richest"))
    low, high = values(state)
    # First place by score is worth half a win; the lead on the scores makes up the rest.
    assert high == pytest.approx(
        FIRST_WEIGHT * UNWON_FIRST + (1 - FIRST_WEIGHT) * leads([4 / 9, 1])[1]
    )
    assert low < 1 - FIRST_WEIGHT < high
    assert first_place([4.0, 9.0, 9.0], []) == [0.0, 0.5, 0.5]


def test_search_beats_random_players_on_the_toy_game() -> None:
    # Deterministic (fixed seeds); the search bot wins about 3 games in 4 against a random
    # player here (a random player wins about half), so the bound leaves a wide margin.
    wins = 0.0
    games = 24
    for seed in range(games):
        state = toy(seed)
        bots = [make_bot("search:60", seed, 0), make_bot("random", seed, 1)]
        while state.result is None:
            seat = state.to_move()[0]
            state.apply(seat, bots[seat].choose(state, seat).action)
        if 0 in state.result.winners:
            wins += 1 / len(state.result.winners)
    assert wins / games > 0.6


def test_rollouts_stop_after_their_depth_and_leave_the_chance_to_the_copy() -> None:
    state = registry.get_game("financialit").new_state([Seat("A"), Seat("B"), Seat("C")], 4)
    bot = SearchBot(random.Random(1), simulations=1, rollout_depth=7)
    copy = state.clone(with_history=False)
    copy.auto_chance = True
    start = copy.decisions_made
    bot._rollout(copy, random.Random(2), _MoveAverages())
    assert copy.decisions_made == start + 7
    assert state.decisions_made == start  # the original is untouched


def test_move_averages_start_even_and_learn_which_moves_pay() -> None:
    averages = _MoveAverages()
    good, bad = KEEP, GAMBLE
    assert averages.mean(good) == averages.mean(bad) == 0.5
    for _ in range(5):
        averages.add(good, 1.0)
        averages.add(bad, 0.0)
    assert averages.mean(good) > 0.9
    assert averages.mean(bad) < 0.1


def test_guided_rollouts_prefer_the_moves_that_paid() -> None:
    # A rollout plays the best average of its draws: with eight draws from keep, gamble and
    # borrow, the gamble that paid is nearly always among them (a uniform draw: 1 in 3).
    averages = _MoveAverages()
    averages.add(KEEP, 0.0)
    averages.add(BORROW, 0.0)
    averages.add(GAMBLE, 1.0)
    bot = SearchBot(random.Random(1), simulations=1, rollout_depth=1, rollout_draws=8)
    gambles = 0
    for seed in range(40):
        game = toy(seed)
        game.auto_chance = True
        seat = game.to_move()[0]
        assert {str(a) for a in game.legal_actions(seat)} == {"keep", "gamble", "borrow"}
        bot._rollout(game, random.Random(seed), averages)
        gambles += game.moves[-1].action == GAMBLE
    assert gambles >= 34


def test_money_in_hand_counts_more_than_money_repaid_or_tied_up() -> None:
    # 100 in cash against a debt of 100 repaid with it, and against an asset bought with it.
    assert liquid_worth({"cash": 100.0, "debt": 100.0}) > liquid_worth({})
    assert liquid_worth({"cash": 100.0}) > liquid_worth({"assets": 100.0})
    # The plain net worth (what the games score) sees no difference between the first two.
    assert net_worth({"cash": 100.0, "debt": 100.0}) == net_worth({}) == 0


def test_the_standing_follows_each_games_outlook(monkeypatch: pytest.MonkeyPatch) -> None:
    state = toy(9)
    # The same metrics, and seat 0 or seat 1 would finish ahead: the standings follow.
    monkeypatch.setattr(state, "outlook", lambda seat: 10.0 - 9 * seat)
    first = standings(state)
    assert values(state)[0] > 0.5 > values(state)[1]
    monkeypatch.setattr(state, "outlook", lambda seat: 1.0 + 9 * seat)
    second = standings(state)
    assert values(state)[0] < 0.5 < values(state)[1]
    assert first[0] - first[1] > second[0] - second[1]


def test_the_tree_compares_three_amounts_of_a_ladder() -> None:
    state = registry.get_game("rut-to-riches").new_state([Seat("A"), Seat("B")], 11)
    state.auto_chance = True
    rng = random.Random(11)
    while True:  # random play up to a turn that offers more than three amounts to borrow
        seat = state.to_move()[0]
        borrows = [a for a in state.legal_actions(seat) if a.kind == "borrow"]
        if len(borrows) > 3:
            break
        action = state.random_action(seat, rng)
        assert action is not None
        state.play(seat, action)
    thinned = [a for a in thin_amounts(state.legal_actions(seat), 3) if a.kind == "borrow"]
    amounts = sorted(getattr(a, "amount") for a in borrows)  # noqa: B009
    middle = amounts[round((len(amounts) - 1) / 2)]
    assert [getattr(a, "amount") for a in thinned] == [amounts[0], middle, amounts[-1]]  # noqa: B009
    others = [a for a in state.legal_actions(seat) if not a.amounts]
    assert all(a in thin_amounts(state.legal_actions(seat), 3) for a in others)
    bot = SearchBot(random.Random(3), simulations=40)
    choice = bot.choose(state, seat)
    assert choice.action in thin_amounts(state.legal_actions(seat), bot.amount_choices)


def test_the_search_stops_repeating_its_own_moves_in_an_open_decision() -> None:
    state = toy(12)
    bot = SearchBot(random.Random(0), simulations=5)
    seat = state.to_move()[0]
    # Fourteen borrows in a row (the toy's loan may be taken again and again): after twelve
    # own moves, a move already made three times is no longer offered.
    for _ in range(14):
        state.borrowed[seat] = False  # type: ignore[attr-defined]
        bot._repeats.played(state, BORROW)
        state.decisions_made += 1
    legal = state.legal_actions(seat)
    assert BORROW in legal
    assert BORROW not in bot._repeats.allowed(state, legal)
    assert bot.choose(state, seat).action != BORROW
