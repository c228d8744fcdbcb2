"""GameState.outlook: the score a seat would finish with if the game ended now.

At the end it is the final score in every game; during a game each game counts what a seat
holds at what it will bring (worked positions below).
"""

from __future__ import annotations

import random

import pytest

from moneyboard import registry
from moneyboard.engine.state import GameState, Seat
from moneyboard.games.financialit.base import CASH as FINANCIALIT_CASH
from moneyboard.games.financialit.content import load_content
from moneyboard.games.financity.actions import Place
from moneyboard.games.financity.outlook import WINNER, cover_shortfall, project
from moneyboard.games.rut_to_riches import RutState
from moneyboard.games.rut_to_riches.state import DEAL_YIELD
from tests.engine.toygame import GAME as TOY
from tests.games.financialit.driver import RETIREES
from tests.games.financialit.driver import start as start_financialit
from tests.games.financity.driver import give_cash as give_financity_cash
from tests.games.financity.driver import give_savings as give_financity_savings
from tests.games.financity.driver import start as start_financity

GAMES = ("toy", "financialit", "financity", "rut-to-riches", "monitics")


def new_game(game_id: str, seed: int) -> GameState:
    game = TOY if game_id == "toy" else registry.get_game(game_id)
    seats = max(3, game.min_players)
    return game.new_state([Seat(f"P{i}") for i in range(seats)], seed)


def random_moves(state: GameState, rng: random.Random, count: int) -> None:
    """Play up to ``count`` random legal moves (chance is drawn by the game's own source)."""
    for _ in range(count):
        if state.result is not None:
            return
        seat = state.to_move()[0]
        action = state.random_action(seat, rng)
        assert action is not None
        state.play(seat, action)


def in_progress(game_id: str, seed: int, moves: int) -> GameState:
    """A game ``moves`` random moves in (chance drawn by the game), not yet over."""
    state = new_game(game_id, seed)
    state.auto_chance = True
    random_moves(state, random.Random(seed), moves)
    assert state.result is None
    return state


@pytest.mark.parametrize("game_id", GAMES)
def test_at_the_end_the_outlook_is_the_final_score(game_id: str) -> None:
    for seed in (1, 2):
        state = new_game(game_id, seed)
        state.auto_chance = True
        state.playout(random.Random(seed))
        assert state.result is not None
        assert [state.outlook(s) for s in range(state.n)] == list(state.result.scores)


@pytest.mark.parametrize("game_id", GAMES)
def test_during_a_game_the_outlook_is_a_number_for_every_seat(game_id: str) -> None:
    state = new_game(game_id, 3)
    state.auto_chance = True
    random_moves(state, random.Random(3), 60)
    for seat in range(state.n):
        assert isinstance(state.outlook(seat), float)


def test_the_default_is_the_score_metric() -> None:
    state = new_game("toy", 4)
    state.auto_chance = True
    random_moves(state, random.Random(4), 5)
    assert state.result is None
    assert [state.outlook(s) for s in range(state.n)] == [
        state.metrics(s)["score"] for s in range(state.n)
    ]


def test_financialit_projects_income_bills_goods_and_the_end_bonus() -> None:
    # Round 1 of 8, seat 0 (the retirees: income 8, no Income Modifiers, bills 3, two
    # Common Goods a period, 3 held) to act with 17 units and 6 Happiness; no Event cards.
    # The figures worked out here are the first set of Family cards'.
    state = start_financialit(seed=1, events_per_round=[0] * 8, family_cards="first")
    home = state.homes[0]
    assert (state.round, state.phase, state.cash(0), home.happiness) == (1, "actions", 17, 6)
    assert (home.tracker, state.bills(0), home.goods, RETIREES.goods) == (8, 3, 3, 2)
    # Cash at the end: 17 + 7 periods of income (56) - 8 periods of bills, this one's
    # included (24) - the 13 Common Goods still to buy = 36; the last income is 8.
    assert state.outlook(0) == pytest.approx(6 + 8 / 5 + 36 / 5)
    # A Skills card adds 1 to each later income (7 more units, a last income of 9) and is
    # one card (half a point).
    home.skills = ["computing"]
    assert state.outlook(0) == pytest.approx(6 + 1 / 2 + 9 / 5 + 43 / 5)
    # A bond fund (two slots, pays 6, 8, 8 or 8) matures before the end: 7.5 units expected.
    home.investments = [["bond_fund", 2]]
    assert state.outlook(0) == pytest.approx(6 + 1 / 2 + 9 / 5 + 50.5 / 5)
    # A loan taken now gets two slots at the upkeep and takes 4 from the next two incomes.
    home.investments = []
    home.loans = [None]
    assert state.outlook(0) == pytest.approx(6 + 1 / 2 + 9 / 5 + 35 / 5)


def test_financialit_instalments_the_income_cannot_cover_run_on_to_the_end() -> None:
    # The retirees (income 8) in period 6 of 8 with five loans of two periods: each income
    # pays two instalments (nothing is left) and three loans are deferred (R5). Goods left
    # do not count here, and a loan is settled in Happiness only while it is held (R25, R26).
    state = start_financialit(
        seed=1,
        events_per_round=[0] * 8,
        end_counts_goods=False,
        end_loan_choice="if_held",
        family_cards="first",
    )
    state.round = 6
    home = state.homes[0]
    home.happiness = 20
    home.goods = 10  # no goods to buy
    home.loans = [2, 2, 2, 2, 2]
    # Periods 7 and 8 earn nothing: the first two loans are repaid, three run on with two
    # periods each. Cash: 17 - 3 periods of bills (9) = 8, which pays one of them (8 units,
    # cheaper than 2 Happiness); the other two cost 2 Happiness each. The last income is 0.
    assert state.outlook(0) == pytest.approx(20 - 4 + 0 / 5 + 0 / 5)


def test_financialit_loans_the_cash_cannot_settle_cost_the_happiness_left() -> None:
    # The last period, the retirees with 17 units and 3 Happiness, bills of 3 still to pay
    # and enough goods; no income to come, so the last income stays at 8. A loan is settled
    # in Happiness only while the family holds it (R25's option), goods left do not count.
    state = start_financialit(
        seed=1,
        events_per_round=[0] * 8,
        end_counts_goods=False,
        end_loan_choice="if_held",
        family_cards="first",
    )
    state.round = state.options.rounds
    home = state.homes[0]
    home.happiness = 3
    assert state.outlook(0) == pytest.approx(3 + 8 / 5 + 14 / 5)
    # Five loans of two periods (8 units each) to settle with 14 units (R25): the first in
    # units (6 left), the second in Happiness (1 left), the last three take what Happiness
    # is left. The family keeps its 6 units, and ends with no Happiness.
    home.loans = [2, 2, 2, 2, 2]
    assert state.outlook(0) == pytest.approx(0 + 8 / 5 + 6 / 5)
    # With no Happiness at all, a loan may not be settled in Happiness while the units are
    # there: a sixth loan taken now (5 units more, 19) pays two loans in units, 3 are left.
    home.happiness = 0
    state.ledger.post("bank", FINANCIALIT_CASH[0], 5, "loan.taken", {"seat": 0})
    home.loans = [None, 2, 2, 2, 2, 2]
    assert state.outlook(0) == pytest.approx(0 + 8 / 5 + 3 / 5)


def test_financialit_counts_the_events_to_come_unless_insurance_covers_them() -> None:
    # A deck of fires only (6 units and 2 Happiness, covered by fire insurance), one a period.
    fires = {e.id: 0 for e in load_content().events} | {"fire": 5}
    state = start_financialit(seed=1, event_counts=fires, events_per_round=[1] * 8)
    home = state.homes[0]
    home.happiness = 30  # Happiness and cash enough for every fire: nothing stops at zero
    state.ledger.post("bank", FINANCIALIT_CASH[0], 50, "gift", {"seat": 0})
    assert state.phase == "actions" and state.events_to_come() == 8  # this period's and 7
    assert home.family.event_cost_delta == 0 and "fire" not in home.insurance
    exposed, bills = state.outlook(0), state.bills(0)
    home.insurance = [*home.insurance, "fire"]
    covered = state.outlook(0)
    # Covered: no fire costs 6 units (a fifth of a point each) and 2 Happiness; the clause
    # adds to the bills of the 8 periods still to pay, and is one more card (half a point).
    more_bills = (state.bills(0) - bills) * 8
    assert covered - exposed == pytest.approx(8 * 6 / 5 + 8 * 2 - more_bills / 5 + 1 / 2)
    # Once this period's fire is shown, seven are still to come.
    state.phase = "payments"
    state.events_shown = ["fire"]
    assert state.events_to_come() == 7


def test_financity_projects_the_last_year_and_counts_the_criteria() -> None:
    # The last year, at Planning: City Flat (income 1,020, expenses 740) with $1,000 cash,
    # 260 wellbeing, no loans and a Lemonade Stand (25 a year). Two events are left: a work
    # bonus (+200) and a flood (-400), so one costs -100 on average and spares an insured
    # player 200.
    state = start_financity(("city_flat", "shared_house"))
    o = state.options
    state.year = o.years
    state.events = ["work_bonus", "flood"]
    p = state.players[0]
    give_financity_cash(state, 0, 1000)
    p.wellbeing = 260
    p.investments = ["lemonade_stand"]
    # Money at the end: 1,000 + this year's income 1,045 - expenses 740 - the event's 100.
    money = 1000 + 1045 - 740 - 100
    assert project(state, 0).money == money
    # On course (Free Time this year would bring 310 wellbeing; the money is there to
    # save; an investment held): the champion score plus the winner's worth, half for being
    # on course and half by how far along: wellbeing 260 of 300, the other three met.
    progress = (260 / 300 + 3) / 4
    assert state.outlook(0) == pytest.approx(2 * 260 + money + WINNER * (1 + progress) / 2)
    # Free Time this year: 50 more points count before the marker reaches Zone 5, and the
    # criteria are all met.
    state.apply(0, Place("free_time"))
    assert state.outlook(0) == pytest.approx(2 * 310 + money + WINNER)
    # Extra Jobs instead leaves the wellbeing short for good: the family then plays for its
    # score, with $80 more; a loan brings less cash than its cards count against the score
    # (R23), so it takes none.
    p.zone = "extra_jobs"
    assert state.outlook(0) == pytest.approx(2 * 260 + money + 80)


def test_financity_raises_the_cash_missing_for_the_expenses() -> None:
    # The last year's Savings zone, income received: $500 cash, no savings, 740 of
    # expenses to pay in Zone 8. The $240 missing takes a loan: its $600 pay the bill and
    # its six cards are owed.
    state = start_financity(("city_flat", "shared_house"))
    state.year, state.zone = state.options.years, 3
    state.events = ["work_bonus", "flood"]
    give_financity_cash(state, 0, 500)
    end = project(state, 0)
    assert end.money == 500 - 740 - 100 and end.spare == 500 - 740
    covered = cover_shortfall(state, end)
    assert (covered.money, covered.loans) == (end.money + 600, 6)
    # With savings cards instead, they pay first, at the 10% surcharge ($240 needs $267
    # of savings, rounded).
    give_financity_savings(state, 0, [100, 100, 100])
    end = project(state, 0)
    covered = cover_shortfall(state, end)
    assert covered.loans == 0 and covered.money == pytest.approx(end.money - 240 / 9)
    assert covered.savings == 300 - 267


def test_rut_to_riches_counts_passive_income_and_buying_power() -> None:
    state = in_progress("rut-to-riches", 6, 20)
    assert isinstance(state, RutState)
    p = state.players[0]
    turns_left = (state.options.turn_limit or 0) - state.round

    def expected() -> float:
        power = state.cash(0) + state.loan_room(0) + p.payday * turns_left
        time_left = turns_left / (state.options.turn_limit or 1)
        return (p.passive + DEAL_YIELD * power * time_left) / p.expenses

    before = state.outlook(0)
    assert before == pytest.approx(expected())
    # Passive income held counts in full (and raises the Pay Day, so the loan room too).
    p.passive += 100
    assert state.outlook(0) == pytest.approx(expected())
    assert state.outlook(0) - before > 100 / p.expenses
    assert 0 < DEAL_YIELD < 0.1
