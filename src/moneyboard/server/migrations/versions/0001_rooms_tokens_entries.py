"""Rooms, seat tokens and each room's ordered entries.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None


def upgrade() -> None:
    """Create the three tables of the first schema."""
    op.create_table(
        "rooms",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("code", sa.String(12), nullable=False, unique=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("seed", sa.Integer, nullable=False),
        sa.Column("seats", sa.JSON, nullable=False),
        sa.Column("forced", sa.JSON, nullable=False),
        sa.Column("trainer_hash", sa.String(64), nullable=False),
        sa.Column("finished", sa.Boolean, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "seat_tokens",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "room_id", sa.Integer, sa.ForeignKey("rooms.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("revoked", sa.Boolean, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("seat_tokens_room", "seat_tokens", ["room_id"])
    op.create_table(
        "entries",
        sa.Column(
            "room_id",
            sa.Integer,
            sa.ForeignKey("rooms.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("data", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    """Drop the three tables."""
    op.drop_table("entries")
    op.drop_index("seat_tokens_room", "seat_tokens")
    op.drop_table("seat_tokens")
    op.drop_table("rooms")
