"""A bot's reason names the game's score as the game and its debrief do, never a bare
"score" a learner cannot place."""

from __future__ import annotations

import re

from moneyboard import registry
from moneyboard.bots import make_bot
from moneyboard.bots.personality import describe_gain, score_words
from moneyboard.engine.state import Seat

GAMES = ("financialit", "financity", "rut-to-riches", "monitics")


def reasons(game_id: str, seed: int) -> list[str]:
    """Every reason four personality bots gave in one game."""
    game = registry.get_game(game_id)
    kinds = ["saver", "spender", "investor", "insurer"]
    state = game.new_state([Seat(f"{k} {i + 1}", k) for i, k in enumerate(kinds)], seed)
    bots = [make_bot(kind, seed, seat) for seat, kind in enumerate(kinds)]
    said = []
    while state.result is None:
        seat = state.to_move()[0]
        choice = bots[seat].choose(state, seat)
        said.append(choice.why)
        state.apply(seat, choice.action)
    return said


def test_financity_reasons_say_what_its_score_is() -> None:
    # "score +50, compared with 'Buy an insurance token'": score of what?
    said = reasons("financity", 0)
    by_score = [why for why in said if "champion score less loans" in why]
    assert by_score, said
    assert all(why.startswith("score (champion score less loans) +") for why in by_score)
    assert not any(re.search(r"(^|, )score [+−]", why) for why in said)


def test_every_game_names_its_score_in_its_own_words() -> None:
    named = {
        game_id: score_words(game_id, registry.get_game(game_id).state_class.catalogue.words())
        for game_id in GAMES
    }
    assert named == {
        "financialit": ("Happiness", None),
        "financity": ("score (champion score less loans)", None),
        "rut-to-riches": ("out of the Rut", "of expenses covered by passive income"),
        "monitics": ("net worth", None),
    }
    # Rut to Riches' score is a share of expenses: said in percentage points of what it
    # covers ("out of the Rut +0.2" said nothing).
    _, share_of = named["rut-to-riches"]
    assert describe_gain("score", 0.2, share_of=share_of) == (
        "about 20 percentage points more of expenses covered by passive income"
    )
    assert describe_gain("score", -0.01, share_of=share_of) == (
        "about 1 percentage point less of expenses covered by passive income"
    )
