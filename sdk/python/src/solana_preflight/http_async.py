"""Runs Calls over httpx.AsyncClient: the asyncio twin of http_sync (same rules, same Calls)."""

from __future__ import annotations

import asyncio
from typing import Any, Dict, Optional

import httpx

from . import operations
from .credentials import Credentials
from .errors import AuthenticationError, ClientTimeoutError, ConnectionFailedError, PreflightError
from .http_sync import USER_AGENT
from .operations import Call
from .responses import read_answer
from .retry import RetryPolicy


class AsyncTransport:
    def __init__(
        self,
        base_url: str,
        credentials: Credentials,
        timeout: float,
        retry: RetryPolicy,
        http_client: Optional[httpx.AsyncClient] = None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.credentials = credentials
        self.timeout = timeout
        self.retry = retry
        self._http = http_client or httpx.AsyncClient(headers={"user-agent": USER_AGENT})
        self._owns_http = http_client is None
        self._refresh_lock: Optional[asyncio.Lock] = None

    async def close(self) -> None:
        if self._owns_http:
            await self._http.aclose()

    async def run(self, call: Call, timeout: Optional[float] = None) -> Any:
        attempt = 0
        refreshed = False
        while True:
            if self.credentials.is_bearer(call.auth) and self.credentials.is_refresh_due():
                await self.refresh()
                refreshed = True
            try:
                answer = await self._send(call, timeout)
            except AuthenticationError as error:
                if refreshed or error.code != "unauthorized" or not self.credentials.is_bearer(call.auth) or not self.credentials.can_refresh():
                    raise
                await self.refresh()
                refreshed = True
                continue
            except PreflightError as error:
                delay = self.retry.get_delay(error, attempt) if call.idempotent else None
                if delay is None:
                    raise
                await asyncio.sleep(delay)
                attempt += 1
                continue
            if call.stores_tokens:
                self.credentials.store_tokens(answer)
            return answer

    def _get_refresh_lock(self) -> asyncio.Lock:
        if self._refresh_lock is None:
            # created here, inside the running loop (Python 3.9's Lock binds the loop at creation)
            self._refresh_lock = asyncio.Lock()
        return self._refresh_lock

    async def refresh(self) -> Dict[str, Any]:
        """Spends the refresh token for a new pair; concurrent callers share one refresh."""
        lock = self._get_refresh_lock()
        token = self.credentials.refresh_token
        async with lock:
            if self.credentials.refresh_token != token:
                return {"token": self.credentials.token, "refresh_token": self.credentials.refresh_token}
            if not token:
                raise AuthenticationError("unauthorized", "no refresh token to renew the access token with")
            answer = await self._send(operations.refresh(token), None)
            self.credentials.store_tokens(answer)
            return answer

    async def logout(self) -> None:
        """Revokes the refresh token's family, then forgets the pair (as SyncTransport.logout)."""
        async with self._get_refresh_lock():
            token = self.credentials.refresh_token
            if token:
                await self.run(operations.logout(token))
            self.credentials.clear_tokens()

    async def _send(self, call: Call, timeout: Optional[float]) -> Any:
        seconds = max(timeout or self.timeout, call.min_timeout or 0)
        try:
            response = await self._http.request(
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
