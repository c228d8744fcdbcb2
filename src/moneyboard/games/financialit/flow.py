"""FinanciaLit's phases as agenda steps: set-up, income, actions, payments & events, upkeep, end."""

from __future__ import annotations

import functools
from collections import deque
from collections.abc import Iterable, Mapping
from typing import Any

from moneyboard.engine.components import Deck
from moneyboard.engine.errors import OptionsError
from moneyboard.engine.messages import msg
from moneyboard.games.financialit.base import (
    CASH,
    LOCATIONS,
    RESOLUTION_ORDER,
    Figures,
    FinanciaLitBase,
    Household,
)
from moneyboard.games.financialit.content import Card, load_content
from moneyboard.games.financialit.options import FinanciaLitOptions


class Flow(FinanciaLitBase):
    """The round structure of the rulebook, one step at a time."""

    # ----- set-up ------------------------------------------------------------------------
    def setup(self) -> None:
        o = self.options
        self.round = 1
        self.phase = "setup"
        self.first = 0
        for account in CASH[: self.n]:
            self.ledger.open(account)
        self.homes = []
        self.board = {loc: [] for loc in LOCATIONS}
        self.figures = figures_for(o, self.n)
        self.visit = {}
        self.events_shown = []
        self.shared_income = None
        self.reached = []
        self.decks = {name: Deck(cards) for name, cards in deck_cards(o).items()}
        self.prepared = {"events": deque(o.event_order), "income": deque(o.income_for_all)}
        for number, cards in o.income_by_seat.items():
            if not 1 <= number <= self.n:
                raise OptionsError(
                    f"income_by_seat names seat number {number}, but this game has {self.n}"
                    f" seats: write 1 for Seat 1 up to {self.n} for Seat {self.n}"
                )
            self.prepared[f"income:{number - 1}"] = deque(cards)  # seats count from 0 inside
        self.market = [None] * o.luxury_market_size
        self.offers = {"short": None, "long": None}
        if o.families is not None and len(o.families) != self.n:
            listed = len(o.families)
            raise OptionsError(
                f"families names {listed} {'family' if listed == 1 else 'families'}, but the"
                f" game has {self.n} seats: name one family for each seat"
            )
        self.then(
            *[("deal_family", seat) for seat in range(self.n)],
            ("fill_market",),
            ("offer", "short"),
            ("offer", "long"),
            ("round",),
        )

    def step_deal_family(self, seat: int) -> None:
        chosen = self.options.families
        if chosen is not None:
            self.step_family_dealt(seat, chosen[seat])
            return
        taken = {h.family.id for h in self.homes}
        left = tuple(f.id for f in self.content.families if f.id not in taken)
        self.draw("families", left, ("family_dealt", seat))

    def step_family_dealt(self, seat: int, family_id: str) -> None:
        o = self.options
        family = self.figures.families[family_id]
        home = Household(family, max(0, family.happiness + o.family_happiness_delta), o.start_goods)
        self.homes.append(home)
        self.event("setup.family", seat=seat, family=family.name, happiness=home.happiness)
        self.receive(seat, max(0, family.units + o.family_units_delta), "setup.units")

    def step_fill_market(self) -> None:
        """Fill the first empty Market slot, then come back for the next."""
        for slot, item in enumerate(self.market):
            if item is None:
                population = self.decks["luxury"].population()
                if population:
                    self.then(("fill_market",))
                    self.draw("deck:luxury", population, ("market_filled", slot))
                return

    def step_market_filled(self, slot: int, item: str) -> None:
        self.decks["luxury"].take(item)
        self.market[slot] = item

    def step_offer(self, term: str) -> None:
        """Turn up the top Investment card of a deck if its place is empty."""
        if self.offers[term] is None:
            population = self.decks[term].population()
            if population:
                self.draw(f"deck:{term}", population, ("offered", term))

    def step_offered(self, term: str, card: str) -> None:
        self.decks[term].take(card)
        self.offers[term] = card

    # ----- income phase ------------------------------------------------------------------
    def step_round(self) -> None:
        self.phase = "income"
        self.events_shown = []
        self.event("round.start", round=self.round, first=self.first)
        steps: list[tuple[Any, ...]] = []
        if self.round > 1 and self.options.income_draw == "one_for_all":
            steps.append(("shared_income",))
        steps.extend(("income", seat) for seat in self.order())
        self.then(*steps, ("actions_start",))

    def step_shared_income(self) -> None:
        prepared = self.prepared["income"]
        if prepared:  # the trainer's card for every family (R32)
            self.step_shared_income_drawn(prepared.popleft())
            return
        population = self.decks["income"].population()
        self.draw("income", population, ("shared_income_drawn",))

    def step_shared_income_drawn(self, card: str) -> None:
        self.decks["income"].take(card)
        self.decks["income"].discard(card)
        self.shared_income = card
        modifier = self.content.income_card[card]
        self.event("income.shared_card", card=modifier.name, text=modifier.text)

    def step_income(self, seat: int) -> None:
        home = self.homes[seat]
        o = self.options
        if self.round == 1 or home.family.ignores_income_modifiers:
            self.step_income_drawn(seat, None)
        elif o.income_draw == "one_for_all":
            self.step_income_drawn(seat, self.shared_income)
        elif o.income_draw == "each":
            prepared = self.prepared.get(INCOME_STREAMS[seat])
            if prepared:
                card = prepared.popleft()
                self.decks["income"].take(card)
                self.decks["income"].discard(card)
                self.step_income_drawn(seat, card)
            else:
                population = self.decks["income"].population()
                self.draw(INCOME_STREAMS[seat], population, ("income_card", seat))
        else:
            self.step_income_drawn(seat, None)

    def step_income_card(self, seat: int, card: str) -> None:
        deck = self.decks["income"]
        deck.take(card)
        deck.discard(card)
        self.step_income_drawn(seat, card)

    def step_income_drawn(self, seat: int, card: str | None) -> None:
        o = self.options
        c = self.content
        home = self.homes[seat]
        tracker = home.family.income + o.family_income_delta
        if home.skills:
            tracker += sum(map(SKILL_INCOME.__getitem__, home.skills))
        for card_id, active in home.careers:
            if active:
                tracker += CAREER_INCOME[card_id]
        if home.career_away:
            tracker -= o.career_income_penalty
            self.event("income.career_away", seat=seat, penalty=o.career_income_penalty)
        if card is not None:
            modifier = c.income_card[card]
            missing = self.missing_need(seat, modifier.needs)
            if missing is not None:
                self.event(f"spared.{missing}", seat=seat, card=modifier.name)
            else:
                tracker += modifier.value
                # One card for every family (one_for_all) was drawn once, not by each; the
                # card's own words are told once, where it is drawn or dealt to the family.
                shared = card == self.shared_income and self.options.income_draw == "one_for_all"
                if shared:
                    key = "income.shared_modifier" if modifier.value else "income.shared_unchanged"
                    self.event(key, seat=seat, card=modifier.name, value=modifier.value)
                else:
                    key = "income.modifier" if modifier.value else "income.unchanged"
                    self.event(
                        key, seat=seat, card=modifier.name, text=modifier.text, value=modifier.value
                    )
        # Investments and loans move one slot down; a card leaving slot 1 pays out next.
        if home.investments:
            for inv in list(home.investments):
                if inv[1] is None:
                    continue
                if inv[1] <= 1:
                    home.investments.remove(inv)
                    self.decks["short" if inv[0] in c.short_ids else "long"].discard(inv[0])
                    self.then(("investment_pays", seat, inv[0], 0))
                else:
                    inv[1] -= 1
        if home.loans:
            instalment = o.loan_instalment
            running: list[int | None] = []
            # Repayments told once for the loans alike (same key, same repayments left).
            told: dict[tuple[str, int], int] = {}
            for slot in home.loans:
                if slot is None:  # taken this round: the first instalment is next period
                    running.append(slot)
                elif tracker < instalment:
                    # R5: an instalment the income cannot cover is deferred; the loan runs on.
                    told[("loan.deferred", slot)] = told.get(("loan.deferred", slot), 0) + 1
                    running.append(slot)
                else:
                    tracker -= instalment
                    told[("loan.instalment", slot - 1)] = (
                        told.get(("loan.instalment", slot - 1), 0) + 1
                    )
                    if slot > 1:
                        running.append(slot - 1)
            home.loans = running
            for (key, left), loans in told.items():
                many = "_many" if loans > 1 else ""
                self.event(key + many, seat=seat, amount=instalment, left=left, loans=loans)
        if tracker < 0:  # the track stops at zero: the family receives nothing this period
            self.event("income.all_taken", seat=seat, short=-tracker)
            tracker = 0
        home.tracker = min(tracker, c.income_track_max)
        self.receive(seat, home.tracker, "income.earned")

    def step_investment_pays(self, seat: int, card_id: str, slots_left: int) -> None:
        """An investment pays out: at maturity (no slot left) or early, at the end of the game."""
        card = self.content.investment[card_id]
        if card.risky:
            self.draw(
                RETURN_STREAMS[card_id],
                card.returns,
                ("investment_paid", seat, card_id, slots_left),
            )
        else:
            self.step_investment_paid(seat, card_id, slots_left, card.returns[0])

    def step_investment_paid(self, seat: int, card_id: str, slots_left: int, payout: int) -> None:
        """Pay ``payout`` (less the early-end penalty per slot left) and the card's Happiness."""
        card = self.content.investment[card_id]
        if slots_left == 0:
            # One sentence: what came back against what was invested (a loss says so).
            key = "investment.matured" if payout >= card.cost else "investment.loss"
            params = {"card": card.name, "cost": card.cost, "payout": payout}
            if payout > 0:
                self.receive(seat, payout, key, **params)
            else:
                self.event(key, seat=seat, amount=0, **params)
        else:
            deduction = self.options.investment_end_penalty * slots_left
            units = max(0, payout - deduction)
            params = {"card": card.name, "slot": slots_left, "payout": payout}
            if units > 0:
                self.receive(seat, units, "end.investment", reduction=payout - units, **params)
            else:  # R24: the deduction takes it all; no money moves, and the log says why
                self.event("end.investment_nothing", seat=seat, deduction=deduction, **params)
        self.change_happiness(seat, card.happiness, "investment.happiness", card=card.name)

    def missing_need(self, seat: int, needs: tuple[str, ...]) -> str | None:
        """The first of ``needs`` (children, employer) the seat's family lacks, if any."""
        family = self.homes[seat].family
        for need in needs:
            if need == "children" and not family.children:
                return need
            if need == "employer" and not family.employer:
                return need
        return None

    # ----- action phase ------------------------------------------------------------------
    def step_actions_start(self) -> None:
        self.phase = "actions"
        pawns = self.content.pawns_per_family
        for home in self.homes:
            home.saved = False
            home.placed = set()
            home.pawns = pawns - (1 if home.career_away else 0)
        self.step_next_action(-1)

    def step_actions_end(self) -> None:
        for seat, home in enumerate(self.homes):
            if home.career_away:
                home.career_away = False
                home.careers[-1][1] = True
                self.event(
                    "career.active", seat=seat, card=self.content.career[home.careers[-1][0]].name
                )
        self.phase = "payments"
        steps: list[tuple[Any, ...]] = [
            ("resolve", loc, seat) for loc in RESOLUTION_ORDER for seat in self.board[loc]
        ]
        steps.append(("goods",))
        steps.extend(("bills", seat) for seat in self.order())
        steps.append(("events", self.options.events_in_round(self.round), 0))
        steps.append(("upkeep",))
        self.then(*steps)

    # ----- payments & events phase -------------------------------------------------------
    def step_resolve(self, location: str, seat: int) -> None:
        self.visit = {"goods": 0, "changes": 0, "added": 0, "bought": 0, "refreshed": 0}
        self.event("resolve.location", seat=seat, location=LOCATION_NAMES[location])
        if location == "insurance" and "basic" not in self.homes[seat].insurance:
            self.homes[seat].insurance.insert(0, "basic")
            self.event("insurance.basic", seat=seat, bills=self.bills(seat))
            return
        self.ask(seat, location)

    def step_pay(
        self, seat: int, amount: int, key: str, params: dict[str, Any], flagged: bool
    ) -> None:
        """Pay a compulsory amount; a family that cannot must borrow or ask for Family Aid
        (bills), or borrow (an Event's cost: R19)."""
        if self.cash(seat) >= amount:
            self.spend(seat, amount, key, **params)
            return
        event = key in EVENT_COSTS
        if not flagged:
            self.event("pay.short", seat=seat, amount=amount, cash=self.cash(seat), what=key)
            self.miscalculate(seat, event)
        self.then(("pay", seat, amount, key, params, True))
        self.ask(seat, "cover_event" if event else "cover", amount=amount, what=key)

    def step_goods(self) -> None:
        o = self.options
        for seat in self.order():
            home = self.homes[seat]
            need = max(0, home.family.goods + o.family_goods_delta)
            used = min(need, home.goods)
            home.goods -= used
            if used:
                key = "goods.used" if home.goods else "goods.used_all"
                self.event(key, seat=seat, used=used, left=home.goods)
            lacking = need - used
            if lacking:
                self.change_happiness(
                    seat, -lacking * o.goods_shortage_happiness, "goods.lacking", lacking=lacking
                )

    def step_bills(self, seat: int) -> None:
        full = self.bills(seat)
        due = self.bills_due(seat, full)
        self.owe(seat, due, "bills.paid", bills=full, discount=full - due)

    def step_events(self, count: int, done: int) -> None:
        if done >= count:
            return
        self.then(("events", count, done + 1))
        prepared = self.prepared["events"]
        if prepared:
            card = prepared.popleft()
            self.step_event(card)
            return
        population = self.decks["events"].population()
        if population:
            self.draw("deck:events", population, ("event",))

    def step_event(self, card: str) -> None:
        deck = self.decks["events"]
        deck.take(card)
        deck.discard(card)
        self.events_shown.append(card)
        e = self.figures.events[card]
        self.event("event.revealed", card=e.name, id=card, text=e.text)
        self.then(*[("event_hit", seat, card) for seat in self.order()])

    def step_event_hit(self, seat: int, card: str) -> None:
        e = self.figures.events[card]
        home = self.homes[seat]
        if e.needs_item and not any(x in home.luxuries for x in e.needs_item):
            names = " or ".join(self.content.luxury[x].name for x in e.needs_item)
            self.event("spared.item", seat=seat, card=e.name, items=names)
            return
        missing = self.missing_need(seat, e.needs)
        if missing is not None:
            self.event(f"spared.{missing}", seat=seat, card=e.name)
            return
        if e.covered_by is not None and e.covered_by in home.insurance:
            cover = self.content.insurance[e.covered_by].name
            self.event("event.covered", seat=seat, card=e.name, cover=cover)
            return
        if e.units > 0:
            change = home.family.event_cost_delta
            if change:  # the family card changes what the Event costs it: say so, and why
                cost = max(0, e.units + change)
                params = {
                    "card": e.name,
                    "units": e.units,
                    "change": change,
                    "family": home.family.name,
                    "special": home.family.special,
                }
                if cost:
                    self.owe(seat, cost, "event.cost_family", **params)
                else:
                    self.event("event.cost_family", seat=seat, amount=0, **params)
            else:
                self.owe(seat, e.units, "event.cost", card=e.name)
        elif e.units < 0:
            self.receive(seat, -e.units, "event.gain", card=e.name)
        self.change_happiness(seat, e.happiness, "event.happiness", card=e.name)

    # ----- upkeep ------------------------------------------------------------------------
    def step_upkeep(self) -> None:
        o = self.options
        self.phase = "upkeep"
        for loc in LOCATIONS:
            self.board[loc] = []
        experiences = self.figures.experiences
        for seat in self.order():
            home = self.homes[seat]
            for item in [x for x in home.luxuries if x in experiences]:
                home.luxuries.remove(item)
                self.decks["luxury"].discard(item)
                self.event("luxury.enjoyed", seat=seat, item=self.content.luxury[item].name)
            home.loans = [o.loan_periods if s is None else s for s in home.loans]
            for inv in home.investments:
                if inv[1] is None:
                    inv[1] = self.content.investment[inv[0]].slots
            if self.cash(seat) >= o.interest_threshold:
                self.receive(
                    seat,
                    o.interest + home.family.upkeep_bonus,
                    "upkeep.interest",
                    threshold=o.interest_threshold,
                )
        target = o.happiness_target
        if target is not None and any(h.happiness >= target for h in self.homes):
            # R30: these families won the race; the loans settled next cannot undo it.
            self.reached = [s for s, h in enumerate(self.homes) if h.happiness >= target]
            self.event("end.target_reached", target=target)
            self.then(("final",))
        elif self.round >= o.rounds:
            self.then(("final",))
        else:
            self.round += 1
            self.first = (self.first + 1) % self.n
            self.then(("round",))

    # ----- end of the game ---------------------------------------------------------------
    def step_final(self) -> None:
        self.phase = "final"
        self.event("end.start", round=self.round)
        c = self.content
        steps: list[tuple[Any, ...]] = []
        for seat in self.order():
            home = self.homes[seat]
            for card_id, slot in home.investments:
                left = c.investment[card_id].slots if slot is None else slot
                steps.append(("investment_pays", seat, card_id, left))
            home.investments = []
            steps.append(("settle", seat))
        steps.append(("score",))
        self.then(*steps)

    def step_settle(self, seat: int) -> None:
        home = self.homes[seat]
        if home.loans:
            slot = home.loans[0] or self.options.loan_periods
            o = self.options
            self.ask(
                seat,
                "settle_loan",
                units=o.loan_instalment * slot,
                happiness=o.loan_end_happiness * slot,
            )

    def step_score(self) -> None:
        if not self.ended_by_target:
            for seat in range(self.n):
                self.end_bonus(seat)
        happiness = [h.happiness for h in self.homes]
        eligible = [s for s in range(self.n) if self.eligible(s)]
        if not eligible:
            why = "end.nobody_eligible_target" if self.ended_by_target else "end.nobody_eligible"
            self.end([], happiness, msg(why))
            return
        best = max(happiness[s] for s in eligible)
        tied = [s for s in eligible if happiness[s] == best]
        most = max(self.homes[s].career_cards() for s in tied)
        winners = [s for s in tied if self.homes[s].career_cards() == most]
        reason = "end.target" if self.ended_by_target else "end.happiness"
        self.end(winners, happiness, msg(reason))

    def end_bonus(self, seat: int) -> None:
        """Add the end-of-game Happiness, naming every part of it: the cards, the income, the
        units left and, under the trainer's options, the Skills and Career Advance cards."""
        o = self.options
        home = self.homes[seat]
        cards = home.cards_for_happiness(o.end_counts_goods)
        parts = {
            "for_cards": cards // 2,
            "for_income": home.tracker // 5,
            "for_cash": self.cash(seat) // 5,
            "for_skills": end_card_happiness(o.skill_end_happiness, len(home.skills)),
            "for_careers": end_card_happiness(o.career_end_happiness, len(home.careers)),
        }
        # The trainer's parts are named where they apply (a family holding such cards).
        skills = bool(o.skill_end_happiness and home.skills)
        careers = bool(o.career_end_happiness and home.careers)
        key = {
            (False, False): "end.bonus",
            (True, False): "end.bonus_skills",
            (False, True): "end.bonus_careers",
            (True, True): "end.bonus_both",
        }[skills, careers]
        self.change_happiness(
            seat,
            sum(parts.values()),
            key,
            cards=cards,
            income=home.tracker,
            cash=self.cash(seat),
            skills=len(home.skills),
            careers=len(home.careers),
            **parts,
        )

    def eligible(self, seat: int) -> bool:
        """Whether a family meets the trainer's end conditions: it reached the Happiness
        target when the game ended by it (whatever settling its loans took after, R30) and
        holds the required cards."""
        o = self.options
        home = self.homes[seat]
        if self.ended_by_target and seat not in self.reached:
            return False
        if home.career_cards() < o.required_career_cards:
            return False
        happy_items = sum(1 for x in home.luxuries if self.figures.luxury_happiness[x] > 0)
        return happy_items >= o.required_luxury_items


def end_card_happiness(per_card: int, cards: int) -> int:
    """The trainer's extra end-game Happiness for ``cards`` Skills (or Career Advance) cards,
    ``per_card`` each. A decrease takes away at most what these cards bring through the card
    count (1 for every two), so learning never ends up costing Happiness.

    >>> end_card_happiness(2, 3), end_card_happiness(-1, 3), end_card_happiness(-3, 1)
    (6, -1, 0)
    """
    return max(per_card * cards, -(cards // 2))


#: The payment keys of an Event's cost (a shortfall is covered with Loans alone, R19).
EVENT_COSTS = frozenset({"event.cost", "event.cost_family"})
#: Chance streams of the per-family Income Modifier draws, by seat.
INCOME_STREAMS = tuple(f"income:{seat}" for seat in range(16))
#: Chance streams of the payouts of risky investments, by card id.
RETURN_STREAMS = {x.id: f"returns:{x.id}" for x in load_content().investment.values()}
LOCATION_NAMES = {x.id: x.name for x in load_content().locations}
SKILL_INCOME = {x.id: x.income for x in load_content().skills}
CAREER_INCOME = {x.id: x.income for x in load_content().careers}


#: Figures already built, by the options that shape them and the seat count.
_FIGURES: dict[tuple[str, int, int, int, str, int], Figures] = {}


def figures_for(options: FinanciaLitOptions, players: int) -> Figures:
    """The figures of a game under ``options`` (shared by every game with the same ones)."""
    changes = ""
    single_cards = {"family_changes", "luxury_changes", "event_changes"}
    if any(getattr(options, name) for name in single_cards):
        changes = options.model_dump_json(include=single_cards)
    key = (
        options.family_cards,
        options.luxury_upkeep_delta,
        options.luxury_cost_delta,
        options.luxury_happiness_delta,
        changes,
        players,
    )
    figures = _FIGURES.get(key)
    if figures is None:
        if len(_FIGURES) >= 64:
            _FIGURES.clear()
        figures = _FIGURES[key] = Figures(load_content(), options, players)
    return figures


CardCounts = tuple[tuple[str, int], ...] | None


@functools.lru_cache(maxsize=64)
def _deck_cards(event_counts: CardCounts, income_counts: CardCounts) -> dict[str, tuple[str, ...]]:
    c = load_content()
    # A trainer's counts change the cards they name; the others keep their shipped count.
    events = {**{e.id: e.count for e in c.events}, **dict(event_counts or ())}
    income = {**{i.id: i.count for i in c.income_cards}, **dict(income_counts or ())}
    return {
        "events": _expand(c.events, events),
        "income": _expand(c.income_cards, income),
        "luxury": _expand(c.luxuries, {x.id: x.count for x in c.luxuries}),
        "short": _expand(c.short_investments, {x.id: x.count for x in c.short_investments}),
        "long": _expand(c.long_investments, {x.id: x.count for x in c.long_investments}),
    }


def deck_cards(options: FinanciaLitOptions) -> dict[str, tuple[str, ...]]:
    """Every deck's cards at the start of a game under ``options``.

    Decks are always built in the content's order, whatever order an option lists its
    counts in: a record's JSON sorts keys, and its replay must draw the same cards.
    """
    return _deck_cards(
        tuple(sorted(options.event_counts.items())) if options.event_counts else None,
        tuple(sorted(options.income_counts.items())) if options.income_counts else None,
    )


def _expand(cards: Iterable[Card], counts: Mapping[str, int]) -> tuple[str, ...]:
    """Every copy of every card, in the content's order, ``counts[id]`` copies each."""
    return tuple(card.id for card in cards for _ in range(counts.get(card.id, 0)))
