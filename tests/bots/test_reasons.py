"""What the bots say about why they chose: true of the move, in the household's terms, and
plain. Each record is a game cut just before the decision a review read wrong."""

from __future__ import annotations

import random
import re
from pathlib import Path

from moneyboard import registry
from moneyboard.bots import make_bot
from moneyboard.bots.personality import describe_gain
from moneyboard.bots.search import _Edge, _reason
from moneyboard.engine.actions import Action
from moneyboard.engine.chance import ChanceSource
from moneyboard.engine.record import load_record
from moneyboard.engine.state import GameState, Seat
from moneyboard.games.financity.actions import BUY_TOKEN
from tests.bots.test_why_amounts import reasons_in_a_game
from tests.games.financity.driver import at, drive, give_cash, places, start

RECORDS = Path(__file__).parent / "records"


def replayed(name: str) -> tuple[GameState, int]:
    """The game of a stored record and the seat to move."""
    state = registry.replay_record(load_record(RECORDS / name))
    return state, min(state.to_move())


def after(state: GameState, seat: int, action: Action) -> dict[str, float]:
    """The seat's metrics right after ``action``, played on a copy."""
    copy: GameState = state.clone(with_history=False)
    copy.chance = ChanceSource(1)
    copy.auto_chance = True
    copy.play(seat, action)
    return copy.metrics(seat)


def by_text(state: GameState, seat: int, text: str) -> Action:
    return next(a for a in state.legal_actions(seat) if state.action_text(a) == text)


def insurer_choosing_clauses() -> tuple[GameState, int]:
    """A FinanciaLit game played by seeded bots up to an insurer's first choice of clauses
    (played, not stored: the game's families and flow change under it, the question not)."""
    kinds = ["saver", "risk-taker", "insurer", "spender"]
    seat = kinds.index("insurer")
    for seed in range(5):
        state = registry.get_game("financialit").new_state(
            [Seat(f"P{i}", kind) for i, kind in enumerate(kinds)], seed
        )
        bots = [make_bot(kind, seed, i) for i, kind in enumerate(kinds)]
        while not state.terminal:
            mover = min(state.to_move())
            decision = state.decision
            asked = mover == seat and decision is not None and decision.kind == "insurance"
            if asked and any(str(a).startswith("add_clause") for a in state.legal_actions(seat)):
                return state, seat
            state.apply(mover, bots[mover].choose(state, mover).action)
    raise AssertionError("no insurer chose clauses in five games")


def test_the_insurer_adding_a_clause_says_it_insures_and_that_other_clauses_were_as_good() -> None:
    # FinanciaLit, an insurer asked which insurance clauses to hold: every clause it could
    # add rated alike, and the reason compared the chosen one with another clause: "the
    # moves looked equally good to the insurer", where it plainly preferred insuring to
    # "Done here". The reason now says why it insures, and that the other clauses were as
    # good (one of them was picked at random).
    state, seat = insurer_choosing_clauses()
    clauses = [a for a in state.legal_actions(seat) if str(a).startswith("add_clause")]
    assert len(clauses) > 1
    for seed in range(3):
        choice = make_bot("insurer", seed, seat).choose(state, seat)
        assert choice.action in clauses
        move = state.action_text(choice.action)
        assert choice.why == (
            f"chose '{move}' because insurance keeps one bad event from ruining the family; "
            f"{len(clauses) - 1} other moves looked just as good, so it picked one of them at "
            "random"
        )


def test_a_reason_gives_the_moves_own_figures_and_names_its_cost() -> None:
    # Monitics: a friend asks the insurer for $30, to repay $36. It lent "because" it "adds
    # $36 of assets": what it gave for them went unsaid, and "assets" are here what the
    # family owns and is owed (the game's own words).
    state, seat = replayed("monitics_insurer_asked_to_lend.json")
    lend, refuse = by_text(state, seat, "Lend the money"), by_text(state, seat, "Refuse the loan")
    lent, refused = after(state, seat, lend), after(state, seat, refuse)
    owed, paid = lent["assets"] - refused["assets"], refused["cash"] - lent["cash"]
    assert (owed, paid) == (36, 30)
    choice = make_bot("insurer", 0, seat).choose(state, seat)
    assert choice.action == lend
    assert choice.why == (
        f"has ${owed:.0f} more in assets and money owed to them, though it keeps ${paid:.0f} "
        "less in cash, compared with 'Refuse the loan'"
    )


def test_moves_that_look_alike_are_said_to_be_picked_at_random() -> None:
    # Monitics: the insurer is hit for $40 with no cash, and holds an Insurance card. One
    # step ahead both moves change nothing yet (the $40 is asked for at the next question),
    # so the bot picks at random. It said "the moves looked equally good to the insurer",
    # as if it had weighed them; it now says what it saw and how it picked.
    state, seat = replayed("monitics_insurer_hit_with_a_card_in_hand.json")
    moves = state.legal_actions(seat)
    assert len(moves) == 2
    assert after(state, seat, moves[0]) == after(state, seat, moves[1]) == state.metrics(seat)
    choice = make_bot("insurer", 0, seat).choose(state, seat)
    other = next(state.action_text(a) for a in moves if a != choice.action)
    assert choice.why == (
        f"saw no difference right away between this move and '{other}', so it picked one at random"
    )


def test_passing_on_insurance_leaves_pay_day_higher_rather_than_raising_income() -> None:
    # Rut to Riches: a spender passes on Income protection "because" it "raises income by
    # $120". Passing raises nothing: buying would cost a $120 premium a month, taken off
    # Pay Day (the game's word for what is left of the month's income).
    state, seat = replayed("rut_to_riches_spender_offered_income_protection.json")
    passing = by_text(state, seat, "Pass on Income protection")
    buying = by_text(state, seat, "Buy it")
    premium = after(state, seat, passing)["income"] - after(state, seat, buying)["income"]
    assert premium == 120
    choice = make_bot("spender", 0, seat).choose(state, seat)
    assert choice.action == passing
    assert choice.why == f"leaves Pay Day ${premium:.0f} higher, compared with 'Buy it'"


def test_points_are_whole_and_a_comparison_says_how_the_move_compares() -> None:
    assert describe_gain("wellbeing", 0.7, name="Happiness") == "Happiness about +1"
    assert describe_gain("wellbeing", -0.3, name="Happiness") == "Happiness down by less than 1"
    assert describe_gain("cash", -5) == "keeps 5 units less in cash"
    assert describe_gain("debt", 8) == "owes 8 units more"
    assert describe_gain("income", -4, name="this period's income") == (
        "leaves this period's income 4 units lower"
    )
    # Rut to Riches: two debts paid off can differ by hundredths of a percentage point of
    # expenses covered, and that decided; "about 0 percentage points more" said nothing.
    share = "of expenses covered by passive income"
    assert describe_gain("score", 0.0004, share_of=share) == (
        f"about 0.04 percentage points more {share}"
    )
    assert describe_gain("score", 0.00004, share_of=share) == (
        f"less than 0.01 percentage points more {share}"
    )


def test_financialit_reasons_call_no_treat_an_asset_and_never_shrug() -> None:
    # A Beach Holiday counts at its price among a FinanciaLit family's "assets": a bot
    # buying one "adds 4 units of assets", as if a treat were an investment. And most
    # placements read "the moves looked equally good", also where the bot preferred one.
    kinds = ["saver", "spender", "investor", "insurer", "risk-taker"]
    text = "\n".join(reasons_in_a_game("financialit", kinds, 3))
    assert "investments and luxury items" in text
    assert "picked one" in text
    for stale in ("of assets", "equally good", "raises income", "lowers income"):
        assert stale not in text
    assert re.findall(r"Happiness (?:about )?[+−][\d.]+", text)
    assert not re.search(r"Happiness (?:about )?[+−]\d+\.\d", text)


def test_the_search_gives_both_figures_when_the_gap_is_within_luck() -> None:
    # "no move did clearly better: this one did as well as 'Keep'" said nothing of how well,
    # and claimed more than a gap within luck shows.
    rng = random.Random(1)
    edges = []
    for mean in (0.55, 0.50):
        edge = _Edge()
        for _ in range(20):
            value = min(1.0, max(0.0, mean + rng.uniform(-0.4, 0.4)))
            edge.visits += 1
            edge.total += value
            edge.squares += value * value
        edges.append(edge)
    best, other = edges
    mine, theirs = round(100 * best.total / 20), round(100 * other.total / 20)
    assert mine != theirs
    assert _reason(40, best, other, "Keep") == (
        f"in 40 imagined futures no move did clearly better: this one ({mine} out of 100 for "
        f"how the family stood against the others, where 50 is level) and 'Keep' ({theirs}) "
        "were too close to call"
    )


def test_the_financity_insurer_buys_an_insurance_token_and_says_why() -> None:
    # One step ahead a token only costs its $50 (what it spares shows in a later year): the
    # insurer let every one go, "because" it "keeps $50 more in cash". Its summary says it
    # insures against bad luck; over 20 games with a saver, an investor and a random bot its
    # mean final score went from 19 to 173 once it bought them.
    state = start()
    give_cash(state, 0, 500)
    drive(state, places({0: "insurance"}), until=at("insure"))
    for seed in range(3):
        choice = make_bot("insurer", seed, 0).choose(state, 0)
        assert choice.action == BUY_TOKEN
        assert choice.why == (
            "chose 'Buy an insurance token' because an insurance token spares the family a "
            "later bad event"
        )
    # The others still decline it: the liking is the insurer's.
    assert make_bot("saver", 0, 0).choose(state, 0).action != BUY_TOKEN
