"""What both adapters share: integer actions, observations, returns, parameters, a text render.

Everything here reads only a game's :class:`GameDef` and the kernel's public interface
(action space, decision kinds, legal actions, views, metrics, results), so a game that lands
later is covered with no adapter code of its own.

Conventions (documented for researchers in ``docs/interop.md``):

* the integer id of an action is its index in ``GameDef.action_space(options, players)``;
* one seat acts at a time: when several seats are asked at once, the lowest seat answers
  first (the kernel accepts the answers in any order); a seat acting may also take its
  ``anytime`` actions, other seats wait;
* the return of a finished game is the seat's share of first place (the win, or the best
  score when nobody won; 1 split among those tied)
  minus ``1 / players``, so returns always sum to zero;
* the numeric observation is every seat's common metrics, who observes, who is to move,
  the kind of decision pending, and whether chance or the end is pending.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import json
from collections.abc import Mapping, MutableMapping
from typing import Any, Literal, get_args, get_origin

import numpy as np
import numpy.typing as npt

from moneyboard.engine import Action, GameDef, GameState, OptionsError, RuleOptions, Seat
from moneyboard.registry import get_game
from moneyboard.terminal.render import shown_for
from moneyboard.terminal.text import metric_label

#: The metrics every game provides for each seat, in observation order.
METRIC_KEYS = ("cash", "savings", "debt", "assets", "income", "wellbeing", "score")
#: Observation values are clipped to +/- this bound (declared as the observation range).
OBS_BOUND = 1e9
#: The game parameter that sets the number of players.
PLAYERS_PARAM = "players"
#: The default of a parameter under an option's old name (seats counted from 0, see
#: :attr:`~moneyboard.engine.RuleOptions.renamed_from_0`): not given. OpenSpiel passes every
#: parameter with its default, so the old name needs one that no seat number is.
OLD_NAME_UNSET = -1

Scalar = bool | int | float | str
FloatArray = npt.NDArray[np.float32]


def agent_name(seat: int) -> str:
    """The agent (and seat) name of ``seat``: ``player_0``, ``player_1``, ..."""
    return f"player_{seat}"


def default_players(game: GameDef) -> int:
    """The player count used when none is given: the smallest the game allows."""
    return game.min_players


@dataclasses.dataclass(frozen=True, eq=False)
class GameSpec:
    """One game with fixed rule options and player count, and its integer action table."""

    game: GameDef
    options: RuleOptions
    players: int
    actions: tuple[Action, ...]
    action_ids: Mapping[Action, int]
    #: Decision kinds the game can ask, sorted (their order in the observation).
    kinds: tuple[str, ...]

    @property
    def num_actions(self) -> int:
        return len(self.actions)

    def new_state(self, seed: int = 0, *, auto_chance: bool) -> GameState:
        """A fresh kernel state with seats named ``player_0`` ... (see :func:`agent_name`)."""
        seats = [Seat(agent_name(s)) for s in range(self.players)]
        return self.game.new_state(seats, seed, self.options, auto_chance=auto_chance)

    def action_id(self, action: Action) -> int:
        """The integer id of ``action`` (its index in the game's action space)."""
        try:
            return self.action_ids[action]
        except KeyError:
            raise ValueError(
                f"{self.game.id}: action {action.to_json()} is not in the game's "
                "action_space, so it has no integer id"
            ) from None

    def legal_ids(self, state: GameState, seat: int) -> list[int]:
        """Sorted ids of what ``seat`` may do now; empty unless it is the seat to act."""
        d = state.decision
        if d is None or seat != acting_seat(state):
            return []
        allowed = state.answers.get(d.kind, frozenset())
        ids = {
            self.action_id(a) for a in state.legal_actions(seat) if a.anytime or a.kind in allowed
        }
        return sorted(ids)

    # ----- observations -------------------------------------------------------------------
    def observation_shapes(self) -> list[tuple[str, tuple[int, ...]]]:
        """Named pieces of the numeric observation, in order, with their shapes."""
        n = self.players
        return [
            ("metrics", (n, len(METRIC_KEYS))),
            ("observer", (n,)),
            ("to_move", (n,)),
            ("decision", (len(self.kinds),)),
            ("pending", (2,)),
        ]

    @property
    def observation_size(self) -> int:
        return sum(int(np.prod(shape)) for _, shape in self.observation_shapes())

    def write_observation(
        self, state: GameState, seat: int | None, pieces: MutableMapping[str, FloatArray]
    ) -> None:
        """Fill ``pieces`` (arrays shaped as :meth:`observation_shapes`) for ``seat``."""
        try:
            seats = [state.metrics(s) for s in range(self.players)]
            rows = [[values[k] for k in METRIC_KEYS] for values in seats]
        except KeyError as exc:
            raise ValueError(f"{self.game.id}: metrics() lacks the key {exc}") from None
        np.clip(rows, -OBS_BOUND, OBS_BOUND, out=pieces["metrics"])
        observer = pieces["observer"]
        observer.fill(0)
        if seat is not None:
            observer[seat] = 1
        to_move = pieces["to_move"]
        to_move.fill(0)
        mover = acting_seat(state)
        if mover is not None:
            to_move[mover] = 1
        decision = pieces["decision"]
        decision.fill(0)
        if state.decision is not None and state.decision.kind in self.kinds:
            decision[self.kinds.index(state.decision.kind)] = 1
        pieces["pending"][:] = (float(state.is_chance()), float(state.terminal))

    def observation_vector(self, state: GameState, seat: int | None) -> FloatArray:
        """The numeric observation of ``seat`` (``None``: the public one) as a flat vector."""
        vector = np.zeros(self.observation_size, np.float32)
        self.write_observation(state, seat, self.split(vector))
        return vector

    def split(self, vector: FloatArray) -> dict[str, FloatArray]:
        """Named, reshaped views into a flat observation vector."""
        pieces: dict[str, FloatArray] = {}
        start = 0
        for name, shape in self.observation_shapes():
            size = int(np.prod(shape))
            pieces[name] = vector[start : start + size].reshape(shape)
            start += size
        return pieces


@functools.lru_cache(maxsize=256)
def _cached_spec(game: GameDef, players: int, overrides_json: str) -> GameSpec:
    options = game.options(json.loads(overrides_json))
    actions = tuple(game.action_space(options, players))
    ids: dict[Action, int] = {}
    for i, action in enumerate(actions):
        ids.setdefault(action, i)
    kinds = tuple(sorted(game.state_class.answers))
    return GameSpec(game, options, players, actions, ids, kinds)


def make_spec(
    game_id: str, players: int | None = None, options: Mapping[str, Any] | None = None
) -> GameSpec:
    """The spec of ``game_id`` with ``players`` seats and rule option overrides ``options``.

    An unknown game, a player count outside the game's range or a bad option raises a
    :class:`~moneyboard.engine.MoneyboardError` that names what was wrong.
    """
    game = get_game(game_id)
    n = default_players(game) if players is None else players
    if isinstance(n, bool) or not isinstance(n, int):
        raise OptionsError(f"players must be a whole number, got {n!r}")
    if not game.min_players <= n <= game.max_players:
        raise OptionsError(
            f"{game.title} is for {game.min_players} to {game.max_players} players, not {n}"
        )
    try:
        built = game.options(options)
    except OptionsError as exc:  # said outside any game's context: name the game
        raise OptionsError(
            f"{game.title}: {exc} (`moneyboard rules {game.id}` lists every option)"
        ) from None
    return _cached_spec(game, n, json.dumps(built.overrides(), sort_keys=True))


def acting_seat(state: GameState) -> int | None:
    """The one seat that acts now (lowest of those asked), or ``None`` at chance or the end."""
    if state.result is not None or state.is_chance():
        return None
    seats = state.to_move()
    return min(seats) if seats else None


def returns(state: GameState, players: int) -> list[float]:
    """Zero-sum returns: a seat's share of first place minus ``1 / players`` (zeros until the
    end). First place is the win; when nobody met the winning conditions (FinanCity under
    random play, nearly always), the best final score takes it, as in a tournament, so an
    agent still learns from such a game (all zeros gave it no signal at all)."""
    result = state.result
    if result is None:
        return [0.0] * players
    firsts = set(result.winners)
    if not firsts and result.scores:
        best = max(result.scores)
        firsts = {s for s, score in enumerate(result.scores) if score == best}
    if not firsts:
        return [0.0] * players
    share = 1.0 / len(firsts)
    base = 1.0 / players
    return [(share if s in firsts else 0.0) - base for s in range(players)]


def utility_range(players: int) -> tuple[float, float]:
    """The lowest and highest value :func:`returns` can give."""
    return -1.0 / players, 1.0 - 1.0 / players


# ----- rule options as flat parameters -----------------------------------------------------
def parameter_defaults(game: GameDef) -> dict[str, Scalar]:
    """``players`` plus every rule option that is a plain bool, int, float or str (or a
    choice among such values), with its default; other options keep their defaults."""
    params: dict[str, Scalar] = {PLAYERS_PARAM: default_players(game)}
    for name, field in game.options_model.model_fields.items():
        if name == PLAYERS_PARAM:
            continue
        value = _scalar_default(field.annotation, field.get_default(call_default_factory=True))
        if value is not None:
            params[name] = value
    for old, new in game.options_model.renamed_from_0.items():
        if isinstance(params.get(new), int) and not isinstance(params[new], bool):
            params[old] = OLD_NAME_UNSET  # the old name is read as everywhere else
    return params


def _scalar_default(annotation: Any, default: Any) -> Scalar | None:
    if isinstance(default, enum.Enum):
        default = default.value
    if annotation is float and isinstance(default, int | float) and not isinstance(default, bool):
        return float(default)
    if annotation in (bool, int, str) and type(default) is annotation:
        return default  # type: ignore[no-any-return]
    choices: tuple[Any, ...] = ()
    if get_origin(annotation) is Literal:
        choices = get_args(annotation)
    elif isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        choices = tuple(member.value for member in annotation)
    uniform = len({type(c) for c in choices}) == 1
    if choices and uniform and default in choices and type(default) in (bool, int, str):
        return default  # type: ignore[no-any-return]
    return None


def split_parameters(game: GameDef, params: Mapping[str, Any]) -> tuple[int | None, dict[str, Any]]:
    """Split flat parameters into the player count and rule option overrides.

    An option's old name (seats counted from 0) is read as the rules read it everywhere
    else; since OpenSpiel also passes the new name at its default, the new name counts as
    given only when it differs from that default (then both at once are refused, as in a
    rules file). An unknown name is refused in a sentence naming it.
    """
    renamed = game.options_model.renamed_from_0
    known = set(game.options_model.model_fields)
    unknown = sorted(set(params) - known - set(renamed) - {PLAYERS_PARAM})
    if unknown:
        names = ", ".join(f"'{name}'" for name in unknown)
        raise OptionsError(
            f"{game.title} has no rule option {names}: `moneyboard rules {game.id}` lists them"
        )
    players = params.get(PLAYERS_PARAM)
    overrides = {k: v for k, v in params.items() if k in known}
    defaults = parameter_defaults(game)
    for old, new in renamed.items():
        if old not in params or params[old] == OLD_NAME_UNSET:
            continue
        overrides[old] = params[old]
        if overrides.get(new, OLD_NAME_UNSET) == defaults.get(new):
            overrides.pop(new, None)
    return players, overrides


# ----- text ------------------------------------------------------------------------------
def view_text(state: GameState, seat: int | None) -> str:
    """The JSON view of ``seat`` (``None``: the public view) as canonical text."""
    return json.dumps(state.view(seat), sort_keys=True, default=str)


def full_text(state: GameState) -> str:
    """The whole state as canonical JSON text."""
    return json.dumps(state.full_view(), sort_keys=True, default=str)


def describe(spec: GameSpec, state: GameState, last_events: int = 5) -> str:
    """A plain-text picture of the table: each seat's standing (the metrics by the game's
    names for them), what happens now, recent events."""
    # The metrics the game has, once each: FinanciaLit's score is its Happiness.
    names: dict[str, str] = {}
    for key in METRIC_KEYS:
        name = metric_label(state, key)
        if key not in shown_for(state).unused_metrics and name not in names.values():
            names[key] = name
    header = ["seat", *names.values()]
    rows = [header]
    mover = acting_seat(state)
    for s in range(spec.players):
        values = state.metrics(s)
        row = [agent_name(s) + (" *" if s == mover else "")]
        row += [f"{values.get(k, 0):g}" for k in names]
        rows.append(row)
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    lines = [f"{spec.game.title}, {spec.players} players"]
    lines += [
        "  ".join(
            cell.ljust(w) if i == 0 else cell.rjust(w)
            for i, (cell, w) in enumerate(zip(r, widths, strict=True))
        ).rstrip()
        for r in rows
    ]
    result = state.result
    if result is not None:
        winners = ", ".join(agent_name(s) for s in result.winners) or "nobody"
        lines.append(f"Game over: {winners} won ({state.explain(result.reason)})")
    elif state.is_chance():
        node = state.chance_node
        assert node is not None
        lines.append(f"Waiting for chance: {state.stream_text(node.stream)}")
    elif state.decision is not None:
        asked = ", ".join(agent_name(s) for s in state.decision.seats)
        lines.append(f"To decide: {asked}")
    recent = state.log[-last_events:] if last_events > 0 else []
    if recent:
        lines.append("Recent events:")
        lines += [f"  - {state.explain(m)}" for m in recent]
    return "\n".join(lines)
