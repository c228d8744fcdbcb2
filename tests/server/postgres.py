"""A throw-away PostgreSQL cluster for tests: initdb in a temp dir, listening on loopback only.

It uses Debian's ``postgresql`` package (``./run-tests`` installs it when it is missing and
it runs as root). PostgreSQL refuses to run as root, so as root the cluster runs as the
``postgres`` user that package creates.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
import uuid
from pathlib import Path

import psycopg

SUPERUSER = "moneyboard"


def find_bin(name: str) -> str | None:
    """A PostgreSQL program on PATH, or in Debian's versioned folder (newest first)."""
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)
    return candidates[0] if candidates else None


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class PostgresCluster:
    """A cluster of its own: :meth:`start`, :meth:`new_database` per test, :meth:`stop`."""

    def __init__(self) -> None:
        initdb, pg_ctl = find_bin("initdb"), find_bin("pg_ctl")
        if initdb is None or pg_ctl is None:
            raise FileNotFoundError("PostgreSQL's initdb and pg_ctl were not found")
        self.initdb, self.pg_ctl = initdb, pg_ctl
        self.port = free_port()
        self.dir = Path(tempfile.mkdtemp(prefix="moneyboard-pg-"))
        self.data = self.dir / "data"
        self.as_user: list[str] = []
        if os.geteuid() == 0:
            shutil.chown(self.dir, "postgres", "postgres")
            self.as_user = ["runuser", "-u", "postgres", "--"]

    def _run(self, *args: str) -> None:
        subprocess.run(
            [*self.as_user, *args],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            timeout=120,
        )

    @property
    def url(self) -> str:
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/postgres"

    def start(self) -> None:
        self._run(
            self.initdb,
            "-D",
            str(self.data),
            "-U",
            SUPERUSER,
            "--auth=trust",
            "-E",
            "UTF8",
            "--no-sync",
        )
        options = (
            f"-c listen_addresses=127.0.0.1 -c port={self.port} "
            f"-c unix_socket_directories={self.dir} -c fsync=off -c full_page_writes=off "
            "-c max_connections=200"
        )
        self._run(
            self.pg_ctl,
            "-D",
            str(self.data),
            "-o",
            options,
            "-l",
            str(self.dir / "log"),
            "-w",
            "-t",
            "60",
            "start",
        )
        deadline = time.monotonic() + 30
        while True:
            try:
                with psycopg.connect(self.url, connect_timeout=2):
                    return
            except psycopg.OperationalError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)

    def new_database(self) -> str:
        """A fresh, empty database; its SQLAlchemy URL."""
        name = f"t_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(self.url, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/{name}"

    def stop(self) -> None:
        try:
            self._run(self.pg_ctl, "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)
