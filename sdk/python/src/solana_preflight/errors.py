"""The service's error envelope as exceptions, one class per family of catalogue codes.

Match an error by its ``code`` (``is_preflight_error(error, "rate_limited")``): codes are never
renamed or reused, while classes group them by what a caller does about them.
"""

from __future__ import annotations

from typing import Any, Dict, Mapping, Optional, Type


class PreflightError(Exception):
    """An error the service answered (``status`` set) or the SDK met on the way (``status`` None)."""

    def __init__(
        self,
        code: str,
        message: str,
        *,
        status: Optional[int] = None,
        request_id: Optional[str] = None,
        retry_after: Optional[float] = None,
        details: Optional[Dict[str, Any]] = None,
    ) -> None:
        super().__init__(f"{code}: {message}" if status is None else f"{status} {code}: {message}")
        self.code = code
        self.message = message
        self.status = status
        self.request_id = request_id
        #: seconds, from the Retry-After header (or the stream's ``retry_after``)
        self.retry_after = retry_after
        #: every field of the envelope beyond code, message and request_id (``bundle_lint``, …)
        self.details: Dict[str, Any] = details or {}


class InvalidRequestError(PreflightError):
    """400, 413, 415, 422: the request must change (validation_error, invalid_transaction, …)."""


class BundleRejectedError(InvalidRequestError):
    """422 bundle_rejected: ``bundle_lint`` lists every lint rule checked; nothing was sent."""

    @property
    def bundle_lint(self) -> list:
        return list(self.details.get("bundle_lint", []))


class AuthenticationError(PreflightError):
    """401: a missing, unknown, revoked or expired credential, or wrong login."""


class PaymentRequiredError(PreflightError):
    """402 card_required."""


class NotFoundError(PreflightError):
    """404: no such route, or a resource that is not yours."""


class ConflictError(PreflightError):
    """409: email_taken, already_subscribed, webhook_endpoint_disabled."""


class RateLimitedError(PreflightError):
    """429: rate_limited, quota_exceeded, tip_budget_exceeded, watch_limit_exceeded (``retry_after``)."""


class ServerError(PreflightError):
    """500 and other statuses the service does not document."""


class UnavailableError(PreflightError):
    """502, 503: upstream, engine, accounts, journal, relay or billing not answering (often ``retry_after``)."""


class ServiceTimeoutError(PreflightError):
    """408 and 504: the service ran out of time (request_timeout, simulation_timeout)."""


class ConnectionFailedError(PreflightError):
    """The SDK could not reach the service (code ``connection_failed``): nothing was answered."""


class ClientTimeoutError(PreflightError):
    """The SDK's own timeout passed (code ``client_timeout``); a sent transaction may still land."""


_BY_CODE: Dict[str, Type[PreflightError]] = {"bundle_rejected": BundleRejectedError}
_BY_STATUS: Dict[int, Type[PreflightError]] = {
    400: InvalidRequestError,
    401: AuthenticationError,
    402: PaymentRequiredError,
    404: NotFoundError,
    408: ServiceTimeoutError,
    409: ConflictError,
    413: InvalidRequestError,
    415: InvalidRequestError,
    422: InvalidRequestError,
    429: RateLimitedError,
    431: InvalidRequestError,
    502: UnavailableError,
    503: UnavailableError,
    504: ServiceTimeoutError,
}


def from_error_body(
    status: int,
    body: Any,
    *,
    request_id: Optional[str] = None,
    retry_after: Optional[float] = None,
) -> PreflightError:
    """The exception for an error envelope ``{"error": {code, message, request_id, …}}`` (or a stream's error frame)."""
    given = body.get("error") if isinstance(body, dict) else None
    envelope: Mapping[str, Any] = given if isinstance(given, dict) else {}
    code = str(envelope.get("code") or f"http_{status}")
    message = str(envelope.get("message") or "the service answered without an error envelope")
    details = {key: value for key, value in envelope.items() if key not in ("code", "message", "request_id", "retry_after")}
    if retry_after is None and isinstance(envelope.get("retry_after"), (int, float)):
        retry_after = float(envelope["retry_after"])
    cls = _BY_CODE.get(code) or _BY_STATUS.get(status) or ServerError
    return cls(
        code,
        message,
        status=status,
        request_id=str(envelope.get("request_id") or request_id or "") or None,
        retry_after=retry_after,
        details=details,
    )


#: The catalogue's HTTP status of the codes a stream error frame can carry (frames have no status).
CATALOGUE_STATUS: Dict[str, int] = {
    "validation_error": 422,
    "invalid_transaction": 422,
    "invalid_signature": 422,
    "bundle_rejected": 422,
    "tip_limit_exceeded": 422,
    "invalid_json": 400,
    "unauthorized": 401,
    "card_required": 402,
    "not_found": 404,
    "rate_limited": 429,
    "quota_exceeded": 429,
    "tip_budget_exceeded": 429,
    "watch_limit_exceeded": 429,
    "internal_error": 500,
    "not_implemented": 501,
    "upstream_unavailable": 502,
    "relay_unavailable": 503,
    "relay_busy": 503,
    "journal_unavailable": 503,
    "engine_unavailable": 503,
    "accounts_unavailable": 503,
    "shutting_down": 503,
    "simulation_timeout": 504,
}


def from_stream_error(frame: Mapping[str, Any]) -> PreflightError:
    """The exception for a stream error frame ``{id, error: {code, message, request_id, retry_after?}}``."""
    given = frame.get("error")
    error: Mapping[str, Any] = given if isinstance(given, dict) else {}
    status = CATALOGUE_STATUS.get(str(error.get("code")), 500)
    return from_error_body(status, {"error": error})


def is_preflight_error(error: object, code: Optional[str] = None) -> bool:
    """Whether ``error`` is a PreflightError (with that catalogue ``code`` when one is given)."""
    return isinstance(error, PreflightError) and (code is None or error.code == code)


def parse_retry_after(value: Optional[str]) -> Optional[float]:
    """Retry-After in seconds: the service sends whole seconds (an HTTP date is not used)."""
    if value is None:
        return None
    try:
        seconds = float(value.strip())
    except ValueError:
        return None
    return seconds if seconds >= 0 else None
