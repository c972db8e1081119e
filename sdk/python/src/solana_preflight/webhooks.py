"""Checks the X-Preflight-Signature header of a webhook delivery (docs/webhooks.md, verifying)."""

from __future__ import annotations

import hashlib
import hmac
import time
from typing import Optional, Union


def verify_webhook_signature(
    raw_body: Union[bytes, str],
    header: Optional[str],
    secret: str,
    tolerance_seconds: float = 300,
    now: Optional[float] = None,
) -> bool:
    """Whether ``header`` signs ``raw_body`` (the bytes as received, before parsing) with ``secret``.

    ``v1`` is the hex HMAC-SHA256 of ``<t>.<raw body>`` keyed with the whole ``whsec_…`` secret;
    during the 24 h after a rotation the header carries one ``v1`` per secret, and either may match.
    A timestamp more than ``tolerance_seconds`` away from now is refused (a replay).
    """
    if not header:
        return False
    body = raw_body.encode() if isinstance(raw_body, str) else bytes(raw_body)
    parts = [part.strip().split("=", 1) for part in header.split(",")]
    pairs = [(part[0], part[1]) for part in parts if len(part) == 2]
    timestamps = [value for key, value in pairs if key == "t"]
    if not timestamps or not timestamps[0].isdigit():
        return False
    timestamp = int(timestamps[0])
    if abs((now if now is not None else time.time()) - timestamp) > tolerance_seconds:
        return False
    expected = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()
    return any(key == "v1" and hmac.compare_digest(value, expected) for key, value in pairs)
