"""What learners read of a FinanciaLit game: chance draws by card name, and `moneyboard
replay` telling the game in words (as the terminal does) rather than raw log tuples."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from moneyboard.cli import app
from moneyboard.engine.record import record_of
from moneyboard.games.financialit.actions import AddClause, Place
from moneyboard.terminal.text import explain
from tests.games.financialit.driver import CONTENT, start

runner = CliRunner()


def test_every_chance_draw_is_told_by_the_card_name() -> None:
    state = start(None, seats=4, seed=2)
    state.playout(random.Random(2))
    draws = [(key, p) for key, p in state.log if key == "chance.drawn"]
    streams = {p["stream"].partition(":")[0] for _, p in draws}
    assert {"families", "deck", "income", "returns"} <= streams
    names = {
        **{x.id: x.name for x in CONTENT.families},
        **{x.id: x.name for x in CONTENT.luxuries},
        **{x.id: x.name for x in CONTENT.events},
        **{x.id: x.name for x in CONTENT.investment.values()},
        **{x.id: x.name for x in CONTENT.income_cards},
        **{x.id: x.name for x in CONTENT.skills},
        **{x.id: x.name for x in CONTENT.careers},
    }
    for draw in draws:
        text = explain(state, draw)
        stream, outcome = draw[1]["stream"], draw[1]["outcome"]
        assert "Drawn on" not in text and stream not in text, text
        if stream.startswith("returns:"):
            card = CONTENT.investment[stream.partition(":")[2]]
            assert card.name in text and f"{outcome} units" in text
        else:
            assert names[outcome] in text, text
    # A seat's own Income Modifier names the family's player.
    own = next(d for d in draws if d[1]["stream"].startswith("income:"))
    seat = int(own[1]["stream"].partition(":")[2])
    assert state.seats[seat].name in explain(state, own)


def test_replay_tells_the_game_in_words(tmp_path: Path) -> None:
    state = start(None, seats=4, seed=5)
    state.playout(random.Random(5))
    path = tmp_path / "game.json"
    path.write_text(record_of(state).to_json(), encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path)], terminal_width=200)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "What happened:" in out and "Money moved:" in out
    assert "Family card dealt:" in out and "Period 8 begins." in out
    # No raw log entries or postings: no tuples, no parameter dictionaries, no card ids.
    assert "('" not in out and "{'" not in out and "Drawn on" not in out
    assert "from Ana's cash to the bank" in out
    # The final state and the result follow the story.
    assert out.index("What happened:") < out.index("Families") < out.index("Winner:")


def test_a_refused_luxury_names_the_slot_its_button_shows() -> None:
    """Buttons count market slots from 1; the reason a slot is empty counts the same way."""
    rng = random.Random(4)
    state = start(None, seats=4, seed=4)
    seen = 0
    while state.result is None and seen < 3:
        seat = state.to_move()[0]
        for entry in state.seat_actions(seat)["refused"]:
            if entry["key"] == "why.empty_market_slot":
                number = entry["action"]["slot"] + 1
                assert entry["text"] == f"Buy the luxury in slot {number}"
                assert entry["reason"] == f"Market slot {number} is empty."
                seen += 1
        state.play(seat, rng.choice(state.legal_actions(seat)))
    assert seen


def test_a_trainer_may_stack_the_income_modifiers_as_the_rule_options_draw_them() -> None:
    each = start(None, seats=3, seed=1).chance_streams()
    assert [s for s in each if s.startswith("income")] == ["income:0", "income:1", "income:2"]
    shared = start(None, seats=3, seed=1, income_draw="one_for_all").chance_streams()
    assert [s for s in shared if s.startswith("income")] == ["income"]
    none = start(None, seats=3, seed=1, income_draw="none").chance_streams()
    assert not [s for s in none if s.startswith("income")]
    # Only the risky investments have a payout to stack; every stream is one the game knows.
    state = start(None, seats=3, seed=1)
    returns = {s.removeprefix("returns:") for s in each if s.startswith("returns:")}
    assert returns == {x.id for x in CONTENT.investment.values() if x.risky}
    assert all(state.stream_outcomes(s) for s in each)


def test_the_table_shows_each_card_with_its_price_under_the_rule_options() -> None:
    """The market and the investments on offer carry what the class needs to discuss them:
    the price under the rule options in play (a price change, the crowding surcharge)."""
    state = start(None, seats=4, seed=3, luxury_cost_delta=2, luxury_upkeep_delta=1)
    view = state.view(None)
    assert [x and x["card"] for x in view["market"]] == state.market
    for item in view["market"]:
        luxury = CONTENT.luxury[item["card"]]
        assert item["name"] == luxury.name
        assert item["cost"] == luxury.cost + 2 and item["upkeep"] == luxury.upkeep + 1
    for term, offer in view["offers"].items():
        card_id = state.offers[term]
        assert card_id is not None
        card = CONTENT.investment[card_id]
        assert offer["name"] == card.name and offer["periods"] == card.slots
        assert offer["cost"] == state.investment_price(term) >= card.cost
        low, high = min(card.returns), max(card.returns)
        assert offer["pays"] == (str(low) if low == high else f"{low}-{high}")


def test_a_pawn_goes_to_a_location_by_its_name_on_the_button_and_in_the_event() -> None:
    state = start()
    seat = state.to_move()[0]
    buttons = {
        e["action"]["location"]: e["text"]
        for e in state.seat_actions(seat)["legal"]
        if e["action"]["type"] == "place"
    }
    assert buttons["pay_bills"] == "Place a pawn on Payable Bills"
    assert buttons["labour"] == "Place a pawn on Labour Market & Educational Institutions"
    state.apply(seat, Place("market"))
    assert explain(state, state.log[-1]) == f"{state.seats[seat].name} placed a pawn at The Market."


def test_buttons_say_what_they_buy_and_each_reads_differently() -> None:
    """A Luxury Item's button names the item in its slot, an investment's the card on offer,
    a clause's the Events it covers; a Drop is offered only for a clause held; no two legal
    buttons read the same."""
    state = start(None, seats=4, seed=5)
    rng = random.Random(5)
    seen: set[str] = set()
    while not state.terminal:
        for seat in range(state.n):
            entries = state.seat_actions(seat)
            texts = [e["text"] for e in entries["legal"]]
            assert len(texts) == len(set(texts)), texts
            for entry in entries["legal"] + entries["refused"]:
                action = entry["action"]
                if action["type"] == "buy_luxury" and state.market[action["slot"]]:
                    item = CONTENT.luxury[state.market[action["slot"]]]
                    assert entry["text"] == f"Buy {item.name} (slot {action['slot'] + 1})"
                    seen.add("luxury")
                offer = state.offers.get(action.get("term", ""))
                if action["type"] == "invest" and offer:
                    card = CONTENT.investment[offer]
                    assert entry["text"] == f"Invest in {card.name} ({action['term']} term)"
                    seen.add("invest")
                if action["type"] == "drop_clause":
                    assert action["clause"] in state.homes[seat].insurance
                    seen.add("drop")
            for entry in entries["legal"]:
                if entry["action"]["type"] in ("buy_luxury", "invest"):
                    assert entry["cost"] > 0 or entry["action"]["type"] == "buy_luxury"
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, rng.choice([a for a in legal if not a.anytime] or legal))
    assert {"luxury", "invest"} <= seen
    theft = state.action_label(AddClause("theft"))
    assert theft == "Add the Theft clause (covers Burglary and Stolen Phone)"
    assert state.action_label(AddClause("fire")) == "Add the Fire clause (covers Fire Disaster)"


def test_the_family_card_shows_its_special_effect_miscalculation_and_family_aid() -> None:
    """The pages draw a family's figures from the art: the rules a family plans around are
    among them, and each path is in the seat's view."""
    from moneyboard.web.art import game_art, page_data

    art = game_art("financialit")
    paths = {f["path"]: f["label"] for f in art["figures"]}
    assert {"special", "miscalculation", "family_aid_used"} <= set(paths)
    state = start(None, seats=3, seed=1)
    for family in state.view(0)["families"]:
        for path in paths:
            assert path in family
        # Where its pawns are: none at the start, in words rather than "none".
        assert family[art["position"]] == "no_pawn_placed"
    words = page_data("financialit")["art"]["words"]
    assert words["no_pawn_placed"] == "No pawn on the board yet"
    state.apply(0, Place("market"))
    assert state.view(0)["families"][0]["where"] == ["market"]


def test_the_log_leaves_out_zeros_and_says_a_shared_card_was_drawn_once() -> None:
    """No "crowding surcharge 0", "upkeep 0 per period" or "used 0 Common Goods"; with one
    Income Modifier for all, no family is said to have drawn it."""
    state = start(None, seats=4, seed=3, income_draw="one_for_all", crowding_surcharge=0)
    state.playout(random.Random(3))
    texts = [explain(state, event) for event in state.log]
    assert not [t for t in texts if "surcharge" in t or "upkeep 0" in t]
    assert not [t for t in texts if "used 0 " in t or "(0 left)" in t]
    assert not [t for t in texts if "drew the Income Modifier" in t]
    assert [t for t in texts if "is this period's Income Modifier for every family" in t]
    keys = {key for key, _ in state.log}
    assert "income.shared_modifier" in keys and "investment.crowded" not in keys


def test_clause_buttons_name_what_the_games_event_changes_make_them_cover() -> None:
    """A trainer's event_changes may move an Event card to another insurance (R45): the
    Broker's buttons, the terminal's list and the bots' reasons name what each clause covers
    in this game, not on the shipped cards; a game without changes keeps the shipped words."""
    from moneyboard.games.financialit.actions import DONE, DropClause
    from moneyboard.terminal.render import action_text
    from tests.games.financialit.driver import SHELTERED, Script, run

    changes = {"burglary": {"covered_by": "basic"}, "fire": {"covered_by": "theft"}}
    state = start(rounds=2, event_changes=changes, **SHELTERED)
    seen: dict[str, str] = {}

    def at_the_broker(state: Any, seat: int) -> Any:
        for entry in state.seat_actions(seat)["legal"]:
            if entry["action"]["type"] == "add_clause":
                seen[entry["action"]["clause"]] = entry["text"]
        seen["terminal"] = action_text(state, seat, AddClause("theft"))
        return DONE

    # The first visit takes out Basic Insurance; the second offers the clauses.
    broker = {0: ["insurance"]}
    run(state, Script({1: broker, 2: broker}, {"insurance": at_the_broker}))
    theft = "Theft clause (covers Fire Disaster and Stolen Phone)"
    assert seen["theft"] == f"Add the {theft}"
    assert seen["fire"] == "Add the Fire clause"  # it covers no Event card in this game
    assert seen["terminal"].startswith(f"Add the {theft}")
    assert state.action_text(DropClause("theft")) == f"Drop the {theft}"
    shipped = start(rounds=1)
    assert shipped.action_label(AddClause("theft")) == (
        "Add the Theft clause (covers Burglary and Stolen Phone)"
    )
    assert shipped.action_label(AddClause("fire")) == "Add the Fire clause (covers Fire Disaster)"
