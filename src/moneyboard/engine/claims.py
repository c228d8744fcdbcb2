"""Automations: bookkeeping a learner must remember to claim, or have done for them.

A game names its automations (``automations``: name -> what it does). Every game's options
have ``manual_claims``: the automations a class wants learners to claim themselves. A step
calls :meth:`Claims.claimable`; when the automation is on, its step runs at once; otherwise
the seat may take :class:`Claim` until the next turn begins, and a forgotten claim is lost.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import ClassVar

from moneyboard.engine.actions import Action
from moneyboard.engine.kernel import Kernel, Step
from moneyboard.engine.messages import Message, msg


@dataclasses.dataclass(frozen=True, slots=True)
class Claim(Action):
    """Claim what the rules give only to those who ask for it (a Pay Day, a bonus)."""

    kind: ClassVar[str] = "claim"
    anytime: ClassVar[bool] = True
    name: str


class Claims(Kernel):
    """Claims that expire when the game moves on, or that run by themselves."""

    #: Automation name -> what it does, for ``moneyboard rules`` and the views.
    automations: ClassVar[Mapping[str, str]] = {}

    def automatic(self, name: str) -> bool:
        """Whether automation ``name`` runs by itself under the rule options."""
        return name not in self.options.manual_claims

    def claimable(self, seat: int, name: str, step: Step) -> None:
        """Run ``step`` now if ``name`` is automatic, else let ``seat`` claim it until the
        next turn begins. ``step`` only does bookkeeping (it asks nothing)."""
        if self.automatic(name):
            self._steps[step[0]](self, *step[1:])
            return
        self.status.claims.append((seat, name, step))
        self.event("claim.available", seat=seat, claim=name)

    def check_claim(self, seat: int, a: Claim) -> Message | None:
        for claimant, name, _ in self.status.claims:
            if claimant == seat and name == a.name:
                return None
        return msg("why.nothing_to_claim", claim=a.name)

    def do_claim(self, seat: int, a: Claim) -> None:
        claims = self.status.claims
        for i, (claimant, name, step) in enumerate(claims):
            if claimant == seat and name == a.name:
                del claims[i]
                self.event("claim.made", seat=seat, claim=name)
                self._steps[step[0]](self, *step[1:])
                return
