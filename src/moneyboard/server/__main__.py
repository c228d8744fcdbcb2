"""``python -m moneyboard.server ARGS`` is ``moneyboard serve ARGS``."""

import sys

from moneyboard.cli import app

app(["serve", *sys.argv[1:]], prog_name="moneyboard")
