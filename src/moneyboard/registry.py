"""The games moneyboard knows, by id; each game module is imported only when asked for."""

from __future__ import annotations

import importlib

from moneyboard.engine.errors import RecordError, UnknownGameError
from moneyboard.engine.game import GameDef
from moneyboard.engine.record import GameRecord
from moneyboard.engine.state import GameState

#: Game id -> module that defines ``GAME`` (a :class:`GameDef`).
MODULES: dict[str, str] = {
    "financialit": "moneyboard.games.financialit",
    "financity": "moneyboard.games.financity",
    "rut-to-riches": "moneyboard.games.rut_to_riches",
    "monitics": "moneyboard.games.monitics",
}

_loaded: dict[str, GameDef] = {}


def game_ids() -> list[str]:
    """Every registered game id (the shipped games, plus any registered at run time)."""
    return list(dict.fromkeys([*MODULES, *_loaded]))


def register(game: GameDef) -> None:
    """Make ``game`` available by id (used by tests and by games shipped outside the package)."""
    _loaded[game.id] = game


def get_game(game_id: str) -> GameDef:
    """The definition of ``game_id``; an unknown id names the known ones."""
    game = _loaded.get(game_id)
    if game is None:
        module = MODULES.get(game_id)
        if module is None:
            raise UnknownGameError(f"unknown game {game_id!r}; known games: {', '.join(MODULES)}")
        game = importlib.import_module(module).GAME
        _loaded[game_id] = game
    return game


def replay_record(record: GameRecord, upto: int | None = None) -> GameState:
    """Rebuild the game a record describes, whichever registered game it is of."""
    try:
        game = get_game(record.game)
    except UnknownGameError as exc:
        raise RecordError(f"the record's 'game': {exc}") from None
    return game.replay(record, upto)
