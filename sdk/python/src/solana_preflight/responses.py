"""An HTTP answer turned into its JSON body, or into the PreflightError its envelope names."""

from __future__ import annotations

import json
from typing import Any, Mapping

from .errors import PreflightError, from_error_body, parse_retry_after


def read_answer(status: int, headers: Mapping[str, str], content: bytes) -> Any:
    """The parsed body of a 2xx answer (None when empty); raises the error of any other."""
    body: Any = None
    if content:
        try:
            body = json.loads(content)
        except ValueError:
            body = None
    if 200 <= status < 300:
        return body
    raise to_error(status, headers, body)


def to_error(status: int, headers: Mapping[str, str], body: Any) -> PreflightError:
    return from_error_body(
        status,
        body,
        request_id=headers.get("x-request-id"),
        retry_after=parse_retry_after(headers.get("retry-after")),
    )
