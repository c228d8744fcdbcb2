"""The OpenSpiel adapter, judged by OpenSpiel's own checks and MCTS bot, for every game."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

from moneyboard import registry
from moneyboard.engine import OptionsError, RecordError
from moneyboard.interop import openspiel as adapter
from moneyboard.interop.encoding import METRIC_KEYS, make_spec
from moneyboard.registry import replay_record
from tests.interop import pollgame


@pytest.fixture
def game(game_id: str) -> adapter.MoneyboardGame:
    return adapter.load(game_id)


def play_randomly(state: pyspiel.State, rng: random.Random, moves: int | None = None) -> None:
    """Play uniformly random actions and chance outcomes drawn with their probabilities."""
    count = 0
    while not state.is_terminal() and (moves is None or count < moves):
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        count += 1


def test_every_registered_game_loads_by_name(game_id: str) -> None:
    names = adapter.register_games()
    name = adapter.game_name(game_id)
    assert name in names
    assert name in pyspiel.registered_names()
    definition = registry.get_game(game_id)
    for players in (definition.min_players, definition.max_players):
        game = pyspiel.load_game(f"{name}(players={players})")
        assert game.num_players() == players
        assert game.get_type().min_num_players == definition.min_players
        assert game.get_type().max_num_players == definition.max_players


def test_game_names_replace_dashes() -> None:
    assert adapter.game_name("rut-to-riches") == "moneyboard_rut_to_riches"


def test_random_simulation_passes_openspiel_checks(game: adapter.MoneyboardGame) -> None:
    # Two games at the smallest table keep the suite fast; the largest table is covered by
    # the PettingZoo api_test, which is far cheaper per move.
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_mcts_bot_plays_a_full_game(game: adapter.MoneyboardGame) -> None:
    rng = np.random.RandomState(7)
    bot = mcts.MCTSBot(
        game,
        uct_c=2.0,
        max_simulations=4,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng, max_length=40),
        random_state=rng,
    )
    state = game.new_initial_state()
    searched = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            searched += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert searched > 0
    result = state.returns()
    assert sum(result) == pytest.approx(0.0)
    assert all(game.min_utility() <= r <= game.max_utility() for r in result)
    assert state.kernel.result is not None


def test_chance_nodes_list_exact_probabilities(game: adapter.MoneyboardGame) -> None:
    state = game.new_initial_state()
    rng = random.Random(3)
    seen = 0
    while not state.is_terminal() and seen < 5:
        if state.is_chance_node():
            node = state.kernel.chance_node
            assert node is not None
            exact = node.outcomes()
            outcomes = state.chance_outcomes()
            assert [a for a, _ in outcomes] == list(range(len(exact)))
            assert [p for _, p in outcomes] == [float(p) for _, p in exact]
            assert sum((p for _, p in exact), Fraction(0)) == 1
            labels = [state.action_to_string(pyspiel.PlayerId.CHANCE, a) for a, _ in outcomes]
            assert labels == [f"{node.stream}: {o}" for o, _ in exact]
            assert state.legal_actions() == [a for a, _ in outcomes]
            seen += 1
        play_randomly(state, rng, moves=1)
    assert seen > 0


def test_biased_chance_keeps_its_probabilities() -> None:
    game = adapter.load("poll")
    state = game.new_initial_state()
    for _ in range(2):
        state.apply_action(state.legal_actions()[0])
    assert state.is_chance_node()
    actions, probs = zip(*state.chance_outcomes(), strict=True)
    assert actions == (0, 1)
    assert probs == pytest.approx((1 / 3, 2 / 3))
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 1) == "coin: tails"


def test_actions_are_integers_with_readable_strings(game: adapter.MoneyboardGame) -> None:
    spec = game.spec
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    player = state.current_player()
    for action in state.legal_actions():
        assert state.action_to_string(player, action) == str(spec.actions[action])
    assert game.num_distinct_actions() == len(spec.actions)


def test_a_seat_asked_with_others_acts_in_seat_order() -> None:
    game = adapter.load("poll", players=3)
    state = game.new_initial_state()
    assert state.kernel.to_move() == (0, 1, 2)
    order = []
    while not state.is_chance_node():
        order.append(state.current_player())
        for other in range(3):
            if other != state.current_player():
                assert state.legal_actions(other) == []
        state.apply_action(state.legal_actions()[-1])
    assert order == [0, 1, 2]
    kernel = state.kernel
    assert isinstance(kernel, pollgame.PollState)
    assert kernel.bids == {0: 2, 1: 2, 2: 2}


def test_returns_split_the_win_and_sum_to_zero() -> None:
    game = adapter.load("poll", players=4, rounds=1)
    state = game.new_initial_state()
    for amount in (2, 2, 0, 1):
        state.apply_action(amount)
    assert state.returns() == [0.0] * 4
    state.apply_action(1)  # tails: the highest bids (seats 0 and 1) score
    assert state.is_terminal()
    assert state.returns() == pytest.approx([0.25, 0.25, -0.25, -0.25])
    assert game.min_utility() == pytest.approx(-0.25)
    assert game.max_utility() == pytest.approx(0.75)


def test_rule_options_are_game_parameters() -> None:
    adapter.register_games()
    params = pyspiel.load_game("moneyboard_poll").get_parameters()
    assert params == {
        "players": 2,
        "rounds": 2,
        "bonus": True,
        "weight": 1.0,
        "tie_rule": "share",
    }
    game = pyspiel.load_game("moneyboard_poll(players=3,rounds=1,bonus=False,tie_rule=none)")
    options = game.new_initial_state().kernel.options
    assert (options.rounds, options.bonus, options.tie_rule) == (1, False, "none")
    assert game.max_game_length() == 3
    assert game.max_chance_outcomes() == 2


def test_a_bad_option_value_is_named() -> None:
    adapter.register_games()
    with pytest.raises(Exception, match="rounds"):
        pyspiel.load_game("moneyboard_poll(rounds=0)")


def first_seat(game: adapter.MoneyboardGame) -> int:
    """The seat (from 1) that moves first in ``game``."""
    return int(game.spec.options.model_dump()["first_seat"])


def test_an_option_under_its_old_name_is_read_as_everywhere_else() -> None:
    # OpenSpiel refused first_player ("Unknown parameter"), which rules files, records and
    # the server still read: seats counted from 0, so first_player=2 is Player 3.
    adapter.register_games()
    game = pyspiel.load_game("moneyboard_monitics(players=3,first_player=2)")
    assert first_seat(game) == 3
    assert first_seat(adapter.load("financity", players=3, first_player=1)) == 2
    assert first_seat(adapter.load("monitics", first_seat=2)) == 2
    assert first_seat(pyspiel.load_game("moneyboard_monitics")) == 1
    # The game, serialised with its parameters, comes back the same.
    state = game.new_initial_state()
    again, _ = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert again.spec is game.spec
    with pytest.raises(OptionsError, match="give only 'first_seat'"):
        adapter.load("monitics", players=3, first_player=2, first_seat=2)


def test_an_unknown_option_is_refused_in_a_sentence() -> None:
    # load() passed it on to OpenSpiel, whose error listed some 40 parameters; an option
    # that is a table failed inside pyspiel with "dictionary update sequence element".
    with pytest.raises(OptionsError) as unknown:
        adapter.load("monitics", first_players=2)
    assert str(unknown.value) == (
        "Monitics has no rule option 'first_players': `moneyboard rules monitics` lists them"
    )
    with pytest.raises(OptionsError, match="'income_chosen': only rule options that are a plain"):
        adapter.load("financialit", income_chosen={"0": ["bonus"]})


def test_a_player_count_out_of_range_is_refused() -> None:
    adapter.register_games()
    with pytest.raises(Exception, match="2 to 5 players"):
        adapter.load("poll", players=6)


def test_views_and_metrics_exist_from_the_first_chance_node(game_id: str) -> None:
    """OpenSpiel observes the start of a game, which may wait for a setup draw."""
    state = adapter.load(game_id).new_initial_state()
    for seat in range(state.num_players()):
        try:
            state.kernel.view(seat)
            state.kernel.metrics(seat)
        except Exception as exc:  # the message below says what to fix
            pytest.fail(
                f"{game_id}: view({seat}) and metrics({seat}) must work at every state, "
                f"including a chance node during setup; got {exc!r}"
            )


def test_observations_are_per_seat(game: adapter.MoneyboardGame) -> None:
    spec = game.spec
    state = game.new_initial_state()
    play_randomly(state, random.Random(5), moves=6)
    kernel = state.kernel
    for seat in range(game.num_players()):
        text = state.observation_string(seat)
        assert json.loads(text) == json.loads(json.dumps(kernel.view(seat), default=str))
        tensor = np.array(state.observation_tensor(seat))
        assert tensor.shape == (spec.observation_size,)
        pieces = spec.split(tensor.astype(np.float32))
        assert pieces["observer"][seat] == 1
        assert pieces["observer"].sum() == 1
        cash = METRIC_KEYS.index("cash")
        for s in range(game.num_players()):
            assert pieces["metrics"][s, cash] == kernel.metrics(s)["cash"]
    assert game.observation_tensor_shape() == [spec.observation_size]


def test_public_observer_sees_the_public_view() -> None:
    game = adapter.load("poll")
    observer = game.make_py_observer(
        pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)
    )
    state = game.new_initial_state()
    state.apply_action(2)
    assert json.loads(observer.string_from(state, 0))["bid"] is None
    assert json.loads(state.observation_string(0))["bid"] == 2
    observer.set_from(state, 0)
    assert observer.dict["observer"].sum() == 0


def test_information_states_are_not_offered() -> None:
    game = adapter.load("poll")
    with pytest.raises(ValueError, match="not information states"):
        game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))


def test_serialisation_rebuilds_the_state_from_its_record(
    game: adapter.MoneyboardGame,
) -> None:
    state = game.new_initial_state()
    play_randomly(state, random.Random(11), moves=15)
    text = pyspiel.serialize_game_and_state(game, state)
    _, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(state2) == str(state)
    assert state2.history() == state.history()
    assert state2.record() == state.record()
    assert state2.kernel is not state.kernel
    rebuilt = game.state_from_record(state.record())
    assert str(rebuilt) == str(state)
    assert rebuilt.current_player() == state.current_player()


def test_records_replay_in_the_kernel(game: adapter.MoneyboardGame) -> None:
    state = game.new_initial_state()
    play_randomly(state, random.Random(2))
    replayed = replay_record(state.record())
    assert replayed.full_view() == state.kernel.full_view()


def test_a_record_for_other_parameters_is_refused() -> None:
    two = adapter.load("poll", players=2)
    three = adapter.load("poll", players=3)
    with pytest.raises(RecordError, match="other parameters"):
        two.state_from_record(three.new_initial_state().record())


def test_clones_are_independent(game: adapter.MoneyboardGame) -> None:
    state = game.new_initial_state()
    play_randomly(state, random.Random(4), moves=5)
    before = str(state)
    clone = state.clone()
    play_randomly(clone, random.Random(4))
    assert clone.is_terminal()
    assert str(state) == before
    assert clone.kernel is not state.kernel


def test_an_impossible_action_is_refused_and_changes_nothing() -> None:
    game = adapter.load("poll")
    state = game.new_initial_state()
    state.apply_action(1)
    before = str(state)
    with pytest.raises(Exception, match="cannot be taken now"):
        state.apply_action(99)
    assert str(state) == before


def test_adapter_specs_follow_the_game_definition(game_id: str) -> None:
    definition = registry.get_game(game_id)
    spec = make_spec(game_id)
    assert spec.actions == definition.action_space(spec.options, spec.players)
    assert spec.kinds == tuple(sorted(definition.state_class.answers))


def test_when_nobody_wins_the_best_score_takes_first_place() -> None:
    # FinanCity nearly always ends with nobody meeting the winning conditions: returns of 0
    # for everyone gave an agent no signal. As in a tournament, the best score is first.
    game = adapter.load("poll", players=4, rounds=1, tie_rule="none")
    state = game.new_initial_state()
    for amount in (2, 2, 0, 1):
        state.apply_action(amount)
    state.apply_action(1)  # tails: seats 0 and 1 tie on the most points, so nobody wins
    result = state.kernel.result
    assert state.is_terminal() and result is not None and result.winners == ()
    assert state.returns() == pytest.approx([0.25, 0.25, -0.25, -0.25])
    assert sum(state.returns()) == pytest.approx(0.0)
