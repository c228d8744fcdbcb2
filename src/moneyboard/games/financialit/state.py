"""The FinanciaLit game state: flow + choices, with views, metrics and the action space."""

from __future__ import annotations

import functools
from collections.abc import Collection, Iterable
from typing import Any, ClassVar

from moneyboard.engine.actions import Action
from moneyboard.engine.chance import Outcome
from moneyboard.engine.labels import CHOSEN_LATER, remembered_label
from moneyboard.engine.messages import Catalogue, Message, load_catalogue, msg
from moneyboard.engine.options import RuleOptions
from moneyboard.engine.state import GameState
from moneyboard.games.financialit.actions import (
    ACTION_TYPES,
    BUY_GOODS,
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
    DropClause,
    Invest,
    Save,
    TakeLoan,
)
from moneyboard.games.financialit.base import LOCATIONS, Household
from moneyboard.games.financialit.choices import (
    ADD_CLAUSES,
    ANSWERS,
    BUY_LUXURY,
    DROP_CLAUSES,
    PLACES,
    Choices,
    payout_range,
)
from moneyboard.games.financialit.content import Content, load_content
from moneyboard.games.financialit.flow import INCOME_STREAMS, RETURN_STREAMS, Flow
from moneyboard.games.financialit.options import FinanciaLitOptions
from moneyboard.games.financialit.outlook import outlook as projected_outlook

#: The message key of a draw on each stream (after ``draw.``).
DRAW_KEYS = {
    "families": "family",
    "deck:events": "event",
    "deck:luxury": "luxury",
    "deck:short": "short",
    "deck:long": "long",
    "income": "income",
    "skills": "skill",
    "careers": "career",
}


def clause_words(
    content: Content, covers: Iterable[tuple[str, str | None]] | None = None
) -> dict[str, str]:
    """Each insurance clause on its buttons (``clause=ID``) with the Event cards it covers:
    ``covers`` gives each Event card's name and covering insurance (by default as shipped).

    >>> from moneyboard.games.financialit.content import load_content
    >>> clause_words(load_content())["clause=theft"]
    'Theft clause (covers Burglary and Stolen Phone)'
    >>> clause_words(load_content(), [("Burglary", "theft")])["clause=theft"]
    'Theft clause (covers Burglary)'
    """
    if covers is None:
        covers = [(e.name, e.covered_by) for e in content.events]
    covers = list(covers)
    words = {}
    for clause in content.clauses:
        events = [name for name, covered_by in covers if covered_by == clause.id]
        listed = (
            " and ".join(events)
            if len(events) < 3
            else ", ".join(events[:-1]) + " and " + events[-1]
        )
        words[f"clause={clause.id}"] = f"{clause.name} (covers {listed})" if events else clause.name
    return words


@functools.lru_cache(maxsize=64)
def covering_words(catalogue: Catalogue, covers: tuple[tuple[str, str | None], ...]) -> Catalogue:
    """``catalogue`` with the clauses' buttons naming what they cover in a game whose
    Event cards give ``covers`` (name, covering insurance): one catalogue for each, so that
    their labels are remembered like any other."""
    return catalogue.with_words(clause_words(FinanciaLitState.content, covers))


class FinanciaLitState(Flow, Choices):
    """A game of FinanciaLit in progress (or finished)."""

    action_types = ACTION_TYPES
    #: Their checks always pass (a loan may be taken at any time; saving is always allowed).
    listed_when_legal = frozenset({Save, TakeLoan})
    answers: ClassVar[dict[str, frozenset[str]]] = ANSWERS
    #: Every card on a FinanciaLit table is face up.
    public_table = True
    #: FinanciaLit counts money in units.
    currency = ("", " units")
    content = load_content()
    #: The game's words, with its cards and locations by their names ("Flat-screen TV", not
    #: "tv"; "Place a pawn on Payable Bills", as events name it). The insurance clauses are
    #: named only on their buttons ("clause=fire"): "fire" is an event card too, and "income"
    #: a phase.
    catalogue = GameState.catalogue.merged(
        load_catalogue("moneyboard.games.financialit")
    ).with_words(
        {
            card.id: card.name
            for cards in (
                content.families,
                content.income_cards,
                content.events,
                content.luxuries,
                content.short_investments,
                content.long_investments,
                content.skills,
                content.careers,
                content.locations,
            )
            for card in cards
        }
        | clause_words(content)
        # The insurance a family holds, by the cards' names ("Basic Insurance").
        | {f"insurance={c.id}": c.name for c in (content.basic_insurance, *content.clauses)}
    )

    # ----- chance ----------------------------------------------------------------------
    def stream_left(self, stream: str) -> tuple[str, ...] | None:
        """The cards the next draw of a deck, or of an Income Modifier, can give now."""
        kind, _, which = stream.partition(":")
        if kind == "deck" and which in self.decks:
            return self.decks[which].left()
        if kind == "income":
            return self.decks["income"].left()
        return None

    def stream_outcomes(self, stream: str) -> Collection[Outcome] | None:
        """Every card or payout a chance stream of FinanciaLit can ever give.

        Streams: ``families`` (dealing), ``deck:events``, ``deck:luxury``, ``deck:short``,
        ``deck:long``, ``income`` (one Income Modifier for all), ``income:N`` (seat N's own),
        ``skills``, ``careers`` and ``returns:ID`` (the payout of risky investment ID).
        """
        c = self.content
        kind, _, which = stream.partition(":")
        if stream == "families":
            return c.family.keys()
        if kind == "deck":
            decks = {
                "events": c.event.keys(),
                "luxury": c.luxury.keys(),
                "short": [x.id for x in c.short_investments],
                "long": [x.id for x in c.long_investments],
            }
            return decks.get(which)
        if stream == "income" or (kind == "income" and which.isdecimal() and int(which) < self.n):
            return c.income_card.keys()
        if stream == "skills":
            return c.skill.keys()
        if stream == "careers":
            return c.career.keys()
        if kind == "returns" and which in c.investment and c.investment[which].risky:
            return c.investment[which].returns
        return None

    def chance_streams(self) -> list[str]:
        """The decks, the Income Modifiers as the rule options draw them (one card for all,
        or each family its own) and the payouts of the risky investments."""
        c = self.content
        streams = ["deck:events", "deck:luxury", "deck:short", "deck:long"]
        if self.options.income_draw == "one_for_all":
            streams.append("income")
        elif self.options.income_draw == "each":
            streams.extend(INCOME_STREAMS[: self.n])
        streams += ["skills", "careers"]
        investments = (*c.short_investments, *c.long_investments)
        return streams + [RETURN_STREAMS[x.id] for x in investments if x.risky]

    def describe_draw(self, stream: str, outcome: Outcome) -> Message | None:
        """A chance draw in a learner's words: the card's name, not its id (None: unknown)."""
        c = self.content
        kind, _, which = stream.partition(":")
        names: dict[str, Any] = {
            "families": c.family,
            "deck:events": c.event,
            "deck:luxury": c.luxury,
            "deck:short": c.investment,
            "deck:long": c.investment,
            "income": c.income_card,
            "skills": c.skill,
            "careers": c.career,
        }
        if kind == "income":
            stream = "income"
        if kind == "returns" and which in c.investment:
            return msg("draw.returns", card=c.investment[which].name, units=outcome)
        cards = names.get(stream)
        if cards is None or outcome not in cards:
            return None
        params: dict[str, Any] = {"card": cards[outcome].name}
        if kind == "income" and which.isdecimal() and int(which) < self.n:
            params["seat"] = int(which)
            return msg("draw.income_for", **params)
        return msg(f"draw.{DRAW_KEYS[stream]}", **params)

    # ----- pace ------------------------------------------------------------------------
    def time_limit(self) -> float | None:
        limit = self.options.turn_time_limit
        return None if limit is None else float(limit)

    def fallback_action(self, seat: int) -> Action | None:
        """The cautious choice when time runs out (R34 in RULINGS.md)."""
        d = self.decision
        if d is None or seat not in d.seats:
            return None
        if d.kind == "action":
            return SAVE
        if d.kind in ("cover", "cover_event"):
            return TAKE_LOAN
        if d.kind == "settle_loan":
            return SETTLE_UNITS if self.can(seat, SETTLE_UNITS) else SETTLE_HAPPINESS
        if d.kind == "market" and not self.can(seat, DONE):
            # The trainer's minimum of Common Goods must be met first: all of it in one
            # move where the family may buy that many now, else one card.
            rest = min(self.options.goods_min - self.visit["goods"], self.goods_most(seat))
            whole = BUY_GOODS_OF.get(rest)
            return whole if whole is not None and self.can(seat, whole) else BUY_GOODS
        return DONE

    # ----- words -------------------------------------------------------------------------
    def action_label(self, action: Action, chosen_later: str | None = None) -> str:
        """The action in the game's words; a Luxury Item's button names the item in its slot
        ("Buy Beach Holiday (slot 2)") and an investment's the card on offer ("Invest in
        Term Deposit (short term)"), their price beside them as every purchase's cost. An
        empty slot or a term with nothing on offer reads as the plain template. Common Goods
        at the Market say their count and what they cost (:meth:`goods_label`). A clause's
        button names the Event cards it covers in this game: ``event_changes`` may give a
        card to another insurance (R45)."""
        if isinstance(action, AddClause | DropClause) and self.options.event_changes:
            covers = tuple((e.name, e.covered_by) for e in self.figures.events.values())
            names = tuple([seat.name for seat in self.seats])
            catalogue = covering_words(self.catalogue, covers)
            return remembered_label(action, catalogue, names, self.currency, chosen_later)
        if isinstance(action, BuyGoods):
            d = self.decision
            if d is not None and d.kind == "market":
                return self.explain(self.goods_label(action.count, chosen_later == "count"))
        elif isinstance(action, BuyLuxury):
            market = self.market
            item = market[action.slot] if 0 <= action.slot < len(market) else None
            if item is not None:
                name = self.content.luxury[item].name
                return self.explain(msg("named.buy_luxury", item=name, number=action.slot + 1))
        elif isinstance(action, Invest):
            card = self.offers.get(action.term)
            if card is not None:
                name = self.content.investment[card].name
                return self.explain(msg("named.invest", card=name, term=action.term))
        return super().action_label(action, chosen_later)

    def goods_label(self, count: int, chosen_later: bool = False) -> Message:
        """Common Goods on their button: "Buy 7 Common Goods (6 units, bulk discount
        included)", the price worked out on this visit as buying them does (R15). A count
        still to be typed (``chosen_later``: a page's number input) says the price of each
        card and when the bulk discount comes instead."""
        o = self.options
        if chosen_later:
            bought = self.visit.get("goods", 0)
            about = {"count": CHOSEN_LATER, "price": o.basic_goods_price}
            if o.bulk_goods_discount and bought < o.bulk_goods_threshold:
                more = {"discount": o.bulk_goods_discount, "threshold": o.bulk_goods_threshold}
                return msg("named.buy_goods_each_bulk", **about, **more)
            return msg("named.buy_goods_each", **about)
        cost = self.goods_cost(count)
        bulk = self.goods_discounted(count)
        if cost < 0:
            return msg("named.buy_goods_back", count=count, back=-cost)
        if cost == 0:
            return msg("named.buy_goods_free_bulk" if bulk else "named.buy_goods_free", count=count)
        return msg("named.buy_goods_bulk" if bulk else "named.buy_goods", count=count, cost=cost)

    # ----- views -------------------------------------------------------------------------
    def _home_view(self, seat: int) -> dict[str, Any]:
        home: Household = self.homes[seat]
        o = self.options
        return {
            "seat": seat,
            "name": self.seats[seat].name,
            "family": home.family.id,
            "family_name": home.family.name,
            "special": home.family.special,
            "cash": self.cash(seat),
            "happiness": home.happiness,
            "income": home.tracker,
            "goods": home.goods,
            "goods_need": max(0, home.family.goods + o.family_goods_delta),
            "bills": self.bills(seat),
            "luxuries": list(home.luxuries),
            "insurance": list(home.insurance),
            "skills": list(home.skills),
            "careers": [{"card": c, "active": bool(a)} for c, a in home.careers],
            "career_away": home.career_away,
            "investments": [{"card": c, "slot": s} for c, s in home.investments],
            "loans": list(home.loans),
            "miscalculation": home.miscalculation,
            "family_aid_used": home.aid_used,
            "pawns": home.pawns,
            "placed": sorted(home.placed),
            # Where its pawns are, for "Where you are" (no list of none at a period's start).
            "where": sorted(home.placed) or "no_pawn_placed",
            "saved": home.saved,
        }

    def _luxury_view(self, item: str | None) -> dict[str, Any] | None:
        """A Luxury Item in a market slot with what it costs and brings (``None``: empty)."""
        return None if item is None else dict(self.figures.luxury_cards[item])

    def _offer_view(self, term: str) -> dict[str, Any] | None:
        """The investment on offer for ``term`` with its price now, how many periods it runs
        and what it may pay (``None``: taken this round)."""
        card_id = self.offers[term]
        if card_id is None:
            return None
        card = self.content.investment[card_id]
        return {
            "card": card_id,
            "name": card.name,
            "cost": self.investment_price(term),
            "periods": card.slots,
            "pays": payout_range(card.returns),
            "happiness": card.happiness,
        }

    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything on the table is public in FinanciaLit; a seat view adds ``you``."""
        data = {
            **self.kernel_view(seat),
            "round": self.round,
            "rounds": self.options.rounds,
            "phase": self.phase,
            "first": self.first,
            "board": {loc: list(self.board[loc]) for loc in LOCATIONS},
            "market": [self._luxury_view(item) for item in self.market],
            "offers": {term: self._offer_view(term) for term in self.offers},
            "events_this_round": list(self.events_shown),
            "decks": {name: len(deck) for name, deck in self.decks.items()},
            "families": [self._home_view(s) for s in range(len(self.homes))],
        }
        return data

    def hidden_view(self) -> dict[str, Any]:
        """The decks in their order and the cards the trainer prepared."""
        return {
            "decks": {name: deck.to_json() for name, deck in self.decks.items()},
            "prepared": {k: list(v) for k, v in self.prepared.items()},
        }

    def metrics(self, seat: int) -> dict[str, float]:
        if seat >= len(self.homes):  # families not dealt yet (a chance node at set-up)
            return dict.fromkeys(
                ("cash", "savings", "debt", "assets", "income", "wellbeing", "score"), 0.0
            )
        home = self.homes[seat]
        c = self.content
        savings = sum(c.investment[i].cost for i, _ in home.investments)
        assets = savings + sum(self.figures.luxury_prices[x] for x in home.luxuries)
        return {
            "cash": float(self.cash(seat)),
            "savings": float(savings),
            "debt": float(self.loan_debt(seat)),
            "assets": float(assets),
            "income": float(home.tracker),
            "wellbeing": float(home.happiness),
            "score": float(home.happiness),
        }

    def outlook(self, seat: int) -> float:
        """The Happiness the family is expected to end with, its figures projected to the
        end and its loans settled one by one (see ``outlook.py`` for what counts and why)."""
        if self.result is not None or seat >= len(self.homes):
            return super().outlook(seat)
        return projected_outlook(self, seat)

    def events_to_come(self) -> int:
        """Event cards still to be revealed: this period's not yet shown (until its upkeep),
        and those of the periods after it."""
        o = self.options
        later = sum(o.events_in_round(r) for r in range(self.round + 1, o.rounds + 1))
        now = 0
        if self.phase in ("setup", "income", "actions", "payments"):
            now = max(0, o.events_in_round(self.round) - len(self.events_shown))
        return now + later

    def expected_event(self, seat: int) -> tuple[float, float]:
        """What one Event card is expected to cost ``seat`` now, in units and in Happiness
        (a gain counts as a negative cost): the mean over the event deck, as
        ``step_event_hit`` would treat each card (spared without the item or the need, or
        when its insurance covers it)."""
        o = self.options
        home = self.homes[seat]
        counts = o.event_deck()
        units = happiness = 0.0
        for card_id, count in counts.items():
            e = self.figures.events[card_id]
            if e.needs_item and not any(x in home.luxuries for x in e.needs_item):
                continue
            if self.missing_need(seat, e.needs) is not None:
                continue
            if e.covered_by is not None and e.covered_by in home.insurance:
                continue
            cost = max(0, e.units + home.family.event_cost_delta) if e.units > 0 else e.units
            units += count * cost
            happiness += count * e.happiness
        total = sum(counts.values()) or 1
        return units / total, happiness / total

    @classmethod
    def action_space(cls, options: RuleOptions, players: int) -> tuple[Action, ...]:
        assert isinstance(options, FinanciaLitOptions)
        return (
            *PLACES,
            SAVE,
            TAKE_LOAN,
            FAMILY_AID,
            LEARN_SKILL,
            SEEK_EMPLOYMENT,
            INVEST_SHORT,
            INVEST_LONG,
            *ADD_CLAUSES,
            *DROP_CLAUSES,
            *BUY_GOODS_OF.values(),
            *BUY_LUXURY[: options.luxury_market_size],
            REFRESH_MARKET,
            DONE,
            SETTLE_UNITS,
            SETTLE_HAPPINESS,
        )
