"""Alembic's entry point: runs the migrations on the engine the server hands over."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Engine

from moneyboard.server.storage import metadata

engine = context.config.attributes["engine"]
assert isinstance(engine, Engine)
with engine.begin() as connection:
    context.configure(connection=connection, target_metadata=metadata)
    context.run_migrations()
