"""The adapters stay optional: moneyboard never imports them, and without them they explain."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

OPTIONAL = ("pyspiel", "open_spiel", "pettingzoo", "gymnasium")


def run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


def test_nothing_outside_interop_imports_the_optional_libraries() -> None:
    done = run(
        f"""
        import importlib, pkgutil, sys
        import moneyboard
        from moneyboard import registry
        assert not [m for m in sys.modules if m.split(".")[0] in {OPTIONAL!r}]
        for info in pkgutil.walk_packages(moneyboard.__path__, "moneyboard."):
            # A __main__ module runs its program when imported (python -m moneyboard.server),
            # and Alembic's migration scripts run only inside Alembic.
            name = info.name
            if not (
                name.startswith("moneyboard.interop.")
                or name.endswith(".__main__")
                or ".migrations" in name
            ):
                importlib.import_module(name)
        for game_id in registry.game_ids():
            registry.get_game(game_id)
        loaded = sorted(m for m in sys.modules if m.split(".")[0] in {OPTIONAL!r})
        print(loaded)
        """
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize(
    ("module", "blocked"),
    [
        ("openspiel", "pyspiel"),
        ("pettingzoo", "pettingzoo"),
        ("openspiel", "numpy"),
        ("pettingzoo", "numpy"),
    ],
)
def test_a_missing_extra_is_explained(module: str, blocked: str) -> None:
    done = run(
        f"""
        import sys
        sys.modules[{blocked!r}] = None
        try:
            import moneyboard.interop.{module}
        except ImportError as exc:
            print(exc)
        """
    )
    assert done.returncode == 0, done.stderr
    # The command that works in a clone set up as the README says.
    assert 'pip install -e ".[rl]" in the moneyboard folder' in done.stdout
