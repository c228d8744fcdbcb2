"""In hot seat every family reads one screen: what one family alone may know (a Rut to
Riches share tip, a card dealt face down) is not told to the whole table, only at that
family's own turn. Ruling of the terminal, as the classroom shows it to that seat only."""

from __future__ import annotations

from collections.abc import Iterator

from rich.console import Console

from moneyboard import registry
from moneyboard.engine.messages import private_event
from moneyboard.engine.state import GameState, Seat
from moneyboard.games.rut_to_riches.actions import Deal, Roll
from moneyboard.games.rut_to_riches.base import OPPORTUNITIES
from moneyboard.terminal import PlaySession
from tests.games.rut_to_riches.helpers import act, force, start


def session(state: GameState, *typed: str) -> PlaySession:
    answers: Iterator[str] = iter(typed)
    return PlaySession(state, Console(record=True, width=160), lambda: next(answers, None))


def test_a_share_tip_is_shown_to_its_drawer_only() -> None:
    """P1 draws a Share Market tip: the table reads that it is P1's alone, and the card
    shows at P1's prompt ('Chance, shares deck: <the tip>' was printed for everyone)."""
    state = start(jobs=("janitor", "teacher"), forced={"deck:shares": ["sh_tkno_tip"]})
    state.players[0].position = 0
    force(state, "die", 1)
    act(state, 0, Roll())
    act(state, 0, Deal("shares"))
    assert state.to_move() == (0,)
    play = session(state, "quit")
    play.run()
    text = play.console.export_text()
    before, _, at_prompt = text.partition("─ P1 ─")
    title = OPPORTUNITIES["sh_tkno_tip"].title
    assert "is a tip for P1's eyes only" in before
    assert title not in before and "Chance, shares deck" not in before
    assert title in at_prompt


def test_an_event_for_one_family_waits_for_its_turn() -> None:
    state = registry.get_game("toy").new_state([Seat("Ana"), Seat("Ben")], 0)
    state.log.append(private_event((1,), "toy.secret", card="gold"))
    play = session(state, "keep", "quit")
    play.run()
    text = play.console.export_text()
    shared, _, bens = text.partition("─ Ben ─")
    assert "Something for Ben's eyes only: shown when Ben next decides." in shared
    assert "gold" not in shared
    assert "For Ben's eyes only:" in bens and "gold" in bens
