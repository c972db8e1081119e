"""Timeouts, and which calls are tried again: against a socket that accepts and never answers.

The real service answers too quickly to time out, so the listener stands for one that hangs; the
count of connections it accepted is how many times the client tried.
"""

from __future__ import annotations

import asyncio
import socket
import threading
import unittest

from solana_preflight import AsyncPreflightClient, ClientTimeoutError, ConnectionFailedError, PreflightClient, RetryPolicy

TRANSACTION = "AQ" + "A" * 200


class SilentServer:
    def __init__(self) -> None:
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(16)
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        self.accepted = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                connection, _ = self.listener.accept()
            except OSError:
                return
            self.accepted.append(connection)

    def close(self) -> None:
        try:
            self.listener.shutdown(socket.SHUT_RDWR)  # wakes the accept() blocked in the thread
        except OSError:
            pass
        self.listener.close()
        for connection in self.accepted:
            connection.close()


FAST_RETRIES = RetryPolicy(max_retries=2, base_delay=0.01, max_delay=0.02)


class TimeoutsTest(unittest.TestCase):
    def setUp(self) -> None:
        self.server = SilentServer()
        self.addCleanup(self.server.close)

    def test_a_simulate_that_times_out_is_tried_again(self) -> None:
        with PreflightClient(base_url=self.server.url, api_key="pf_live_x", timeout=0.2, retry=FAST_RETRIES) as client:
            with self.assertRaises(ClientTimeoutError) as caught:
                client.simulate(TRANSACTION)
        self.assertEqual(caught.exception.code, "client_timeout")
        self.assertIsNone(caught.exception.status)
        self.assertEqual(len(self.server.accepted), 3, "the first try and two retries")

    def test_execute_send_and_submit_are_never_tried_again(self) -> None:
        with PreflightClient(base_url=self.server.url, api_key="pf_live_x", timeout=0.2, retry=FAST_RETRIES) as client:
            for call in (lambda: client.execute(TRANSACTION), lambda: client.send(TRANSACTION), lambda: client.submit(TRANSACTION, "direct")):
                with self.assertRaises(ClientTimeoutError):
                    call()
        self.assertEqual(len(self.server.accepted), 3, "one try each")

    def test_a_per_call_timeout(self) -> None:
        with PreflightClient(base_url=self.server.url, api_key="pf_live_x", timeout=30, max_retries=0) as client:
            with self.assertRaises(ClientTimeoutError):
                client.simulate(TRANSACTION, timeout=0.2)

    def test_asyncio_cancellation_and_timeouts(self) -> None:
        async def run() -> None:
            async with AsyncPreflightClient(base_url=self.server.url, api_key="pf_live_x", timeout=30, max_retries=0) as client:
                with self.assertRaises(asyncio.TimeoutError):
                    await asyncio.wait_for(client.simulate(TRANSACTION), 0.2)
                with self.assertRaises(ClientTimeoutError):
                    await client.simulate(TRANSACTION, timeout=0.2)

        asyncio.run(run())

    def test_nothing_listening_is_connection_failed(self) -> None:
        unused = socket.socket()
        unused.bind(("127.0.0.1", 0))
        port = unused.getsockname()[1]
        unused.close()
        with PreflightClient(base_url=f"http://127.0.0.1:{port}", api_key="pf_live_x", max_retries=0) as client:
            with self.assertRaises(ConnectionFailedError) as caught:
                client.tips()
        self.assertEqual(caught.exception.code, "connection_failed")


if __name__ == "__main__":
    unittest.main()
