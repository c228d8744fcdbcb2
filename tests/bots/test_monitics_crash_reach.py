"""The bots' outlook in Monitics counts the Crashes that reach a seat: under `crash_reach =
"asset_holders"` (R15) another player's landing on a Crash box sells this seat's assets too,
while under the default only its own landings do."""

from __future__ import annotations

from moneyboard.games.monitics.forecast import crashes_reaching, forecast
from tests.games.monitics.driver import CRASH_BOX, start


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
