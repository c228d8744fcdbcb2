"""What a learner reads, in every game: seats by name, amounts with their currency, the
game's identifiers as words. Random games are played to the end and every button, every
refused button's reason and every event a learner is shown is checked."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

from moneyboard.engine.kernel import Seat
from moneyboard.engine.messages import Catalogue, msg
from moneyboard.engine.offers import Propose
from moneyboard.engine.state import GameState
from moneyboard.games.monitics.actions import Buy
from moneyboard.games.monitics.state import MoniticsState
from moneyboard.games.rut_to_riches.actions import ChooseDream, Deal, Pass
from moneyboard.games.rut_to_riches.base import CONTENT
from moneyboard.games.rut_to_riches.content import SQUARE_NAMES
from moneyboard.registry import game_ids, get_game
from moneyboard.server.listeners import TRAINER_ONLY_PREFIXES
from moneyboard.terminal.render import decision_line

#: "seat 2", "Player 0": a seat shown by its number instead of its name.
SEAT_NUMBER = re.compile(r"\b(?:seat|player)s? \d", re.IGNORECASE)
#: "credit_card", "take_loan", "bill:food": an identifier shown as it is spelled in the code.
IDENTIFIER = re.compile(r"\b[a-z]+(?:[_:][a-z0-9]+)+\b")
NAMES = ("Ana", "Ben", "Cy", "Dee", "Eve", "Fay")


def learner_texts(state: GameState, logged: int) -> Iterator[str]:
    """Every seat's buttons and refused reasons now, the decision in words (the class vote's
    prompt), and the events since ``logged``."""
    for seat in range(state.n):
        actions = state.seat_actions(seat)
        for entry in actions["legal"]:
            yield entry["text"]
        for entry in actions["refused"]:
            yield entry["text"]
            yield entry["reason"]
    for seat in state.to_move():
        yield decision_line(state, seat)
    for event in state.log[logged:]:
        if not event[0].startswith(TRAINER_ONLY_PREFIXES):
            yield state.explain(event)


@pytest.mark.parametrize("game_id", game_ids())
def test_learners_read_names_and_words_not_numbers_and_identifiers(game_id: str) -> None:
    game = get_game(game_id)
    # A named identifier must not show as its parts either ("pe carwash" for "pe_carwash").
    words = game.state_class.catalogue.words()
    spelled = {
        key.replace("_", " ")
        for key, word in words.items()
        if "_" in key and key.replace("_", " ") not in word.lower()
    }
    read: set[str] = set()
    for seed in (3, 4):
        players = min(game.max_players, max(game.min_players, seed + 1))
        state = game.new_state([Seat(name) for name in NAMES[:players]], seed=seed)
        rng = random.Random(seed)
        logged = 0
        while state.result is None:
            for text in set(learner_texts(state, logged)) - read:
                assert not SEAT_NUMBER.search(text), text
                assert not IDENTIFIER.search(text), text
                assert "{" not in text and "[" not in text, text
                assert not re.search(r"(?<![\d.,])1 units", text), text
                assert not any(parts in text.lower() for parts in spelled), text
                read.add(text)
            logged = len(state.log)
            decision = state.decision
            # Every decision has its sentence (not "Ana decides: cover (amount 4, ...)").
            assert decision is None or f"describe.decision.{decision.kind}" in state.catalogue
            seat = state.to_move()[0]
            action = state.random_action(seat, rng)
            assert action is not None
            state.apply(seat, action)
    assert len(read) > 200


def test_a_template_shows_seats_by_name_and_money_in_the_currency() -> None:
    catalogue = Catalogue({"sold": "{to:seat} paid {price:money} for {card}."})
    names = ["Ana", "Ben"]
    text = catalogue.render(
        msg("sold", to=1, price=1200, card="credit_card"),
        seat_name=names.__getitem__,
        money="${:,}".format,
    )
    assert text == "Ben paid $1,200 for credit card."
    # A parameter the message lacks shows as its name, and a template without one is as before.
    assert catalogue.render(msg("sold", price=5, card="x")) == "{to} paid 5 for x."


def test_a_replaced_seat_is_told_by_the_name_it_had() -> None:
    state = get_game("financialit").new_state([Seat("Ana"), Seat("Ben"), Seat("Cy")], seed=1)
    state.direct("seat", seat=1, name="Ben", bot="saver")  # an absent learner: a bot plays on
    state.direct("seat", seat=1, name="Ben", bot=None)  # and the learner is back
    state.direct("seat", seat=2, name="Saver bot", bot="saver")
    state.direct("seat", seat=2, name="Dee", bot=None)
    told = [state.explain(e) for e in state.log if e[0].startswith("seat.")]
    assert told == [
        "A saver bot now plays Ben's seat.",
        "A person plays Ben's seat again.",
        "A saver bot now plays Cy's seat, as Saver bot.",
        "Saver bot's seat is now played by Dee.",
    ]


def test_cards_and_assets_are_named_by_their_titles_on_buttons_and_in_events() -> None:
    rut = get_game("rut-to-riches").new_state([Seat(name) for name in NAMES[:3]], seed=1)
    for card in CONTENT.opportunities.values():
        assert rut.action_label(Pass(card.id)) == f"Pass on {card.title}"
    dream = CONTENT.dreams[0]
    assert rut.action_label(ChooseDream(dream.id)) == f"Choose the dream: {dream.name}"
    assert rut.action_label(Deal("real_estate")) == "Opportunity card: real estate"
    resale = Propose(1, "sell", "pe_carwash", 500)  # R15: a resale for a commission
    assert rut.action_label(resale) == "Offer Car-wash franchise to Ben for a $500 commission"
    card = next(iter(CONTENT.opportunities.values()))
    assert rut.explain(msg("why.rut.not_on_table", item=card.id)).startswith(f"'{card.title}'")

    monitics = get_game("monitics").new_state([Seat(name) for name in NAMES[:3]], seed=1)
    for asset in MoniticsState.content.assets:
        assert monitics.action_label(Buy(asset.id)) == f"Buy {asset.name}"


@pytest.mark.parametrize("game_id", game_ids())
def test_the_trainer_reads_each_chance_draw_in_words(game_id: str) -> None:
    """The trainer's log tells every draw in words: the game's own where it has them
    (FinanciaLit: "Luxury Item turned up in the Market: A Puppy."), else the kernel's, with
    the stream named ("Chance, real estate deck: Vacant land.", not "deck:real_estate")."""
    game = get_game(game_id)
    state = game.new_state([Seat(name) for name in NAMES[: game.min_players]], seed=2)
    rng = random.Random(2)
    while state.result is None:
        seat = state.to_move()[0]
        action = state.random_action(seat, rng)
        assert action is not None
        state.apply(seat, action)
    draws = [state.explain(event) for event in state.log if event[0] == "chance.drawn"]
    assert draws
    for text in draws:
        assert not IDENTIFIER.search(text) and "{" not in text, text
        if game_id == "financialit":
            assert not text.startswith("Chance,"), text
    if game_id == "rut-to-riches":
        assert any(text.startswith("Chance, real estate deck: ") for text in draws)


@pytest.mark.parametrize(
    ("game_id", "key", "params", "one", "two"),
    [
        ("rut-to-riches", "rut.child", {"children": 1}, "has 1 child;", "has 2 children;"),
        ("financity", "loan.repaid", {"cards": 1}, "repays 1 loan card for", "2 loan cards"),
        ("monitics", "why.deal_limit", {"limit": 1}, "Only 1 deal ", "Only 2 deals "),
        ("monitics", "end.final_turns", {"turns": 1}, "1 final turn.", "2 final turns."),
        ("financialit", "why.investment_limit", {"limit": 1}, "1 investment,", "2 investments,"),
        ("financialit", "game.undone", {"count": 1}, "the last 1 move.", "the last 2 moves."),
    ],
)
def test_a_count_takes_its_noun_in_the_singular_for_one(
    game_id: str, key: str, params: dict[str, int], one: str, two: str
) -> None:
    catalogue = get_game(game_id).state_class.catalogue
    assert key in catalogue
    field = next(iter(params))
    said = [
        catalogue.render(msg(key, name="Ana", seat=0, **{field: n}), NAMES.__getitem__)
        for n in (1, 2)
    ]
    assert one in said[0] and two in said[1], said
    assert "(s)" not in catalogue.template(key)  # type: ignore[operator]


@pytest.mark.parametrize("game_id", ["financialit", "financity", "monitics", "rut-to-riches"])
def test_guided_mode_explains_each_action_in_a_learners_words(game_id: str) -> None:
    """Guided mode shows an action's first docstring paragraph to learners: no field names
    in code quotes, no counting from 0, no True/False."""
    from moneyboard.web.art import mechanics

    for kind, text in mechanics(game_id).items():
        assert not re.search(r"``|0-based|\bTrue\b|\bFalse\b|\bseat ``", text), (kind, text)
        assert text[0].isupper() and text.endswith("."), (kind, text)


def test_a_move_names_the_circle_and_the_square_as_the_board_does() -> None:
    """Rut to Riches' move reads "of the Rut (Pay Day)", not "of the rut (payday)"."""
    state = get_game("rut-to-riches").new_state([Seat("Ana"), Seat("Ben")], seed=1)
    rng = random.Random(0)
    while not any(key == "rut.moved" for key, _ in state.log):
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    key, params = next(e for e in state.log if e[0] == "rut.moved")
    place = SQUARE_NAMES[params["kind"]]
    assert place != params["kind"]
    square = params["square"]
    assert state.explain((key, params)).endswith(f"square {square} of the Rut ({place}).")
