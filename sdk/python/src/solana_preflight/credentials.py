"""The caller's credentials: an API key, and/or a bearer token pair the SDK refreshes itself."""

from __future__ import annotations

import time
from typing import Any, Dict, Mapping, Optional

#: refresh this long before the access token's expiry, so a call never leaves with a dying token
REFRESH_MARGIN_SECONDS = 60.0


class Credentials:
    """What authenticates each call: ``X-API-Key`` when a key is held, else ``Authorization: Bearer``.

    Routes that take only a bearer token (API keys, billing, the account) always get the token.
    """

    def __init__(
        self,
        api_key: Optional[str] = None,
        token: Optional[str] = None,
        refresh_token: Optional[str] = None,
    ) -> None:
        self.api_key = api_key
        self.token = token
        self.refresh_token = refresh_token
        #: time.time() at which the access token expires; None when unknown (a token passed in)
        self.token_expires_at: Optional[float] = None

    def get_headers(self, auth: str) -> Dict[str, str]:
        """Headers for a route whose credential mode is ``none``, ``bearer`` or ``either``."""
        if auth == "either" and self.api_key:
            return {"x-api-key": self.api_key}
        if auth in ("either", "bearer") and self.token:
            return {"authorization": f"Bearer {self.token}"}
        return {}

    def is_bearer(self, auth: str) -> bool:
        """Whether a call of that mode goes out with the bearer token (and so may be refreshed)."""
        return auth == "bearer" or (auth == "either" and not self.api_key)

    def can_refresh(self) -> bool:
        return bool(self.refresh_token)

    def is_refresh_due(self, now: Optional[float] = None) -> bool:
        """Whether the access token is (nearly) expired and a refresh token is at hand."""
        if not self.refresh_token:
            return False
        if not self.token:
            return True
        expires_at = self.token_expires_at
        return expires_at is not None and (now if now is not None else time.time()) >= expires_at - REFRESH_MARGIN_SECONDS

    def store_tokens(self, answer: Mapping[str, Any]) -> None:
        """Keeps the pair that register, login and refresh answer."""
        self.token = str(answer["token"])
        self.refresh_token = str(answer["refresh_token"])
        expires_in = answer.get("expires_in")
        self.token_expires_at = time.time() + float(expires_in) if isinstance(expires_in, (int, float)) else None

    def clear_tokens(self) -> None:
        """Forgets the bearer token pair (logout); the API key stays."""
        self.token = None
        self.refresh_token = None
        self.token_expires_at = None

    def get_stream_headers(self) -> Dict[str, str]:
        """The WebSocket handshake's credential (either mode), read afresh at every (re)connect."""
        return self.get_headers("either")
