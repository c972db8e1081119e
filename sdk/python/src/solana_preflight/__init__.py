"""Python client of the Solana transaction pre-flight API.

    from solana_preflight import PreflightClient
    client = PreflightClient(base_url="http://127.0.0.1:8080", api_key="pf_live_…")
    verdict = client.simulate(transaction_base64)
"""

from ._version import API_VERSION, __version__
from .async_client import AsyncClient, AsyncPreflightClient
from .client import Client, PreflightClient
from .errors import (
    AuthenticationError,
    BundleRejectedError,
    ClientTimeoutError,
    ConflictError,
    ConnectionFailedError,
    InvalidRequestError,
    NotFoundError,
    PaymentRequiredError,
    PreflightError,
    RateLimitedError,
    ServerError,
    ServiceTimeoutError,
    UnavailableError,
    is_preflight_error,
)
from .retry import RetryPolicy
from .stream import AsyncStream
from .stream_sync import SyncStream
from .watch_sync import SyncWatch
from .transaction import to_base64_transaction
from .watch import Watch
from .webhooks import verify_webhook_signature

__all__ = [
    "API_VERSION",
    "AsyncClient",
    "AsyncPreflightClient",
    "AsyncStream",
    "AuthenticationError",
    "BundleRejectedError",
    "Client",
    "ClientTimeoutError",
    "ConflictError",
    "ConnectionFailedError",
    "InvalidRequestError",
    "NotFoundError",
    "PaymentRequiredError",
    "PreflightClient",
    "PreflightError",
    "RateLimitedError",
    "RetryPolicy",
    "ServerError",
    "ServiceTimeoutError",
    "SyncStream",
    "SyncWatch",
    "UnavailableError",
    "Watch",
    "__version__",
    "is_preflight_error",
    "to_base64_transaction",
    "verify_webhook_signature",
]
