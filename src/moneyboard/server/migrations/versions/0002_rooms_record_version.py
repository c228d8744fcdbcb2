"""Each room keeps the record version it was created under, so its rule options are read
with the defaults of its day when it is rebuilt after an upgrade that changed a default.

Rooms stored before this column are given version 3 if they were created once version 3
records existed (from 2026-11-27 21:56:50 UTC), else version 2: the creation time is all
that tells them apart.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"

#: When records of version 3 (the first with changed option defaults) came in, as stored
#: in ``rooms.created_at`` (seconds since 1970, UTC).
VERSION_3_FROM = 1795816610.0


def upgrade() -> None:
    # A plain ALTER TABLE, on SQLite too: rebuilding the table (Alembic's batch mode) would
    # drop it, and with foreign keys on that deletes every room's tokens and entries.
    op.add_column(
        "rooms", sa.Column("record_version", sa.Integer, nullable=False, server_default="2")
    )
    rooms = sa.table(
        "rooms", sa.column("created_at", sa.Float), sa.column("record_version", sa.Integer)
    )
    op.execute(rooms.update().where(rooms.c.created_at >= VERSION_3_FROM).values(record_version=3))


def downgrade() -> None:
    op.drop_column("rooms", "record_version")
