"""Opens a WebSocket with whichever websockets client this machine has (10.x through today's).

websockets 13 added ``websockets.asyncio.client`` (headers as ``additional_headers``) and 14 made
it the default, deprecating the legacy client (``extra_headers``) that 10.x–12.x only have.
"""

from __future__ import annotations

from typing import Any, Dict, Optional

try:
    from websockets.asyncio.client import connect as _connect  # type: ignore[import-not-found,unused-ignore]

    _HEADERS_ARGUMENT = "additional_headers"
except ImportError:  # websockets < 13
    from websockets.client import connect as _connect  # type: ignore[no-redef]

    _HEADERS_ARGUMENT = "extra_headers"

#: an answer (a simulate with its logs and call tree) can pass websockets' 1 MiB default
MAX_FRAME_BYTES = 16 * 1024 * 1024


async def open_websocket(url: str, headers: Dict[str, str], open_timeout: float) -> Any:
    """A connected client socket: ``send``, ``recv``, ``close`` and ``async for`` over its messages."""
    options: Dict[str, Any] = {_HEADERS_ARGUMENT: headers, "open_timeout": open_timeout, "max_size": MAX_FRAME_BYTES}
    return await _connect(url, **options)


def get_handshake_status(error: BaseException) -> Optional[int]:
    """The HTTP status of a refused handshake (InvalidStatusCode before 14, InvalidStatus since), else None."""
    status = getattr(error, "status_code", None)
    if isinstance(status, int):
        return status
    response = getattr(error, "response", None)
    status = getattr(response, "status_code", None)
    return status if isinstance(status, int) else None
