"""What a bot is: something that picks a legal action for a seat and says why in plain words."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from typing import Protocol

from moneyboard.engine.actions import Action
from moneyboard.engine.state import GameState


@dataclasses.dataclass(frozen=True, slots=True)
class Choice:
    """A bot's decision: the action to take and a one-line reason a learner can read."""

    action: Action
    why: str


class Bot(Protocol):
    """A player that needs no person; ``choose`` returns one of ``state.legal_actions(seat)``."""

    kind: str

    def choose(self, state: GameState, seat: int) -> Choice:
        """Pick an action for ``seat``; never changes ``state`` or the game's chance source."""
        ...


def bot_rng(kind: str, game_seed: int, seat: int) -> random.Random:
    """A bot's own random source, fixed by the game seed and seat so runs repeat exactly.

    It is separate from the game's chance source, so a bot's thinking never shifts the dice.

    >>> bot_rng("saver", 7, 1).random() == bot_rng("saver", 7, 1).random()
    True
    >>> bot_rng("saver", 7, 1).random() == bot_rng("saver", 7, 2).random()
    False
    """
    return random.Random(f"moneyboard-bot:{kind}:{game_seed}:{seat}")


#: After this many of its own moves in a row, a bot avoids repeating a move ...
STREAK_LIMIT = 12
#: ... that it has already made this many times in the run.
REPEAT_LIMIT = 3
#: A bot's reason when the guard below left one move: in a learner's words, not the guard's.
REPEATED = (
    f"it had already made each of its other moves {REPEAT_LIMIT} times since another player "
    "last moved, so it stopped repeating them"
)


class RepeatGuard:
    """Stops a bot from repeating moves forever in a decision that stays open (borrow,
    repay, borrow ... in a turn that goes on until the seat rolls or passes).

    It counts the bot's own moves since another seat last moved; after
    :data:`STREAK_LIMIT` of them, moves already made :data:`REPEAT_LIMIT` times are left out.
    """

    def __init__(self) -> None:
        self.streak: Counter[Action] = Counter()
        #: The decision count right after the bot's last move (a gap means others moved).
        self.end = -1

    def allowed(self, state: GameState, legal: list[Action]) -> list[Action]:
        """``legal`` without the moves repeated enough in this run of own moves."""
        self._new_run_if_others_moved(state)
        if self.run() < STREAK_LIMIT:
            return legal
        return [a for a in legal if self.streak[a] < REPEAT_LIMIT] or legal

    def _new_run_if_others_moved(self, state: GameState) -> None:
        if state.decisions_made != self.end:
            self.streak.clear()

    def run(self) -> int:
        """How many own moves in a row the bot has made (as of its last move)."""
        return sum(self.streak.values())

    def played(self, state: GameState, action: Action) -> None:
        """Remember ``action`` (assuming it is played next)."""
        # A forced move (the only one) is remembered too, so the run is checked here as well:
        # a roll at each turn's start once carried one turn's moves into the next, and after
        # a few turns 'End the turn' was left out and the saver shuffled $10 in and out.
        self._new_run_if_others_moved(state)
        self.streak[action] += 1
        self.end = state.decisions_made + 1


def why_after(move: str, why: str) -> str:
    """A bot's reason as told right after its move (``move`` as its button reads): without
    naming the move again.

    >>> why_after("Save", "chose 'Save' because it keeps money in hand")
    'because it keeps money in hand'
    """
    return why.removeprefix(f"chose '{move}' ")
