"""A stored room keeps the record version it was created under: rebuilt after an upgrade
that changed a rule option's default (FinanciaLit's end rules, its Family cards), it plays on
with the defaults of its day."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import text

from moneyboard.engine.record import VERSION
from moneyboard.server.migrate import alembic_config, upgrade
from moneyboard.server.room import Room
from moneyboard.server.storage import Store, StoredRoom, make_engine, metadata

#: A FinanciaLit record written with version 2 defaults (the goods left at the end did not
#: count): the same moves end otherwise under today's defaults.
RECORDS = Path(__file__).parents[1] / "games" / "financialit" / "records"
BEFORE = RECORDS / "before_book_defaults.json"
#: A FinanciaLit record written with version 3 defaults (the first Family cards).
FIRST_CARDS = RECORDS / "first_family_cards.json"

#: What the version 2 record's migration counts as "created once version 3 existed".
VERSION_3_FROM = 1795816610.0


def played_room(record_version: int, path: Path = BEFORE) -> Room:
    """The game of the record at ``path``, played as a stored room created under
    ``record_version``."""
    record = json.loads(path.read_text())
    seats = [{"kind": "learner"} for _ in record["seats"]]
    stored = StoredRoom(
        1,
        "ACDEFG",
        "financialit",
        record["options"],
        record["seed"],
        seats,
        record["forced"],
        "hash",
        False,
        record_version=record_version,
    )
    room = Room(stored)
    room.take("start", {"seats": [{"name": s["name"]} for s in record["seats"]]})
    for move in record["moves"]:
        room.take("action", {"seat": move["seat"], "action": move["action"]})
    return room


def ending(room: Room) -> dict[str, Any]:
    assert room.state is not None and room.state.result is not None
    return {"winners": list(room.state.result.winners), "scores": room.state.result.scores}


def test_a_room_created_under_version_2_is_rebuilt_with_the_defaults_of_its_day() -> None:
    expected = json.loads(BEFORE.with_suffix(".final.json").read_text())
    old = played_room(2)
    assert ending(old)["winners"] == expected["winners"]
    assert old.options().end_counts_goods is False  # type: ignore[attr-defined]
    # Its record names the old default, so the debrief replays it the same.
    assert old.record().options["end_counts_goods"] is False
    today = played_room(VERSION)
    assert today.options().end_counts_goods is True  # type: ignore[attr-defined]
    assert ending(today) != ending(old)


def test_a_room_created_under_version_3_deals_the_first_family_cards() -> None:
    """A room of version 3 was dealt the first Family cards; rebuilt after the upgrade that
    retuned them (version 4) it keeps them, and a room of today deals the second set."""
    record = json.loads(FIRST_CARDS.read_text())
    expected = json.loads(FIRST_CARDS.with_suffix(".final.json").read_text())
    old = played_room(3, FIRST_CARDS)
    assert old.options().family_cards == "first"  # type: ignore[attr-defined]
    assert ending(old)["winners"] == expected["winners"]
    assert list(ending(old)["scores"]) == expected["scores"]
    assert old.record().options == {"family_cards": "first"}
    assert record["options"] == {} and record["version"] == 3
    today = played_room(VERSION, FIRST_CARDS)
    assert today.options().family_cards == "second"  # type: ignore[attr-defined]
    assert ending(today) != ending(old)


def test_a_new_room_is_stored_with_todays_record_version(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path}/rooms.db")
    upgrade(engine)
    store = Store(engine)
    stored = store.create_room(
        "ACDEFG",
        game="financialit",
        options={},
        seed=1,
        seats=[{"kind": "learner"}] * 3,
        forced={},
        trainer_hash="hash",
    )
    assert stored is not None and stored.record_version == VERSION
    assert store.all_rooms()[0].record_version == VERSION


def test_rooms_stored_before_the_column_get_the_version_of_their_day(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path}/rooms.db")
    command.upgrade(alembic_config(engine), "0001")
    with engine.begin() as conn:
        for room_id, created in ((1, VERSION_3_FROM - 60), (2, VERSION_3_FROM + 60)):
            conn.execute(
                text(
                    "INSERT INTO rooms (id, code, game, options, seed, seats, forced,"
                    " trainer_hash, finished, created_at) VALUES (:id, :code, 'financialit',"
                    " '{}', 1, '[]', '{}', 'hash', 0, :created)"
                ),
                {"id": room_id, "code": f"ROOM{room_id}", "created": created},
            )
            conn.execute(
                text(
                    "INSERT INTO seat_tokens (room_id, seat, name, token_hash, revoked,"
                    " created_at) VALUES (:id, 0, 'Ana', :hash, 0, 0)"
                ),
                {"id": room_id, "hash": f"hash{room_id}"},
            )
            conn.execute(
                text(
                    "INSERT INTO entries (room_id, seq, kind, data, at)"
                    " VALUES (:id, 0, 'start', '{}', 0)"
                ),
                {"id": room_id},
            )
    upgrade(engine)
    store = Store(engine)
    assert [(r.code, r.record_version) for r in store.all_rooms()] == [("ROOM1", 2), ("ROOM2", 3)]
    # Nothing else was touched: every room keeps its tokens and entries.
    for room_id in (1, 2):
        assert len(store.tokens(room_id)) == 1
        assert [e.kind for e in store.entries(room_id)] == ["start"]


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_the_migrations_build_the_schema_the_server_uses(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    url = (
        f"sqlite:///{tmp_path}/rooms.db"
        if backend == "sqlite"
        else request.getfixturevalue("postgres_url")
    )
    engine = make_engine(url)
    upgrade(engine)
    with engine.connect() as conn:
        differences = compare_metadata(MigrationContext.configure(conn), metadata)
    assert differences == []
