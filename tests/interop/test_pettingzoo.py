"""The PettingZoo adapter, judged by PettingZoo's own API and seed tests, for every game."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test, seed_test

from moneyboard import registry
from moneyboard.engine import IllegalActionError, MoneyboardError
from moneyboard.engine.record import record_of
from moneyboard.interop.pettingzoo import MoneyboardEnv, env
from moneyboard.registry import replay_record


def finish(environment: MoneyboardEnv, seed: int) -> list[str]:
    """Play masked random actions (seeded) to the end; the readable actions taken, in order."""
    rng = np.random.default_rng(seed)
    taken = []
    for agent in environment.agent_iter():
        observation, _, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            environment.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        action = int(rng.choice(legal))
        taken.append(f"{agent}:{environment.spec.actions[action]}")
        environment.step(action)
    return taken


#: The api_test's advice that every environment with action masks in its observations gets
#: (PettingZoo exempts its own such games by name); any other warning fails the test.
EXPECTED_ADVICE = (
    "Observation space for each agent probably should be gymnasium.spaces.box",
    "Observation is not a NumPy array",
)


def strict_api_test(environment: MoneyboardEnv, num_cycles: int) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(environment, num_cycles=num_cycles)
    unexpected = [str(w.message) for w in caught if not str(w.message).startswith(EXPECTED_ADVICE)]
    assert unexpected == []


def test_pettingzoo_api_test(game_id: str) -> None:
    strict_api_test(env(game_id), num_cycles=60)


def test_pettingzoo_seed_test(game_id: str) -> None:
    seed_test(lambda: env(game_id), num_cycles=60)


def test_pettingzoo_api_test_at_the_largest_table(game_id: str) -> None:
    players = registry.get_game(game_id).max_players
    strict_api_test(env(game_id, players=players), num_cycles=20)


def test_the_same_seed_replays_the_same_game(game_id: str) -> None:
    first, second = env(game_id), env(game_id)
    first.reset(seed=5)
    second.reset(seed=5)
    assert finish(first, 1) == finish(second, 1)
    assert first.game_state.full_view() == second.game_state.full_view()


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**31 - 1))
def test_any_seeded_game_ends_zero_sum_accounted_and_replayable(game_id: str, seed: int) -> None:
    environment = env(game_id)
    environment.reset(seed=seed)
    rewards = dict.fromkeys(environment.possible_agents, 0.0)
    rng = np.random.default_rng(seed)
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        rewards[agent] += reward
        if terminated or truncated:
            environment.step(None)
        else:
            environment.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    state = environment.game_state
    assert state.terminal
    assert sum(rewards.values()) == pytest.approx(0.0)
    state.ledger.audit()
    assert replay_record(record_of(state)).full_view() == state.full_view()


def test_different_seeds_give_different_chance() -> None:
    environment = env("toy", options={"rounds": 4})
    rolls = []
    for seed in (1, 2):
        environment.reset(seed=seed)
        finish(environment, 0)
        rolls.append([p for key, p in environment.game_state.log if key == "toy.rolled"])
    assert rolls[0]
    assert rolls[0] != rolls[1]


def test_masks_show_only_the_acting_agents_actions() -> None:
    environment = env("poll", players=3)
    environment.reset(seed=0)
    assert environment.agent_selection == "player_0"
    masks = {a: environment.observe(a)["action_mask"] for a in environment.agents}
    assert masks["player_0"].tolist() == [1, 1, 1]
    assert masks["player_1"].tolist() == [0, 0, 0]
    environment.step(1)
    assert environment.agent_selection == "player_1"
    assert environment.observe("player_0")["action_mask"].sum() == 0


def test_rewards_at_the_end_are_the_returns() -> None:
    environment = env("poll", players=2, options={"rounds": 1, "bonus": False})
    environment.reset(seed=0)
    environment.step(2)
    environment.step(0)
    result = environment.game_state.result
    assert result is not None
    expected = {0: 0.5, 1: -0.5} if result.winners == (0,) else {0: -0.5, 1: 0.5}
    for seat, reward in expected.items():
        assert environment.rewards[f"player_{seat}"] == pytest.approx(reward)
        assert environment.terminations[f"player_{seat}"]


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    environment = env("toy")
    environment.reset(seed=3)
    before = environment.game_state.full_view()
    agent = environment.agent_selection
    with pytest.raises(IllegalActionError, match="legal actions: 0 \\(keep\\)"):
        environment.step(7)
    with pytest.raises(IllegalActionError, match="cannot take action 'keep'"):
        environment.step("keep")
    assert environment.game_state.full_view() == before
    assert environment.agent_selection == agent


def test_rule_options_and_players_are_checked() -> None:
    with pytest.raises(MoneyboardError, match="rounds"):
        env("toy", options={"rounds": 0})
    with pytest.raises(MoneyboardError, match="2 to 4 players"):
        env("toy", players=9)
    with pytest.raises(ValueError, match="render_mode"):
        env("toy", render_mode="rgb_array")


def test_an_option_under_its_old_name_is_read_as_everywhere_else() -> None:
    # first_player counts seats from 0, as rules files and records written before did.
    table = env("monitics", players=3, options={"first_player": 2})
    assert table.unwrapped.spec.options.first_seat == 3
    with pytest.raises(MoneyboardError) as refused:
        env("monitics", options={"first_players": 2})
    assert str(refused.value) == (
        "Monitics: unknown option 'first_players' (`moneyboard rules monitics` lists every option)"
    )


def test_text_render_shows_the_table(game_id: str) -> None:
    environment = env(game_id, render_mode="ansi")
    environment.reset(seed=0)
    text = environment.render()
    assert isinstance(text, str)
    for agent in environment.possible_agents:
        assert agent in text
    assert "To decide" in text
    finish(environment, 0)
    assert "Game over" in str(environment.render())


def test_human_render_prints(capsys: pytest.CaptureFixture[str]) -> None:
    environment = env("toy", render_mode="human")
    environment.reset(seed=0)
    assert "player_0 *" in capsys.readouterr().out


def test_the_game_state_needs_a_reset_first() -> None:
    with pytest.raises(RuntimeError, match="reset"):
        env("toy").observe("player_0")


def test_when_nobody_wins_the_best_score_is_rewarded() -> None:
    options = {"rounds": 1, "bonus": False, "tie_rule": "none"}
    environment = env("poll", players=3, options=options)
    environment.reset(seed=0)
    for amount in (2, 2, 0):
        environment.step(amount)
    result = environment.game_state.result
    assert result is not None and result.winners == ()  # seats 0 and 1 tie on points
    best = max(result.scores)
    firsts = [s for s in range(3) if result.scores[s] == best]
    for seat in range(3):
        share = 1 / len(firsts) if seat in firsts else 0.0
        assert environment.rewards[f"player_{seat}"] == pytest.approx(share - 1 / 3)
    assert environment.rewards["player_2"] != 0.0  # all zeros gave an agent no signal


def test_text_render_uses_the_game_s_words() -> None:
    environment = env("financialit", players=3, render_mode="ansi")
    environment.reset(seed=0)
    text = str(environment.render())
    header = text.splitlines()[1].split()
    assert header.count("Happiness") == 1 and "wellbeing" not in header  # its score too
    rut = env("rut-to-riches", players=3, render_mode="ansi")
    rut.reset(seed=0)
    assert "wellbeing" not in str(rut.render())  # a metric Rut to Riches does not have
    assert "To decide: player_0" in text and "(action)" not in text
