"""pytest collects doctests from src/: Alembic's migration scripts only run inside Alembic."""

collect_ignore = ["migrations"]
