"""One simulated game as rows: repeatable, complete, and counted the way the tables say."""

from __future__ import annotations

import pytest

from moneyboard import registry
from moneyboard.bots import make_bot
from moneyboard.engine.errors import MalformedInputError
from moneyboard.engine.state import Seat
from moneyboard.sim.play import METRICS, GameJob, chance_in_round, play_game
from moneyboard.sim.seats import parse_bot_seats


def test_the_same_job_gives_the_same_rows() -> None:
    job = GameJob("toy", ("saver", "random", "insurer"), 9, (("rounds", 4),))
    assert play_game(job) == play_game(job)
    assert play_game(job) != play_game(GameJob("toy", job.kinds, 10, job.overrides))


def test_rows_describe_the_finished_game() -> None:
    job = GameJob("toy", ("random", "random", "saver"), 3, (("rounds", 5),))
    outcome = play_game(job)
    seats = outcome.seats
    assert [s.seat for s in seats] == [0, 1, 2]
    assert [s.bot for s in seats] == ["random", "random", "saver"]
    # The toy game's richest seat wins: rank 1 and the winner flag agree with the cash.
    cash = [s.metrics[METRICS.index("cash")] for s in seats]
    for s in seats:
        assert s.winner == (cash[s.seat] == max(cash))
        assert (s.rank == 1) == s.winner
        assert s.score == cash[s.seat]
        assert s.rounds == 5
    # One row per seat and round, the last with the final metrics.
    assert len(outcome.rounds) == 5 * 3
    assert {(r, seat) for r, seat, _ in outcome.rounds} == {
        (r, s) for r in range(1, 6) for s in range(3)
    }
    last = {seat: values for r, seat, values in outcome.rounds if r == 5}
    assert all(last[s.seat] == s.metrics for s in seats)


def loans_in_the_ledger(kinds: tuple[str, ...], seed: int) -> list[int]:
    """The same game played here, its loans counted from the ledger's postings."""
    state = registry.get_game("toy").new_state([Seat(k, k) for k in kinds], seed)
    bots = [make_bot(kind, seed, seat) for seat, kind in enumerate(kinds)]
    while state.result is None:
        seat = state.to_move()[0]
        state.apply(seat, bots[seat].choose(state, seat).action)
    counts = [0] * len(kinds)
    for posting in state.ledger.postings:
        if posting.key == "toy.loan":
            counts[posting.params["seat"]] += 1
    return counts


def test_loans_are_counted_per_seat() -> None:
    kinds = ("saver", "random")
    counted = [[s.loans for s in play_game(GameJob("toy", kinds, seed)).seats] for seed in range(6)]
    assert counted == [loans_in_the_ledger(kinds, seed) for seed in range(6)]
    assert 0 < sum(map(sum, counted)) < 12  # some games with loans, some without


def test_deciding_draws_come_from_the_game_after_set_up() -> None:
    outcome = play_game(GameJob("toy", ("random", "random"), 2, (("rounds", 6),)))
    assert outcome.cards
    assert all(card.startswith("die: ") for card, _, _, _ in outcome.cards)
    assert sum(n for _, n, _, _ in outcome.cards) >= 6 * 2
    assert any(deciding for _, _, deciding, _ in outcome.cards)
    # An outcome that fell in the deciding round had a chance of it; every chance is one.
    assert all(0 < chance <= 1 for _, _, deciding, chance in outcome.cards if deciding)
    assert all(0 <= chance <= 1 for _, _, _, chance in outcome.cards)


def test_the_chance_of_a_deciding_draw_follows_from_the_counts() -> None:
    # The die is the toy game's only stream, so every face is set against the same rolls:
    # one number of rolls in the deciding round explains every face's chance, and at least
    # as many rolls fell there as faces were marked as falling there.
    outcome = play_game(GameJob("toy", ("random", "random"), 2, (("rounds", 6),)))
    rolls = sum(n for _, n, _, _ in outcome.cards)
    fits = [
        in_round
        for in_round in range(1, rolls + 1)
        if all(
            chance_in_round(n, rolls, in_round) == pytest.approx(chance)
            for _, n, _, chance in outcome.cards
        )
    ]
    assert len(fits) == 1
    assert fits[0] >= sum(deciding for _, _, deciding, _ in outcome.cards)


@pytest.mark.parametrize("game_id", [g for g in registry.game_ids() if g != "toy"])
def test_every_game_simulates_with_random_bots(game_id: str) -> None:
    game = registry.get_game(game_id)
    kinds = ("random",) * game.min_players
    outcome = play_game(GameJob(game_id, kinds, 1))
    assert len(outcome.seats) == game.min_players
    assert all(1 <= s.rank <= len(kinds) for s in outcome.seats)
    assert all(s.rank == 1 for s in outcome.seats if s.winner)
    assert outcome.rounds and outcome.seats[0].decisions > 0


def test_seat_specs() -> None:
    toy = registry.get_game("toy")
    assert parse_bot_seats("search:20, bot:saver", toy) == ("search:20", "saver")
    assert parse_bot_seats("random*2", toy) == ("random", "random")
    assert parse_bot_seats("bot:Search:50ms, search:200*1", toy) == ("search:50ms", "search:200")
    for bad, words in (
        ("", "comma-separated"),
        ("saver,,random", "comma-separated"),
        ("genius,saver", "unknown bot kind 'genius'"),
        ("saver*0", "count from 1"),
        ("saver*x", "count from 1"),
        ("saver", "not 1"),
        ("search:0,saver", "bad search budget in 'search:0'"),
        ("search:fast,saver", "bad search budget"),
        ("saver:10,random", "takes no budget"),
    ):
        with pytest.raises(MalformedInputError, match=words):
            parse_bot_seats(bad, toy)


def test_starting_cards_are_dealt_at_set_up_only() -> None:
    # FinanciaLit deals each seat a family; the toy game's first die roll falls before its
    # first decision, but a die is rolled all game long: no starting card.
    dealt = play_game(GameJob("financialit", ("saver", "spender", "investor"), 3)).seats
    assert all(s.start.startswith("families: ") for s in dealt)
    rolled = play_game(GameJob("toy", ("saver", "random"), 3)).seats
    assert [s.start for s in rolled] == ["", ""]


def test_set_up_before_the_first_round_is_no_round_of_its_own() -> None:
    # Rut to Riches' players choose their dreams in "round 0": rounds.csv had a row for
    # it, and a game of 40 rounds was said to have lasted 41.
    outcome = play_game(GameJob("rut-to-riches", ("saver", "spender"), 0, (("turn_limit", 3),)))
    numbers = [number for number, _, _ in outcome.rounds]
    assert min(numbers) == 1
    assert {s.rounds for s in outcome.seats} == {len(set(numbers))} == {max(numbers)}
