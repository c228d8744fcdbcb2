"""Bring a database to the newest schema with the Alembic migrations shipped in this package."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine

MIGRATIONS = Path(__file__).with_name("migrations")


def alembic_config(engine: Engine) -> Config:
    """An Alembic configuration that runs this package's migrations on ``engine``."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["engine"] = engine
    return config


def upgrade(engine: Engine) -> None:
    """Apply every migration not yet applied (a new database gets the whole schema)."""
    command.upgrade(alembic_config(engine), "head")
