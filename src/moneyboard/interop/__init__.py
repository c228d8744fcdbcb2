"""Adapters that let OpenSpiel and PettingZoo play every moneyboard game.

They need the optional ``rl`` extra (``pip install -e ".[rl]"`` in a clone). Import the adapter
you want (:mod:`moneyboard.interop.openspiel` or :mod:`moneyboard.interop.pettingzoo`); this
package itself imports neither, so the rest of moneyboard never pulls them in.
"""

#: What to tell a person whose environment lacks the optional libraries.
MISSING_EXTRA = (
    "the OpenSpiel and PettingZoo adapters need moneyboard's optional 'rl' extra: "
    '.venv/bin/pip install -e ".[rl]" in the moneyboard folder (./run-tests installs it)'
)
