"""Generic renderings: families, board, events and payments, decisions and actions."""

from __future__ import annotations

import dataclasses
import random
from typing import Any, ClassVar

import pytest
from rich.console import Console

from moneyboard import registry
from moneyboard.engine.actions import Action
from moneyboard.engine.ledger import Posting
from moneyboard.engine.messages import Catalogue, Message, msg
from moneyboard.engine.state import GameState, Seat
from moneyboard.terminal.render import (
    action_text,
    and_list,
    board_table,
    compact,
    decision_line,
    event_lines,
    families_table,
    result_renderable,
    signed,
)
from moneyboard.terminal.text import account_label, explain
from tests.engine.toygame import ToyState


def toy(seed: int = 0) -> GameState:
    return registry.get_game("toy").new_state([Seat("Ana"), Seat("Ben", "saver")], seed)


def rendered(*things: Any) -> str:
    console = Console(record=True, width=100)
    for thing in things:
        console.print(thing)
    return console.export_text()


def test_families_table_shows_every_metric_and_who_moves() -> None:
    state = toy()
    text = rendered(families_table(state, {"homes": [{"pets": ["cat"]}, {"pets": []}]}))
    assert "> Ana" in text and "(saver bot)" in text
    for metric in ("cash", "savings", "debt", "assets", "income", "wellbeing", "score"):
        assert metric in text
    assert "pets" in text and "cat" in text


def test_board_shows_the_game_part_of_a_view() -> None:
    state = toy()
    text = rendered(board_table(state, state.view(None)))
    assert "round" in text
    assert "Ana 1, Ben 0" in text
    assert board_table(state, state.kernel_view()) is None


def test_compact_values() -> None:
    assert compact({"a": [1, 2], "b_c": False}) == "a 1, 2, b c no"
    assert compact(2.0) == "2"


def test_accounts_are_named_after_families() -> None:
    state = toy()
    assert account_label(state, "cash:1") == "Ben's cash"
    assert account_label(state, "bank") == "the bank"
    assert account_label(state, "pot") == "pot"
    assert account_label(state, "cash:7") == "cash:7"


def test_events_and_payments_in_plain_words() -> None:
    state = toy()
    events = [Message("chance.drawn", {"stream": "die", "outcome": 4})]
    postings = [Posting("bank", "cash:0", 3, "toy.income", {"seat": 0})]
    happened, payments = event_lines(state, events, postings)
    assert happened == ["Chance, die: 4."]
    assert payments == ["3 from the bank to Ana's cash: toy.income (seat=0, name=Ana)"]


def test_a_payment_is_explained_with_its_own_amount() -> None:
    state = registry.get_game("rut-to-riches").new_state([Seat("Ana"), Seat("Ben")], seed=1)
    postings = [Posting("bank", "cash:0", 990, "rut.payday", {"seat": 0})]
    assert event_lines(state, [], postings)[1] == [
        "$990 from the bank to Ana's cash: Pay Day for Ana: nett income $990."
    ]


def test_a_payment_already_told_as_an_event_shows_only_its_amount() -> None:
    state = toy()
    told = Message("toy.income", {"seat": 0})
    _, payments = event_lines(
        state, [told], [Posting("bank", "cash:0", 3, "toy.income", {"seat": 0})]
    )
    assert payments == ["3 from the bank to Ana's cash"]


def test_kernel_reasons_fall_back_to_the_kernel_catalogue() -> None:
    game = registry.get_game("toy")
    state = DescribedToy(game.options(), [Seat("Ana"), Seat("Ben")], 0)
    assert "why.not_your_turn" not in state.catalogue
    assert explain(state, msg("why.not_your_turn")) == "It is not your turn to decide."


@dataclasses.dataclass(frozen=True, slots=True)
class Hint(Action):
    kind: ClassVar[str] = "hint"


class DescribedToy(ToyState):
    """The toy game with the optional description hooks a game may add."""

    catalogue = Catalogue({"describe.decision.roll": "{name}, you rolled {value}: keep it?"})

    def describe_action(self, seat: int, action: Action) -> str | Message | None:
        if action.kind == "gamble":
            return msg("toy.costs", fee=self.options.gamble_fee)
        return "free" if action.kind == "keep" else None


def test_games_may_describe_decisions_and_actions() -> None:
    game = registry.get_game("toy")
    state = DescribedToy(game.options(), [Seat("Ana"), Seat("Ben")], 0)
    assert decision_line(state, 0) == f"Ana, you rolled {state.roll[0]}: keep it?"
    legal = state.legal_actions(0)
    texts = [action_text(state, 0, a) for a in legal]
    assert "Keep (free)" in texts
    assert "Borrow" in texts
    plain = toy()
    assert decision_line(plain, 0).startswith("Ana decides: roll (value ")
    assert action_text(plain, 0, Hint()) == "Hint"


def test_without_hooks_an_action_shows_its_effect_on_the_family() -> None:
    state = toy(seed=0)
    roll = state.roll[0]  # type: ignore[attr-defined]
    before = snapshot(state)
    texts = {str(a): action_text(state, 0, a) for a in state.legal_actions(0)}
    assert texts["keep"] == f"Keep (cash +{roll})"
    assert texts["borrow"] == "Borrow (cash +3)"
    assert texts["gamble"] == "Gamble (cash depends on chance)"
    assert snapshot(state) == before


def test_what_depends_on_chance_is_said_once_for_every_figure() -> None:
    """A FinanciaLit loan's preview names the figures chance decides in one clause, not a
    clause each ("cash depends on chance, debt depends on chance, ...")."""
    state = registry.get_game("financialit").new_state([Seat("Ana"), Seat("Ben"), Seat("Cy")], 5)
    for _ in range(200):
        seat = state.to_move()[0]
        texts = [action_text(state, seat, a) for a in state.legal_actions(seat)]
        for text in texts:
            assert text.count("on chance") <= 1, text
            assert "depends on chance," not in text
        state.apply(seat, state.legal_actions(seat)[0])
        if state.terminal:
            break
    assert and_list(["cash"]) == "cash"
    assert and_list(["cash", "debt", "Happiness"]) == "cash, debt and Happiness"


def snapshot(state: GameState) -> tuple[Any, ...]:
    return (state.full_view(), len(state.log), state.chance.rng.getstate())


def test_a_preview_writes_money_in_the_currency_and_large_sums_in_full() -> None:
    state = registry.get_game("rut-to-riches").new_state([Seat("Ana"), Seat("Ben")], seed=1)
    assert signed(state, "debt", 501_000) == "+$501,000"  # was "+501000", and 1.2e+06 beyond
    assert signed(state, "cash", -500) == "−$500"
    assert signed(state, "wellbeing", 5) == "+5"
    assert signed(state, "wellbeing", -2) == "−2"  # the same minus sign as money's


def test_a_familys_details_show_money_in_the_currency_and_a_named_field_once() -> None:
    state = registry.get_game("financity").new_state([Seat("Ana"), Seat("Ben")], 3)
    view = state.view(None)
    text = rendered(families_table(state, view))
    rows = {line.split("│")[1].strip(): line for line in text.splitlines() if "│" in line}
    home = view["players"][0]
    # "home" (an identifier) and "home_name" (its name) are one row, by the name.
    assert "home" in rows and "home name" not in rows
    assert home["home_name"] in rows["home"]
    # The art's money figures are money here too.
    assert f"${home['expenses']:,}" in rows["expenses"]


def test_a_games_own_money_metrics_are_written_in_its_currency() -> None:
    state = registry.get_game("rut-to-riches").new_state([Seat("Ana"), Seat("Ben")], 3)
    rows = {
        line.split("│")[1].strip(): line
        for line in rendered(families_table(state)).splitlines()
        if "│" in line
    }
    metrics = state.metrics(0)
    assert state.money_text(metrics["net_worth"]) in rows["net worth"]  # "−$43,290"
    assert state.money_text(metrics["active"]) in rows["active income"]  # the game's words
    assert "$" not in rows["retired"] and "no" in rows["retired"]  # a flag, not money


def test_a_games_words_for_one_field_name_its_values_in_the_details() -> None:
    """Monitics' ``box`` reads by the box's name, and a player's unpaid tax is money."""
    state = registry.get_game("monitics").new_state([Seat("Ana"), Seat("Ben")], 3)
    rows = {
        line.split("│")[1].strip(): line
        for line in rendered(families_table(state, state.view(None))).splitlines()
        if "│" in line
    }
    assert "Start" in rows["box"] and "start" not in rows["box"]
    assert "$0" in rows["tax debt"]


@pytest.mark.parametrize("game_id", ["financialit", "financity", "rut-to-riches", "monitics"])
def test_no_two_moves_listed_read_the_same(game_id: str) -> None:
    """A move whose label leaves its amount out is listed with the amount ("Borrow from the
    bank ($500)"), so a learner can tell every listed move from the others."""
    state = registry.get_game(game_id).new_state([Seat("Ana"), Seat("Ben"), Seat("Cy")], 4)
    rng = random.Random(4)
    for _ in range(60):
        if state.terminal:
            break
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        texts = [action_text(state, seat, a) for a in legal]
        assert len(set(texts)) == len(texts), texts
        state.apply(seat, rng.choice(legal))


@pytest.mark.parametrize(
    ("game_id", "one", "many"),
    [
        ("monitics", "player", "Players"),
        ("rut-to-riches", "player", "Players"),
        ("financialit", "family", "Families"),
    ],
)
def test_the_tables_call_the_players_as_the_game_does(game_id: str, one: str, many: str) -> None:
    # Monitics and Rut to Riches are played by players: the terminal said "Families".
    game = registry.get_game(game_id)
    state = game.new_state([Seat(f"P{i}") for i in range(game.min_players)], seed=1)
    state.playout(random.Random(1))
    families = rendered(families_table(state))
    result = rendered(result_renderable(state))
    assert families.lstrip().startswith(many)
    assert f" {one} " in result
    if one != "family":
        assert "amil" not in families + result
