"""FinanciaLit's choices: for each action, one check (None or the reason) and one effect."""

from __future__ import annotations

from collections.abc import Sequence

from moneyboard.engine.actions import Action
from moneyboard.engine.messages import Message, msg, new_message
from moneyboard.games.financialit.actions import (
    BUY_GOODS_OF,
    DONE,
    FAMILY_AID,
    INVEST_LONG,
    INVEST_SHORT,
    LEARN_SKILL,
    REFRESH_MARKET,
    SAVE,
    SEEK_EMPLOYMENT,
    SETTLE_HAPPINESS,
    SETTLE_UNITS,
    TAKE_LOAN,
    AddClause,
    BuyGoods,
    BuyLuxury,
    Done,
    DropClause,
    FamilyAid,
    Invest,
    LearnSkill,
    Place,
    RefreshMarket,
    Save,
    SeekEmployment,
    SettleLoan,
    TakeLoan,
)
from moneyboard.games.financialit.base import CASH, LOCATIONS, FinanciaLitBase
from moneyboard.games.financialit.content import load_content

_CONTENT = load_content()
PLACES = tuple(Place(loc) for loc in LOCATIONS)
ADD_CLAUSES = tuple(AddClause(c.id) for c in _CONTENT.clauses)
DROP_CLAUSES = tuple(DropClause(c.id) for c in _CONTENT.clauses)
DROP_CLAUSE = {a.clause: a for a in DROP_CLAUSES}
BUY_LUXURY = tuple(BuyLuxury(i) for i in range(8))
ANYTIME = (TAKE_LOAN, FAMILY_AID)
NO_PAWNS = msg("why.no_pawns")
AID_USED = msg("why.aid_used")
AID_NEEDS_MISCALCULATION = msg("why.aid_needs_miscalculation")
AID_NOT_FOR_EVENTS = msg("why.aid_not_for_events")

#: The one table of decisions: for each kind, the actions that answer it, then the anytime
#: actions a seat may also take while it is asked (a loan in the middle of a turn). A loan or
#: Family Aid answers only "cover" (bills the family could not pay are tried again), and a
#: loan alone "cover_event" (an Event's cost: R19).
DECISIONS: dict[str, tuple[tuple[Action, ...], tuple[Action, ...]]] = {
    "action": ((*PLACES, SAVE), ANYTIME),
    "cover": (ANYTIME, ()),
    # An Event's cost is paid with Loans (step 4b): Family Aid is offered, and refused.
    "cover_event": ((TAKE_LOAN,), (FAMILY_AID,)),
    "labour": ((LEARN_SKILL, SEEK_EMPLOYMENT, DONE), ANYTIME),
    "investments": ((INVEST_SHORT, INVEST_LONG, DONE), ANYTIME),
    "insurance": ((*ADD_CLAUSES, *DROP_CLAUSES, DONE), ANYTIME),
    "market": ((*BUY_GOODS_OF.values(), REFRESH_MARKET, DONE, *BUY_LUXURY), ANYTIME),
    "settle_loan": ((SETTLE_UNITS, SETTLE_HAPPINESS), ()),
}
#: Decision kind -> the action kinds that answer it (the kernel's ``answers``).
ANSWERS = {kind: frozenset(a.kind for a in answering) for kind, (answering, _) in DECISIONS.items()}
#: What each kind of decision offers (before checks), anytime actions included.
OFFERS = {kind: (*answering, *also) for kind, (answering, also) in DECISIONS.items()}
#: Market offers by the Common Goods counts listed and the number of Luxury slots (an
#: option), built as they are first needed: the same few come back at every visit.
MARKET_OFFERS: dict[tuple[tuple[int, ...], int], tuple[Action, ...]] = {}
NAMES = {loc.id: loc.name for loc in _CONTENT.locations}


class Choices(FinanciaLitBase):
    """Checks and effects of every FinanciaLit action."""

    def candidates(self, seat: int) -> Sequence[Action]:
        d = self.decision
        if d is None or seat not in d.seats:
            return ANYTIME
        if d.kind == "market":
            key = (self.goods_counts(seat), len(self.market))
            offers = MARKET_OFFERS.get(key)
            if offers is None:
                goods = tuple(BUY_GOODS_OF[n] for n in key[0])
                rest = (REFRESH_MARKET, DONE, *BUY_LUXURY[: key[1]], *ANYTIME)
                offers = MARKET_OFFERS[key] = (*goods, *rest)
            return offers
        if d.kind == "insurance":
            # A clause may be dropped only once held: no greyed "Drop" for the others.
            held = self.homes[seat].insurance
            drops = tuple(DROP_CLAUSE[c] for c in held if c in DROP_CLAUSE)
            return (*ADD_CLAUSES, *drops, DONE, *ANYTIME)
        return OFFERS[d.kind]

    def goods_counts(self, seat: int) -> tuple[int, ...]:
        """The counts of Common Goods listed as moves (a person may type any other in the
        range): one card, what the family uses in a period, the trainer's minimum, the count
        that earns the bulk discount, and the most it may buy now. The same counts all visit,
        so a count listed stays listed while it may be bought (the terminal keeps its number)."""
        most = self.goods_most(seat)
        if most <= 1:
            return (1,)  # one card, bought or refused with its reason
        o = self.options
        used = max(0, self.homes[seat].family.goods + o.family_goods_delta)
        wanted = {1, most, used, o.goods_min, o.bulk_goods_threshold}
        return tuple(sorted(n for n in wanted if 1 <= n <= most))

    def amount_range(self, seat: int, action: Action, field: str) -> tuple[int, int] | None:
        """How many Common Goods cards a move may buy now: 1 up to the most the family may
        (``None`` when it may buy none: the check says why)."""
        if isinstance(action, BuyGoods):
            most = self.goods_most(seat)
            return (1, most) if most else None
        return None

    def anytime_open(self, seat: int) -> bool:
        return self.result is None and self.phase not in ("setup", "final")

    def action_cost(self, seat: int, action: Action) -> int | None:
        """The units ``action`` takes from the family at once, as its ``do_`` charges them
        (``None``: nothing now; a placement, a loan, Family Aid, a Happiness settlement).

        Common Goods have none here: a page sends one cost for the whole range of counts a
        person may type, so their price is said in their words (``action_label``) instead.
        """
        o = self.options
        if isinstance(action, Place):
            if action.location == "insurance" and self.homes[seat].miscalculation:
                return o.miscalculation_insurance_fee or None
            return None
        if isinstance(action, BuyGoods):
            return None
        if isinstance(action, BuyLuxury):
            market = self.market
            item = market[action.slot] if 0 <= action.slot < len(market) else None
            return None if item is None else self.figures.luxury_prices[item]
        if isinstance(action, RefreshMarket):
            return o.market_refresh_cost
        if isinstance(action, LearnSkill):
            return self.skill_price(seat)
        if isinstance(action, Invest):
            if self.offers.get(action.term) is None:
                return None
            return self.investment_price(action.term)
        if isinstance(action, AddClause):
            return self.clause_fee() or None
        if isinstance(action, SettleLoan):
            loans = self.homes[seat].loans
            if not action.with_units or not loans:
                return None
            return o.loan_instalment * (loans[0] or o.loan_periods)
        return None

    def clause_fee(self) -> int:
        """What the next clause added on this visit costs at once (the trainer's fee for
        each clause beyond the first: ``extra_clause_fee``)."""
        if self.visit.get("added", 0) >= 1:
            return self.options.extra_clause_fee
        return 0

    def _short(self, seat: int, price: int, **about: str) -> Message | None:
        """Why ``seat`` cannot pay ``price`` (None if it can); ``about`` names what is bought
        where a button's words depend on the table (a refusal is remembered by its words)."""
        cash = self.ledger.balances[CASH[seat]]
        if cash < price:
            return Message("why.cannot_afford", {"price": price, "cash": cash, **about})
        return None

    # ----- action phase ------------------------------------------------------------------
    def check_place(self, seat: int, a: Place) -> Message | None:
        home = self.homes[seat]
        where = a.location
        capacity = self.figures.capacity.get(where)
        if capacity is None:
            return msg("why.no_such_location", location=where)
        if home.pawns <= 0:
            return NO_PAWNS
        if where in home.placed:
            return new_message(Message, ("why.already_there", {"location": NAMES[where]}))
        if len(self.board[where]) >= capacity:
            return new_message(
                Message, ("why.location_full", {"location": NAMES[where], "players": self.n})
            )
        if where == "investments" and len(home.investments) >= self.options.investment_limit:
            return msg("why.investment_limit", limit=self.options.investment_limit)
        if where == "insurance" and home.miscalculation:
            return self._short(seat, self.options.miscalculation_insurance_fee)
        return None

    def do_place(self, seat: int, a: Place) -> None:
        home = self.homes[seat]
        home.pawns -= 1
        home.placed.add(a.location)
        self.board[a.location].append(seat)
        self.event(
            "action.placed", seat=seat, location=NAMES[a.location], slot=len(self.board[a.location])
        )
        if a.location == "insurance" and home.miscalculation:
            self.spend(seat, self.options.miscalculation_insurance_fee, "insurance.visit_fee")
        self._next_turn()

    def check_save(self, seat: int, a: Save) -> Message | None:
        return None

    def do_save(self, seat: int, a: Save) -> None:
        self.homes[seat].saved = True
        self.event("action.saved", seat=seat, pawns=self.homes[seat].pawns)
        self._next_turn()

    def _next_turn(self) -> None:
        """After a placement or a Save, the next family clockwise is asked."""
        assert self.asked is not None
        self.step_next_action(self.asked.data["turn"])

    # ----- loans and family aid (any time) -----------------------------------------------
    def check_take_loan(self, seat: int, a: TakeLoan) -> Message | None:
        return None

    def do_take_loan(self, seat: int, a: TakeLoan) -> None:
        o = self.options
        home = self.homes[seat]
        penalty = bool(home.loans) or home.miscalculation
        home.loans.append(None)
        self.receive(
            seat, o.loan_amount, "loan.taken", instalment=o.loan_instalment, periods=o.loan_periods
        )
        if penalty:
            self.change_happiness(seat, -o.loan_happiness, "loan.happiness")

    def check_family_aid(self, seat: int, a: FamilyAid) -> Message | None:
        home = self.homes[seat]
        if home.aid_used:
            return AID_USED
        if not home.miscalculation:
            return AID_NEEDS_MISCALCULATION
        if self.phase == "payments" and self.events_shown:
            return AID_NOT_FOR_EVENTS  # R19: an Event's cost is paid with Loans (step 4b)
        return None

    def do_family_aid(self, seat: int, a: FamilyAid) -> None:
        home = self.homes[seat]
        home.aid_used = True
        self.receive(seat, self.options.family_aid + home.family.family_aid_bonus, "aid.given")

    # ----- labour market -----------------------------------------------------------------
    def check_learn_skill(self, seat: int, a: LearnSkill) -> Message | None:
        return self._short(seat, self.skill_price(seat))

    def do_learn_skill(self, seat: int, a: LearnSkill) -> None:
        self.spend(seat, self.skill_price(seat), "labour.skill_paid")
        self.draw("skills", _SKILLS, ("skill_taken", seat))

    def step_skill_taken(self, seat: int, card: str) -> None:
        self.homes[seat].skills.append(card)
        c = self.content.skill[card]
        self.event("labour.skill", seat=seat, card=c.name, income=c.income)

    def check_seek_employment(self, seat: int, a: SeekEmployment) -> Message | None:
        home = self.homes[seat]
        if not home.family.can_seek_employment:
            return msg("why.family_cannot_seek", family=home.family.name)
        # R11: not again while the pawn is away, which under the rulebook's timing means not
        # in the period after seeking (the pawn is back by the Labour Market's resolution).
        again = home.sought + self.options.seek_again_after
        if home.sought and self.round < again:
            return msg("why.seek_again", sought=home.sought, again=again)
        return None

    def do_seek_employment(self, seat: int, a: SeekEmployment) -> None:
        self.homes[seat].career_away = True
        self.homes[seat].sought = self.round
        self.draw("careers", _CAREERS, ("career_taken", seat))

    def step_career_taken(self, seat: int, card: str) -> None:
        self.homes[seat].careers.append([card, False])
        c = self.content.career[card]
        self.event(
            "labour.career",
            seat=seat,
            card=c.name,
            income=c.income,
            penalty=self.options.career_income_penalty,
        )

    # ----- investments -------------------------------------------------------------------
    def check_invest(self, seat: int, a: Invest) -> Message | None:
        if a.term not in self.offers:
            return msg("why.no_such_term", term=a.term)
        if self.offers[a.term] is None:
            return msg("why.no_investment_left", term=a.term)
        card = self.offers[a.term] or ""
        if len(self.homes[seat].investments) >= self.options.investment_limit:
            return msg("why.investment_limit", limit=self.options.investment_limit, card=card)
        return self._short(seat, self.investment_price(a.term), card=card)

    def do_invest(self, seat: int, a: Invest) -> None:
        card_id = self.offers[a.term]
        assert card_id is not None
        card = self.content.investment[card_id]
        surcharge = self.crowding()
        self.spend(
            seat,
            card.cost + surcharge,
            "investment.bought",
            card=card.name,
            surcharge=surcharge,
            slots=card.slots,
            pays=payout_range(card.returns),
        )
        if surcharge:
            self.event("investment.crowded", seat=seat, surcharge=surcharge)
        self.homes[seat].investments.append([card_id, card.slots])
        self.offers[a.term] = None
        self.then(("offer", a.term))

    # ----- insurance ---------------------------------------------------------------------
    def check_add_clause(self, seat: int, a: AddClause) -> Message | None:
        home = self.homes[seat]
        if a.clause not in self.content.insurance or a.clause == "basic":
            return msg("why.no_such_clause", clause=a.clause)
        if a.clause in home.insurance:
            return msg("why.clause_held", clause=self.content.insurance[a.clause].name)
        if self.visit["changes"] >= self.options.insurance_per_visit:
            return msg("why.clause_limit", limit=self.options.insurance_per_visit)
        fee = self.clause_fee()
        if fee:
            return self._short(seat, fee)
        return None

    def do_add_clause(self, seat: int, a: AddClause) -> None:
        home = self.homes[seat]
        fee = self.clause_fee()
        if fee:
            self.spend(seat, fee, "insurance.extra_fee")
        home.insurance.append(a.clause)
        self.visit["changes"] += 1
        self.visit["added"] += 1
        self.event(
            "insurance.added",
            seat=seat,
            clause=self.content.insurance[a.clause].name,
            bills=self.bills(seat),
        )

    def check_drop_clause(self, seat: int, a: DropClause) -> Message | None:
        if a.clause not in self.homes[seat].insurance or a.clause == "basic":
            clause = self.content.insurance.get(a.clause)
            return msg("why.clause_not_held", clause=clause.name if clause else a.clause)
        if self.visit["changes"] >= self.options.insurance_per_visit:
            return msg("why.clause_limit", limit=self.options.insurance_per_visit)
        return None

    def do_drop_clause(self, seat: int, a: DropClause) -> None:
        self.homes[seat].insurance.remove(a.clause)
        self.visit["changes"] += 1
        self.event(
            "insurance.dropped",
            seat=seat,
            clause=self.content.insurance[a.clause].name,
            bills=self.bills(seat),
        )

    # ----- market ------------------------------------------------------------------------
    def check_buy_goods(self, seat: int, a: BuyGoods) -> Message | None:
        limit = self.options.goods_max
        bought = self.visit["goods"]
        if limit is not None and bought >= limit:
            return msg("why.goods_max", limit=limit)
        if limit is not None and bought + a.count > limit:
            return msg("why.goods_max_left", limit=limit, left=limit - bought)
        return self._short(seat, self.goods_cost(a.count))

    def do_buy_goods(self, seat: int, a: BuyGoods) -> None:
        count = a.count
        price = self.goods_cost(count)
        discount = self.options.bulk_goods_discount if self.goods_discounted(count) else 0
        self.visit["goods"] += count
        self.visit["bought"] += count
        self.homes[seat].goods += count
        bought = self.visit["goods"]
        if price < 0:
            self.receive(seat, -price, "market.bulk_refund", bought=bought)
        elif count == 1:  # one card is told as before several could be bought at once
            if price:
                self.spend(seat, price, "market.goods", bought=bought)
            else:
                self.event("market.goods_free", seat=seat, bought=bought)
        elif price:
            key = "market.goods_bulk" if discount else "market.goods_several"
            self.spend(seat, price, key, count=count, bought=bought, discount=discount)
        else:
            self.event("market.goods_several_free", seat=seat, count=count, bought=bought)

    def _goods_first(self, seat: int, spending: int, **about: str) -> Message | None:
        """The trainer's minimum of Common Goods comes before any other spending (R29)."""
        need = self.options.goods_min
        bought = self.visit["goods"]
        if bought >= need:
            return None
        owed = self.goods_total(need) - self.goods_total(bought)
        cash = self.ledger.balances[CASH[seat]]
        if cash >= self.goods_price(seat) and (spending == 0 or cash - spending < owed):
            return msg("why.goods_first", need=need, bought=bought, owed=owed, **about)
        return None

    def check_buy_luxury(self, seat: int, a: BuyLuxury) -> Message | None:
        market = self.market
        slot = a.slot
        item = market[slot] if 0 <= slot < len(market) else None
        if item is None:
            return msg("why.empty_market_slot", slot=slot, number=slot + 1)
        home = self.homes[seat]
        if item in home.luxuries:
            return new_message(
                Message, ("why.duplicate_luxury", {"item": self.content.luxury[item].name})
            )
        o = self.options
        if len(home.skills) < o.luxury_requires_skills:
            return msg(
                "why.luxury_needs_skills",
                need=o.luxury_requires_skills,
                have=len(home.skills),
                item=item,
            )
        price = self.figures.luxury_prices[item]
        cash = self.ledger.balances[CASH[seat]]
        if cash < price:
            return new_message(
                Message, ("why.cannot_afford", {"price": price, "cash": cash, "item": item})
            )
        if o.goods_min:
            return self._goods_first(seat, 0, item=item)
        return None

    def do_buy_luxury(self, seat: int, a: BuyLuxury) -> None:
        item = self.market[a.slot]
        assert item is not None
        home = self.homes[seat]
        card = self.content.luxury[item]
        self.spend(
            seat,
            self.figures.luxury_prices[item],
            "market.luxury",
            item=card.name,
            upkeep=self.figures.upkeep[item],
        )
        upkeep = self.figures.upkeep[item]
        if upkeep:
            self.event("market.luxury_upkeep", seat=seat, item=card.name, upkeep=upkeep)
        home.luxuries.append(item)
        self.market[a.slot] = None
        self.visit["bought"] += 1
        self.change_happiness(
            seat,
            self.figures.luxury_happiness[item] + home.family.luxury_happiness_bonus,
            "market.luxury_happiness",
            item=card.name,
        )

    def check_refresh_market(self, seat: int, a: RefreshMarket) -> Message | None:
        if self.visit["bought"] or self.visit["refreshed"]:
            return msg("why.refresh_first")
        cost = self.options.market_refresh_cost
        short = self._short(seat, cost)
        if short is None and cost and self.options.goods_min:
            return self._goods_first(seat, cost)
        return short

    def do_refresh_market(self, seat: int, a: RefreshMarket) -> None:
        self.spend(seat, self.options.market_refresh_cost, "market.refresh")
        self.visit["refreshed"] = 1
        deck = self.decks["luxury"]
        deck.cards.extend(x for x in self.market if x is not None)
        self.market = [None] * len(self.market)
        self.then(("fill_market",), ("market_again", seat))

    def step_market_again(self, seat: int) -> None:
        self.ask(seat, "market")

    # ----- finishing a location ----------------------------------------------------------
    def check_done(self, seat: int, a: Done) -> Message | None:
        d = self.decision
        if d is not None and d.kind == "market":
            o = self.options
            need = o.goods_min
            bought = self.visit["goods"]
            if bought < need and self.cash(seat) >= self.goods_price(seat):
                return msg("why.goods_min", need=need, bought=bought)
        return None

    def do_done(self, seat: int, a: Done) -> None:
        d = self.asked
        if d is not None and d.kind == "market":
            self.then(("fill_market",))

    # ----- end of game -------------------------------------------------------------------
    def check_settle_loan(self, seat: int, a: SettleLoan) -> Message | None:
        o = self.options
        slot = self.homes[seat].loans[0] or o.loan_periods
        units = o.loan_instalment * slot
        if a.with_units:
            cash = self.cash(seat)
            if cash < units:  # no loan now (R22): Happiness is the way left
                return Message("why.settle_short", {"price": units, "cash": cash})
            return None
        # R25: the family's free choice, unless the trainer allows Happiness only if the
        # family has it (or cannot pay the units).
        if o.end_loan_choice == "free":
            return None
        happiness = o.loan_end_happiness * slot
        if self.homes[seat].happiness < happiness and self.cash(seat) >= units:
            return Message("why.settle_needs_happiness", {"happiness": happiness, "units": units})
        return None

    def do_settle_loan(self, seat: int, a: SettleLoan) -> None:
        o = self.options
        home = self.homes[seat]
        slot = home.loans.pop(0) or o.loan_periods
        if a.with_units:
            self.spend(seat, o.loan_instalment * slot, "end.loan_paid", slot=slot)
        else:
            self.change_happiness(
                seat, -o.loan_end_happiness * slot, "end.loan_happiness", slot=slot
            )
        self.then(("settle", seat))


_SKILLS = tuple(s.id for s in _CONTENT.skills for _ in range(s.count))
_CAREERS = tuple(c.id for c in _CONTENT.careers for _ in range(c.count))


def payout_range(returns: tuple[int, ...]) -> str:
    """An investment's possible payouts in figures: ``"6"`` for a sure one, ``"3-13"`` if not.

    >>> payout_range((6,)), payout_range((3, 6, 10, 13))
    ('6', '3-13')
    """
    low, high = min(returns), max(returns)
    return str(low) if low == high else f"{low}-{high}"
