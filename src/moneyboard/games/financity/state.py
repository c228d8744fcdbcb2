"""The FinanCity game state: zones + choices, with views, metrics and the action space."""

from __future__ import annotations

from typing import Any, ClassVar

from moneyboard.engine.actions import Action
from moneyboard.engine.labels import money_text
from moneyboard.engine.messages import Event, Message, load_catalogue, msg
from moneyboard.engine.offers import ACCEPT, DECLINE, Propose
from moneyboard.engine.options import RuleOptions
from moneyboard.engine.state import GameState
from moneyboard.games.financity.actions import (
    ACTION_TYPES,
    BUY_TOKEN,
    DONE,
    REPAY_LOAN,
    TAKE_EFFECT,
    USE_INSURANCE,
    BuyInvestment,
    BuyShopping,
    Place,
    TakeLoan,
    UseInsurance,
    Withdraw,
)
from moneyboard.games.financity.base import ZONE_LABELS, ZONE_NAMES, ZONES
from moneyboard.games.financity.choices import (
    BUY_INVESTMENT,
    BUY_SHOPPING,
    CLAIMS,
    DEPOSITS,
    PLACES,
    PRODUCTS,
    SELL,
    WITHDRAWALS,
    Choices,
    sale_prices,
)
from moneyboard.games.financity.content import KIND_NAMES, load_content
from moneyboard.games.financity.options import AUTOMATIONS, FinanCityOptions
from moneyboard.games.financity.outlook import outlook as projected_outlook

#: How FinanCity writes money: in dollars.
DOLLARS = ("$", "")


def _priced_cards() -> dict[str, str]:
    """Each investment and shopping card as a buying button names it: by its name and price
    ("Online Shop ($300)"), as the ``card`` field of an action's label."""
    content = load_content()
    return {
        f"card={card.id}": f"{card.name} ({money_text(card.cost, DOLLARS)})"
        for cards in (content.investments, content.shopping)
        for card in cards
    }


#: The events whose amount is told with its parts, each part worded by the template
#: ``income.part.<part>`` or ``expenses.part.<part>`` ("home $1,100"); a part of $0 is left
#: out.
ITEMISED: dict[str, tuple[str, ...]] = {
    "income.received": ("home", "savings", "investments", "change"),
    "expenses.paid": ("home", "more", "less"),
}


def _answers() -> dict[str, frozenset[str]]:
    return {
        "plan": frozenset({"place"}),
        "turn": frozenset({"done"}),
        "savings": frozenset({"deposit", "done"}),
        "held_savings": frozenset({"done"}),
        "invest": frozenset({"buy_investment", "done"}),
        "shop": frozenset({"buy_shopping", "done"}),
        "insure": frozenset({"buy_token", "done"}),
        "event": frozenset({"use_insurance", "take_effect"}),
        "cover": frozenset({"take_loan", "withdraw"}),
        "repay": frozenset({"done"}),
        "sales": frozenset({"propose", "done"}),
    }


class FinanCityState(Choices):
    """A game of FinanCity in progress (or finished)."""

    action_types = ACTION_TYPES
    #: Listed only when legal: a Place always is (every benefit zone takes any number).
    listed_when_legal = frozenset({Place})
    answers: ClassVar[dict[str, frozenset[str]]] = _answers()
    #: Everything on a FinanCity table is public; face-down decks show only their size.
    public_table = True
    #: FinanCity counts in dollars.
    currency = DOLLARS
    #: FinanCity is played in years: the debrief and the tables count them so.
    period = "year"
    content = load_content()
    #: The game's words, with every card by its name; on a buying button, by its name and
    #: price ("Buy Online Shop ($300)").
    catalogue = (
        GameState.catalogue.merged(load_catalogue("moneyboard.games.financity"))
        .with_words(
            {
                card.id: card.name
                for cards in (content.homes, content.investments, content.shopping, content.events)
                for card in cards
            }
        )
        .with_words(_priced_cards())
        # The zones on the place buttons, as the rulebook names them ("shopping" elsewhere
        # is a deck).
        .with_words({f"zone={zone}": name for zone, name in ZONE_NAMES.items()})
    )
    automations: ClassVar[dict[str, str]] = AUTOMATIONS

    def stream_left(self, stream: str) -> tuple[str, ...] | None:
        """The Unforeseen Events still to come, and the face-down cards a deck's next card is
        turned up from (the home cards: any)."""
        if stream == "deck:events":
            return tuple(self.events)
        kind, _, deck = stream.partition(":")
        if kind == "deck" and deck in self.piles:
            return tuple(self.piles[deck].cards)
        return None

    def stream_outcomes(self, stream: str) -> tuple[str, ...] | None:
        """Home cards, the two buying decks and the Unforeseen Events."""
        c = self.content
        return {
            "homes": tuple(h.id for h in c.homes),
            "deck:investment": tuple(x.id for x in c.investments),
            "deck:shopping": tuple(x.id for x in c.shopping),
            "deck:events": tuple(e.id for e in c.events),
        }.get(stream)

    def chance_streams(self) -> list[str]:
        """The three decks drawn during play (the Home cards are dealt before it)."""
        return ["deck:investment", "deck:shopping", "deck:events"]

    # ----- pace ------------------------------------------------------------------------
    def time_limit(self) -> float | None:
        limit = self.options.turn_time_limit
        return None if limit is None else float(limit)

    def fallback_action(self, seat: int) -> Action | None:
        """The cautious choice when time runs out (R24 in RULINGS.md)."""
        d = self.decision
        if d is None or seat not in d.seats:
            return None
        kind = d.kind
        if kind == "plan":
            return Place("extra_jobs")
        if kind == "event":
            return USE_INSURANCE
        if kind == "offer":
            return DECLINE
        if kind == "cover":
            return self.cheapest_cover(seat, d.data["amount"] - self.cash(seat))
        return DONE

    def cheapest_cover(self, seat: int, gap: int) -> Action:
        """The time-out's way to raise ``gap`` for a payment (R24): savings when they can
        cover it (the smallest card that does, else the largest, one at a time), since the
        surcharge costs less than a loan and keeps the family free of loan cards; otherwise
        a loan, or the largest card when no loan may be taken."""
        savings = self.players[seat].savings
        if sum(self.withdrawal_value(card) for card in savings) >= gap:
            enough = sorted(card for card in savings if self.withdrawal_value(card) >= gap)
            return Withdraw(enough[0] if enough else max(savings))
        loan = self.new_loan(seat)
        if self.can(seat, loan):
            return loan
        return Withdraw(max(savings))

    # ----- views -------------------------------------------------------------------------
    def _player_view(self, seat: int) -> dict[str, Any]:
        p = self.players[seat]
        more, less = self.expense_changes(seat)
        return {
            "seat": seat,
            "name": self.seats[seat].name,
            "home": p.home.id if p.home else None,
            "home_name": p.home.name if p.home else None,
            "cash": self.cash(seat),
            "savings": self.savings_total(seat),
            "savings_cards": list(p.savings),
            "loan_cards": p.loans,
            "over_indebted": self.over_indebted(seat),
            "investments": list(p.investments),
            "shopping": list(p.shopping),
            "wellbeing": p.wellbeing,
            "insurance_tokens": p.tokens,
            "zone": ZONE_LABELS[p.zone] if p.zone else None,
            "income": self.income(seat),
            "next_year_income_change": p.next_income,
            "expenses": (p.home.expenses if p.home else 0) + more - less,
            "meets_winner_criteria": self.meets_criteria(seat) if p.home else False,
        }

    def _investment_view(self, card: str) -> dict[str, Any]:
        c = self.content.investment[card]
        return {
            "card": c.id,
            "name": c.name,
            "kind": c.kind,
            "cost": c.cost,
            "income": c.income,
            "wellbeing": c.wellbeing,
        }

    def _shopping_view(self, card: str) -> dict[str, Any]:
        c = self.content.shop[card]
        return {
            "card": c.id,
            "name": c.name,
            "kind": c.kind,
            "cost": c.cost,
            "wellbeing": c.wellbeing,
            "every_year": c.every_year,
            "expenses": c.expenses,
        }

    def _event_view(self, card: str) -> dict[str, Any]:
        c = self.content.event[card]
        return {"card": c.id, "name": c.name, "text": c.text}

    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything on the table is public in FinanCity; a seat view adds ``you``.

        The face-down decks show only how many cards they hold.
        """
        data = {
            **self.kernel_view(seat),
            "year": self.year,
            "years": self.options.years,
            "zone": self.zone,
            "first": self.first,
            "board": {ZONE_LABELS[z]: list(self.board[z]) for z in ZONES},
            "investments_face_up": {
                f"card {i + 1}": self._investment_view(c)
                for i, c in enumerate(self.face_up["investment"])
            },
            "shopping_face_up": {
                f"card {i + 1}": self._shopping_view(c)
                for i, c in enumerate(self.face_up["shopping"])
            },
            "event": self._event_view(self.event_card) if self.event_card else None,
            "decks": {
                "investment": len(self.piles["investment"]),
                "shopping": len(self.piles["shopping"]),
                "events": self.events_to_come(),
            },
            "players": [self._player_view(s) for s in range(self.n)],
        }
        return data

    def events_to_come(self) -> int:
        """Unforeseen Event cards still to be turned: one a year, and the game ends with the
        last (R3); every card that will not be turned counts as removed."""
        turned = len(self.content.events) - len(self.events)
        return self.options.years - turned

    def hidden_view(self) -> dict[str, Any]:
        """The piles in their order and the events still to come."""
        return {
            "decks": {
                "investment": self.piles["investment"].to_json(),
                "shopping": self.piles["shopping"].to_json(),
                "events": sorted(self.events),
            },
        }

    def metrics(self, seat: int) -> dict[str, float]:
        p = self.players[seat]
        c = self.content
        assets = sum(c.investment[i].cost for i in p.investments)
        assets += sum(c.shop[x].cost for x in p.shopping if c.shop[x].kind == "product")
        return {
            "cash": float(self.cash(seat)),
            "savings": float(self.savings_total(seat)),
            "debt": float(p.loans * self.options.loan_card_value),
            "assets": float(assets),
            "income": float(self.income(seat)),
            "wellbeing": float(p.wellbeing),
            "score": float(self.score(seat)),
        }

    def action_label(self, action: Action, chosen_later: str | None = None) -> str:
        """The action in the game's words; the insurance button of the seat asked about an
        event says which insurance it uses: Zone 9, which costs no token, or a token handed
        back (R19); a savings card cashed where the bank keeps its share says what comes back."""
        d = self.decision
        if isinstance(action, UseInsurance) and d is not None and d.kind == "event":
            how = "zone" if self.players[d.seats[0]].zone == "insurance" else "token"
            return self.explain(msg(f"insured.{how}"))
        if isinstance(action, Withdraw):
            amount = self.withdrawal_value(action.value)
            if amount < action.value:
                surcharge = action.value - amount
                return self.explain(
                    msg("withdraw.fee", value=action.value, amount=amount, surcharge=surcharge)
                )
        return super().action_label(action, chosen_later)

    def explain(self, message: Event) -> str:
        """The message in words; income received and expenses paid name only their parts
        that are not $0 ("income (home $1,100)", not "... savings $0, investments $0")."""
        words = super().explain
        key, params = message
        parts = ITEMISED.get(key)
        if parts is None:
            return words(message)
        named = [part for part in parts if params.get(part)]
        if "more" in named and "less" in named:  # "adding $40 and taking off $20"
            named[named.index("more") : named.index("less") + 1] = ["more_less"]
        table = key.partition(".")[0]
        worded = [words((f"{table}.part.{part}", params)) for part in named]
        return words((key, {**params, "parts": ", ".join(worded)}))

    def describe_action(self, seat: int, action: Action) -> Message | None:
        """What an action means for ``seat``, in words (the terminal shows it beside it)."""
        c = self.content
        o = self.options
        if isinstance(action, Place):
            return msg(
                f"describe.zone.{action.zone}",
                pay=o.extra_jobs_pay,
                wellbeing=o.free_time_wellbeing,
                cards=o.loan_zone_cards,
                price=o.insurance_token_price,
            )
        if isinstance(action, BuyInvestment) and action.card in c.investment:
            card = c.investment[action.card]
            return msg(
                "describe.investment_wellbeing" if card.wellbeing else "describe.investment",
                income=card.income,
                kind=KIND_NAMES[card.kind],
                wellbeing=card.wellbeing,
            )
        if isinstance(action, BuyShopping) and action.card in c.shop:
            shop = c.shop[action.card]
            key = "describe.shopping_plus" if shop.every_year else "describe.shopping"
            if not shop.expenses:  # no "expenses +0 a year"
                key += "_same"
            return msg(
                key,
                wellbeing=shop.wellbeing,
                expenses=shop.expenses,
                kind=KIND_NAMES[shop.kind],
            )
        if isinstance(action, UseInsurance):
            p = self.players[seat]
            if p.zone == "insurance":
                return msg("describe.use_insurance_zone")
            return msg("describe.use_insurance_token", left=max(0, p.tokens - 1))
        if isinstance(action, Withdraw):
            amount = self.withdrawal_value(action.value)
            # Where the bank keeps a share, the label says so already.
            return msg("describe.withdraw", amount=amount) if amount == action.value else None
        if isinstance(action, TakeLoan):
            # The label gives the terms; this says what they add up to.
            total = action.cards * action.card_value
            extra = total - action.cash
            key = "describe.loan" if extra > 0 else "describe.loan_even"
            return msg(key, total=total, extra=extra)
        if isinstance(action, Propose) and action.item in c.shop:
            return msg(
                "describe.sale",
                card=c.shop[action.item].name,
                to=action.to,
                buyer=self.seats[action.to].name if 0 <= action.to < self.n else "?",
                price=action.price,
            )
        key = f"describe.{action.kind}"
        return (
            msg(key, price=o.insurance_token_price, value=o.loan_card_value)
            if key in self.catalogue
            else None
        )

    # ----- bounds for the adapters -------------------------------------------------------

    def outlook(self, seat: int) -> float:
        """What the seat is on course to finish with: its figures projected to the end of
        the game (income, expenses and events to come, this year's benefit zone), loan
        cards owed, and the winner's criteria at what meeting them is worth (``outlook.py``
        says how and why). Once the game is over, the final score."""
        p = self.players[seat]
        if self.result is not None or p.home is None:
            return super().outlook(seat)
        return projected_outlook(self, seat)

    @classmethod
    def action_space(cls, options: RuleOptions, players: int) -> tuple[Action, ...]:
        assert isinstance(options, FinanCityOptions)
        o = options
        loans = dict.fromkeys(
            TakeLoan(o.loan_amount, cards, o.loan_card_value)
            for cards in (o.loan_cards, o.loan_zone_cards)
        )
        sales = tuple(
            Propose(to, SELL, card, price)
            for card in PRODUCTS
            for to in range(players)
            for price in sale_prices(card)
        )
        return (
            *PLACES,
            *CLAIMS,
            *DEPOSITS,
            *WITHDRAWALS,
            *loans,
            REPAY_LOAN,
            *BUY_INVESTMENT.values(),
            *BUY_SHOPPING.values(),
            BUY_TOKEN,
            USE_INSURANCE,
            TAKE_EFFECT,
            *sales,
            ACCEPT,
            DECLINE,
            DONE,
        )

    @classmethod
    def max_chance_outcomes(cls, options: RuleOptions, players: int) -> int:
        c = cls.content
        return max(len(c.homes), len(c.investments), len(c.shopping), len(c.events))
