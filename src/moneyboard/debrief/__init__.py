"""The debrief after a game: charts over time, the decisions that mattered, and "what if".

``build_debrief(record)`` gives a :class:`Debrief` (timeline, turning points, summary;
``to_json()`` for the pages), ``charts_svg(debrief)`` its charts, ``alternatives(record,
entry)`` what a seat could have played at a move and ``what_if(record, entry, action)`` how
the game would likely have gone with one of them. docs/debrief.md says how each is decided.
"""

from moneyboard.debrief.debrief import Debrief, build_debrief, charts_svg
from moneyboard.debrief.records import DebriefError, Record
from moneyboard.debrief.turning_points import TurningPoint
from moneyboard.debrief.what_if import WhatIf, alternatives, what_if

__all__ = [
    "Debrief",
    "DebriefError",
    "Record",
    "TurningPoint",
    "WhatIf",
    "alternatives",
    "build_debrief",
    "charts_svg",
    "what_if",
]
