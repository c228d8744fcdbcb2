"""The trainer's passcode: when ``moneyboard serve`` is given one, only a request that carries
it creates a room, so a phone on the class's Wi-Fi cannot fill the server's limit of rooms
or make rooms that look like the class's. Without one, anyone who reaches the server may.
"""

from __future__ import annotations

import hashlib
import hmac
import unicodedata

from moneyboard.server.errors import RoomError

#: The longest passcode, in characters (the server's and the create-room request's limit).
MAX_PASSCODE = 200
#: Where a server is given its passcode; the environment keeps it out of the shell's
#: history and the list of processes.
PASSCODE_ENV = "MONEYBOARD_PASSCODE"


def tidy(text: str) -> str:
    """A passcode as compared: spaces around it dropped, and its letters in one Unicode form
    (NFC), so "café" typed on a phone is "café" typed in a terminal.

    >>> tidy(" blue heron ")
    'blue heron'
    """
    return unicodedata.normalize("NFC", text.strip())


def matches(expected: str, given: str) -> bool:
    """Whether ``given`` is the passcode, compared in constant time: as SHA-256 digests, so
    neither its length nor where a guess goes wrong shows in the time the answer takes."""
    want = hashlib.sha256(tidy(expected).encode("utf-8")).digest()
    got = hashlib.sha256(tidy(given).encode("utf-8")).digest()
    return hmac.compare_digest(want, got)


def check(expected: str | None, given: str | None) -> None:
    """Nothing when the server asks for no passcode or ``given`` is it; else a 403 saying
    whether none was given (``passcode_needed``) or a wrong one (``wrong_passcode``)."""
    if expected is None:
        return
    if given is None or not given.strip():
        raise RoomError(
            403,
            "passcode_needed",
            "this server creates a room only with the trainer's passcode, the one it was "
            'started with: give it as "passcode"',
        )
    if not matches(expected, given):
        raise RoomError(
            403,
            "wrong_passcode",
            f"that is not the passcode this server was started with (--passcode or "
            f"{PASSCODE_ENV}); no room was created",
        )


def passcode_problem(text: str) -> str | None:
    """Why ``text`` cannot be a server's passcode (nothing in it, too long), or ``None``.

    >>> passcode_problem("  ")
    'the passcode is empty: give a word the trainer will type, or none at all'
    >>> passcode_problem("blue heron") is None
    True
    """
    passcode = tidy(text)
    if not passcode:
        return "the passcode is empty: give a word the trainer will type, or none at all"
    if len(passcode) > MAX_PASSCODE:
        return f"the passcode has {len(passcode)} characters; it may have at most {MAX_PASSCODE}"
    return None
