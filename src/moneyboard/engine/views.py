"""The parts of every view that the kernel owns: version, decision, legal and refused actions.

A game's ``view(seat)`` starts from :meth:`Views.kernel_view`; its full view is the public
view, :meth:`Views.kernel_full_view` and the game's :meth:`Views.hidden_view`. Clients
(terminal, server, bots, RL adapters) read only views.
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from moneyboard.engine.actions import Action
from moneyboard.engine.amounts import Amounts
from moneyboard.engine.messages import Message, event_json

#: The keys :meth:`Views.kernel_view` gives (clients show the rest as the game's own).
KERNEL_VIEW_KEYS = frozenset(
    {
        "game",
        "seats",
        "version",
        "paused",
        "turn",
        "to_move",
        "decision",
        "offer",
        "claims",
        "chance",
        "result",
        "you",
        "legal",
        "refused",
    }
)


class Views(Amounts):
    """JSON views built from the kernel's state."""

    #: True when every seat sees the same table (no hidden cards): a seat's view is then the
    #: public view plus the kernel's part for that seat, and :meth:`private_view` is cheap.
    public_table: ClassVar[bool] = False

    def private_view(self, seat: int) -> dict[str, Any]:
        """What only ``seat`` sees: the parts of ``view(seat)`` that differ from ``view(None)``
        (so its view is ``{**public, **private}``), with its ``legal`` and ``refused`` actions.

        A server sends the public view once and this part to each seat. By default the two
        views are compared; a game with hidden cards may override this with what it knows.
        """
        if self.public_table:
            return {"you": seat, **self.seat_actions(seat)}
        public = self.view(None)
        return {k: v for k, v in self.view(seat).items() if k not in public or public[k] != v}

    def action_text(self, action: Action) -> str:
        """``action`` as a sentence says what was done: its label, with the amount chosen where
        the label leaves it out ("Borrow from the bank ($3,000)"), so that moves of different
        amounts read differently (the class vote, a bot's move, the terminal)."""
        label = self.action_label(action)
        template = self.catalogue.template(f"label.{action.kind}") or ""
        chosen = [
            self.money_text(value) if spec.money else f"{value:,}"
            for field, spec in action.amounts.items()
            if "{" + field not in template and isinstance(value := getattr(action, field), int)
        ]
        return f"{label} ({', '.join(chosen)})" if chosen else label

    def action_cost(self, seat: int, action: Action) -> int | None:
        """What ``action`` costs ``seat`` in money now, where it has a price (for the views)."""
        return None

    def kernel_view(self, seat: int | None = None) -> dict[str, Any]:
        """The common part of a seat's view (``seat``) or of the public view (``None``)."""
        d = self.decision
        node = self.chance_node
        status = self.status
        decision: dict[str, Any] | None = None
        if d is not None:
            decision = {
                "kind": d.kind,
                **dict(d.data),
                "asked": list(d.asked or d.seats),
                "answered": [s for s in d.asked if s not in d.seats],
                "sealed": d.sealed,
            }
        view: dict[str, Any] = {
            "game": self.game_id,
            "seats": [s.to_json() for s in self.seats],
            "version": len(self.moves),
            "paused": status.paused,
            "turn": status.turn,
            "to_move": list(d.seats) if d else [],
            "decision": decision,
            "offer": status.offer.to_json() if status.offer else None,
            "claims": [{"seat": s, "claim": name} for s, name, _ in status.claims],
            "chance": node.stream if node is not None and self.result is None else None,
            "result": self.result.to_json() if self.result else None,
        }
        if seat is not None:
            view["you"] = seat
            view.update(self.seat_actions(seat))
        return view

    def seat_actions(self, seat: int) -> dict[str, list[dict[str, Any]]]:
        """``seat``'s legal actions (with cost and amount range) and the refused candidates
        with the reason a learner reads."""
        legal = self.legal_actions(seat)
        return {
            "legal": self.action_entries(seat, legal),
            "refused": self.refused_entries(seat, legal),
        }

    def refused_entries(self, seat: int, legal: list[Action]) -> list[dict[str, Any]]:
        """The candidates ``seat`` may not take now (``legal`` aside), each with its label and
        the reason a learner reads; none while the game is paused or over.

        An action with an amount to choose shows once, as its button does: the first of its
        refused amounts (a ladder's smallest) stands for the rest ("You want $10 but have $0
        in savings"), and none shows while some amount of it is open (its button offers the
        range)."""
        if self.status.paused or self.result is not None:
            return []
        names = tuple([s.name for s in self.seats])
        refused = []
        seen = set(legal)
        chosen = {_beside_amounts(a) for a in legal if a.amounts}
        for action in self.all_candidates(seat):
            if action in seen:
                continue
            seen.add(action)
            if action.amounts:
                key = _beside_amounts(action)
                if key in chosen:
                    continue
                chosen.add(key)
            reason = self.why_not(seat, action)
            if reason is not None:
                refused.append(self._refused_entry(action, reason, names))
        return refused

    def _refused_entry(
        self, action: Action, reason: Message, names: tuple[str, ...]
    ) -> dict[str, Any]:
        """One refused candidate as a page shows it; the same action refused for the same
        reason reads the same at every step, so the entry is remembered where it can be."""
        key, params = reason
        try:
            memo_key = (action, key, tuple(params.items()), names, self.catalogue, self.currency)
            entry = _REFUSED.get(memo_key)
        except TypeError:  # a reason with a list in it: worked out each time
            memo_key, entry = None, None
        if entry is None:
            entry = {
                "action": action.to_json(),
                "text": self.action_label(action),
                "reason": self.explain(reason),
                "key": key,
            }
            if memo_key is not None:
                if len(_REFUSED) >= _REFUSED_SIZE:
                    _REFUSED.clear()
                _REFUSED[memo_key] = entry
        return {**entry, "action": dict(entry["action"])}

    def action_entries(self, seat: int, legal: list[Action] | None = None) -> list[dict[str, Any]]:
        """``seat``'s legal actions (``legal``, by default worked out here) as a page shows
        them: each with its label and cost, and an action offered at several amounts once,
        with the range to choose from (``amount``: field, min, max, step, and ``money``)."""
        if legal is None:
            legal = self.legal_actions(seat)
        out: list[dict[str, Any]] = []
        ranged: set[tuple[Any, ...]] = set()
        for action in legal:
            entry: dict[str, Any] = {"action": action.to_json()}
            for field, spec in action.amounts.items():
                offered = self.amount_range(seat, action, field)
                bounds = spec.on_step(*offered) if offered is not None else None
                if bounds is None:
                    continue
                key = (action.kind, field, *(v for k, v in action.to_json().items() if k != field))
                if key in ranged:
                    entry = {}
                    break
                ranged.add(key)
                entry["amount"] = {
                    "field": field,
                    "min": bounds[0],
                    "max": bounds[1],
                    "step": spec.step,
                    "money": spec.money,
                }
            if not entry:
                continue
            ranged_on = entry.get("amount")
            entry["text"] = self.action_label(action, ranged_on and ranged_on["field"])
            cost = self.action_cost(seat, action)
            if ranged_on is not None:
                self._ranged_cost(seat, action, entry, cost)
            elif cost is not None:
                entry["cost"] = cost
            out.append(entry)
        return out

    def _ranged_cost(
        self, seat: int, action: Action, entry: dict[str, Any], cost: int | None
    ) -> None:
        """What an action offered at several amounts costs, as a page can tell it for the
        amount typed: the same at both ends (``cost``), or the amount itself (``amount``'s
        ``cost`` is ``"amount"``: a deposit); else nothing, and no one amount's cost is shown
        for all of them."""
        if cost is None:
            return
        ranged = entry["amount"]
        field, low, high = ranged["field"], ranged["min"], ranged["max"]
        at_high = self.action_cost(seat, dataclasses.replace(action, **{field: high}))
        at_low: int | None = cost
        if getattr(action, field) != low:
            at_low = self.action_cost(seat, dataclasses.replace(action, **{field: low}))
        if at_low == at_high:
            entry["cost"] = at_low
        elif (at_low, at_high) == (low, high):
            ranged["cost"] = "amount"

    def full_view(
        self, *, history: bool = True, public: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        """The whole state as JSON (trainer, tests, ``replay --json``): the public view, the
        kernel's common part (:meth:`kernel_full_view`; ``history``: with the log and every
        posting) and what only the trainer sees (:meth:`hidden_view`).

        ``public`` is this very state's public view when the caller has just built it (the
        classroom server, after every move), so that it is not built twice.
        """
        return {
            **(self.view(None) if public is None else public),
            **self.kernel_full_view(history=history),
            **self.hidden_view(),
        }

    def hidden_view(self) -> dict[str, Any]:
        """What the full view shows beyond the public one and the kernel's part: decks in
        their order, prepared cards, true totals. A key here replaces the public view's."""
        return {}

    def kernel_full_view(self, *, history: bool = True) -> dict[str, Any]:
        """The common part of the full view: options, seed, forced outcomes, money and, with
        ``history``, every posting and event so far. Without it the view's size does not
        grow with the game: the classroom server sends it to the trainer after every move,
        and the history as events, a move at a time."""
        view = {
            "options": self.options.overrides(),
            "seed": self.seed,
            "forced": self.chance.pending_forced(),
            "balances": dict(sorted(self.ledger.balances.items())),
            "decisions": self.decisions_made,
        }
        if history:
            view["postings"] = [p.to_json() for p in self.ledger.postings]
            view["log"] = [event_json(m) for m in self.log]
        return view


#: Refused entries remembered by (action, reason, seat names, catalogue, currency); cleared
#: when full. Views get copies, so a caller may change what it is given.
_REFUSED: dict[tuple[Any, ...], dict[str, Any]] = {}
_REFUSED_SIZE = 4096


def _beside_amounts(action: Action) -> tuple[Any, ...]:
    """An action with an amount to choose, told apart by everything but its amounts (one
    button: "Take money out of savings", whatever the sum)."""
    return (
        action.kind,
        *((k, v) for k, v in action.to_json().items() if k not in action.amounts),
    )
