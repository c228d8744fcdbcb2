"""A real server process on loopback, for the tests that kill it or run two of them."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from typing import IO

import httpx2

from tests.server.postgres import free_port


class ServerProcess:
    """``python -m moneyboard.server`` on 127.0.0.1 with the given database and options;
    ``env``: variables set for it (a trainer's own ``MONEYBOARD_PASSCODE`` is never passed on,
    so a test's server asks for a passcode only when the test gives one)."""

    def __init__(
        self,
        db_url: str,
        *extra: str,
        port: int | None = None,
        env: dict[str, str] | None = None,
    ):
        self.db_url = db_url
        self.extra = extra
        self.env = env or {}
        self.port = port or free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self.log: IO[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 60.0) -> None:
        args = [
            sys.executable,
            "-m",
            "moneyboard.server",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--db",
            self.db_url,
            "--bot-step",
            "0",
            "--quiet",
            *self.extra,
        ]
        self.log = tempfile.TemporaryFile()  # noqa: SIM115 - open while the server runs
        inherited = {k: v for k, v in os.environ.items() if k != "MONEYBOARD_PASSCODE"}
        self.proc = subprocess.Popen(
            args, stdout=subprocess.DEVNULL, stderr=self.log, env={**inherited, **self.env}
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                self.log.seek(0)
                err = self.log.read().decode(errors="replace")
                raise RuntimeError(f"the server exited at start: {err[-2000:]}")
            try:
                if httpx2.get(f"{self.base}/api/bots", timeout=1.0).status_code == 200:
                    return
            except httpx2.HTTPError:
                time.sleep(0.1)
        self.kill()
        raise RuntimeError("the server did not answer in time")

    def kill(self) -> None:
        """SIGKILL: no clean-up of any kind, as in a crash or a pulled plug."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(timeout=30)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()
