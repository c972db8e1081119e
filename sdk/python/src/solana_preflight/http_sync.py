"""Runs Calls over httpx.Client: credentials, one refresh on an expired token, retries, timeouts."""

from __future__ import annotations

import threading
import time
from typing import Any, Dict, Optional

import httpx

from . import operations
from ._version import __version__
from .credentials import Credentials
from .errors import AuthenticationError, ClientTimeoutError, ConnectionFailedError, PreflightError
from .operations import Call
from .responses import read_answer
from .retry import RetryPolicy

USER_AGENT = f"solana-preflight-python/{__version__}"


class SyncTransport:
    def __init__(
        self,
        base_url: str,
        credentials: Credentials,
        timeout: float,
        retry: RetryPolicy,
        http_client: Optional[httpx.Client] = None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.credentials = credentials
        self.timeout = timeout
        self.retry = retry
        self._http = http_client or httpx.Client(headers={"user-agent": USER_AGENT})
        self._owns_http = http_client is None
        self._refresh_lock = threading.Lock()

    def close(self) -> None:
        if self._owns_http:
            self._http.close()

    def run(self, call: Call, timeout: Optional[float] = None) -> Any:
        attempt = 0
        refreshed = False
        while True:
            if self.credentials.is_bearer(call.auth) and self.credentials.is_refresh_due():
                self.refresh()
                refreshed = True
            try:
                answer = self._send(call, timeout)
            except AuthenticationError as error:
                # A 401 is answered before the handler runs, so the call is safe to repeat once refreshed.
                if refreshed or error.code != "unauthorized" or not self.credentials.is_bearer(call.auth) or not self.credentials.can_refresh():
                    raise
                self.refresh()
                refreshed = True
                continue
            except PreflightError as error:
                delay = self.retry.get_delay(error, attempt) if call.idempotent else None
                if delay is None:
                    raise
                time.sleep(delay)
                attempt += 1
                continue
            if call.stores_tokens:
                self.credentials.store_tokens(answer)
            return answer

    def refresh(self) -> Dict[str, Any]:
        """Spends the refresh token for a new pair (one refresh at a time: a token is spent once)."""
        token = self.credentials.refresh_token
        with self._refresh_lock:
            if self.credentials.refresh_token != token:
                return {"token": self.credentials.token, "refresh_token": self.credentials.refresh_token}
            if not token:
                raise AuthenticationError("unauthorized", "no refresh token to renew the access token with")
            answer = self._send(operations.refresh(token), None)
            self.credentials.store_tokens(answer)
            return answer

    def logout(self) -> None:
        """Revokes the refresh token's family, then forgets the pair; without a refresh token it only forgets.

        Under the refresh lock: a refresh in flight ends first, and none starts meanwhile, so no
        pair of the family being revoked comes back. On an error the pair is kept, to try again.
        """
        with self._refresh_lock:
            token = self.credentials.refresh_token
            if token:
                self.run(operations.logout(token))
            self.credentials.clear_tokens()

    def _send(self, call: Call, timeout: Optional[float]) -> Any:
        seconds = max(timeout or self.timeout, call.min_timeout or 0)
        try:
            response = self._http.request(
                call.method,
                self.base_url + call.path,
                json=call.body,
                params=call.params,
                headers=self.credentials.get_headers(call.auth),
                timeout=seconds,
            )
        except httpx.TimeoutException as error:
            raise ClientTimeoutError("client_timeout", f"no answer within {seconds} s ({type(error).__name__})") from error
        except httpx.TransportError as error:
            raise ConnectionFailedError("connection_failed", f"{self.base_url}: {error}") from error
        return read_answer(response.status_code, response.headers, response.content)
