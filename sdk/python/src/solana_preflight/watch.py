"""A watched simulation on the stream: its first answer, then each simulation_update until watch_end."""

from __future__ import annotations

import asyncio
from typing import Any, AsyncIterator, Awaitable, Callable, Dict, Optional

#: the end reason the SDK reports when the socket was lost (the server ends watches silently then)
DISCONNECTED = "disconnected"


class Watch:
    """``async for update in watch`` yields every update; ``end_reason`` is set once it ended."""

    def __init__(self, response: Dict[str, Any], unsubscribe: Callable[[str], Awaitable[Any]]) -> None:
        self.response = response
        self.subscription: str = str(response["subscription"])
        self.end_reason: Optional[str] = None
        self._frames: "asyncio.Queue[Dict[str, Any]]" = asyncio.Queue()
        self._unsubscribe = unsubscribe
        self._drained = False

    def push(self, frame: Dict[str, Any]) -> None:
        """A simulation_update or watch_end frame for this subscription (called by the stream)."""
        if frame.get("type") == "watch_end" and self.end_reason is None:
            self.end_reason = str(frame.get("reason"))
        self._frames.put_nowait(frame)

    def end(self, reason: str) -> None:
        self.push({"type": "watch_end", "subscription": self.subscription, "reason": reason})

    def __aiter__(self) -> AsyncIterator[Dict[str, Any]]:
        return self._updates()

    async def _updates(self) -> AsyncIterator[Dict[str, Any]]:
        while not self._drained:
            frame = await self._frames.get()
            if frame.get("type") == "watch_end":
                self._drained = True
                return
            yield frame

    async def unsubscribe(self) -> None:
        """Ends the watch; the iterator then stops with ``end_reason`` ``unsubscribed``."""
        if self.end_reason is None:
            await self._unsubscribe(self.subscription)
