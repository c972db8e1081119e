"""What the suite needs from its harness (test/sdk/python/python-sdk.test.ts): the running service,
a user with an API key, fresh localnet transactions and a TCP proxy to cut.
Every test is skipped when PREFLIGHT_BASE_URL is unset (no service to test against)."""

from __future__ import annotations

import asyncio
import os
import secrets
import sys
import unittest
from typing import Any, Callable, Dict, TypeVar

import httpx

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "src"))

from solana_preflight import AsyncPreflightClient, PreflightClient  # noqa: E402

PASSWORD = "correct horse battery staple"
T = TypeVar("T")


def require_service() -> None:
    if not os.environ.get("PREFLIGHT_BASE_URL") or not os.environ.get("PREFLIGHT_TEST_FIXTURES_URL"):
        raise unittest.SkipTest("PREFLIGHT_BASE_URL and PREFLIGHT_TEST_FIXTURES_URL name no running service")


def base_url() -> str:
    return os.environ["PREFLIGHT_BASE_URL"]


def proxy_url() -> str:
    return os.environ["PREFLIGHT_TEST_PROXY_URL"]


def api_key() -> str:
    return os.environ["PREFLIGHT_API_KEY"]


def email() -> str:
    """The harness's user (the owner of PREFLIGHT_API_KEY)."""
    return os.environ["PREFLIGHT_TEST_EMAIL"]


def make_client(**options: Any) -> PreflightClient:
    return PreflightClient(base_url=options.pop("base_url", base_url()), api_key=options.pop("api_key", api_key()), **options)


def make_async_client(**options: Any) -> AsyncPreflightClient:
    return AsyncPreflightClient(base_url=options.pop("base_url", base_url()), api_key=options.pop("api_key", api_key()), **options)


def fixture(path: str, body: Dict[str, Any] = {}) -> Dict[str, Any]:  # noqa: B006 - never mutated
    response = httpx.post(os.environ["PREFLIGHT_TEST_FIXTURES_URL"] + path, json=body, timeout=30)
    response.raise_for_status()
    return response.json()


def unsigned_transaction() -> str:
    """A fresh wallet's 0.001 SOL transfer, unsigned (simulate takes it)."""
    return fixture("/transactions/unsigned")["transaction"]


def signed_transaction() -> str:
    """The same, signed (execute, send and submit take it); its blockhash is fresh: use it at once."""
    return fixture("/transactions/signed")["transaction"]


def fresh_email(label: str) -> str:
    return f"{label}-{secrets.token_hex(4)}@example.com"


def new_user_client(label: str, **options: Any) -> PreflightClient:
    """A client of a new account, authenticated by the bearer pair register answered (no API key)."""
    client = PreflightClient(base_url=base_url(), **options)
    client.register(fresh_email(label), PASSWORD)
    return client


def fresh_api_key(label: str) -> str:
    """An API key of a new account: a rate-limit bucket of its own (10, then one a second), which the
    rest of the suite, sharing PREFLIGHT_API_KEY, has not emptied. Stream calls are not retried on 429."""
    with new_user_client(label) as owner:
        return owner.create_api_key(label)["key"]


async def in_thread(function: Callable[..., T], *args: Any) -> T:
    """A blocking fixture call, off the event loop (the async tests run in asyncio's debug mode)."""
    return await asyncio.get_running_loop().run_in_executor(None, function, *args)
