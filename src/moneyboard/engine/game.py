"""A game's definition: what the registry knows about one game and how to start it."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from moneyboard.engine.actions import Action, ActionCodec
from moneyboard.engine.chance import Outcome
from moneyboard.engine.errors import OptionsError
from moneyboard.engine.options import RuleOptions, build_options
from moneyboard.engine.state import GameState, Seat

if TYPE_CHECKING:
    from moneyboard.engine.record import GameRecord


@dataclasses.dataclass(frozen=True)
class GameDef:
    """Everything generic code (CLI, records, bots, adapters) needs to know about a game."""

    id: str
    title: str
    min_players: int
    max_players: int
    options_model: type[RuleOptions]
    state_class: type[GameState]
    summary: str = ""

    @functools.cached_property
    def codec(self) -> ActionCodec:
        """Reads actions from JSON (built once: a server reads one per move)."""
        return ActionCodec(self.state_class.action_types)

    def options(self, overrides: Mapping[str, Any] | None = None) -> RuleOptions:
        """Validated rule options (defaults plus ``overrides``); errors name the option."""
        options = build_options(self.options_model, overrides)
        known = self.state_class.automations
        unknown = [name for name in options.manual_claims if name not in known]
        if unknown and not known:
            raise OptionsError(
                f"option 'manual_claims': {self.title} has no automations for learners to "
                "claim themselves, so leave this option out"
            )
        if unknown:
            named = ", ".join(repr(name) for name in unknown)
            raise OptionsError(
                f"option 'manual_claims': {self.title} has no automation {named}; "
                f"its automations: {', '.join(sorted(known))}"
            )
        return options

    def replay(self, record: GameRecord, upto: int | None = None) -> GameState:
        """Rebuild the game a record of this game describes (see :func:`record.replay`)."""
        from moneyboard.engine.record import replay

        return replay(record, self, upto)

    def action_space(self, options: RuleOptions, players: int) -> tuple[Action, ...]:
        return self.state_class.action_space(options, players)

    def new_state(
        self,
        seats: Sequence[Seat],
        seed: int = 0,
        options: RuleOptions | Mapping[str, Any] | None = None,
        *,
        forced: Mapping[str, Iterable[Outcome]] | None = None,
        auto_chance: bool = True,
    ) -> GameState:
        """Start a game; refuses a seat count outside the game's range with a clear message."""
        if not self.min_players <= len(seats) <= self.max_players:
            raise OptionsError(
                f"{self.title} is for {self.min_players} to {self.max_players} players, "
                f"not {len(seats)}"
            )
        if not isinstance(options, RuleOptions):
            options = self.options(options)
        return self.state_class(options, seats, seed, forced=forced, auto_chance=auto_chance)
