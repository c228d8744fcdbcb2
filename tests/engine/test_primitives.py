"""The kernel's primitives on the trade game: decisions, sealed votes, interjections, offers,
amounts, claims, versions, checked forcing and views."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from moneyboard import registry
from moneyboard.engine import IllegalActionError, OptionsError, Seat, msg
from moneyboard.engine.claims import Claim
from moneyboard.engine.game import GameDef
from moneyboard.engine.offers import ACCEPT, DECLINE, Propose
from tests.engine.toygame import KEEP
from tests.engine.tradegame import END_TURN, GAME, VOTES, WITNESS, Deposit, TradeState

SEATS = [Seat("Ana"), Seat("Ben"), Seat("Cy")]


@pytest.fixture(autouse=True)
def trade_game() -> Iterator[GameDef]:
    registry.register(GAME)
    yield GAME


def new(seed: int = 1, **options: object) -> TradeState:
    state = GAME.new_state(SEATS, seed, options, forced={"die": [4, 5, 6]})
    assert isinstance(state, TradeState)
    return state


def vote_all(state: TradeState) -> None:
    for seat in range(state.n):
        state.apply(seat, VOTES[seat % 2])


def test_a_sealed_vote_is_carried_out_when_the_last_seat_answers() -> None:
    state = new()
    assert state.to_move() == (0, 1, 2)
    state.apply(1, VOTES[1])
    view = state.view(0)
    assert view["decision"]["answered"] == [1] and view["decision"]["sealed"]
    assert view["votes"] == {}  # nothing is carried out, nor shown, before all have voted
    assert "held" not in view["decision"] and "spend" not in str(state.view(None))
    with pytest.raises(IllegalActionError, match="not your turn"):
        state.apply(1, VOTES[0])  # one answer each
    state.apply(2, VOTES[0])
    state.apply(0, VOTES[0])
    assert state.votes == {0: "save", 1: "spend", 2: "save"}
    voted = [params["seat"] for key, params in state.log if key == "trade.voted"]
    assert voted == [0, 1, 2]  # carried out in the order the seats were asked
    assert state.to_move() == (0,) and state.decision is not None
    assert state.decision.kind == "turn"


def test_an_answer_ends_the_decision_unless_its_type_keeps_it() -> None:
    state = new()
    vote_all(state)
    assert state.cash(0) == 4  # the allowance (automatic here) from the forced die
    state.apply(0, Deposit(1))  # keeps the turn open, after the witness (an interjection)
    assert state.to_move() == (1,) and state.decision is not None
    assert state.decision.kind == "witness"
    state.apply(1, WITNESS)
    assert state.to_move() == (0,) and state.decision is not None
    assert state.decision.kind == "turn"  # resumed as it was
    state.apply(0, END_TURN)
    assert state.to_move() == (1,) and state.decision is not None
    assert state.decision.kind == "turn" and state.status.turn_seat == 1


def test_amounts_have_a_range_and_a_ladder() -> None:
    state = new()
    vote_all(state)
    reason = state.why_not(0, Deposit(9))
    assert reason is not None and reason.key == "why.amount_range"
    assert "between 1 and 4" in state.explain(reason)
    assert state.why_not(0, Deposit(3)) is None
    ladder = [a.amount for a in state.legal_actions(0) if isinstance(a, Deposit)]
    assert ladder == [1, 2, 3, 4]
    deposits = [e for e in state.view(0)["legal"] if e["action"]["type"] == "deposit"]
    assert len(deposits) == 1
    assert deposits[0]["amount"] == {
        "field": "amount",
        "min": 1,
        "max": 4,
        "step": 1,
        "money": True,
        "cost": "amount",  # its cost is the amount typed, not the lowest amount's for all
    }
    assert "cost" not in deposits[0]


def test_an_offer_is_put_to_the_other_seat_and_settled_in_one_step() -> None:
    state = new()
    vote_all(state)
    offer = Propose(1, "sell", "0", 3)
    state.apply(0, offer)
    assert state.to_move() == (1,) and state.decision is not None
    assert state.decision.kind == "offer" and state.decision.data["price"] == 3
    assert state.why_not(1, ACCEPT) is not None  # Ben has no cash yet: he cannot pay
    state.apply(1, DECLINE)
    assert state.to_move() == (0,) and state.tokens[0] == 0
    reason = state.why_not(0, Propose(2, "sell", "0", 3))
    assert reason is not None and reason.key == "why.offer_limit"
    state.apply(0, END_TURN)
    state.apply(1, Propose(0, "sell", "1", 2))
    balances = dict(state.ledger.balances)
    state.apply(0, ACCEPT)
    assert state.tokens[1] == 0
    assert state.cash(0) == balances["cash:0"] - 2
    assert state.cash(1) == balances["cash:1"] + 2 - 1  # the price less the market's fee
    state.ledger.audit()


def test_an_offer_to_oneself_or_of_what_one_does_not_hold_is_refused() -> None:
    state = new()
    vote_all(state)
    assert state.why_not(0, Propose(0, "sell", "0", 3)) is not None
    reason = state.why_not(0, Propose(1, "sell", "2", 3))
    assert reason is not None and reason.key == "trade.not_yours"


def test_a_manual_claim_must_be_made_before_the_next_turn_or_it_is_lost() -> None:
    state = new(manual_claims=["allowance"])
    vote_all(state)
    assert state.cash(0) == 0
    assert Claim("allowance") in state.legal_actions(0)
    state.apply(0, Claim("allowance"))
    assert state.cash(0) == 4
    assert Claim("allowance") not in state.legal_actions(0)
    state.apply(0, END_TURN)
    assert Claim("allowance") in state.legal_actions(1)
    state.apply(1, END_TURN)  # Ben forgot
    assert state.cash(1) == 0
    assert ("claim.lost", {"seat": 1, "claim": "allowance"}) in state.log


def test_manual_claims_name_the_game_s_automations() -> None:
    with pytest.raises(OptionsError) as caught:
        GAME.options({"manual_claims": ["pay_day"]})
    assert str(caught.value) == (
        "option 'manual_claims': Trade has no automation 'pay_day'; its automations: allowance"
    )
    with pytest.raises(OptionsError) as caught:
        registry.get_game("toy").options({"manual_claims": ["allowance"]})
    assert str(caught.value) == (
        "option 'manual_claims': Toy has no automations for learners to claim "
        "themselves, so leave this option out"
    )


def test_a_stale_action_is_refused_and_changes_nothing() -> None:
    state = new()
    seen = state.view(0)["version"]
    state.apply(0, VOTES[0], version=seen)
    with pytest.raises(IllegalActionError, match="moved on") as info:
        state.apply(1, VOTES[0], version=seen)
    assert info.value.key == "why.stale"
    assert str(info.value) == "The game has moved on since you looked: look again and choose."
    assert state.view(1)["version"] == seen + 1
    state.apply(1, VOTES[0], version=seen + 1)


def test_forcing_is_checked_when_given() -> None:
    state = new()
    version = state.version
    with pytest.raises(IllegalActionError, match="no cards or dice called 'deck'"):
        state.force("deck", ["x"])
    with pytest.raises(IllegalActionError, match="7 is not one of the outcomes"):
        state.force("die", [3, 7])
    assert state.version == version and state.chance.pending_forced() == {"die": [4, 5, 6]}


def test_a_forced_outcome_no_longer_available_is_skipped_and_logged() -> None:
    state = registry.get_game("toy").new_state(SEATS[:2], 1)
    state.chance.force("die", [6, 2])
    assert state._forced_or_drawn("die", (1, 2, 3)) == 2
    assert ("chance.force_skipped", {"stream": "die", "outcome": 6}) in state.log


def test_a_view_lists_legal_actions_and_refused_ones_with_reasons() -> None:
    state = new()
    vote_all(state)
    assert state.view(1)["legal"] == []  # Ben is not asked, and has no anytime action
    state.apply(0, END_TURN)
    view = state.view(1)
    # Labels: the kernel's wording of an offer (its price still to choose), the kind in words.
    assert {e["text"] for e in view["legal"]} >= {"End turn", "Offer to sell 1 to Ana for …"}
    assert state.view(None)["to_move"] == [1] and "legal" not in state.view(None)
    toy = registry.get_game("toy").new_state(SEATS[:2], 2, forced={"die": [3, 2]})
    toy.apply(0, KEEP)
    refused = {e["text"]: e for e in toy.view(1)["refused"]}
    assert refused["Gamble"]["key"] == "toy.cannot_afford"
    assert refused["Gamble"]["reason"] == toy.explain(msg("toy.cannot_afford", fee=1))


def test_refused_entries_follow_the_figures_and_names_and_are_the_callers_to_change() -> None:
    """Refused entries are remembered between views; what they say must still follow the
    reason's figures and the seats' names, and a view's copy may be changed freely."""
    toy_game = registry.get_game("toy")
    texts = []
    for fee in (1, 2):
        toy = toy_game.new_state(SEATS[:2], 2, {"gamble_fee": fee}, forced={"die": [3, 2]})
        toy.apply(0, KEEP)
        entry = next(e for e in toy.view(1)["refused"] if e["action"] == {"type": "gamble"})
        texts.append(entry["reason"])
        entry["reason"] = "changed"
        entry["action"]["type"] = "changed"
        again = next(e for e in toy.view(1)["refused"] if e["key"] == "toy.cannot_afford")
        assert again["action"] == {"type": "gamble"} and again["reason"] == texts[-1]
    assert texts[0] != texts[1]
    # A reason naming a seat reads the name the seat has now.
    reason = msg("toy.cannot_afford", fee=1, seat=1)
    before = toy._refused_entry(KEEP, reason, ("Ana", "Ben"))["reason"]
    toy.direct("seat", seat=1, name="Cleo")
    after = toy._refused_entry(KEEP, reason, ("Ana", "Cleo"))["reason"]
    assert "Ben" in before and "Cleo" in after


def test_toy_answers_still_end_the_decision_for_the_toy_game() -> None:
    state = registry.get_game("toy").new_state(SEATS[:2], 2, forced={"die": [3]})
    state.apply(0, KEEP)
    assert state.to_move() == (1,)


def test_a_range_of_one_amount_names_that_amount() -> None:
    """With one unit left the deposit's range is 1 to 1: the reason read "The amount must
    be between 1 and 1" (FinanCity's savings: "between $100 and $100")."""
    state = new()
    vote_all(state)
    state.apply(0, Deposit(3))
    state.apply(1, WITNESS)  # the deposit is witnessed; Ana's turn goes on
    reason = state.why_not(0, Deposit(2))
    assert reason is not None and reason.key == "why.amount_only"
    assert state.explain(reason) == "The amount can only be 1 now."
    assert state.why_not(0, Deposit(1)) is None


def test_every_path_refuses_an_amount_out_of_range() -> None:
    state = new()
    vote_all(state)
    too_much = Deposit(99)
    assert too_much not in state.legal_actions(0)
    check = TradeState._checks_for["turn"][Deposit]
    reason = check(state, 0, too_much)
    assert reason is not None and reason.key == "why.amount_range"


def test_a_suspended_decision_can_be_dropped_instead_of_asked_again() -> None:
    state = new()
    vote_all(state)
    state.apply(0, Deposit(1))  # seat 0's turn is suspended while seat 1 witnesses
    assert not state.drop_suspended("witness")  # only suspended decisions count
    assert state.drop_suspended("turn")
    assert not state.drop_suspended("turn")  # it is gone
    state.apply(1, WITNESS)
    # Seat 0's turn is not asked again: the game goes on as if it had ended.
    assert state.to_move() == (1,) and state.decision is not None
    assert state.decision.kind == "turn" and state.status.turn_seat == 1


def test_chance_words_name_decks_and_cards_as_a_trainer_reads_them() -> None:
    """A skipped forced card, and a refused one, are told with the deck's and the card's
    names ("events deck", "Sick Pet"), not the ids the game stores."""
    state = registry.get_game("financity").new_state(SEATS[:2], 1)
    skipped = ("chance.force_skipped", {"stream": "deck:events", "outcome": "sick_pet"})
    assert state.explain(skipped) == (
        "The chosen Sick Pet could no longer be drawn from the events deck,"
        " so the draw was left to chance."
    )
    with pytest.raises(IllegalActionError) as info:
        state.force("deck:events", ["unicorn"])
    assert str(info.value).startswith(
        '"unicorn" is not one of the outcomes of events deck; it can give Cracked Screen,'
    )
    with pytest.raises(IllegalActionError) as info:
        state.force("nonsense", ["x"])
    assert str(info.value) == (
        "this game has no cards or dice called 'nonsense';"
        " it has: investment deck, shopping deck, events deck"
    )


@pytest.mark.parametrize("game_id", ["financialit", "financity", "rut-to-riches", "monitics"])
def test_what_a_stream_has_left_is_among_what_it_can_ever_give(game_id: str) -> None:
    """``stream_left`` (what a trainer may still choose) is always drawn from the stream's
    outcomes, and a card it lists can be chosen with nothing refused."""
    game = registry.get_game(game_id)
    state = game.new_state([Seat(n) for n in ("Ana", "Ben", "Cy")], 3)
    rng = random.Random(3)
    for _ in range(150):
        if state.terminal:
            break
        for stream in state.chance_streams():
            left = state.stream_left(stream)
            if left is None:
                continue
            assert set(left) <= set(state.stream_outcomes(stream) or ()), stream
            for card in set(left):
                assert state.forced_problem(stream, [card]) is None, (stream, card)
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
