"""Join codes a class can read out and type, and unguessable tokens stored only as hashes."""

from __future__ import annotations

import hashlib
import hmac
import secrets

#: No 0/O, 1/I/L, 2/Z, 5/S, 8/B: letters and digits that cannot be mistaken when read aloud
#: or typed on a phone.
CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679"
CODE_LENGTH = 6


def new_join_code() -> str:
    """A random six-character join code (25**6, about 244 million codes).

    >>> code = new_join_code()
    >>> len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET)
    True
    """
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalize_code(text: str) -> str:
    """A typed code as stored: upper case, spaces and dashes dropped.

    >>> normalize_code(" ac-d 3k7 ")
    'ACD3K7'
    """
    return "".join(ch for ch in text.upper() if ch not in " -")


def new_token() -> str:
    """A secret token of 256 random bits (URL-safe text)."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """What the database keeps of a token: its SHA-256, so a leaked database grants nothing."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def same_hash(a: str, b: str) -> bool:
    """Compare two hashes in constant time."""
    return hmac.compare_digest(a, b)
