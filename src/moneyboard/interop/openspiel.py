"""Every game in moneyboard's registry as an OpenSpiel Python game.

Importing this module registers each game as ``moneyboard_<id>`` (a ``-`` in the id becomes
``_``), so ``pyspiel.load_game("moneyboard_financialit(players=4)")`` works; rule options that
are plain values are game parameters too. Games registered later (``registry.register``) are
added by calling :func:`register_games` again.

Chance is explicit: at a chance node the actions are the indices of the node's distinct
outcomes (first-seen order) with their exact probabilities. Player actions are indices into
the game's action space; their strings are the actions' readable forms. Observations are
the seat's JSON view (string) and the shared numeric vector (tensor). A serialised state
carries the game's record, so it rebuilds exactly.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any

from moneyboard.interop import MISSING_EXTRA

try:
    import numpy as np
    import pyspiel
except ImportError as exc:  # pragma: no cover - exercised in a subprocess test
    raise ImportError(MISSING_EXTRA) from exc

from moneyboard import registry
from moneyboard.engine import GameDef, GameState, IllegalActionError, OptionsError, RecordError
from moneyboard.engine.record import GameRecord, parse_record, record_of, replay
from moneyboard.interop.encoding import (
    FloatArray,
    GameSpec,
    acting_seat,
    full_text,
    make_spec,
    parameter_defaults,
    returns,
    split_parameters,
    utility_range,
    view_text,
)

#: Bounds used when a game's state class does not declare its own
#: (``max_chance_outcomes(options, players)`` / ``max_game_length(options, players)``).
DEFAULT_MAX_CHANCE_OUTCOMES = 1000
DEFAULT_MAX_GAME_LENGTH = 100_000

_registered: dict[str, str] = {}


def game_name(game_id: str) -> str:
    """The OpenSpiel short name of a moneyboard game id (``rut-to-riches`` ->
    ``moneyboard_rut_to_riches``)."""
    return "moneyboard_" + game_id.replace("-", "_")


def register_games() -> list[str]:
    """Register every game in moneyboard's registry with OpenSpiel (each name once).

    Returns the OpenSpiel names of all moneyboard games registered so far.
    """
    for game_id in registry.game_ids():
        name = game_name(game_id)
        if name in _registered:
            continue
        game = registry.get_game(game_id)
        pyspiel.register_game(_game_type(game), _game_class(game_id))
        _registered[name] = game_id
    return list(_registered)


def load(game_id: str, players: int | None = None, **options: Any) -> MoneyboardGame:
    """Load ``game_id`` through OpenSpiel (registering it first if needed). An unknown
    option, or one that is no game parameter (a list, a table), is refused in a sentence
    naming it (OpenSpiel's own error lists every parameter the game has)."""
    register_games()
    params: dict[str, Any] = dict(options)
    if players is not None:
        params["players"] = players
    definition = registry.get_game(game_id)
    split_parameters(definition, params)
    plain = parameter_defaults(definition)
    others = ", ".join(f"'{name}'" for name in sorted(set(params) - set(plain)))
    if others:
        raise OptionsError(
            f"{others}: only rule options that are a plain number, switch or word are "
            f"OpenSpiel parameters of {definition.title}; set the others through moneyboard"
            " itself"
        )
    game: MoneyboardGame = pyspiel.load_game(game_name(game_id), params)
    return game


def _game_class(game_id: str) -> type[MoneyboardGame]:
    """A subclass bound to ``game_id`` that OpenSpiel calls with the parameters.

    OpenSpiel keeps the factory until the process exits; a class (unlike a closure) is
    never freed at that late point, so the interpreter shuts down cleanly.
    """
    name = "MoneyboardGame_" + game_id.replace("-", "_")
    return type(name, (MoneyboardGame,), {"game_id": game_id})


def _game_type(game: GameDef) -> Any:
    return pyspiel.GameType(
        short_name=game_name(game.id),
        long_name=f"moneyboard {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=parameter_defaults(game),
    )


def _declared_bound(spec: GameSpec, hook: str, default: int) -> int:
    """A bound the game's state class may declare as a classmethod ``hook(options, players)``."""
    declared = getattr(spec.game.state_class, hook, None)
    value = declared(spec.options, spec.players) if callable(declared) else None
    return default if value is None else int(value)


class MoneyboardGame(pyspiel.Game):  # type: ignore[misc]
    """One moneyboard game with fixed parameters, as OpenSpiel sees it."""

    #: Set by each registered subclass (see :func:`register_games`).
    game_id: str = ""

    def __init__(self, params: Mapping[str, Any] | None = None):
        game = registry.get_game(self.game_id)
        players, overrides = split_parameters(game, params or {})
        spec = make_spec(game.id, players, overrides)
        low, high = utility_range(spec.players)
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.num_actions,
            max_chance_outcomes=_declared_bound(
                spec, "max_chance_outcomes", DEFAULT_MAX_CHANCE_OUTCOMES
            ),
            num_players=spec.players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0,
            max_game_length=_declared_bound(spec, "max_game_length", DEFAULT_MAX_GAME_LENGTH),
        )
        super().__init__(_game_type(game), info, dict(params or {}))
        self.spec = spec

    def new_initial_state(self) -> MoneyboardState:
        return MoneyboardState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> MoneyboardObserver:
        return MoneyboardObserver(self.spec, iig_obs_type, params)

    def state_from_record(self, record: GameRecord) -> MoneyboardState:
        """An OpenSpiel state at the point ``record`` reaches (a record made by this adapter)."""
        state = MoneyboardState(self)
        core = _core_from_record(record.to_json())
        if core.spec is not self.spec:
            raise RecordError(
                f"that record is for {record.game} with other parameters than this game"
            )
        state._core = core
        return state


class _Core:
    """The kernel state behind one OpenSpiel state: copied by the kernel, pickled as a record.

    OpenSpiel clones a Python state by deep-copying its attributes and serialises it by
    pickling them; this holder makes the first a fast kernel copy and the second the game's
    record, and creates the kernel state only when first needed (clones start empty). It
    also keeps the state's text until the next move, since OpenSpiel asks for it often.
    """

    __slots__ = ("_state", "_text", "spec")

    def __init__(self, spec: GameSpec, state: GameState | None = None):
        self.spec = spec
        self._state = state
        self._text: tuple[int, str] | None = None

    @property
    def state(self) -> GameState:
        """The kernel state, created on first use (for changing it or handing it out)."""
        if self._state is None:
            self._state = self.spec.new_state(auto_chance=False)
        return self._state

    def peek(self) -> GameState:
        """The kernel state for reading only: an untouched one shares its game's start.

        OpenSpiel makes many throw-away initial states (every clone starts as one, and
        every tensor shape query writes one), so reading them must not build a game.
        """
        return self._state if self._state is not None else _initial_state(self.spec)

    def text(self) -> str:
        """The state's full view without its history, as JSON text (computed once per move).

        OpenSpiel keeps the history itself; leaving the growing log out keeps the text's
        cost to the size of the position rather than of the game so far.
        """
        state = self.peek()
        if self._text is None or self._text[0] != len(state.moves):
            self._text = (len(state.moves), position_text(state))
        return self._text[1]

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        if self._state is None:
            return _Core(self.spec)
        copy = _Core(self.spec, copy_state(self._state))
        copy._text = self._text
        return copy

    def __reduce__(self) -> tuple[Callable[[str], _Core], tuple[str]]:
        return _core_from_record, (record_of(self.state).to_json(),)


@functools.lru_cache(maxsize=64)
def _initial_state(spec: GameSpec) -> GameState:
    """The start of ``spec``'s game, shared by every untouched state; never changed."""
    return spec.new_state(auto_chance=False)


def position_text(state: GameState) -> str:
    """The full view of ``state`` as it would be with an empty history, as JSON text."""
    saved = state.log, state.moves, state.ledger.postings
    state.log, state.moves, state.ledger.postings = [], [], []
    try:
        return full_text(state)
    finally:
        state.log, state.moves, state.ledger.postings = saved


def copy_state(state: GameState) -> GameState:
    """An independent copy of ``state`` with its full history, made faster than a deep copy.

    The history (log, moves, postings) only ever grows by appending immutable entries, so
    the copy gets new lists holding the same entries; everything else is copied in full.
    """
    copy: GameState = state.clone()
    return copy


def _core_from_record(text: str) -> _Core:
    record = parse_record(text)
    state = rebuild(record)
    spec = make_spec(record.game, len(record.seats), record.options)
    return _Core(spec, state)


def rebuild(record: GameRecord) -> GameState:
    """Rebuild the state a record reaches, stopping at a pending chance node (as OpenSpiel
    resolves chance itself)."""
    return replay(record, registry.get_game(record.game), auto_chance=False)


class MoneyboardState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state wrapping a kernel state that stops at every chance node."""

    def __init__(self, game: MoneyboardGame):
        super().__init__(game)
        self._core = _Core(game.spec)

    @property
    def kernel(self) -> GameState:
        """The moneyboard state (read it; act through OpenSpiel's ``apply_action``)."""
        return self._core.state

    @property
    def spec(self) -> GameSpec:
        return self._core.spec

    def record(self) -> GameRecord:
        """The moneyboard record of this game so far (``moneyboard replay`` reads it)."""
        return record_of(self._core.peek())

    def current_player(self) -> int:
        k = self._core.peek()
        if k.terminal:
            return int(pyspiel.PlayerId.TERMINAL)
        if k.is_chance():
            return int(pyspiel.PlayerId.CHANCE)
        seat = acting_seat(k)
        assert seat is not None, "a running game either asks a seat or waits for chance"
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        return self.spec.legal_ids(self._core.peek(), player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        node = self._core.peek().chance_node
        if node is None or self._core.peek().terminal:
            return []
        outcomes = node.outcomes()
        limit = self.get_game().max_chance_outcomes()
        if len(outcomes) > limit:
            raise ValueError(
                f"{self.spec.game.id}: chance node {node.stream} has {len(outcomes)} distinct "
                f"outcomes, more than the declared maximum of {limit}"
            )
        return [(i, float(p)) for i, (_, p) in enumerate(outcomes)]

    def _apply_action(self, action: int) -> None:
        k = self.kernel
        node = k.chance_node
        if node is not None and k.is_chance():
            outcomes = node.outcomes()
            if not 0 <= action < len(outcomes):
                raise IllegalActionError(
                    f"chance outcome {action} does not exist on {node.stream} "
                    f"(it has {len(outcomes)})",
                    "interop.bad_chance_outcome",
                )
            k.apply_chance(outcomes[action][0])
            return
        seat = acting_seat(k)
        if seat is None or not 0 <= action < self.spec.num_actions:
            raise IllegalActionError(f"action {action} cannot be taken now", "interop.bad_action")
        k.apply(seat, self.spec.actions[action])

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            node = self._core.peek().chance_node
            if node is not None:
                outcomes = node.outcomes()
                if 0 <= action < len(outcomes):
                    return f"{node.stream}: {outcomes[action][0]}"
            return f"chance outcome {action}"
        if 0 <= action < self.spec.num_actions:
            return str(self.spec.actions[action])
        return f"action {action}"

    def is_terminal(self) -> bool:
        return self._core.peek().terminal

    def returns(self) -> list[float]:
        return returns(self._core.peek(), self.spec.players)

    def __str__(self) -> str:
        return self._core.text()


class MoneyboardObserver:
    """OpenSpiel observer: the seat's JSON view as text and the shared numeric vector.

    ``private_info`` NONE observes the public view; ALL_PLAYERS the full state (text).
    Perfect-recall information states are not provided.
    """

    def __init__(self, spec: GameSpec, iig_obs_type: Any, params: Mapping[str, Any] | None):
        if params:
            raise ValueError(f"observation parameters are not supported, got {dict(params)}")
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            raise ValueError("moneyboard games provide observations, not information states")
        self.spec = spec
        self.private = (
            pyspiel.PrivateInfoType.SINGLE_PLAYER
            if iig_obs_type is None
            else iig_obs_type.private_info
        )
        self.tensor: FloatArray = np.zeros(spec.observation_size, np.float32)
        self.dict: dict[str, FloatArray] = spec.split(self.tensor)

    def _seat(self, player: int) -> int | None:
        return None if self.private == pyspiel.PrivateInfoType.NONE else player

    def set_from(self, state: MoneyboardState, player: int) -> None:
        self.spec.write_observation(state._core.peek(), self._seat(player), self.dict)

    def string_from(self, state: MoneyboardState, player: int) -> str:
        if self.private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            return full_text(state._core.peek())
        return view_text(state._core.peek(), self._seat(player))


register_games()
