"""The class vote offers the decision's own answers, and words every choice, the split and
what the family did as the buttons read on the view the class voted on."""

from __future__ import annotations

import pytest

from moneyboard.server.errors import RoomError
from tests.server.test_vote_three_games import new_room, play_until


def test_the_result_names_the_card_bought_as_the_buttons_did() -> None:
    room = new_room("financialit", 3, 1)
    vote = play_until(
        room, lambda v: any(c["action"]["type"] == "buy_luxury" for c in v["choices"]), 1
    )
    choice = next(c for c in vote["choices"] if c["action"]["type"] == "buy_luxury")
    assert choice["text"].startswith("Buy ") and "luxury" not in choice["text"]
    voter = min(room.voters())
    room.take("vote", {"seat": voter, "action": choice["action"], "version": room.version})
    # The card leaves the market when it is bought: the result still names it.
    closed = room.take("action", {"seat": vote["seat"], "action": choice["action"]})
    assert closed.vote_result is not None
    assert closed.vote_result["split"] == {choice["text"]: 1}
    assert closed.vote_result["played"] == choice["text"]


def test_a_bot_s_narration_names_the_card_it_bought() -> None:
    room = new_room("financialit", 3, 1)
    vote = play_until(
        room, lambda v: any(c["action"]["type"] == "buy_luxury" for c in v["choices"]), 1
    )
    choice = next(c for c in vote["choices"] if c["action"]["type"] == "buy_luxury")
    data = {"seat": vote["seat"], "action": choice["action"], "why": "it makes us happy"}
    change = room.take("action", data)
    assert change.narration.startswith(f"Learner {vote['seat'] + 1}: {choice['text']} (")


def test_the_vote_leaves_out_money_moves_that_do_not_answer_the_decision() -> None:
    room = new_room("financity", 3, 1)
    vote = play_until(room, lambda v: True, 1)
    assert room.state is not None and room.state.decision is not None
    assert room.state.decision.kind == "plan"
    own = [e["action"]["type"] for e in room.state.action_entries(vote["seat"])]
    assert "take_loan" in own  # the family itself may borrow now
    offered = {c["action"]["type"] for c in vote["choices"]}
    assert offered == {"place"}
    loan = next(
        e["action"]
        for e in room.state.action_entries(vote["seat"])
        if "loan" in e["action"]["type"]
    )
    with pytest.raises(RoomError, match="does not answer the decision"):
        room.take("vote", {"seat": min(room.voters()), "action": loan, "version": room.version})
    assert not room.votes


def test_a_loan_that_answers_the_decision_stays_a_choice() -> None:
    room = new_room("financity", 3, 4)
    vote = play_until(room, lambda v: room.state.decision.kind == "cover", 4)  # type: ignore[union-attr]
    assert "take_loan" in {c["action"]["type"] for c in vote["choices"]}
