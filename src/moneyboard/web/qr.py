"""The join link as a QR code (SVG, made on the server: no network, no script)."""

from __future__ import annotations

import io

import segno


def qr_svg(text: str) -> bytes:
    """An SVG QR code for ``text``, dark on light, with a quiet zone, scaled to fit."""
    qr = segno.make(text, error="m")
    out = io.BytesIO()
    qr.save(out, kind="svg", scale=8, border=3, dark="#111111", light="#ffffff", xmldecl=False)
    return out.getvalue()
