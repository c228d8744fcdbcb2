"""Simulated finishes of a game from a recorded position: the debrief's way of asking "what
would have happened".

Each finish starts from a copy of the position without history whose chance source is a
fresh one seeded by the debrief (a *determinization*: one possible future, never the record's
own, and never a trainer's stacked deck either: the seat deciding did not know it, as the
search bot does not). Bots play
every seat to the end, each with its own random source, so the game's chance is never
shifted by them. The same seed and label always give the same finish, and two branches
compared with the same seed and label meet the same dice and cards as far as their play
allows (common random numbers), which keeps the comparison fair and its noise small.
"""

from __future__ import annotations

import contextlib
import dataclasses
import pickle
import random
from collections.abc import Sequence

from moneyboard.bots import Bot
from moneyboard.bots.evaluation import net_worth
from moneyboard.engine.actions import Action
from moneyboard.engine.chance import ChanceSource
from moneyboard.engine.state import GameState, StuckGameError

#: A finish that needs more decisions than this is cut short (a game stuck in a loop).
MAX_FINISH_DECISIONS = 50_000


@dataclasses.dataclass(frozen=True, slots=True)
class Finish:
    """How every seat stood at the end of one simulated finish."""

    scores: tuple[float, ...]
    worths: tuple[float, ...]
    #: Each seat's share of the win (winners share 1; nobody wins a game that is not over).
    wins: tuple[float, ...]
    finished: bool


def outcome(state: GameState) -> Finish:
    """Every seat's score, net worth and share of the win, as the game stands now."""
    metrics = [state.metrics(seat) for seat in range(state.n)]
    return Finish(
        scores=tuple(float(m.get("score", 0.0)) for m in metrics),
        worths=tuple(float(net_worth(m)) for m in metrics),
        wins=win_shares(state),
        finished=state.result is not None,
    )


def win_shares(state: GameState) -> tuple[float, ...]:
    """Each seat's share of the win: 1 split among the winners of a finished game, else 0."""
    result = state.result
    if result is None or not result.winners:
        return (0.0,) * state.n
    share = 1.0 / len(result.winners)
    return tuple(share if seat in result.winners else 0.0 for seat in range(state.n))


def rng_for(seed: int, label: str, number: int) -> random.Random:
    """The random source of finish ``number`` of what ``label`` names, fixed by ``seed``."""
    return random.Random(f"moneyboard-debrief:{seed}:{label}:{number}")


class Position:
    """A position that many finishes start from, kept as the bytes of its copy without
    history: each finish's copy is then one unpickling, where a clone pickles and unpickles
    the live state every time (a copy costs about as much as a dozen decisions played)."""

    def __init__(self, state: GameState) -> None:
        #: The position without history, to read from (finishes play on copies of it).
        self.state: GameState = state.clone(with_history=False)
        self._saved = pickle.dumps(self.state, pickle.HIGHEST_PROTOCOL)

    def copy(self) -> GameState:
        """A fresh copy of the position without history, as ``clone(with_history=False)``."""
        game: GameState = pickle.loads(self._saved)
        return game


def determinized(start: GameState | Position, rng: random.Random) -> GameState:
    """A copy of ``start`` without history, with a chance source of its own."""
    game = start.copy() if isinstance(start, Position) else start.clone(with_history=False)
    game.chance = ChanceSource(rng.getrandbits(64))
    game.auto_chance = True
    game.run()
    return game


def random_finish(
    state: GameState | Position,
    seat: int,
    action: Action,
    rng: random.Random,
    horizon: int | None = None,
) -> Finish:
    """``seat`` plays ``action`` (known to be legal), then every seat plays at random.

    With ``horizon`` the finish stops after that many decisions (a quick look ahead).
    """
    game = determinized(state, rng)
    game.play(seat, action)
    limit = horizon if horizon is not None else MAX_FINISH_DECISIONS
    if game.result is None:
        # Reaching the horizon (or the guard) ends the playout: judge the game as it stands.
        with contextlib.suppress(StuckGameError):
            game.playout(rng, game.decisions_made + limit)
    return outcome(game)


def opens(action: Action) -> bool:
    """Whether ``action`` may leave its seat's decision open (a loan during a turn, a
    purchase in a shop, a move allowed at any time)."""
    return action.keeps_decision or action.anytime


def plain_finish(
    state: GameState | Position,
    seat: int,
    action: Action,
    rng: random.Random,
    horizon: int | None = None,
    *,
    then: Action | None = None,
) -> Finish:
    """``seat`` plays ``action`` (known to be legal), then every seat plays on at random,
    plainly: after a move that left its decision open, the seat closes that decision (with
    ``then`` first, where it is legal and closes it: "borrow, then roll the die as in the
    game"), so no seat borrows or shops again and again in one turn.

    Uniform random play answers an open move with more of them (nine loan amounts against one
    "Roll the die"), and a choice that left the turn open was judged by the random borrowing
    that followed it. With ``horizon`` the finish stops after that many decisions.
    """
    game = determinized(state, rng)
    asked = game.decision
    game.play(seat, action)
    held = _held_open(game, seat, action, asked.kind if asked is not None else None)
    if held is not None and then is not None and not opens(then) and game.can(seat, then):
        game.play(seat, then)
        held = None
    end = game.decisions_made + (horizon if horizon is not None else MAX_FINISH_DECISIONS)
    while game.result is None and game.decisions_made < end:
        d = game.decision
        if d is None or game.status.paused:
            break  # nothing to decide and no end: judge the game as it stands
        mover = d.seats[0]
        move = _closing(game, mover, rng) if held == (mover, d.kind) else None
        if move is None:
            move = game.random_action(mover, rng)
        if move is None:
            break
        game.play(mover, move)
        held = _held_open(game, mover, move, d.kind)
    return outcome(game)


def _held_open(
    game: GameState, seat: int, move: Action, kind: str | None
) -> tuple[int, str] | None:
    """``(seat, kind)`` when ``move`` left ``seat`` facing the same kind of decision again."""
    now = game.decision
    if kind is None or not opens(move) or now is None or now.kind != kind or seat not in now.seats:
        return None
    return seat, kind


def _closing(game: GameState, seat: int, rng: random.Random) -> Action | None:
    """A legal move of ``seat`` that closes its decision, drawn uniformly (``None`` if it
    has none): the candidates that close, in random order, the first legal one taken.

    The same draw as a uniform random move redrawn until it closes, without drawing (and
    checking) the moves that leave the decision open first.
    """
    pool = [a for a in game.all_candidates(seat) if not opens(a)]
    while pool:
        i = int(rng.random() * len(pool))
        if game.can(seat, pool[i]):
            return pool[i]
        pool[i] = pool[-1]
        pool.pop()
    return None


def worth_at_once(
    state: GameState | Position, seat: int, action: Action, rng: random.Random
) -> float:
    """How much ``action`` itself changes ``seat``'s net worth: its own steps only, before the
    period's flow goes on (a purchase below its value, a surcharge paid)."""
    game = determinized(state, rng)
    before = net_worth(game.metrics(seat))
    game.play_alone(seat, action)
    return float(net_worth(game.metrics(seat)) - before)


def bot_finish(
    state: GameState | Position, seat: int, action: Action, rng: random.Random, bots: Sequence[Bot]
) -> Finish:
    """``seat`` plays ``action`` (known to be legal), then ``bots`` play every seat."""
    game = determinized(state, rng)
    game.play(seat, action)
    for _ in range(MAX_FINISH_DECISIONS):
        if game.result is None and game.status.paused:
            break
        movers = game.to_move()
        if game.result is not None or not movers:
            break
        mover = movers[0]
        game.play(mover, bots[mover].choose(game, mover).action)
    return outcome(game)
