"""The table driver: bots, clocks per decision and per turn, the class period, directives and
the record appended entry by entry."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from moneyboard import registry
from moneyboard.engine import GameDef, msg
from moneyboard.engine.record import load_record, record_of
from moneyboard.engine.state import GameState, Seat
from moneyboard.games.financialit.content import load_content
from moneyboard.registry import replay_record
from moneyboard.table import BotMove, Table
from tests.engine import toygame, tradegame
from tests.engine.tradegame import END_TURN, VOTES, WITNESS, Deposit


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(autouse=True)
def test_games() -> Iterator[None]:
    registry.register(toygame.GAME)
    registry.register(tradegame.GAME)
    yield


def trade_table(record: Path | None = None, seats: list[Seat] | None = None) -> Table:
    state = tradegame.GAME.new_state(seats or [Seat("Ana"), Seat("Ben")], 3)
    return Table(state, record, clock=FakeClock())


def test_a_bot_s_move_is_told_as_its_button_read_before_it_was_made() -> None:
    # After a purchase a market slot's button names the card that took its place: the
    # narration named the wrong card, or "the luxury in slot 1".
    seats = [Seat(f"Spender {i}", "spender") for i in range(3)]
    state = registry.get_game("financialit").new_state(seats, 3)
    table = Table(state, None, clock=FakeClock())
    bought = 0
    while not state.terminal and bought < 3:
        for move in table.advance(max_bot_moves=1):
            if move.action.kind == "buy_luxury":
                bought += 1
                item = next(e for e in reversed(state.log) if e[0] == "market.luxury")[1]["item"]
                luxuries = load_content().luxury
                card = luxuries[item].name if item in luxuries else item
                assert move.text.startswith(f"Buy {card} (slot "), move.text
    assert bought == 3


def test_a_bot_s_move_names_the_amount_it_chose() -> None:
    # "Random: Borrow from the bank (picked at random)" and then "Random borrows $5,000":
    # the move must say the amount, as a person's own list does.
    seats = [Seat(f"Random {i}", "random") for i in range(3)]
    state = registry.get_game("rut-to-riches").new_state(seats, 3)
    table = Table(state, None, clock=FakeClock())
    with_amounts: list[BotMove] = []
    while not state.terminal and len(with_amounts) < 3:
        with_amounts += [m for m in table.advance(max_bot_moves=1) if m.action.amounts]
    assert with_amounts
    for move in with_amounts:
        for field, spec in move.action.amounts.items():
            value = getattr(move.action, field)
            shown = state.money_text(value) if spec.money else f"{value:,}"
            assert shown in move.text, move.text


def test_bots_play_until_a_person_must_decide() -> None:
    table = trade_table(seats=[Seat("Ana"), Seat("Bot", "random"), Seat("Cy", "saver")])
    moves = table.advance()
    assert [m.seat for m in moves] == [1, 2] and all(m.why for m in moves)
    assert table.people_to_move() == (0,)  # the sealed vote waits for Ana
    table.act(0, VOTES[0])
    assert table.advance() == []
    assert table.people_to_move() == (0,)  # Ana's turn


def test_a_decision_that_takes_too_long_gets_the_fallback() -> None:
    table = trade_table()
    clock = table.clock
    assert isinstance(clock, FakeClock)
    assert table.tick() == []  # the clocks start
    clock.now = 29
    assert table.tick() == []
    clock.now = 31
    timeouts = table.tick()
    assert [(t.seat, t.action, t.per) for t in timeouts] == [
        (0, VOTES[0], "decision"),
        (1, VOTES[0], "decision"),
    ]
    assert table.state.moves[-1].kind == "timeout"


def test_a_turn_that_takes_too_long_ends_with_its_fallbacks() -> None:
    state = tradegame.GAME.new_state([Seat("Ana"), Seat("Ben")], 3, forced={"die": [4]})
    clock = FakeClock()
    table = Table(state, clock=clock)
    table.act(0, VOTES[0])
    table.act(1, VOTES[0])
    for second in (20, 40):  # Ana answers within each decision's 30 seconds...
        clock.now = second
        assert table.tick() == []
        table.act(0, Deposit(1))
        table.act(1, WITNESS)
    clock.now = 61  # ... but her turn has lasted more than its 60 seconds
    timeouts = table.tick()
    assert [(t.seat, t.action, t.per) for t in timeouts] == [(0, END_TURN, "turn")]
    assert state.status.turn_seat == 1 and state.to_move() == (1,)


def test_a_pause_stops_the_clocks() -> None:
    table = trade_table()
    clock = table.clock
    assert isinstance(clock, FakeClock)
    table.tick()
    clock.now = 20
    table.direct("pause")
    clock.now = 500
    assert table.tick() == []
    table.direct("resume")
    assert table.deadline(0) == pytest.approx(510)
    clock.now = 505
    assert table.tick() == []
    clock.now = 511
    assert len(table.tick()) == 2


def test_a_seat_handed_to_a_bot_is_played_by_it() -> None:
    table = trade_table()
    table.act(0, VOTES[0])
    with pytest.raises(Exception, match="unknown bot kind"):
        table.direct("seat", seat=1, name="Robo", bot="nonsense")
    table.direct("seat", seat=1, name="Robo", bot="random")
    assert 1 in table.bots
    table.advance()
    assert table.state.decision is not None and 1 not in table.state.to_move()


def test_the_record_is_appended_entry_by_entry_and_resumes(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    table = trade_table(path)
    table.act(0, VOTES[0])
    first = path.read_text()
    table.act(1, VOTES[1])
    second = path.read_text()
    assert second.startswith(first[: first.rindex("}") - 3])  # appended, not rewritten
    last = json.loads(second)["moves"][-1]
    assert last == {"seat": 1, "action": {"type": "vote", "choice": "spend"}}
    table.act(0, END_TURN)
    table.direct("undo", count=1)
    saved = load_record(path)
    assert saved.moves[-1].directive == "undo"  # type: ignore[union-attr]
    resumed = replay_record(saved)
    assert resumed.full_view() == table.state.full_view()
    again = Table(resumed, path, clock=FakeClock())
    again.act(0, END_TURN)
    assert record_of(load_and_replay(path)).to_json() == record_of(again.state).to_json()


def load_and_replay(path: Path) -> GameState:
    return replay_record(load_record(path))


def test_due_names_what_is_due_without_doing_it() -> None:
    table = trade_table(seats=[Seat("Ana"), Seat("Bot", "random")])
    clock = table.clock
    assert isinstance(clock, FakeClock)
    played = len(table.state.moves)
    bot = table.due()
    assert bot is not None and (bot.kind, bot.seat) == ("bot", 1) and bot.why
    assert bot.action in table.state.legal_actions(1)
    assert table.due(bots=False) is None  # Ana's clock has only just started
    assert len(table.state.moves) == played  # nothing was done
    table.act(1, bot.action)
    clock.now = 31
    timeout = table.due()
    assert timeout is not None
    assert (timeout.kind, timeout.seat, timeout.action, timeout.per, timeout.limit) == (
        "timeout",
        0,
        VOTES[0],
        "decision",
        30,
    )
    assert len(table.state.moves) == played + 1
    assert table.timeout(0) == VOTES[0]
    assert table.state.moves[-1].kind == "timeout"


def test_a_trainers_timer_replaces_the_games_clocks() -> None:
    table = trade_table()
    clock = table.clock
    assert isinstance(clock, FakeClock)
    table.timer = 5
    table.tick()
    clock.now = 6
    due = table.due()
    assert due is not None and due.kind == "timeout" and due.limit == 5
    table.timer = 0  # no clocks at all
    clock.now = 1000
    assert table.due() is None and table.deadline(0) is None


class PeriodState(tradegame.TradeState):
    """The trade game with a one-minute class period that ends the game when it is over."""

    def period_minutes(self) -> float | None:
        return 1.0

    def call_time(self) -> None:
        self.end([0], [0.0] * self.n, msg("trade.time"))


def test_call_time_is_due_when_the_class_period_is_over() -> None:
    game = GameDef("trade-period", "Trade", 2, 4, tradegame.TradeOptions, PeriodState)
    clock = FakeClock()
    table = Table(game.new_state([Seat("Ana"), Seat("Ben")], 3), clock=clock)
    table.timer = 0
    clock.now = 59
    assert table.due() is None
    clock.now = 61
    due = table.due()
    assert due is not None and due.kind == "call_time"
    assert not table.state.terminal
    table.call_time()
    assert table.state.terminal and table.due() is None
