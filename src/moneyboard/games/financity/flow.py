"""FinanCity's year as agenda steps: the play marker walks zones 1 to 11, ten times.

General zones (1, 2, 3, 8, 10, 11) apply to every player; benefit zones (4, 5, 6, 7, 9) to
the players whose home token is there this year. Each zone's step pushes one step per seat
(in turn order from the first player) and then the next zone.
"""

from __future__ import annotations

from typing import Any

from moneyboard.engine.errors import OptionsError
from moneyboard.engine.messages import Message, msg
from moneyboard.engine.state import Decision
from moneyboard.games.financity.base import (
    CASH,
    SAVINGS,
    ZONE_LABELS,
    ZONE_NAMES,
    ZONES,
    FinanCityBase,
    Pile,
    Player,
)

#: The deck of each buying zone and the decision it asks.
BUYING = {"investments": ("investment", "invest"), "shopping": ("shopping", "shop")}


class Flow(FinanCityBase):
    """The rulebook's set-up, the eleven zones of a year, and the end of the game."""

    # ----- set-up ------------------------------------------------------------------------
    def setup(self) -> None:
        o = self.options
        if o.first_seat > self.n:
            raise OptionsError(
                f"first_seat is {o.first_seat}, but the game has {self.n} seats: write 1 for"
                f" Seat 1 up to {self.n} for Seat {self.n}"
            )
        if o.homes is not None and len(o.homes) != self.n:
            listed = len(o.homes)
            raise OptionsError(
                f"homes names {listed} {'home' if listed == 1 else 'homes'}, but the game has"
                f" {self.n} seats: name one home for each seat"
            )
        self.year = 0
        self.zone = 0  # the play marker starts beside the board
        self.first = o.first_seat - 1  # seats are counted from 0 inside
        for seat in range(self.n):
            self.ledger.open(CASH[seat])
            self.ledger.open(SAVINGS[seat])
        self.players = [Player() for _ in range(self.n)]
        self.board = {zone: [] for zone in ZONES}
        c = self.content
        self.piles = {
            "investment": Pile(tuple(x.id for x in c.investments)),
            "shopping": Pile(tuple(x.id for x in c.shopping)),
        }
        self.face_up = {"investment": [], "shopping": []}
        # R3: the six cards removed unseen are simply never reached (see RULINGS.md).
        self.events = [e.id for e in c.events]
        self.event_card = None
        self.refused = {}
        turn_up = [("face_up", "investment")] * o.face_up_cards
        turn_up += [("face_up", "shopping")] * o.face_up_cards
        self.then(*[("deal_home", seat) for seat in range(self.n)], *turn_up, ("year",))

    def step_deal_home(self, seat: int) -> None:
        chosen = self.options.homes
        if chosen is not None:
            self.step_home_dealt(seat, chosen[seat])
            return
        taken = {p.home.id for p in self.players if p.home is not None}
        left = tuple(h.id for h in self.content.homes if h.id not in taken)
        self.draw("homes", left, ("home_dealt", seat))

    def step_home_dealt(self, seat: int, home_id: str) -> None:
        home = self.content.home[home_id]
        self.players[seat].home = home
        self.event(
            "setup.home", seat=seat, home=home.name, income=home.income, expenses=home.expenses
        )
        self.receive(seat, self.options.start_cash, "setup.cash")

    def step_face_up(self, deck: str) -> None:
        """Turn up the top card of a deck (face-down cards first, then those beneath)."""
        pile = self.piles[deck]
        if pile.cards:
            self.draw(f"deck:{deck}", tuple(pile.cards), ("turned_up", deck))
        elif pile.bottom:
            self.step_turned_up(deck, pile.bottom[0])
        else:
            self.event("cards.deck_empty", deck=deck)

    def step_turned_up(self, deck: str, card: str) -> None:
        pile = self.piles[deck]
        if card in pile.cards:
            pile.cards.remove(card)
        else:
            pile.bottom.remove(card)
        self.face_up[deck].append(card)
        name = (self.content.investment if deck == "investment" else self.content.shop)[card].name
        self.event("cards.turned_up", deck=deck, card=name, id=card)

    # ----- zone 1: planning ----------------------------------------------------------------
    def step_year(self) -> None:
        self.year += 1
        self.zone = 1
        self.event(
            "year.start", year=self.year, first=self.first, first_name=self.seats[self.first].name
        )
        order = self.order()
        self.then(*[("plan", seat) for seat in order], ("income_zone",))

    def step_plan(self, seat: int) -> None:
        self.begin_turn(seat)
        if self.players[seat].held:
            self.players[seat].held = False
            self.event("plan.held", seat=seat, loans=self.players[seat].loans)
            self.put_token(seat, "extra_jobs")
            return
        self.ask(seat, "plan")

    def put_token(self, seat: int, zone: str) -> None:
        """Place ``seat``'s home token; each further occupant of 6 or 7 turns up one more card."""
        self.players[seat].zone = zone
        occupants = self.board[zone]
        occupants.append(seat)
        self.event(
            "plan.placed", seat=seat, zone=ZONE_LABELS[zone], where=zone, zone_name=ZONE_NAMES[zone]
        )
        if zone in BUYING and len(occupants) > 1:
            self.then(("face_up", BUYING[zone][0]))

    # ----- zone 2: income ----------------------------------------------------------------
    def step_income_zone(self) -> None:
        self.zone = 2
        self.then(*[("income", seat) for seat in self.order()], ("savings_zone",))

    def step_income(self, seat: int) -> None:
        self.begin_turn(seat)
        p = self.players[seat]
        c = self.content
        regular = self.income(seat)
        change = p.next_income
        p.next_income = 0
        amount = max(0, regular + change)
        self.receive(
            seat,
            amount,
            "income.received",
            home=p.home.income if p.home else 0,
            savings=sum(map(c.savings_yield.__getitem__, p.savings)),
            investments=sum(c.investment[i].income for i in p.investments),
            change=change,
        )
        if self.yearly_bonus(seat):
            self.claim_or_lose(seat, "wellbeing_bonus", ("bonus", seat))

    def claim_or_lose(self, seat: int, name: str, step: tuple[Any, ...]) -> None:
        """Run the bookkeeping ``step`` now, or, if the class claims ``name`` by hand, give
        ``seat`` until the end of its turn to claim it (R18)."""
        self.claimable(seat, name, step)
        if not self.automatic(name):
            self.ask(seat, "turn", zone=self.zone)

    def step_bonus(self, seat: int) -> None:
        self.gain_wellbeing(seat, self.yearly_bonus(seat), "income.bonus")

    # ----- zone 3: savings -----------------------------------------------------------------
    def step_savings_zone(self) -> None:
        """Every player may save at once, each until Done. The over-indebted may not save
        (R16) but may cash savings cards free of the surcharge: each that holds any is asked
        in turn, once the savers are done (R12)."""
        self.zone = 3
        self.begin_turn(self.first)
        savers = []
        held = []
        for seat in self.order():
            if self.over_indebted(seat):
                self.event("savings.held", seat=seat, loans=self.players[seat].loans)
                if self.players[seat].savings:
                    held.append(("held_savings", seat))
            else:
                savers.append(seat)
        self.then(*held, ("jobs_zone",))
        if savers:
            self.ask(tuple(savers), "savings", step=self.options.savings_step)

    def step_held_savings(self, seat: int) -> None:
        self.begin_turn(seat)
        self.ask(seat, "held_savings")

    # ----- zones 4 and 5: extra jobs, free time ------------------------------------------
    def step_jobs_zone(self) -> None:
        self.zone = 4
        for seat in self.board["extra_jobs"]:
            self.receive(seat, self.options.extra_jobs_pay, "zone.extra_jobs")
        self.zone = 5
        for seat in self.board["free_time"]:
            self.gain_wellbeing(seat, self.options.free_time_wellbeing, "zone.free_time")
        self.then(("buying_zone", "investments"))

    # ----- zones 6 and 7: investments, shopping ------------------------------------------
    def step_buying_zone(self, zone: str) -> None:
        self.zone = 6 if zone == "investments" else 7
        after = ("buying_zone", "shopping") if zone == "investments" else ("expenses_zone",)
        turns = [("buy_turn", zone, seat) for seat in self.order() if seat in self.board[zone]]
        self.then(*turns, after)

    def step_buy_turn(self, zone: str, seat: int) -> None:
        self.begin_turn(seat)
        deck, decision = BUYING[zone]
        if not self.face_up[deck]:
            self.event("cards.none_left", seat=seat, deck=deck)
            return
        self.ask(seat, decision, cards=list(self.face_up[deck]))  # named in the decision's words

    # ----- zone 8: expenses --------------------------------------------------------------
    def step_expenses_zone(self) -> None:
        self.zone = 8
        self.then(*[("expenses", seat) for seat in self.order()], ("insurance_zone",))

    def step_expenses(self, seat: int) -> None:
        self.begin_turn(seat)
        self.players[seat].discount = False
        self.then(("pay_expenses", seat))
        _, less = self.expense_changes(seat)
        if less:
            self.claim_or_lose(seat, "expense_discount", ("discount", seat))

    def step_discount(self, seat: int) -> None:
        self.players[seat].discount = True

    def step_pay_expenses(self, seat: int) -> None:
        p = self.players[seat]
        assert p.home is not None
        more, less = self.expense_changes(seat)
        if less and not p.discount:
            self.event("claim.lost_discount", seat=seat, discount=less)
            less = 0
        due = max(0, p.home.expenses + more - less)
        p.charged = self.year
        self.then(
            (
                "pay",
                seat,
                due,
                "expenses.paid",
                "expenses",
                {"home": p.home.expenses, "more": more, "less": less},
            ),
            ("repay", seat),
        )

    def step_pay(
        self, seat: int, amount: int, key: str, purpose: str, params: dict[str, Any]
    ) -> None:
        """A payment that cannot be refused; a player short of cash covers it from savings or
        with a loan (R13), and what cannot be covered at all is written off (R14)."""
        cash = self.cash(seat)
        if cash >= amount:
            self.spend(seat, amount, key, **params)
            return
        if self.can_cover(seat, purpose):
            self.then(("pay", seat, amount, key, purpose, params))
            self.ask_cover(seat, amount, purpose)
            return
        self.spend(seat, cash, key, **params)
        self.event(
            "pay.written_off",
            seat=seat,
            short=amount - cash,
            purpose=purpose,
            paying=f"for_{purpose}",
        )

    def ask_cover(self, seat: int, amount: int, purpose: str) -> None:
        """Ask ``seat`` to raise cash for a ``purpose`` payment of ``amount`` (R13): the
        question says what the payment is for and only the ways open to the seat now."""
        self.ask(
            seat,
            "cover",
            amount=amount,
            purpose=purpose,
            paying=f"for_{purpose}",
            **self.figures_now(seat, "cover", purpose),
        )

    def figures_now(self, seat: int, kind: str, purpose: str = "") -> dict[str, Any]:
        """The figures a decision of ``kind`` tells ``seat`` (its loan cards left, its cash,
        the ways to raise more and the repayment still to come), as they are now."""
        if kind == "repay":
            return {"loans": self.players[seat].loans}
        if kind == "cover":
            return {
                "cash": self.cash(seat),
                "means": self.cover_means(seat, purpose),
                "then": self.repayment_after(seat, purpose),
            }
        return {}

    def repayment_after(self, seat: int, purpose: str) -> int | str:
        """What a ``purpose`` payment leaves due for loan cards this year (R15): after the
        expenses, the table's minimum at the cards held now (a loan taken to pay them adds
        its cards); else ``"nothing_more"``, the word for none."""
        if purpose == "expenses":
            cards = self.minimum_repayment(self.players[seat].loans)
            if cards:
                return cards * self.options.loan_card_value
        return "nothing_more"

    def decision_figures(self, decision: Decision) -> dict[str, Any] | None:
        """The open repayment or payment question's figures now: an early repayment, a loan
        or a withdrawal leaves it open, and it must tell the cards and cash held now."""
        kind = decision.kind
        if kind not in {"repay", "cover"}:
            return None
        return self.figures_now(decision.seats[0], kind, decision.data.get("purpose", ""))

    def step_repay(self, seat: int) -> None:
        """Zone 8, step 2: repay at least the over-indebtedness table's loan cards."""
        p = self.players[seat]
        need = self.minimum_repayment(p.loans)
        if not need:
            return
        value = self.options.loan_card_value
        if self.cash(seat) >= need * value:
            self.repay(seat, need, "loan.repaid")
            if p.loans and self.cash(seat) >= value:
                # "At least" the minimum: the player may repay more cards now (R15).
                self.ask(seat, "repay", **self.figures_now(seat, "repay"))
            return
        if self.can_cover(seat, "repay"):
            self.then(("repay", seat))
            self.ask_cover(seat, need * value, "repay")
            return
        indebted = self.over_indebted(seat)  # counted before paying what it can
        cards = min(need, self.cash(seat) // value)
        if cards:
            self.repay(seat, cards, "loan.repaid")
        self.event("loan.short", seat=seat, unpaid=need - cards, loans=p.loans)
        if indebted and self.year < self.options.years:
            # Over-indebted and short of the minimum: Extra Jobs next year (R8).
            p.held = True
            self.event("loan.held", seat=seat)

    def repay(self, seat: int, cards: int, key: str) -> None:
        p = self.players[seat]
        p.loans -= cards
        self.spend(seat, cards * self.options.loan_card_value, key, cards=cards, loans=p.loans)

    # ----- zone 9: insurance -------------------------------------------------------------
    def step_insurance_zone(self) -> None:
        self.zone = 9
        for seat in self.board["insurance"]:
            self.event("zone.insured", seat=seat)
        turns = [("insure", seat) for seat in self.order() if seat in self.board["insurance"]]
        self.then(*turns, ("event_zone",))

    def step_insure(self, seat: int) -> None:
        self.begin_turn(seat)
        self.ask(seat, "insure", price=self.options.insurance_token_price)

    # ----- zone 10: the unforeseen event -------------------------------------------------
    def step_event_zone(self) -> None:
        self.zone = 10
        self.draw("deck:events", tuple(self.events), ("event_drawn",))

    def step_event_drawn(self, card: str) -> None:
        self.events.remove(card)
        self.event_card = card
        e = self.content.event[card]
        self.event("event.revealed", card=e.name, id=card, text=e.text)
        after = ("final",) if self.year >= self.options.years else ("reorganise",)
        self.then(*[("event_hit", seat, card) for seat in self.order()], after)

    def step_event_hit(self, seat: int, card: str) -> None:
        p = self.players[seat]
        if self.hurts_now(card) and (p.zone == "insurance" or p.tokens):
            self.ask(seat, "event", card=card)
            return
        self.step_event_effect(seat, card)

    def hurts_now(self, card: str) -> bool:
        """Whether an Unforeseen Event would take anything away this year: in the last year
        its effect for next year is void (R21), so that alone is nothing to insure (R19)."""
        e = self.content.event[card]
        if e.money < 0 or e.wellbeing < 0:
            return True
        return e.next_year_income < 0 and self.year < self.options.years

    def step_event_effect(self, seat: int, card: str) -> None:
        e = self.content.event[card]
        if e.money > 0:
            self.receive(seat, e.money, "event.gain", card=e.name)
        elif e.money < 0:
            self.then(("pay", seat, -e.money, "event.cost", "event", {"card": e.name}))
        self.gain_wellbeing(seat, e.wellbeing, "event.wellbeing", card=e.name)
        if e.next_year_income:
            if self.year >= self.options.years:
                self.event("event.next_year_void", seat=seat, card=e.name)
            else:
                self.players[seat].next_income += e.next_year_income
                self.event("event.next_year", seat=seat, card=e.name, change=e.next_year_income)

    # ----- zone 11: reorganisation -------------------------------------------------------
    def step_reorganise(self) -> None:
        self.zone = 11
        for zone in ZONES:
            self.board[zone] = []
        for p in self.players:
            p.zone = None
        for deck, cards in self.face_up.items():
            self.piles[deck].bottom.extend(cards)
            cards.clear()
        self.event_card = None
        self.refused.clear()
        self.first = (self.first + 1) % self.n
        self.event("reorganise.first", seat=self.first)
        for seat in range(self.n):  # the count that holds a family to Extra Jobs next year
            p = self.players[seat]
            if self.over_indebted(seat) and not p.held:  # not already held from Zone 8 (R8)
                p.held = True
                self.event("reorganise.over_indebted", seat=seat, loans=p.loans)
        k = self.options.face_up_cards
        steps: list[tuple[Any, ...]] = [("face_up", "investment")] * k
        steps += [("face_up", "shopping")] * k
        if self.options.sales_per_year != 0:  # none: no limit (R22)
            steps += [("sales", seat) for seat in self.order()]
        self.then(*steps, ("year",))

    def step_sales(self, seat: int) -> None:
        self.begin_turn(seat)
        shop = self.content.shop
        if any(shop[c].kind == "product" for c in self.players[seat].shopping):
            self.ask(seat, "sales")

    # ----- the end -----------------------------------------------------------------------
    def step_final(self) -> None:
        self.zone = 0
        self.event("end.start", year=self.year)
        scores = [self.score(seat) for seat in range(self.n)]
        winners = [seat for seat in range(self.n) if self.meets_criteria(seat)]
        if not winners:
            self.end([], scores, msg("end.nobody"))
            return
        best = max(self.champion_key(s, scores[s]) for s in winners)
        champions = [s for s in winners if self.champion_key(s, scores[s]) == best]
        if len(champions) == 1:
            self.event("end.champion", seat=champions[0], score=_whole(scores[champions[0]]))
            self.end(winners, scores, msg("end.winners", champion=champions[0]))
            return
        # A tie the rulebook's tie-breaks leave standing: co-champions (R21).
        for seat in champions:
            self.event("end.co_champion", seat=seat, score=_whole(scores[seat]))
        # ``champion`` names the first, as in a single champion's reason.
        reason = msg("end.co_champions", champions=champions, champion=champions[0])
        self.end(winners, scores, reason)

    def meets_criteria(self, seat: int) -> bool:
        """The rulebook's four winner criteria (wellbeing, savings, no loans, an investment)."""
        o = self.options
        p = self.players[seat]
        return (
            p.wellbeing >= o.win_wellbeing
            and self.savings_total(seat) >= o.win_savings
            and p.loans <= o.win_loan_cards
            and len(p.investments) >= o.win_investments
        )

    def champion_score(self, seat: int) -> float:
        """Wellbeing x 2 + cash + savings (advanced: + a quarter of Products and Businesses)."""
        p = self.players[seat]
        score: float = 2 * p.wellbeing + self.cash(seat) + self.savings_total(seat)
        if self.options.champion_formula == "advanced":
            c = self.content
            products = sum(c.shop[x].cost for x in p.shopping if c.shop[x].kind == "product")
            business = sum(
                c.investment[x].cost for x in p.investments if c.investment[x].kind == "business"
            )
            score += products / 4 + business / 4
        return score

    def score(self, seat: int) -> float:
        """The seat's score (R23): the champion formula less what its loan cards would cost
        to repay.

        The rulebook adds up champion points only for the winners, who hold no loan cards,
        so for them this is the champion score itself. Counting the loan cards against
        everyone else keeps the score a learner is judged on (the result, the debrief, the
        bots) true to the rules: a loan's cash is matched by its cards' cost (by default
        the cards cost more, so borrowing lowers the score), instead of counting as points
        a family holding those cards could never be ranked on.
        """
        return self.champion_score(seat) - self.players[seat].loans * self.options.loan_card_value

    def describe_result(self, seat: int) -> list[Message]:
        """Why ``seat`` won or did not, for the end screen: each of the rulebook's four winner
        criteria (:meth:`meets_criteria`, under the rule options) met or missed, with the
        family's own figure, then how its champion score (:meth:`champion_score`) adds up.
        The result itself says only who won: a learner who missed asks which, and by how
        much."""
        o = self.options
        p = self.players[seat]
        savings = self.savings_total(seat)
        held = len(p.investments)
        criteria: tuple[tuple[str, bool, dict[str, int]], ...] = (
            ("wellbeing", p.wellbeing >= o.win_wellbeing, {"wellbeing": p.wellbeing}),
            ("savings", savings >= o.win_savings, {"savings": savings}),
            ("loans", p.loans <= o.win_loan_cards, {"loans": p.loans}),
            ("investments", held >= o.win_investments, {"investments": held}),
        )
        needs = {
            "wellbeing": {"need": o.win_wellbeing},
            "savings": {"need": o.win_savings},
            "loans": {"most": o.win_loan_cards},
            "investments": {"need": o.win_investments},
        }
        # The rulebook's "no loan cards" reads as such, not "at most 0 allowed".
        said = {"loans": "no_loans"} if o.win_loan_cards == 0 else {}
        lines = [
            msg(
                f"result.{'met' if met else 'missed'}.{said.get(name, name)}",
                **figure,
                **needs[name],
            )
            for name, met, figure in criteria
        ]
        champion = self.champion_score(seat)
        parts = {"wellbeing": p.wellbeing, "cash": self.cash(seat), "savings": savings}
        if o.champion_formula == "advanced":
            c = self.content
            products = sum(c.shop[x].cost for x in p.shopping if c.shop[x].kind == "product")
            businesses = sum(
                c.investment[x].cost for x in p.investments if c.investment[x].kind == "business"
            )
            lines.append(
                msg(
                    "result.champion_advanced",
                    champion=_whole(champion),
                    **parts,
                    products=products / 4,
                    businesses=businesses / 4,
                )
            )
        else:
            lines.append(msg("result.champion", champion=_whole(champion), **parts))
        owed = champion - self.score(seat)  # what the score counts against the loan cards
        if owed:
            lines.append(
                msg("result.score", score=_whole(self.score(seat)), owed=owed, loans=p.loans)
            )
        return lines

    def champion_key(self, seat: int, score: float) -> tuple[float, int, int]:
        """Champion order, as the rulebook breaks ties: score, then most investment cards,
        then most savings. Winners still equal on all three are co-champions (R21)."""
        return (score, len(self.players[seat].investments), self.savings_total(seat))


def _whole(x: float) -> float | int:
    """A score as a sentence writes it: a whole number without ".0"."""
    return int(x) if float(x).is_integer() else x
