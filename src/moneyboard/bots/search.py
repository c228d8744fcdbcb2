"""The search bot: Monte Carlo tree search over determinized chance, with short rollouts.

The deck order and the dice are unknown to a player, so every simulation starts from a copy
of the game without history whose chance source is the bot's own (a *determinization*: one
possible future, never the real one, and never a trainer's stacked deck). The tree is keyed
by moves, not by chance outcomes (open-loop search): a node's statistics pool every future
that reached it, and at each node only the moves legal in the current future compete, each
judged by how often it was available (as in information-set MCTS). Seats take turns in the
tree; each node's move is judged by the value to the seat that made it.

Full random playouts to the end (about 280 decisions in FinanciaLit, 650 in Rut to Riches)
cost too much for 1,000 simulations a second, and a random finish says little about a
decision early in the game. A simulation therefore goes down the tree, then plays a short
random rollout (``rollout_depth`` decisions, 4 by default) and judges the position reached
with :func:`moneyboard.bots.evaluation.values` (the real result when the game has ended).
The evaluation reads each game's outlook (what a seat's holdings will bring by the end), so
the rollout need not reach the payoff itself; a longer one mostly adds the noise of its own
random moves, and costs time (benchmarks/README.md has the duels that chose 4 over 16).

Rollouts are not uniform: at each rollout decision two legal moves are drawn at random and
the one that has done better so far in this search is played (the move-average sampling
technique, MAST: every move's mean value to whoever played it, over every simulation of the
decision). Uniform rollouts let a family buy, sell and save at random, which drowns the
difference between two moves at the root in noise; the averages learn within a few hundred
simulations which moves tend to pay (buying a bargain, settling a loan) and which waste a
turn, for every seat alike, at the cost of one extra random draw per decision.

Amount ladders are thinned in the tree: a move offered at several amounts (borrow 100, 500,
1,000 ... 50,000; save 10 ... 200) is compared at its lowest, middle and highest amounts
only (``amount_choices``). Otherwise a ladder of a dozen amounts splits the simulations a
dozen ways, every amount gets too few to tell it from the others, and the bot shuffles money
back and forth at random. Rollouts still draw from every amount.

Each simulation's copy is unpickled from one snapshot taken per decision (half the cost of
a full copy), and its chance source is re-seeded from the bot's own random source.
"""

from __future__ import annotations

import dataclasses
import math
import pickle
import random
import time

from moneyboard.bots.base import REPEATED, STREAK_LIMIT, Choice, RepeatGuard
from moneyboard.bots.evaluation import values
from moneyboard.engine.actions import Action
from moneyboard.engine.chance import ChanceSource
from moneyboard.engine.state import GameState

#: Simulations per decision unless a time budget is given.
DEFAULT_SIMULATIONS = 1_000
#: Random decisions after the tree before a position is judged.
DEFAULT_ROLLOUT_DEPTH = 4
#: UCB exploration constant for values in 0..1.
DEFAULT_EXPLORATION = 0.7
#: Tree nodes below the root a single simulation may add moves to (bounds memory).
MAX_TREE_DEPTH = 40
#: Random legal moves drawn at each rollout decision; the one with the best average is played.
ROLLOUT_DRAWS = 2
#: Amounts of one move the tree compares (the lowest, the highest, evenly between).
AMOUNT_CHOICES = 3


class _Node:
    """Statistics of the moves tried from one point of the tree, keyed by move."""

    __slots__ = ("children",)

    def __init__(self) -> None:
        self.children: dict[Action, _Edge] = {}


class _Edge:
    """One move from a node: visits, total value to its mover (and of its squares, for how
    much it varied), times it was available."""

    __slots__ = ("available", "node", "squares", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.squares = 0.0
        self.available = 0
        self.node: _Node | None = None


class _MoveAverages:
    """Each move's total value to whoever played it and how often it was played (MAST)."""

    __slots__ = ("stats",)

    def __init__(self) -> None:
        self.stats: dict[Action, list[float]] = {}

    def mean(self, action: Action) -> float:
        """The move's average value so far, starting from an even 0.5 for an unseen move."""
        entry = self.stats.get(action)
        if entry is None:
            return 0.5
        return (entry[0] + 0.5) / (entry[1] + 1.0)

    def add(self, action: Action, value: float) -> None:
        entry = self.stats.get(action)
        if entry is None:
            self.stats[action] = [value, 1.0]
        else:
            entry[0] += value
            entry[1] += 1.0


class SearchBot:
    """Plays the move that won most often over many simulated futures (see the module doc)."""

    kind = "search"

    def __init__(
        self,
        rng: random.Random,
        *,
        simulations: int = DEFAULT_SIMULATIONS,
        milliseconds: float | None = None,
        rollout_depth: int = DEFAULT_ROLLOUT_DEPTH,
        exploration: float = DEFAULT_EXPLORATION,
        rollout_draws: int = ROLLOUT_DRAWS,
        amount_choices: int = AMOUNT_CHOICES,
    ):
        if simulations < 1:
            raise ValueError(f"a search needs at least one simulation, not {simulations}")
        self.rng = rng
        self.simulations = simulations
        self.milliseconds = milliseconds
        self.rollout_depth = rollout_depth
        self.exploration = exploration
        self.rollout_draws = max(1, rollout_draws)
        self.amount_choices = max(2, amount_choices)
        #: Simulations run by the last :meth:`choose` (0 when the move was forced).
        self.last_simulations = 0
        self._repeats = RepeatGuard()

    def choose(self, state: GameState, seat: int) -> Choice:
        legal = state.legal_actions(seat)
        if not legal:
            raise RuntimeError(f"{state.game_id}: seat {seat} has no legal action")
        self.last_simulations = 0
        if len(legal) == 1:
            return self._chose(state, Choice(legal[0], "it was the only possible move"))
        # A long run of its own moves (borrow, repay, borrow ...): stop repeating them, and
        # after twice as long close the decision (an amount ladder changes with every
        # payment, so there is always a new move to repeat).
        legal = self._repeats.allowed(state, legal)
        why = REPEATED
        if self._repeats.run() >= 2 * STREAK_LIMIT:
            legal = [a for a in legal if not (a.keeps_decision or a.anytime)] or legal
            why = (
                f"it had already made {self._repeats.run()} moves since another player last "
                "moved, so it moved on"
            )
        if len(legal) == 1:
            return self._chose(state, Choice(legal[0], why))
        legal = thin_amounts(legal, self.amount_choices)
        root = _Node()
        averages = _MoveAverages()
        snapshot = pickle.dumps(state.clone(with_history=False), pickle.HIGHEST_PROTOCOL)
        budget = self.milliseconds
        deadline = None if budget is None else time.perf_counter() + budget / 1000
        done = 0
        while done < self.simulations if deadline is None else time.perf_counter() < deadline:
            self._simulate(snapshot, seat, legal, root, averages)
            done += 1
        self.last_simulations = done
        return self._chose(state, self._pick(state, root, legal, done))

    def _chose(self, state: GameState, choice: Choice) -> Choice:
        """Remember the move for the repeat guard (assuming it is played next)."""
        self._repeats.played(state, choice.action)
        return choice

    def _pick(self, state: GameState, root: _Node, legal: list[Action], done: int) -> Choice:
        """The most visited root move, with a sentence comparing it with the runner-up (named
        as its button reads)."""
        edges = root.children
        ranked = sorted(
            legal, key=lambda a: (edges[a].visits, edges[a].total) if a in edges else (0, 0.0)
        )
        best, second = ranked[-1], ranked[-2]
        return Choice(
            best, _reason(done, edges.get(best), edges.get(second), state.action_text(second))
        )

    def _simulate(
        self,
        snapshot: bytes,
        seat: int,
        legal: list[Action],
        root: _Node,
        averages: _MoveAverages,
    ) -> None:
        rng = self.rng
        game: GameState = pickle.loads(snapshot)  # a copy without history (see choose)
        game.chance = ChanceSource(rng.getrandbits(64))
        game.auto_chance = True
        path: list[tuple[_Edge, int]] = []
        node: _Node | None = root
        mover, moves = seat, legal
        depth = 0
        while node is not None:
            action, edge = self._select(node, moves, rng)
            path.append((edge, mover))
            game.play(mover, action)  # a legal move on a throwaway copy: no safety copy
            if edge.visits == 0:
                break  # a move tried for the first time: judge it by a rollout
            if edge.node is None and depth < MAX_TREE_DEPTH:
                edge.node = _Node()
            node = edge.node
            depth += 1
            # Moves with no alternative are played at once and never stored.
            while game.result is None:
                mover = game.to_move()[0]
                moves = thin_amounts(game.legal_actions(mover), self.amount_choices)
                if len(moves) != 1:
                    break
                game.play(mover, moves[0])
            if game.result is not None:
                break
        self._rollout(game, rng, averages)
        value = values(game)
        for edge, who in path:
            edge.visits += 1
            edge.total += value[who]
            edge.squares += value[who] * value[who]
        for move in game.moves:  # every move of this simulation, tree and rollout
            if move.action is not None:
                averages.add(move.action, value[move.seat])

    def _select(self, node: _Node, moves: list[Action], rng: random.Random) -> tuple[Action, _Edge]:
        """An untried legal move if any (at random), else the best by UCB over availability."""
        children = node.children
        untried: list[tuple[Action, _Edge]] = []
        best: tuple[Action, _Edge] | None = None
        best_score = -math.inf
        c = self.exploration
        for action in moves:
            edge = children.get(action)
            if edge is None:
                edge = children[action] = _Edge()
            edge.available += 1
            if edge.visits == 0:
                untried.append((action, edge))
                continue
            score = edge.total / edge.visits + c * math.sqrt(math.log(edge.available) / edge.visits)
            if score > best_score:
                best, best_score = (action, edge), score
        if untried:
            return untried[int(rng.random() * len(untried))]
        assert best is not None
        return best

    def _rollout(self, game: GameState, rng: random.Random, averages: _MoveAverages) -> None:
        """Up to ``rollout_depth`` decisions from here (chance included), or to the end: at
        each, the best by average of ``rollout_draws`` random legal moves of the seat asked."""
        stop = game.decisions_made + self.rollout_depth
        draws = self.rollout_draws
        mean = averages.mean
        while game.result is None and game.decisions_made < stop:
            movers = game.to_move()
            if not movers:
                return  # paused, or waiting for something no seat can give
            mover = movers[0]
            action = game.random_action(mover, rng)
            if action is None:
                return
            if draws > 1:
                best = mean(action)
                for _ in range(draws - 1):
                    other = game.random_action(mover, rng)
                    if other is not None and other != action and mean(other) > best:
                        action, best = other, mean(other)
            game.play(mover, action)  # drawn from the legal moves: no checks needed


#: How many standard errors apart two moves' averages must be to call one better: closer
#: than that, the gap is the luck of the imagined futures, not the moves.
CLEARLY_BETTER = 2.0


def _rating(edge: _Edge) -> int:
    """An edge's average value to its mover on a 0..100 scale (50: level with the others)."""
    return round(100 * edge.total / edge.visits)


def _clearly_better(best: _Edge | None, other: _Edge | None) -> bool:
    """Whether ``best`` did better than ``other`` by more than the futures' luck explains
    (:data:`CLEARLY_BETTER` standard errors of the gap) and by at least a point shown."""
    if best is None or other is None or best.visits < 2 or other.visits < 2:
        return False

    def mean_and_error(edge: _Edge) -> tuple[float, float]:
        mean = edge.total / edge.visits
        variance = max(0.0, edge.squares / edge.visits - mean * mean)
        return mean, variance / (edge.visits - 1)

    mine, my_error = mean_and_error(best)
    theirs, their_error = mean_and_error(other)
    beyond_luck = mine - theirs > CLEARLY_BETTER * math.sqrt(my_error + their_error)
    return beyond_luck and _rating(best) > _rating(other)


def _reason(done: int, best: _Edge | None, other: _Edge | None, other_text: str) -> str:
    """Why the search chose its move, against the runner-up (``other_text``, as its button
    reads): how well each left the family placed against the others, on a 0..100 scale
    (:func:`moneyboard.bots.evaluation.values`); or, when the gap is within the futures'
    luck, that no move did clearly better, with both figures ("did as well as" said nothing
    of how well, and claimed more than a gap within luck shows)."""
    futures = f"in {done:,} imagined futures"
    if best is not None and best.visits and (other is None or not other.visits):
        return (
            f"{futures} this move did best ({_rating(best)} out of 100 for how the family "
            f"stood against the others, where 50 is level); '{other_text}' was not tried"
        )
    if _clearly_better(best, other):
        assert best is not None and other is not None
        return (
            f"{futures} this move did best: it left the family better placed against the "
            f"others ({_rating(best)} out of 100, where 50 is level) than '{other_text}' "
            f"did ({_rating(other)})"
        )
    if best is None or other is None or not best.visits or not other.visits:
        return f"{futures} no move did clearly better than '{other_text}'"
    mine, theirs = _rating(best), _rating(other)
    scale = "out of 100 for how the family stood against the others, where 50 is level"
    if mine == theirs:
        return f"{futures} this move and '{other_text}' did equally well ({mine} {scale})"
    return (
        f"{futures} no move did clearly better: this one ({mine} {scale}) and "
        f"'{other_text}' ({theirs}) were too close to call"
    )


#: Per action type, its fields that are not amounts (what a ladder of amounts shares).
_FIXED_FIELDS: dict[type[Action], tuple[str, ...]] = {}


def thin_amounts(moves: list[Action], keep: int) -> list[Action]:
    """``moves`` with each ladder (one move at several amounts) cut to ``keep`` amounts spread
    evenly from its lowest to its highest; moves without amounts are kept as they are.

    >>> from moneyboard.games.monitics.actions import Save
    >>> [str(a) for a in thin_amounts([Save(10), Save(20), Save(50), Save(100)], 3)]
    ['save 10', 'save 50', 'save 100']
    """
    ladders: dict[tuple[object, ...], list[Action]] = {}
    kept: list[Action] = []
    for action in moves:
        if not action.amounts:
            kept.append(action)
            continue
        kind = type(action)
        fixed = _FIXED_FIELDS.get(kind)
        if fixed is None:
            fixed = tuple(
                f.name for f in dataclasses.fields(action) if f.name not in action.amounts
            )
            _FIXED_FIELDS[kind] = fixed
        key = (kind, *(getattr(action, name) for name in fixed))
        ladders.setdefault(key, []).append(action)
    for ladder in ladders.values():
        if len(ladder) > keep:
            fields = tuple(ladder[0].amounts)
            ladder.sort(key=lambda a: tuple(getattr(a, name) for name in fields))
            last = len(ladder) - 1
            kept.extend(ladder[round(i * last / (keep - 1))] for i in range(keep))
        else:
            kept.extend(ladder)
    return kept
