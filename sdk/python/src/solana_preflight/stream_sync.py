"""The WebSocket stream for the blocking PreflightClient: the asyncio AsyncStream, run on its own loop.

websockets 10.x (Debian's) has no blocking client, and one protocol implementation is enough: a
background thread runs an event loop that owns the AsyncStream. Calls cross into it with
``asyncio.run_coroutine_threadsafe`` and block on the answer, which raises in the caller's thread
as the same PreflightError the asyncio stream raises. Pushes and watch updates are moved by pumps
on the loop into thread-safe queues that the blocking iterators read. ``close()`` closes the
stream, stops the loop and joins the thread.
"""

from __future__ import annotations

import asyncio
import queue
import threading
from typing import Any, Awaitable, Callable, Dict, Iterator, Optional, TypeVar

from . import operations as ops
from .stream import AsyncStream
from .transaction import TransactionInput
from .watch import Watch
from .watch_sync import END, SyncWatch, read_queue

T = TypeVar("T")


class SyncStream:
    """The stream of a blocking client; use it as ``with client.stream() as stream``."""

    def __init__(self, make_stream: Callable[[], AsyncStream]) -> None:
        self._make_stream = make_stream
        self._stream: Optional[AsyncStream] = None
        self._loop: Optional[asyncio.AbstractEventLoop] = None
        self._thread: Optional[threading.Thread] = None
        self._pushes: "queue.Queue[Any]" = queue.Queue()
        self._pumps: "set[asyncio.Future[None]]" = set()

    def __enter__(self) -> "SyncStream":
        self.connect()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @property
    def reconnect_count(self) -> int:
        """How many times the socket was opened again after a drop."""
        return self._stream.reconnect_count if self._stream is not None else 0

    def connect(self) -> None:
        """Starts the loop's thread and opens the socket, raising what the first handshake met."""
        if self._thread is not None:
            raise RuntimeError("the stream is already open")
        loop = asyncio.new_event_loop()
        self._loop = loop
        self._thread = threading.Thread(target=self._run_loop, name="solana-preflight-stream", daemon=True)
        self._thread.start()
        try:
            self._stream = self._call(self._open())
        except BaseException:
            self._stop_loop()
            raise

    def close(self) -> None:
        """Closes the socket (calls in flight fail, watches end), stops the loop and joins its thread."""
        if self._thread is None:
            return
        try:
            if self._stream is not None:
                self._call(self._stream.close())
        finally:
            self._stop_loop()
            self._pushes.put(END)

    def simulate(self, transaction: TransactionInput, *, timeout: Optional[float] = None, **options: Any) -> Dict[str, Any]:
        """A simulate message: ``vectors``, ``policy``, ``timeout_ms``, ``replace_recent_blockhash`` as over REST."""
        return self._call(self._get_stream().simulate(transaction, timeout=timeout, **options))

    def watch_simulation(self, transaction: TransactionInput, *, timeout: Optional[float] = None, **options: Any) -> SyncWatch:
        """A watched simulate: ``for update in watch`` until its watch_end."""
        frames: "queue.Queue[Any]" = queue.Queue()
        watch = self._call(self._watch(frames, ops.simulate(transaction, ops.simulate_options(**options)).body or {}, timeout))
        return SyncWatch(watch, frames, self._call)

    def execute(
        self,
        transaction: TransactionInput,
        policy_overrides: Optional[ops.Policy] = None,
        *,
        wait_confirmation: Optional[bool] = None,
        timeout: Optional[float] = None,
    ) -> Dict[str, Any]:
        return self._call(self._get_stream().execute(transaction, policy_overrides, wait_confirmation=wait_confirmation, timeout=timeout))

    def send(
        self,
        transaction: TransactionInput,
        *,
        use_relay: Optional[bool] = None,
        wait_confirmation: Optional[bool] = None,
        max_retries: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Dict[str, Any]:
        stream = self._get_stream()
        return self._call(stream.send(transaction, use_relay=use_relay, wait_confirmation=wait_confirmation, max_retries=max_retries, timeout=timeout))

    def submit(
        self,
        transaction: TransactionInput,
        strategy: str,
        *,
        tip_lamports: Optional[int] = None,
        wait_confirmation: Optional[bool] = None,
        deadline_ms: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Dict[str, Any]:
        stream = self._get_stream()
        submitted = stream.submit(
            transaction, strategy, tip_lamports=tip_lamports, wait_confirmation=wait_confirmation, deadline_ms=deadline_ms, timeout=timeout
        )
        return self._call(submitted)

    def tips(self, *, timeout: Optional[float] = None) -> Dict[str, Any]:
        return self._call(self._get_stream().tips(timeout=timeout))

    def transactions(self, *, timeout: Optional[float] = None) -> Iterator[Dict[str, Any]]:
        """The pushes of your tracked transactions' status changes, as they come, until ``close()``;
        ``timeout`` bounds each wait (ClientTimeoutError past it)."""
        return read_queue(self._pushes, timeout, "transaction push")

    def _get_stream(self) -> AsyncStream:
        if self._stream is None or self._thread is None:
            raise RuntimeError("the stream is not open: use it as `with client.stream() as stream`")
        return self._stream

    def _call(self, coroutine: Awaitable[T]) -> T:
        """Runs ``coroutine`` on the stream's loop and blocks for its result (or raises its error here)."""
        if self._loop is None or threading.current_thread() is self._thread:
            close = getattr(coroutine, "close", None)
            if close is not None:
                close()  # never awaited: say so quietly rather than with a RuntimeWarning
            raise RuntimeError("the stream's calls block: make them from another thread than its loop's")
        return asyncio.run_coroutine_threadsafe(coroutine, self._loop).result()  # type: ignore[arg-type]

    async def _open(self) -> AsyncStream:
        # made on the loop: AsyncStream's queues and events belong to the loop that makes them
        stream = self._make_stream()
        await stream.connect()
        self._start_pump(self._pump(stream.transactions(), self._pushes))
        return stream

    async def _watch(self, frames: "queue.Queue[Any]", message: Dict[str, Any], timeout: Optional[float]) -> Watch:
        watch = await self._get_stream().watch(message, timeout)
        self._start_pump(self._pump(watch.__aiter__(), frames))
        return watch

    def _start_pump(self, pump: Awaitable[None]) -> None:
        task = asyncio.ensure_future(pump)
        self._pumps.add(task)
        task.add_done_callback(self._pumps.discard)

    @staticmethod
    async def _pump(frames: Any, into: "queue.Queue[Any]") -> None:
        try:
            async for frame in frames:
                into.put(frame)
        finally:
            into.put(END)

    def _run_loop(self) -> None:
        loop = self._loop
        assert loop is not None
        asyncio.set_event_loop(loop)
        try:
            loop.run_forever()
            # stopped by _stop_loop: end the pumps, then what the loop still owns, in its own thread
            for pump in list(self._pumps):
                pump.cancel()
            loop.run_until_complete(asyncio.gather(*self._pumps, return_exceptions=True))
            loop.run_until_complete(loop.shutdown_asyncgens())
            loop.run_until_complete(loop.shutdown_default_executor())
        finally:
            loop.close()

    def _stop_loop(self) -> None:
        loop, thread = self._loop, self._thread
        if loop is None or thread is None:
            return
        loop.call_soon_threadsafe(loop.stop)
        thread.join()
        self._thread = None
        self._loop = None


async def run_in_executor(function: Callable[[], T]) -> T:
    """A blocking call (the sync client's token refresh) off the stream's loop."""
    return await asyncio.get_running_loop().run_in_executor(None, function)

