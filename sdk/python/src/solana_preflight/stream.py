"""The WebSocket stream (``/api/v1/solana/stream``) with reconnection and re-authentication.

Answers are matched to requests by ``id`` (they may come out of order). When the socket drops,
the stream reconnects with back-off, presenting the credential afresh (refreshing an expired
bearer token first): simulate and tips messages in flight are sent again (they are idempotent);
execute, send and submit in flight fail with ``connection_failed`` (ask get_transaction, or resend
the same signed bytes: the service keeps one record per signed transaction); open watches end
with reason ``disconnected`` (the server ends a closed socket's watches without a frame).
"""

from __future__ import annotations

import asyncio
import itertools
import random
from typing import Any, AsyncIterator, Awaitable, Callable, Dict, Optional, Tuple

from . import operations as ops
from .codec import decode_frame, encode_frame, is_msgpack_available
from .credentials import Credentials
from .transaction import TransactionInput
from .errors import AuthenticationError, ClientTimeoutError, ConnectionFailedError, PreflightError, from_stream_error
from .watch import DISCONNECTED, Watch
from .ws_connect import get_handshake_status, open_websocket

STREAM_PATH = "/api/v1/solana/stream"
#: message types the stream may send again after a reconnect: they change nothing
RESENDABLE_TYPES = frozenset({"simulate", "tips"})


def to_stream_url(base_url: str) -> str:
    base = base_url.rstrip("/")
    if base.startswith("https://"):
        return "wss://" + base[len("https://") :] + STREAM_PATH
    if base.startswith("http://"):
        return "ws://" + base[len("http://") :] + STREAM_PATH
    return base + STREAM_PATH


class AsyncStream:
    """One socket to the stream, kept open until ``close()``; use it as ``async with``."""

    def __init__(
        self,
        base_url: str,
        credentials: Credentials,
        refresh: Callable[[], Awaitable[Any]],
        *,
        encoding: str = "json",
        request_timeout: float = 60.0,
        open_timeout: float = 10.0,
        max_reconnect_delay: float = 5.0,
    ) -> None:
        if encoding not in ("json", "msgpack", "auto"):
            raise ValueError("encoding is json, msgpack or auto")
        self.url = to_stream_url(base_url)
        self.use_msgpack = encoding == "msgpack" or (encoding == "auto" and is_msgpack_available())
        if self.use_msgpack and not is_msgpack_available():
            raise RuntimeError("MessagePack frames need the msgpack module: pip install msgpack")
        self.credentials = credentials
        self.request_timeout = request_timeout
        self.open_timeout = open_timeout
        self.max_reconnect_delay = max_reconnect_delay
        #: how many times the socket was opened again after a drop
        self.reconnect_count = 0
        self._refresh = refresh
        self._ids = itertools.count(1)
        self._pending: Dict[Any, Tuple[Dict[str, Any], "asyncio.Future[Dict[str, Any]]"]] = {}
        #: ids whose frame went out on some socket: only these are sent again after a reconnect
        self._sent_ids: set = set()
        self._watches: Dict[str, Watch] = {}
        # made in connect(), inside the running loop: Python 3.9 binds them to a loop when made
        self._pushes: "asyncio.Queue[Dict[str, Any]]"
        self._socket: Any = None
        self._connected: asyncio.Event
        self._closed = False
        self._fatal: Optional[PreflightError] = None
        self._runner: Optional["asyncio.Task[None]"] = None

    async def __aenter__(self) -> "AsyncStream":
        await self.connect()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    async def connect(self) -> None:
        """Opens the socket (raising what the first handshake met) and keeps it open in the background."""
        self._pushes = asyncio.Queue()
        self._connected = asyncio.Event()
        self._socket = await self._open()
        self._connected.set()
        self._runner = asyncio.ensure_future(self._run())

    async def close(self) -> None:
        self._closed = True
        if self._socket is not None:
            await self._socket.close()
        if self._runner is not None:
            await asyncio.gather(self._runner, return_exceptions=True)
        self._fail_pending(ConnectionFailedError("connection_failed", "the stream was closed"), resend=False)
        for watch in list(self._watches.values()):
            watch.end(DISCONNECTED)
        self._watches.clear()

    async def request(self, message: Dict[str, Any], timeout: Optional[float] = None) -> Dict[str, Any]:
        """Sends ``message`` with a fresh ``id`` and returns its answer; an error frame raises its PreflightError."""
        request_id = next(self._ids)
        framed = {**message, "id": request_id}
        future: "asyncio.Future[Dict[str, Any]]" = asyncio.get_running_loop().create_future()
        self._pending[request_id] = (framed, future)
        seconds = timeout if timeout is not None else self.request_timeout
        try:
            return await asyncio.wait_for(self._send_when_connected(framed, future), seconds)
        except asyncio.TimeoutError:
            raise ClientTimeoutError("client_timeout", f"no stream answer within {seconds} s") from None
        finally:
            self._pending.pop(request_id, None)
            self._sent_ids.discard(request_id)

    async def watch(self, message: Dict[str, Any], timeout: Optional[float] = None) -> Watch:
        """Sends a simulate with ``watch: true``; the Watch holds its answer and yields its updates."""
        answer = await self.request({**message, "watch": True}, timeout)
        if "subscription" not in answer:
            raise PreflightError("not_watched", "the stream answered without a subscription (it is shutting down)")
        watch = Watch(answer, self._unsubscribe)
        self._watches[watch.subscription] = watch
        return watch

    async def simulate(self, transaction: TransactionInput, *, timeout: Optional[float] = None, **options: Any) -> Dict[str, Any]:
        """A simulate message: ``vectors``, ``policy``, ``timeout_ms``, ``replace_recent_blockhash`` as over REST."""
        return await self.request(ops.simulate(transaction, ops.simulate_options(**options)).body or {}, timeout)

    async def watch_simulation(self, transaction: TransactionInput, *, timeout: Optional[float] = None, **options: Any) -> Watch:
        """A watched simulate: ``async for update in watch`` until its watch_end."""
        return await self.watch(ops.simulate(transaction, ops.simulate_options(**options)).body or {}, timeout)

    async def execute(
        self,
        transaction: TransactionInput,
        policy_overrides: Optional[ops.Policy] = None,
        *,
        wait_confirmation: Optional[bool] = None,
        timeout: Optional[float] = None,
    ) -> Dict[str, Any]:
        body = ops.execute(transaction, policy_overrides, wait_confirmation).body or {}
        return await self.request({**body, "type": "execute"}, timeout)

    async def send(
        self,
        transaction: TransactionInput,
        *,
        use_relay: Optional[bool] = None,
        wait_confirmation: Optional[bool] = None,
        max_retries: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Dict[str, Any]:
        body = ops.send(transaction, use_relay, wait_confirmation, max_retries).body or {}
        return await self.request({**body, "type": "send"}, timeout)

    async def submit(
        self,
        transaction: TransactionInput,
        strategy: str,
        *,
        tip_lamports: Optional[int] = None,
        wait_confirmation: Optional[bool] = None,
        deadline_ms: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Dict[str, Any]:
        body = ops.submit(transaction, strategy, tip_lamports, wait_confirmation, deadline_ms).body or {}
        return await self.request({**body, "type": "submit"}, timeout)

    async def tips(self, *, timeout: Optional[float] = None) -> Dict[str, Any]:
        return await self.request({"type": "tips"}, timeout)

    async def transactions(self) -> AsyncIterator[Dict[str, Any]]:
        """The pushes of your tracked transactions' status changes, as they come."""
        while True:
            yield await self._pushes.get()

    async def _unsubscribe(self, subscription: str) -> None:
        await self.request({"type": "unsubscribe", "subscription": subscription})

    async def _send_when_connected(self, framed: Dict[str, Any], future: "asyncio.Future[Dict[str, Any]]") -> Dict[str, Any]:
        while True:
            await self._connected.wait()
            if self._fatal is not None:
                raise self._fatal
            try:
                await self._socket.send(encode_frame(framed, self.use_msgpack))
                break
            except Exception:
                # not sent: the run loop notices the drop too; send once it has reconnected
                await asyncio.sleep(0.05)
        self._sent_ids.add(framed["id"])
        return await future

    async def _open(self) -> Any:
        refreshed = False
        while True:
            if self.credentials.is_bearer("either") and self.credentials.is_refresh_due():
                await self._refresh()
                refreshed = True
            try:
                return await open_websocket(self.url, self.credentials.get_stream_headers(), self.open_timeout)
            except Exception as error:
                status = get_handshake_status(error)
                if status == 401:
                    if not refreshed and self.credentials.is_bearer("either") and self.credentials.can_refresh():
                        await self._refresh()
                        refreshed = True
                        continue
                    raise AuthenticationError("unauthorized", "the stream refused the credential", status=401) from error
                if status is not None:
                    raise PreflightError(f"http_{status}", "the stream handshake was refused", status=status) from error
                raise ConnectionFailedError("connection_failed", f"{self.url}: {error}") from error

    async def _run(self) -> None:
        attempt = 0
        while not self._closed:
            try:
                async for data in self._socket:
                    self._dispatch(data)
            except Exception:
                pass  # the socket dropped: reconnect below
            self._connected.clear()
            if self._closed:
                return
            self._fail_pending(ConnectionFailedError("connection_failed", "the stream dropped while the call was in flight"), resend=True)
            for watch in list(self._watches.values()):
                watch.end(DISCONNECTED)
            self._watches.clear()
            while not self._closed:
                await asyncio.sleep(min(self.max_reconnect_delay, 0.1 * (2**attempt)) * (0.5 + random.random() / 2))
                attempt += 1
                try:
                    self._socket = await self._open()
                except AuthenticationError as error:
                    self._fatal = error
                    self._fail_pending(error, resend=False)
                    self._connected.set()
                    return
                except PreflightError:
                    continue
                attempt = 0
                self.reconnect_count += 1
                self._connected.set()
                await self._resend_pending()
                break

    def _dispatch(self, data: Any) -> None:
        frame = decode_frame(data)
        if frame is None:
            return
        kind = frame.get("type")
        if "id" not in frame and kind == "transaction":
            self._pushes.put_nowait(frame)
            return
        if kind in ("simulation_update", "watch_end") and "id" not in frame:
            watch = self._watches.get(str(frame.get("subscription")))
            if watch is not None:
                watch.push(frame)
                if kind == "watch_end":
                    self._watches.pop(watch.subscription, None)
            return
        entry = self._pending.get(frame.get("id"))
        if entry is None or entry[1].done():
            return
        if isinstance(frame.get("error"), dict):
            entry[1].set_exception(from_stream_error(frame))
        else:
            entry[1].set_result(frame)

    def _fail_pending(self, error: PreflightError, resend: bool) -> None:
        for framed, future in list(self._pending.values()):
            if future.done() or (resend and framed.get("type", "simulate") in RESENDABLE_TYPES and not framed.get("watch")):
                continue
            future.set_exception(error)

    async def _resend_pending(self) -> None:
        for framed, future in list(self._pending.values()):
            if not future.done() and framed["id"] in self._sent_ids:
                try:
                    await self._socket.send(encode_frame(framed, self.use_msgpack))
                except Exception:
                    return  # dropped again: the run loop reconnects and resends
