"""The terminal's list of what happened tells each chance draw once: where the game logs
what a draw brought right after it ("Ana rolls a 3."), the kernel's "Chance, die: 3." is
left out. Which lines tell a draw is read from the events' order, not guessed from words."""

from __future__ import annotations

import random

from moneyboard.engine.messages import Message
from moneyboard.engine.state import GameState, Seat
from moneyboard.games.monitics.actions import ROLL
from moneyboard.registry import get_game
from moneyboard.terminal.render import event_lines

NAMES = ("Ana", "Ben", "Cy")


def new_game(game_id: str, seed: int = 1) -> GameState:
    return get_game(game_id).new_state([Seat(name) for name in NAMES], seed=seed)


def test_a_roll_the_game_tells_is_not_told_again_as_a_chance_line() -> None:
    state = new_game("monitics")
    since = len(state.log)
    state.force("die", [3])
    state.apply(0, ROLL)
    happened, _ = event_lines(state, state.log[since:], ())
    assert "Ana rolls a 3." in happened
    assert not [line for line in happened if line.startswith("Chance,")], happened


def test_cards_the_game_names_are_told_once() -> None:
    """FinanCity's homes and face-up cards, Rut to Riches' jobs and cards: each draw is
    followed by the game's own line naming it."""
    for game_id in ("financity", "rut-to-riches"):
        state = new_game(game_id)
        state.playout(random.Random(1))
        happened, _ = event_lines(state, state.log, ())
        chance = [line for line in happened if line.startswith("Chance,")]
        # A share tip too: the game tells the table only that it is for the drawer's eyes.
        assert not chance, chance[:5]
    city = new_game("financity")
    happened, _ = event_lines(city, city.log, ())
    assert sum("lives in the" in line for line in happened) == 3


def test_a_draw_the_game_does_not_tell_keeps_its_chance_line() -> None:
    """A draw followed by another draw, or by nothing, is not told by the game: its line
    stays. A draw followed by the game's own event is told by that event, whatever its
    words (the old rule looked for the outcome's number in the next lines)."""
    state = new_game("monitics")
    draw = Message("chance.drawn", {"stream": "die", "outcome": 5})
    again = Message("chance.drawn", {"stream": "die", "outcome": 4})
    happened, _ = event_lines(state, [draw, again], ())
    assert happened == ["Chance, die: 5.", "Chance, die: 4."]
    moved = Message("turn.moved", {"seat": 0, "box": 9, "label": "Tax"})
    happened, _ = event_lines(state, [draw, moved], ())
    assert not [line for line in happened if line.startswith("Chance,")], happened


def test_financialit_keeps_telling_its_draws_in_its_words() -> None:
    state = new_game("financialit")
    happened, _ = event_lines(state, state.log, ())
    assert sum(line.startswith("Family card dealt: ") for line in happened) == 3
