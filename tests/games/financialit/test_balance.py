"""Content balance: with sensible play, no family is hopeless and none dominates.

Four seats of the same budget-minded player (below) play games with the families dealt at
random; each family's share of the wins (a shared win counts as a fraction) must stay in a
band around the fair 25%. The figures are recorded in the game's RULINGS.md.
"""

from __future__ import annotations

import dataclasses
import random
from collections import defaultdict
from typing import Any

from moneyboard.engine.actions import Action
from moneyboard.games.financialit import FinanciaLitState
from moneyboard.games.financialit.actions import (
    BUY_GOODS,
    DONE,
    FAMILY_AID,
    INVEST_LONG,
    INVEST_SHORT,
    LEARN_SKILL,
    SAVE,
    SEEK_EMPLOYMENT,
    SETTLE_HAPPINESS,
    SETTLE_UNITS,
    TAKE_LOAN,
    AddClause,
    BuyLuxury,
    Place,
)
from tests.games.financialit.driver import start

#: Clauses in the order a careful family buys them (the most frequent events first); the
#: vehicle clause only once the family owns a vehicle.
CLAUSES = ("theft", "health", "home", "vehicle", "fire")
#: Units kept back for each Event card the period will reveal.
PER_EVENT = 4


class Planner:
    """A budget-minded household: stocks goods, keeps a reserve, learns, invests, insures.

    It never borrows by choice, buys only what its cash covers after this period's bills and
    a small reserve for events, and invests only in cards that mature before the end.
    """

    def __init__(self, rng: random.Random):
        self.rng = rng

    # ----- figures -----------------------------------------------------------------------
    @staticmethod
    def need(state: FinanciaLitState, seat: int) -> int:
        """Common Goods the family uses each period."""
        return max(0, state.homes[seat].family.goods + state.options.family_goods_delta)

    @staticmethod
    def rounds_left(state: FinanciaLitState) -> int:
        """Periods left, this one included."""
        return state.options.rounds - state.round + 1

    @staticmethod
    def reserve(state: FinanciaLitState, seat: int) -> int:
        """This period's bills plus a reserve for the Event cards still to come."""
        events = state.options.events_in_round(state.round)
        return state.bills(seat) + PER_EVENT * events + 1

    def spare(self, state: FinanciaLitState, seat: int) -> int:
        """Cash beyond the reserve and the Common Goods still to buy."""
        home = state.homes[seat]
        goods_short = max(0, 2 * self.need(state, seat) - home.goods)
        return state.cash(seat) - self.reserve(state, seat) - goods_short

    def investment_ok(self, state: FinanciaLitState, seat: int, term: str) -> bool:
        """Whether the face-up ``term`` investment matures in time and fits the budget."""
        card_id = state.offers.get(term)
        if card_id is None:
            return False
        card = state.content.investment[card_id]
        matures = card.slots < self.rounds_left(state)
        return matures and state.investment_price(term) <= self.spare(state, seat)

    # ----- decisions ---------------------------------------------------------------------
    def choose(self, state: FinanciaLitState, seat: int) -> Action:
        """The action for the decision ``seat`` faces now."""
        assert state.decision is not None
        kind = state.decision.kind
        legal = state.legal_actions(seat)
        if kind == "action":
            return self.place(state, seat, legal)
        if kind in ("cover", "cover_event"):
            return FAMILY_AID if FAMILY_AID in legal else TAKE_LOAN
        if kind == "settle_loan":
            return SETTLE_UNITS if SETTLE_UNITS in legal else SETTLE_HAPPINESS
        if kind == "market":
            return self.shop(state, seat, legal)
        if kind == "labour":
            return self.labour(state, seat, legal)
        if kind == "investments":
            return self.invest(state, seat, legal)
        if kind == "insurance":
            return self.insure(state, seat, legal)
        return DONE

    def place(self, state: FinanciaLitState, seat: int, legal: list[Action]) -> Action:
        """Action Phase: the first useful location still free, else Save."""
        home = state.homes[seat]
        spare = self.spare(state, seat)
        left = self.rounds_left(state)
        wanted: list[str] = []
        if home.goods < 2 * self.need(state, seat) or spare >= 4:
            wanted.append("market")
        if state.bills(seat) >= state.options.bill_discount_per:
            wanted.append("pay_bills")
        if left >= 3 and (spare >= state.skill_price(seat) or self.may_seek(state, seat)):
            wanted.append("labour")
        if self.investment_ok(state, seat, "short") or self.investment_ok(state, seat, "long"):
            wanted.append("investments")
        if left >= 3 and spare >= 2 and len(home.insurance) < 3:
            wanted.append("insurance")
        for where in wanted:
            if Place(where) in legal:
                return Place(where)
        return SAVE

    def shop(self, state: FinanciaLitState, seat: int, legal: list[Action]) -> Action:
        """Market: goods for two periods, then the best affordable Luxury Item."""
        home = state.homes[seat]
        reserve = self.reserve(state, seat)
        stocking = BUY_GOODS in legal and home.goods < 2 * self.need(state, seat)
        if stocking and state.cash(seat) - state.goods_price(seat) >= state.bills(seat):
            return BUY_GOODS
        if DONE not in legal:
            return BUY_GOODS  # a trainer's minimum
        left = self.rounds_left(state)
        affordable = []
        for slot, item in enumerate(state.market):
            action = BuyLuxury(slot)
            if item is None or action not in legal:
                continue
            upkeep = state.figures.upkeep[item]
            cost = state.luxury_price(item) + upkeep * left
            if state.cash(seat) - cost >= reserve + upkeep:
                happiness = state.figures.luxury_happiness[item]
                affordable.append((happiness / max(1, cost), self.rng.random(), action))
        if affordable:
            return max(affordable)[2]
        return DONE

    @staticmethod
    def may_seek(state: FinanciaLitState, seat: int) -> bool:
        """Whether the family may seek better employment this period (R11)."""
        home = state.homes[seat]
        again = home.sought + state.options.seek_again_after
        return home.family.can_seek_employment and (not home.sought or state.round >= again)

    def labour(self, state: FinanciaLitState, seat: int, legal: list[Action]) -> Action:
        """Labour Market: a Skills card if affordable, else seek better employment."""
        if LEARN_SKILL in legal and self.spare(state, seat) >= state.skill_price(seat):
            return LEARN_SKILL
        if SEEK_EMPLOYMENT in legal:
            return SEEK_EMPLOYMENT
        return DONE

    def invest(self, state: FinanciaLitState, seat: int, legal: list[Action]) -> Action:
        """Investments: the long card if it fits, else the short one, else nothing."""
        options = [
            (term, action)
            for term, action in (("long", INVEST_LONG), ("short", INVEST_SHORT))
            if action in legal and self.investment_ok(state, seat, term)
        ]
        return options[0][1] if options else DONE

    def insure(self, state: FinanciaLitState, seat: int, legal: list[Action]) -> Action:
        """Insurance Broker: the next clause on the list while there is spare cash."""
        home = state.homes[seat]
        if self.spare(state, seat) >= 1:
            for clause in CLAUSES:
                useless = clause == "vehicle" and not {"car", "motorbike"} & set(home.luxuries)
                if not useless and AddClause(clause) in legal:
                    return AddClause(clause)
        return DONE


@dataclasses.dataclass
class FamilyFigures:
    """One family's results over the measured games."""

    games: int = 0
    wins: float = 0.0
    happiness: int = 0

    @property
    def win_share(self) -> float:
        return self.wins / self.games

    @property
    def mean_happiness(self) -> float:
        return self.happiness / self.games


#: The rules the families were tuned under, where they differ from today's defaults: none,
#: since the second set of Family cards was tuned under the rulebook's count at the end (R26).
TUNED_UNDER: dict[str, Any] = {}


def play_game(seed: int, seats: int = 4, **options: Any) -> FinanciaLitState:
    """One game of ``seats`` Planners with families dealt at random by the game's seed, under
    the rules the families were tuned under (and ``options`` over them)."""
    state = start(None, seats=seats, seed=seed, **TUNED_UNDER, **options)
    players = [Planner(random.Random(f"planner:{seed}:{s}")) for s in range(seats)]
    while not state.terminal:
        seat = state.to_move()[0]
        state.apply(seat, players[seat].choose(state, seat))
    return state


def measure(seeds: range, **options: Any) -> dict[str, FamilyFigures]:
    """Each family's games, wins and final Happiness over the games of ``seeds``."""
    figures: dict[str, FamilyFigures] = defaultdict(FamilyFigures)
    for seed in seeds:
        state = play_game(seed, **options)
        assert state.result is not None
        winners = state.result.winners
        for seat, home in enumerate(state.homes):
            row = figures[home.family.id]
            row.games += 1
            row.happiness += home.happiness
            if seat in winners:
                row.wins += 1 / len(winners)
    return dict(figures)


#: The measured games (seeds of the game; the players' own seeds follow from them).
SEEDS = range(320)


def shares(figures: dict[str, FamilyFigures]) -> dict[str, float]:
    """Each family's share of the wins, rounded to a tenth of a percent."""
    return {family: round(row.win_share, 3) for family, row in figures.items()}


def in_band(share: float) -> bool:
    """Fair share with four seats is 25%; the band 12%-40% leaves room for small rule changes
    without hiding a hopeless family."""
    return 0.12 <= share <= 0.40


def test_no_family_is_hopeless_and_none_dominates() -> None:
    figures = measure(SEEDS)
    assert set(figures) == {f.id for f in start().content.families}
    # Measured 21.2%-27.2% (RULINGS.md, "Content balance").
    assert all(in_band(share) for share in shares(figures).values()), shares(figures)


def random_game(seed: int, seats: int = 4) -> FinanciaLitState:
    """One game of uniformly random (non-borrowing) moves, as a yardstick."""
    state = start(None, seats=seats, seed=seed)
    rng = random.Random(f"random:{seed}")
    while not state.terminal:
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, rng.choice([a for a in legal if not a.anytime] or legal))
    return state


def test_the_planner_plays_a_sensible_game() -> None:
    # The measuring player must be worth measuring with: compared with random moves its
    # families miscalculate far less often and end far happier.
    def figures(states: list[FinanciaLitState]) -> tuple[int, float]:
        homes = [h for s in states for h in s.homes]
        return sum(h.miscalculation for h in homes), sum(h.happiness for h in homes) / len(homes)

    planned = figures([play_game(seed) for seed in range(30)])
    random_ = figures([random_game(seed) for seed in range(30)])
    assert planned[0] <= random_[0] / 2
    assert planned[1] >= 1.5 * random_[1]
