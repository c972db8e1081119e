"""PreflightClient: the REST API, blocking (httpx.Client), and the WebSocket stream on a background loop."""

from __future__ import annotations

import os
import time
from typing import Any, Dict, Iterable, Iterator, Optional, Sequence

import httpx

from . import operations as ops
from .credentials import Credentials
from .errors import ClientTimeoutError
from .history import iterate_history
from .http_sync import SyncTransport
from .models import (
    ApiKeyList,
    Approvals,
    ExecuteResponse,
    HistoryPage,
    HistoryRecord,
    IssuedApiKey,
    IssuedWebhookEndpoint,
    SendResponse,
    SimulateBatchResponse,
    SimulateResponse,
    Stats,
    SubmitResponse,
    TipFloor,
    TokenPair,
    TrackedTransaction,
    User,
    WebhookDelivery,
)
from .operations import Policy
from .outcome import is_outcome_known
from .retry import RetryPolicy
from .stream import AsyncStream
from .stream_sync import SyncStream, run_in_executor
from .transaction import TransactionInput

DEFAULT_TIMEOUT_SECONDS = 30.0


class PreflightClient:
    """``PreflightClient(base_url="http://127.0.0.1:8080", api_key="pf_live_…")``.

    Without an API key, ``register`` / ``login`` (or ``token`` and ``refresh_token``) authenticate
    with a bearer token that the client refreshes itself before it expires and once on a 401.
    """

    def __init__(
        self,
        base_url: str,
        api_key: Optional[str] = None,
        *,
        token: Optional[str] = None,
        refresh_token: Optional[str] = None,
        timeout: float = DEFAULT_TIMEOUT_SECONDS,
        max_retries: int = 2,
        retry: Optional[RetryPolicy] = None,
        http_client: Optional[httpx.Client] = None,
    ) -> None:
        self.credentials = Credentials(api_key, token, refresh_token)
        self._transport = SyncTransport(base_url, self.credentials, timeout, retry or RetryPolicy(max_retries=max_retries), http_client)
        self.base_url = self._transport.base_url

    @classmethod
    def from_env(cls, **options: Any) -> "PreflightClient":
        """Reads PREFLIGHT_BASE_URL (default http://127.0.0.1:8080) and PREFLIGHT_API_KEY."""
        return cls(os.environ.get("PREFLIGHT_BASE_URL", "http://127.0.0.1:8080"), os.environ.get("PREFLIGHT_API_KEY"), **options)

    def __enter__(self) -> "PreflightClient":
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        self._transport.close()

    def _run(self, call: ops.Call, timeout: Optional[float] = None) -> Any:
        return self._transport.run(call, timeout)

    # auth
    def register(self, email: str, password: str) -> TokenPair:
        return self._run(ops.register(email, password))

    def login(self, email: str, password: str) -> TokenPair:
        return self._run(ops.login(email, password))

    def refresh(self) -> TokenPair:
        """Spends the refresh token now (the client also does this by itself when needed)."""
        return self._transport.refresh()  # type: ignore[return-value]

    def logout(self) -> None:
        """Revokes the refresh token and its family on the service, then forgets the token pair.

        Without a refresh token it only forgets. The access token stays valid on the service until
        it expires (24 h at most). On an error the pair is kept, so logout can be called again.
        """
        self._transport.logout()

    def me(self) -> User:
        return self._run(ops.me())

    def delete_account(self) -> Dict[str, Any]:
        return self._run(ops.delete_account())

    # API keys (bearer token)
    def list_api_keys(self) -> ApiKeyList:
        return self._run(ops.list_api_keys())

    def create_api_key(self, name: str, expires_at: Optional[str] = None) -> IssuedApiKey:
        return self._run(ops.create_api_key(name, expires_at))

    def revoke_api_key(self, key_id: str) -> Dict[str, Any]:
        return self._run(ops.revoke_api_key(key_id))

    def rotate_api_key(self, key_id: str) -> IssuedApiKey:
        return self._run(ops.rotate_api_key(key_id))

    # simulate
    def simulate(
        self,
        transaction: TransactionInput,
        *,
        vectors: Optional[Sequence[str]] = None,
        policy: Optional[Policy] = None,
        timeout_ms: Optional[int] = None,
        replace_recent_blockhash: Optional[bool] = None,
        timeout: Optional[float] = None,
    ) -> SimulateResponse:
        options = ops.simulate_options(vectors, policy, timeout_ms, replace_recent_blockhash)
        return self._run(ops.simulate(transaction, options), timeout)

    def simulate_batch(
        self,
        transactions: Iterable[TransactionInput],
        *,
        vectors: Optional[Sequence[str]] = None,
        policy: Optional[Policy] = None,
        timeout_ms: Optional[int] = None,
        replace_recent_blockhash: Optional[bool] = None,
        timeout: Optional[float] = None,
    ) -> SimulateBatchResponse:
        options = ops.simulate_options(vectors, policy, timeout_ms, replace_recent_blockhash)
        return self._run(ops.simulate_batch(transactions, options), timeout)

    # execute, send, submit: never retried (see retry.py)
    def execute(
        self,
        transaction: TransactionInput,
        policy_overrides: Optional[Policy] = None,
        *,
        wait_confirmation: Optional[bool] = None,
        timeout: Optional[float] = None,
    ) -> ExecuteResponse:
        return self._run(ops.execute(transaction, policy_overrides, wait_confirmation), timeout)

    def send(
        self,
        transaction: TransactionInput,
        *,
        use_relay: Optional[bool] = None,
        wait_confirmation: Optional[bool] = None,
        max_retries: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> SendResponse:
        return self._run(ops.send(transaction, use_relay, wait_confirmation, max_retries), timeout)

    def submit(
        self,
        transaction: TransactionInput,
        strategy: str,
        *,
        tip_lamports: Optional[int] = None,
        wait_confirmation: Optional[bool] = None,
        deadline_ms: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> SubmitResponse:
        return self._run(ops.submit(transaction, strategy, tip_lamports, wait_confirmation, deadline_ms), timeout)

    def get_transaction(self, signature: str) -> TrackedTransaction:
        return self._run(ops.get_transaction(signature))

    def wait_for_outcome(self, signature: str, *, timeout: float = 60.0, poll_interval: float = 0.5) -> TrackedTransaction:
        """Polls the tracking record until it is final, or landed with its outcome compared to the prediction."""
        deadline = time.monotonic() + timeout
        while True:
            record = self.get_transaction(signature)
            if is_outcome_known(record):
                return record
            if time.monotonic() + poll_interval > deadline:
                raise ClientTimeoutError("client_timeout", f"{signature} is still {record.get('status')} after {timeout} s")
            time.sleep(poll_interval)

    def tips(self) -> TipFloor:
        return self._run(ops.tips())

    def approvals(self, address: str) -> Approvals:
        return self._run(ops.approvals(address))

    # history and statistics
    def history_page(self, *, cursor: Optional[str] = None, **filters: Any) -> HistoryPage:
        """One page: ``limit``, ``offset``, ``success``, ``since``, ``until``, ``risk_level``, ``signature`` as the API takes them."""
        return self._run(ops.history_page(filters, cursor))

    def history(self, **filters: Any) -> Iterator[HistoryRecord]:
        """Every record, newest first, fetching the next page (``next_cursor``) as you iterate."""
        return iterate_history(lambda cursor: self.history_page(cursor=cursor, **filters))  # type: ignore[arg-type,return-value]

    def stats(self, *, days: Optional[int] = None) -> Stats:
        """Your statistics, with a series per UTC day over `days` days (1-90; the service's default 14)."""
        return self._run(ops.stats(days))

    # program blocks
    def get_program_blocks(self) -> Dict[str, Any]:
        return self._run(ops.get_program_blocks())

    def set_program_blocks(self, program_ids: Iterable[str]) -> Dict[str, Any]:
        return self._run(ops.set_program_blocks(program_ids))

    def remove_program_block(self, program_id: str) -> Dict[str, Any]:
        return self._run(ops.remove_program_block(program_id))

    # webhooks
    def list_webhooks(self) -> Dict[str, Any]:
        return self._run(ops.list_webhooks())

    def create_webhook(self, url: str, events: Iterable[str], description: Optional[str] = None) -> IssuedWebhookEndpoint:
        return self._run(ops.create_webhook(url, events, description))

    def delete_webhook(self, endpoint_id: str) -> Dict[str, Any]:
        return self._run(ops.delete_webhook(endpoint_id))

    def rotate_webhook_secret(self, endpoint_id: str) -> IssuedWebhookEndpoint:
        return self._run(ops.rotate_webhook_secret(endpoint_id))

    def webhook_deliveries(self, endpoint_id: str) -> Dict[str, Any]:
        return self._run(ops.webhook_deliveries(endpoint_id))

    def test_webhook(self, endpoint_id: str) -> WebhookDelivery:
        return self._run(ops.test_webhook(endpoint_id))

    def redeliver_webhook(self, endpoint_id: str, delivery_id: str) -> WebhookDelivery:
        return self._run(ops.redeliver_webhook(endpoint_id, delivery_id))

    # billing (bearer token)
    def billing_usage(self) -> Dict[str, Any]:
        return self._run(ops.billing_usage())

    def billing_subscription(self) -> Dict[str, Any]:
        return self._run(ops.billing_subscription())

    def create_checkout(self, success_url: Optional[str] = None, cancel_url: Optional[str] = None) -> Dict[str, Any]:
        return self._run(ops.create_checkout(success_url, cancel_url))

    def create_billing_portal(self) -> Dict[str, Any]:
        return self._run(ops.create_billing_portal())

    # the service
    def status(self) -> Dict[str, Any]:
        return self._run(ops.service_status())

    def plans(self) -> Dict[str, Any]:
        return self._run(ops.plans())

    def health(self) -> Dict[str, Any]:
        return self._run(ops.health())

    # the WebSocket stream
    def stream(self, *, encoding: str = "json", request_timeout: float = 60.0) -> SyncStream:
        """The stream, to use as ``with client.stream() as stream``; it reconnects by itself.

        Its socket lives on an event loop in a background thread that ``close()`` (or leaving the
        ``with``) stops and joins; its calls block and may be made from several threads.
        """
        refresh = self._transport.refresh
        return SyncStream(
            lambda: AsyncStream(self.base_url, self.credentials, lambda: run_in_executor(refresh), encoding=encoding, request_timeout=request_timeout)
        )


Client = PreflightClient
