"""A watched simulation on the blocking client's stream: its updates, read from a thread-safe queue."""

from __future__ import annotations

import queue
from typing import Any, Awaitable, Callable, Dict, Iterator, Optional

from .errors import ClientTimeoutError
from .watch import Watch

#: put on a queue when its source ended (the watch ended, or the stream closed)
END = object()


def read_queue(frames: "queue.Queue[Any]", timeout: Optional[float], what: str) -> Iterator[Dict[str, Any]]:
    """Yields what ``frames`` holds until END; ``timeout`` bounds each wait (ClientTimeoutError past it)."""
    while True:
        try:
            frame = frames.get(timeout=timeout)
        except queue.Empty:
            raise ClientTimeoutError("client_timeout", f"no {what} within {timeout} s") from None
        if frame is END:
            frames.put(END)  # any other reader of this queue ends too
            return
        yield frame


class SyncWatch:
    """A watched simulation: ``for update in watch`` yields each update until its watch_end."""

    def __init__(self, watch: Watch, frames: "queue.Queue[Any]", call: Callable[[Awaitable[Any]], Any]) -> None:
        self._watch = watch
        self._frames = frames
        self._call = call
        self.response: Dict[str, Any] = watch.response
        self.subscription: str = watch.subscription

    @property
    def end_reason(self) -> Optional[str]:
        """``unsubscribed``, the server's reason, or ``disconnected``; None while the watch is open."""
        return self._watch.end_reason

    def __iter__(self) -> Iterator[Dict[str, Any]]:
        return self.updates()

    def updates(self, *, timeout: Optional[float] = None) -> Iterator[Dict[str, Any]]:
        """The updates, each awaited at most ``timeout`` seconds (ClientTimeoutError past it)."""
        return read_queue(self._frames, timeout, "simulation_update")

    def unsubscribe(self) -> None:
        """Ends the watch; the iterator then stops with ``end_reason`` ``unsubscribed``."""
        self._call(self._watch.unsubscribe())
