"""Every game in moneyboard's registry as a PettingZoo AEC environment.

``env("financialit", players=4)`` gives an environment whose agents are ``player_0`` ...;
each observation is a dict with the numeric ``observation`` vector and an ``action_mask``
over the game's integer actions (all zeros for an agent that is not to act). Chance is
resolved inside the game from the seed given to ``reset(seed=...)``. At the end every agent
gets its return (its share of first place: the win, or the best score when nobody won,
minus ``1 / players``) as reward.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from moneyboard.interop import MISSING_EXTRA

try:
    import numpy as np
    import numpy.typing as npt
    from gymnasium import spaces
    from gymnasium.utils import seeding
    from pettingzoo import AECEnv
except ImportError as exc:  # pragma: no cover - exercised in a subprocess test
    raise ImportError(MISSING_EXTRA) from exc

from moneyboard.engine import GameState, IllegalActionError
from moneyboard.interop.encoding import (
    OBS_BOUND,
    GameSpec,
    acting_seat,
    agent_name,
    describe,
    make_spec,
    returns,
)

Observation = dict[str, npt.NDArray[Any]]


class MoneyboardEnv(AECEnv):  # type: ignore[misc]
    """A moneyboard game as a turn-based multi-agent environment with action masks.

    Rule options are given here (``options={"rounds": 4}``); the ``options`` argument of
    :meth:`reset` is PettingZoo's own and is not used.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo reads it from the class
        "render_modes": ["human", "ansi"],
        "name": "moneyboard_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
    ):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}"
            )
        self.spec: GameSpec = make_spec(game_id, players, options)
        self.metadata = {**self.metadata, "name": f"moneyboard_{game_id.replace('-', '_')}_v0"}
        self.render_mode = render_mode
        self.possible_agents = [agent_name(s) for s in range(self.spec.players)]
        self.agents: list[str] = []
        self._seats = {a: s for s, a in enumerate(self.possible_agents)}
        size = self.spec.observation_size
        self._observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(-OBS_BOUND, OBS_BOUND, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (self.spec.num_actions,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._action_spaces = {
            a: spaces.Discrete(self.spec.num_actions) for a in self.possible_agents
        }
        self.np_random, _ = seeding.np_random(None)
        self._state: GameState | None = None

    # ----- spaces -------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    @property
    def game_state(self) -> GameState:
        """The moneyboard state being played (read it; act through :meth:`step`)."""
        if self._state is None:
            raise RuntimeError("call reset() before using the environment")
        return self._state

    # ----- the AEC interface --------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; the same ``seed`` gives the same game for the same actions."""
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
        game_seed = int(self.np_random.integers(0, 2**31 - 1))
        self._state = self.spec.new_state(game_seed, auto_chance=True)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> Observation:
        state = self.game_state
        seat = self._seats[agent]
        mask = np.zeros(self.spec.num_actions, np.int8)
        mask[self.spec.legal_ids(state, seat)] = 1
        return {"observation": self.spec.observation_vector(state, seat), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.game_state
        seat = self._seats[agent]
        legal = self.spec.legal_ids(state, seat)
        try:
            index = int(action)
        except (TypeError, ValueError):
            index = -1
        if index not in legal:
            names = ", ".join(f"{i} ({self.spec.actions[i]})" for i in legal)
            raise IllegalActionError(
                f"{agent} cannot take action {action!r} now; legal actions: {names}",
                "interop.illegal_action",
            )
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        state.apply(seat, self.spec.actions[index])
        if state.terminal:
            final = returns(state, self.spec.players)
            for a in self.agents:
                self.rewards[a] = final[self._seats[a]]
                self.terminations[a] = True
            self._accumulate_rewards()
        self._select(after=seat)
        if self.render_mode == "human":
            self.render()

    def _select(self, after: int = -1) -> None:
        """Point ``agent_selection`` at the seat to act, or (at the end) the next agent."""
        state = self.game_state
        seat = acting_seat(state)
        if seat is None:
            seat = (after + 1) % self.spec.players
        self.agent_selection = agent_name(seat)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = describe(self.spec, self.game_state)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release: the environment holds no windows or files."""


def env(
    game_id: str,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    render_mode: str | None = None,
) -> MoneyboardEnv:
    """A PettingZoo AEC environment for ``game_id`` (see :class:`MoneyboardEnv`)."""
    return MoneyboardEnv(game_id, players, options, render_mode)
