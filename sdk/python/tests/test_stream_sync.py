"""The WebSocket stream of the blocking PreflightClient: the asyncio stream on a background thread's loop."""

from __future__ import annotations

import threading
import unittest
from concurrent.futures import ThreadPoolExecutor

import harness
from solana_preflight import AuthenticationError, ClientTimeoutError, InvalidRequestError, SyncStream

LAND_SECONDS = 30
STREAM_THREAD = "solana-preflight-stream"


def get_stream_threads() -> list:
    return [thread for thread in threading.enumerate() if thread.name == STREAM_THREAD]


def next_push(stream: SyncStream, signature: str, statuses) -> dict:
    for push in stream.transactions(timeout=LAND_SECONDS):
        if push["signature"] == signature and push["status"] in statuses:
            return push
    raise AssertionError("the pushes ended")


class SyncStreamTest(unittest.TestCase):
    def setUp(self) -> None:
        harness.require_service()
        self.unsigned = [harness.unsigned_transaction() for _ in range(3)]
        # Each test's own bucket: a stream call answers 429 rather than wait, and the rest of the
        # suite shares PREFLIGHT_API_KEY's (test_stream.py does the same).
        self.api_key = harness.fresh_api_key("stream-sync")

    def test_simulate_tips_and_errors_from_several_threads(self) -> None:
        with harness.make_client(api_key=self.api_key) as client, client.stream() as stream:
            with ThreadPoolExecutor(3) as pool:
                answers = list(pool.map(lambda transaction: stream.simulate(transaction, vectors=["simulation"]), self.unsigned))
            self.assertTrue(all(answer["success"] for answer in answers))
            self.assertEqual(len({answer["id"] for answer in answers}), 3, "answers matched to their ids")
            tips = stream.tips()
            self.assertEqual(tips["type"], "tips")
            self.assertEqual(len(tips["tip_accounts"]), 8)
            with self.assertRaises(InvalidRequestError) as caught:
                stream.simulate("not a transaction")
            self.assertEqual(caught.exception.code, "invalid_transaction")
            self.assertTrue(caught.exception.request_id)

    def test_execute_send_submit_and_the_pushes_of_a_landed_execute(self) -> None:
        with harness.make_client(api_key=self.api_key) as client, client.stream() as stream:
            executed = stream.execute(harness.signed_transaction())
            self.assertEqual((executed["type"], executed["action"]), ("execute", "submitted"))
            push = next_push(stream, executed["signature"], ("confirmed", "finalized"))
            self.assertEqual(push["type"], "transaction")
            sent = stream.send(harness.signed_transaction(), max_retries=1)
            self.assertEqual(sent["type"], "send")
            submitted = stream.submit(harness.signed_transaction(), "direct")
            self.assertEqual((submitted["type"], submitted["route"]), ("submit", "direct_rpc"))

    def test_watch_yields_updates_until_watch_end(self) -> None:
        watched = harness.fixture("/wallets")
        with harness.make_client(api_key=self.api_key) as client, client.stream() as stream:
            watch = stream.watch_simulation(watched["transaction"])
            self.assertTrue(watch.response["success"])
            self.assertRegex(watch.subscription, r"^w_[0-9a-f]{24}$")
            self.assertIsNone(watch.end_reason)
            harness.fixture("/wallets/drain", {"wallet": watched["wallet"]})
            updates = []
            for update in watch.updates(timeout=LAND_SECONDS):
                updates.append(update)
                if update["success"] is False:
                    watch.unsubscribe()
            self.assertEqual(updates[-1]["type"], "simulation_update")
            self.assertEqual(updates[-1]["failure_code"], "insufficient_sol")
            self.assertEqual(watch.end_reason, "unsubscribed")

    def test_reconnects_after_the_socket_drops_and_ends_its_watches(self) -> None:
        with harness.make_client(base_url=harness.proxy_url(), api_key=self.api_key) as client, client.stream() as stream:
            self.assertTrue(stream.simulate(self.unsigned[0])["success"])
            watch = stream.watch_simulation(self.unsigned[0])
            harness.fixture("/proxy/cut")
            answer = stream.simulate(self.unsigned[0])
            self.assertTrue(answer["success"])
            self.assertGreaterEqual(stream.reconnect_count, 1)
            self.assertEqual(list(watch.updates(timeout=LAND_SECONDS)), [], "the dropped watch's iterator ends")
            self.assertEqual(watch.end_reason, "disconnected", "the server ends a dropped socket's watches silently")

    def test_close_stops_the_loop_and_joins_its_thread(self) -> None:
        before = set(threading.enumerate())
        with harness.make_client(api_key=self.api_key) as client:
            stream = client.stream()
            with stream:
                self.assertEqual(len(get_stream_threads()), 1, "one loop thread while open")
                watch = stream.watch_simulation(self.unsigned[0])
                self.assertTrue(stream.simulate(self.unsigned[1])["success"])
                with self.assertRaises(ClientTimeoutError):
                    next(stream.transactions(timeout=0.2))
            self.assertEqual(get_stream_threads(), [], "no loop thread after the with")
            self.assertEqual(set(threading.enumerate()) - before, set(), "no thread left behind")
            self.assertEqual(list(stream.transactions()), [], "the pushes end with the stream")
            self.assertEqual(list(watch), [], "its watches end with it")
            self.assertEqual(watch.end_reason, "disconnected")
            with self.assertRaises(RuntimeError):
                stream.simulate(self.unsigned[2])
            stream.close()  # a second close does nothing

    def test_a_refused_credential_fails_the_handshake_and_leaves_no_thread(self) -> None:
        with harness.make_client(api_key="pf_live_" + "1" * 44) as client:
            with self.assertRaises(AuthenticationError):
                with client.stream():
                    pass
        self.assertEqual(get_stream_threads(), [])


if __name__ == "__main__":
    unittest.main()
