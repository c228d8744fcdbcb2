"""Offers between players: one seat proposes terms, the other accepts or declines at once.

A game that trades between players includes :class:`Propose`, :class:`Accept` and
:class:`Decline` in its ``action_types`` and answers :meth:`Offers.check_offer` and
:meth:`Offers.settle_offer`. The offer is put to the other seat as an interjection, so it
never outlives the moment; the proposer's decision resumes afterwards.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import ClassVar

from moneyboard.engine.actions import Action, Amount
from moneyboard.engine.amounts import Amounts
from moneyboard.engine.kernel import Decision, Offer
from moneyboard.engine.messages import Catalogue, Message, msg


@dataclasses.dataclass(frozen=True, slots=True)
class Propose(Action):
    """Offer another player a deal: they may accept or decline it.

    ``deal`` is a game word ("sell", "lend"...), about ``item``, to seat ``to``.
    """

    kind: ClassVar[str] = "propose"
    keeps_decision: ClassVar[bool] = True
    amounts: ClassVar[Mapping[str, Amount]] = {"price": Amount(step=1)}
    to: int
    deal: str
    item: str
    price: int


@dataclasses.dataclass(frozen=True, slots=True)
class Accept(Action):
    """Accept the offer put to you."""

    kind: ClassVar[str] = "accept"


@dataclasses.dataclass(frozen=True, slots=True)
class Decline(Action):
    """Decline the offer put to you."""

    kind: ClassVar[str] = "decline"


#: The wording of an offer asking nothing (a decision's ``wording``, see
#: :func:`decision_key`): a game words it in ``describe.decision.offer_free``; a game
#: without that sentence asks it as any other offer.
FREE_OFFER = "offer_free"

ACCEPT = Accept()
DECLINE = Decline()
OFFER_ACTIONS: tuple[type[Action], ...] = (Propose, Accept, Decline)


class Offers(Amounts):
    """The kernel's side of offers: limits, the interjection, and the settlement call."""

    def offers_per_turn(self) -> int:
        """How many offers a seat may make in one turn (see :meth:`begin_turn`)."""
        return 1

    def check_offer(self, seat: int, offer: Offer) -> Message | None:
        """The game's rules for proposing ``offer`` (owning the item, a sensible price...)."""
        return msg("why.no_offers")

    def check_accept_offer(self, seat: int, offer: Offer) -> Message | None:
        """The game's rules for accepting ``offer`` (can the seat pay?)."""
        return None

    def check_decline_offer(self, seat: int, offer: Offer) -> Message | None:
        """The game's rules for declining ``offer`` (a distressed seller must accept)."""
        return None

    def settle_offer(self, offer: Offer) -> None:
        """Carry out an accepted offer: both sides' money in one ``ledger.transfer``."""
        raise NotImplementedError(f"{self.game_id} takes offers but does not settle them")

    def check_propose(self, seat: int, a: Propose) -> Message | None:
        if not 0 <= a.to < self.n or a.to == seat:
            return msg("why.offer_to", to=a.to)
        limit = self.offers_per_turn()
        if self.status.offers_made >= limit:
            return msg("why.offer_limit", limit=limit)
        return self.check_offer(seat, Offer(seat, a.to, a.deal, a.item, a.price))

    def do_propose(self, seat: int, a: Propose) -> None:
        offer = Offer(seat, a.to, a.deal, a.item, a.price)
        self.status.offer = offer
        self.status.offers_made += 1
        self.event("offer.made", **offer.to_json(), label=self.action_label(a))
        # ``by``: the decision's ``seat`` is the one deciding (its words name that seat).
        # A free offer is worded by the game's ``describe.decision.offer_free`` where it has
        # one ("for no commission"), not as a price of nothing (see :data:`FREE_OFFER`).
        wording = {"wording": FREE_OFFER} if a.price == 0 else {}
        self.interject(a.to, "offer", by=seat, deal=a.deal, item=a.item, price=a.price, **wording)

    def check_accept(self, seat: int, a: Accept) -> Message | None:
        offer = self.status.offer
        if offer is None or offer.to != seat:
            return msg("why.no_offer")
        return self.check_accept_offer(seat, offer)

    def do_accept(self, seat: int, a: Accept) -> None:
        offer = self.status.offer
        assert offer is not None
        self.status.offer = None
        self.event("offer.accepted", **offer.to_json())
        self.settle_offer(offer)

    def check_decline(self, seat: int, a: Decline) -> Message | None:
        offer = self.status.offer
        if offer is None or offer.to != seat:
            return msg("why.no_offer")
        return self.check_decline_offer(seat, offer)

    def do_decline(self, seat: int, a: Decline) -> None:
        offer = self.status.offer
        assert offer is not None
        self.status.offer = None
        self.event("offer.declined", **offer.to_json())


def decision_key(catalogue: Catalogue, decision: Decision) -> str:
    """The message key of the sentence asking ``decision``: ``describe.decision.<wording>``
    when its data names a ``wording`` the catalogue has (a free offer), else
    ``describe.decision.<kind>``. The terminal, the server and the pages word it alike.

    >>> c = Catalogue({"describe.decision.offer_free": "free"})
    >>> decision_key(c, Decision((1,), "offer", {"wording": FREE_OFFER}))
    'describe.decision.offer_free'
    >>> decision_key(Catalogue({}), Decision((1,), "offer", {"wording": FREE_OFFER}))
    'describe.decision.offer'
    """
    wording = decision.data.get("wording")
    if isinstance(wording, str) and f"describe.decision.{wording}" in catalogue:
        return f"describe.decision.{wording}"
    return f"describe.decision.{decision.kind}"
