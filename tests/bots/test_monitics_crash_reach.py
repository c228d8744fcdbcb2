"""The bots' outlook in Monitics counts the Crashes that reach a seat: under `crash_reach =
"asset_holders"` (R15) another player's landing on a Crash box sells this seat's assets too,
while under the default only its own landings do."""

from __future__ import annotations

from moneyboard.games.monitics.forecast import crashes_reaching, forecast
from tests.games.monitics.driver import CRASH_BOX, give, start, value


def test_a_market_wide_crash_counts_the_other_pawns_landings_for_a_seat_holding_assets() -> None:
    state = start(players=2, crash_reach="asset_holders")
    board = state.board
    own = (CRASH_BOX + 1, None)  # past the mid-year Crash
    other = (CRASH_BOX - 3, None)  # three boxes before it
    alone = forecast(board, *own).crashes
    theirs = forecast(board, *other).crashes
    assert theirs > alone
    wide = crashes_reaching(board, own, [other], reach="asset_holders", holds_assets=True)
    assert abs(wide - (alone + theirs)) < 1e-9
    # Under the default only the seat's own landings hit it; without assets others' don't.
    for reach, holds in (("lander", True), ("asset_holders", False)):
        hits = crashes_reaching(board, own, [other], reach=reach, holds_assets=holds)
        assert hits == alone


def test_the_outlook_of_a_seat_holding_assets_fears_the_other_pawns_crash_too() -> None:
    def outlook_under(reach: str) -> float:
        state = start(players=2, crash_reach=reach)
        give(state, 0, "studio_flat")
        state.players[0].position = CRASH_BOX + 1  # past the mid-year Crash
        state.players[1].position = CRASH_BOX - 3  # three boxes before it
        return state.expected_ahead(0)

    # The Crash Bayo may land on sells Ada's flat in distress only where it hits the market.
    loss = value("studio_flat") - value("studio_flat", "distress")
    wide, alone = outlook_under("asset_holders"), outlook_under("lander")
    assert wide < alone
    assert 0 < alone - wide < loss
