"""When and how long to wait before trying a call again.

Only idempotent calls are retried (simulate, simulate_batch, reads): execute, send and submit
never are, since a repeat could land a second copy of a different transaction built from the same
intent; the service dedups the same signed bytes, so the caller may resend those safely itself.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Optional

from .errors import ClientTimeoutError, ConnectionFailedError, PreflightError

#: codes worth another try once the wait has passed; quota_exceeded and tip_budget_exceeded wait
#: until midnight UTC and watch_limit_exceeded until a watch ends, so they are not among them
RETRYABLE_CODES = frozenset(
    {
        "rate_limited",
        "upstream_unavailable",
        "engine_unavailable",
        "accounts_unavailable",
        "journal_unavailable",
        "shutting_down",
        "simulation_timeout",
        "request_timeout",
        "internal_error",
    }
)


@dataclass(frozen=True)
class RetryPolicy:
    """``max_retries`` tries after the first; back-off doubles from ``base_delay`` up to ``max_delay``."""

    max_retries: int = 2
    base_delay: float = 0.25
    max_delay: float = 5.0
    #: a Retry-After longer than this is not waited for: the error is raised with its retry_after
    max_retry_after: float = 10.0

    def get_delay(self, error: PreflightError, attempt: int) -> Optional[float]:
        """Seconds to wait before try ``attempt + 1`` (attempt counts from 0), or None to give up."""
        if attempt >= self.max_retries or not is_retryable(error):
            return None
        if error.retry_after is not None:
            return error.retry_after if error.retry_after <= self.max_retry_after else None
        backoff = min(self.max_delay, self.base_delay * (2**attempt))
        return backoff * (0.5 + random.random() / 2)


def is_retryable(error: PreflightError) -> bool:
    """Whether another try of an idempotent call could succeed."""
    return isinstance(error, (ConnectionFailedError, ClientTimeoutError)) or error.code in RETRYABLE_CODES
