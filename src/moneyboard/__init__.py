"""moneyboard: financial-literacy board games for the classroom.

The engine (``moneyboard.engine``) is game-agnostic; each game lives in
``moneyboard.games.<id>`` and registers itself with ``moneyboard.registry``.
"""

__version__ = "0.1.0"
