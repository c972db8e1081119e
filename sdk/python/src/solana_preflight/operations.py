"""Every REST operation as a Call: method, path, body, credential mode and whether it may be retried.

The sync and the async client both run these, so each request is described once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, Iterable, Mapping, Optional, Sequence, Union
from urllib.parse import quote

from .transaction import TransactionInput, to_base64_transaction

API = "/api/v1"
#: execute, send and submit with wait_confirmation wait up to 30 s on the service's side
CONFIRMATION_WAIT_SECONDS = 35.0

Policy = Union[str, Mapping[str, Any]]


@dataclass(frozen=True)
class Call:
    method: str
    path: str
    #: ``none``, ``bearer`` or ``either`` (the Auth column of docs/api.md)
    auth: str = "either"
    body: Optional[Dict[str, Any]] = None
    params: Optional[Dict[str, Any]] = None
    #: only these are retried (simulate and reads); execute, send and submit never are
    idempotent: bool = False
    #: the least timeout this call needs, whatever the client's default
    min_timeout: Optional[float] = None
    #: register, login and refresh answer a token pair the client keeps
    stores_tokens: bool = False


def _segment(value: str) -> str:
    return quote(str(value), safe="")


def _without_none(values: Mapping[str, Any]) -> Dict[str, Any]:
    """Only the options the caller set: the service refuses unknown fields and wrong types, and has defaults."""
    return {key: value for key, value in values.items() if value is not None}


def register(email: str, password: str) -> Call:
    return Call("POST", "/auth/register", "none", {"email": email, "password": password}, stores_tokens=True)


def login(email: str, password: str) -> Call:
    return Call("POST", "/auth/login", "none", {"email": email, "password": password}, stores_tokens=True)


def refresh(refresh_token: str) -> Call:
    return Call("POST", "/auth/refresh", "none", {"refresh_token": refresh_token}, stores_tokens=True)


def logout(refresh_token: str) -> Call:
    # retried like a read: the service answers alike however often a token is revoked
    return Call("POST", "/auth/logout", "none", {"refresh_token": refresh_token}, idempotent=True)


def me() -> Call:
    return Call("GET", "/auth/me", "bearer", idempotent=True)


def delete_account() -> Call:
    return Call("DELETE", "/auth/account", "bearer")


def list_api_keys() -> Call:
    return Call("GET", f"{API}/api-keys", "bearer", idempotent=True)


def create_api_key(name: str, expires_at: Optional[str] = None) -> Call:
    return Call("POST", f"{API}/api-keys", "bearer", _without_none({"name": name, "expires_at": expires_at}))


def revoke_api_key(key_id: str) -> Call:
    return Call("DELETE", f"{API}/api-keys/{_segment(key_id)}", "bearer")


def rotate_api_key(key_id: str) -> Call:
    return Call("POST", f"{API}/api-keys/{_segment(key_id)}/rotate", "bearer")


def simulate_options(
    vectors: Optional[Sequence[str]] = None,
    policy: Optional[Policy] = None,
    timeout_ms: Optional[int] = None,
    replace_recent_blockhash: Optional[bool] = None,
) -> Dict[str, Any]:
    return _without_none(
        {
            "vectors": list(vectors) if vectors is not None else None,
            "policy": dict(policy) if isinstance(policy, Mapping) else policy,
            "timeout_ms": timeout_ms,
            "replace_recent_blockhash": replace_recent_blockhash,
        }
    )


def simulate(transaction: TransactionInput, options: Mapping[str, Any]) -> Call:
    body = {"transaction": to_base64_transaction(transaction), **options}
    return Call("POST", f"{API}/solana/tx/simulate", body=body, idempotent=True)


def simulate_batch(transactions: Iterable[TransactionInput], options: Mapping[str, Any]) -> Call:
    body = {"transactions": [to_base64_transaction(item) for item in transactions], **options}
    return Call("POST", f"{API}/solana/tx/simulate-batch", body=body, idempotent=True)


def execute(transaction: TransactionInput, policy_overrides: Optional[Policy], wait_confirmation: Optional[bool]) -> Call:
    body = _without_none(
        {
            "transaction": to_base64_transaction(transaction),
            "policy": dict(policy_overrides) if isinstance(policy_overrides, Mapping) else policy_overrides,
            "wait_confirmation": wait_confirmation,
        }
    )
    return Call("POST", f"{API}/solana/tx/execute", body=body, min_timeout=CONFIRMATION_WAIT_SECONDS if wait_confirmation else None)


def send(
    transaction: TransactionInput,
    use_relay: Optional[bool],
    wait_confirmation: Optional[bool],
    max_retries: Optional[int],
) -> Call:
    body = _without_none(
        {
            "transaction": to_base64_transaction(transaction),
            "use_relay": use_relay,
            "wait_confirmation": wait_confirmation,
            "max_retries": max_retries,
        }
    )
    return Call("POST", f"{API}/solana/tx/send", body=body, min_timeout=CONFIRMATION_WAIT_SECONDS if wait_confirmation else None)


def submit(
    transaction: TransactionInput,
    strategy: str,
    tip_lamports: Optional[int],
    wait_confirmation: Optional[bool],
    deadline_ms: Optional[int],
) -> Call:
    body = _without_none(
        {
            "transaction": to_base64_transaction(transaction),
            "strategy": strategy,
            "tip_lamports": tip_lamports,
            "wait_confirmation": wait_confirmation,
            "deadline_ms": deadline_ms,
        }
    )
    waits = CONFIRMATION_WAIT_SECONDS + (deadline_ms or 0) / 1000 if wait_confirmation or deadline_ms else None
    return Call("POST", f"{API}/solana/tx/submit", body=body, min_timeout=waits)


def get_transaction(signature: str) -> Call:
    return Call("GET", f"{API}/solana/transactions/{_segment(signature)}", idempotent=True)


def tips() -> Call:
    return Call("GET", f"{API}/solana/tips", idempotent=True)


def approvals(address: str) -> Call:
    return Call("GET", f"{API}/solana/wallets/{_segment(address)}/approvals", idempotent=True, min_timeout=15.0)


def history_page(filters: Mapping[str, Any], cursor: Optional[str]) -> Call:
    params = _without_none({**filters, "cursor": cursor})
    # the service takes booleans as the words true and false
    params = {key: (str(value).lower() if isinstance(value, bool) else value) for key, value in params.items()}
    return Call("GET", f"{API}/solana/simulations", params=params, idempotent=True)


def stats(days: Optional[int] = None) -> Call:
    return Call("GET", f"{API}/solana/simulations/stats", params=_without_none({"days": days}), idempotent=True)


def get_program_blocks() -> Call:
    return Call("GET", f"{API}/solana/program-blocks", idempotent=True)


def set_program_blocks(program_ids: Iterable[str]) -> Call:
    # PUT replaces the whole list: the same call twice leaves the same list, so it may be retried
    return Call("PUT", f"{API}/solana/program-blocks", body={"program_ids": list(program_ids)}, idempotent=True)


def remove_program_block(program_id: str) -> Call:
    return Call("DELETE", f"{API}/solana/program-blocks/{_segment(program_id)}")


def list_webhooks() -> Call:
    return Call("GET", f"{API}/webhooks", idempotent=True)


def create_webhook(url: str, events: Iterable[str], description: Optional[str]) -> Call:
    body = _without_none({"url": url, "events": list(events), "description": description})
    return Call("POST", f"{API}/webhooks", body=body)


def delete_webhook(endpoint_id: str) -> Call:
    return Call("DELETE", f"{API}/webhooks/{_segment(endpoint_id)}")


def rotate_webhook_secret(endpoint_id: str) -> Call:
    return Call("POST", f"{API}/webhooks/{_segment(endpoint_id)}/rotate-secret")


def webhook_deliveries(endpoint_id: str) -> Call:
    return Call("GET", f"{API}/webhooks/{_segment(endpoint_id)}/deliveries", idempotent=True)


def test_webhook(endpoint_id: str) -> Call:
    return Call("POST", f"{API}/webhooks/{_segment(endpoint_id)}/test")


def redeliver_webhook(endpoint_id: str, delivery_id: str) -> Call:
    return Call("POST", f"{API}/webhooks/{_segment(endpoint_id)}/deliveries/{_segment(delivery_id)}/redeliver")


def billing_usage() -> Call:
    return Call("GET", f"{API}/billing/usage", "bearer", idempotent=True)


def billing_subscription() -> Call:
    return Call("GET", f"{API}/billing/subscription", "bearer", idempotent=True)


def create_checkout(success_url: Optional[str], cancel_url: Optional[str]) -> Call:
    body = _without_none({"success_url": success_url, "cancel_url": cancel_url})
    return Call("POST", f"{API}/billing/checkout", "bearer", body=body)


def create_billing_portal() -> Call:
    return Call("POST", f"{API}/billing/portal", "bearer")


def service_status() -> Call:
    return Call("GET", f"{API}/status", "none", idempotent=True)


def plans() -> Call:
    return Call("GET", f"{API}/plans", "none", idempotent=True)


def health() -> Call:
    return Call("GET", "/health", "none", idempotent=True)
