"""Data handed to a page's scripts inside the HTML, as JSON that cannot break out of it."""

from __future__ import annotations

import json
from typing import Any


def script_json(data: Any) -> str:
    """JSON safe to place inside a ``<script>`` element (no ``</`` can close it early)."""
    return json.dumps(data).replace("</", "<\\/")
