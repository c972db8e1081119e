"""The WebSocket stream of AsyncPreflightClient: calls, pushes, watches, and reconnecting after a drop."""

from __future__ import annotations

import asyncio
import unittest

import harness
from solana_preflight import AsyncPreflightClient, AuthenticationError, InvalidRequestError
from solana_preflight.codec import is_msgpack_available

LAND_SECONDS = 30


async def next_push(stream, signature: str, statuses) -> dict:
    async for push in stream.transactions():
        if push["signature"] == signature and push["status"] in statuses:
            return push
    raise AssertionError("the pushes ended")


class StreamTest(unittest.IsolatedAsyncioTestCase):
    def setUp(self) -> None:
        harness.require_service()
        # fetched here, outside the event loop: the fixtures are fetched with blocking calls
        self.unsigned = [harness.unsigned_transaction() for _ in range(3)]
        # Each test's own bucket: a stream call answers 429 rather than wait, as HTTP calls do.
        self.api_key = harness.fresh_api_key("stream")

    async def test_simulate_tips_and_errors_over_the_stream(self) -> None:
        async with harness.make_async_client(api_key=self.api_key) as client, client.stream() as stream:
            answers = await asyncio.gather(*(stream.simulate(transaction, vectors=["simulation"]) for transaction in self.unsigned))
            self.assertTrue(all(answer["success"] for answer in answers))
            self.assertEqual(len({answer["id"] for answer in answers}), 3, "answers matched to their ids")
            tips = await stream.tips()
            self.assertEqual(tips["type"], "tips")
            self.assertEqual(len(tips["tip_accounts"]), 8)
            with self.assertRaises(InvalidRequestError) as caught:
                await stream.simulate("not a transaction")
            self.assertEqual(caught.exception.code, "invalid_transaction")
            self.assertTrue(caught.exception.request_id)

    async def test_execute_send_submit_over_the_stream_and_their_pushes(self) -> None:
        async with harness.make_async_client(api_key=self.api_key) as client, client.stream() as stream:
            executed = await stream.execute(await harness.in_thread(harness.signed_transaction))
            self.assertEqual((executed["type"], executed["action"]), ("execute", "submitted"))
            push = await asyncio.wait_for(next_push(stream, executed["signature"], ("confirmed", "finalized")), LAND_SECONDS)
            self.assertEqual(push["type"], "transaction")
            sent = await stream.send(await harness.in_thread(harness.signed_transaction), max_retries=1)
            self.assertEqual(sent["type"], "send")
            submitted = await stream.submit(await harness.in_thread(harness.signed_transaction), "direct")
            self.assertEqual((submitted["type"], submitted["route"]), ("submit", "direct_rpc"))
            record = await client.wait_for_outcome(submitted["signature"], timeout=LAND_SECONDS)
            outcome = record["outcome"]
            self.assertTrue(outcome is not None and outcome["matched"], outcome)

    async def test_watch_yields_updates_until_watch_end(self) -> None:
        watched = await harness.in_thread(harness.fixture, "/wallets")
        async with harness.make_async_client(api_key=self.api_key) as client, client.stream() as stream:
            watch = await stream.watch_simulation(watched["transaction"])
            self.assertTrue(watch.response["success"])
            self.assertRegex(watch.subscription, r"^w_[0-9a-f]{24}$")
            await harness.in_thread(harness.fixture, "/wallets/drain", {"wallet": watched["wallet"]})
            updates = []

            async def read_until_failure() -> None:
                async for update in watch:
                    updates.append(update)
                    if update["success"] is False:
                        await watch.unsubscribe()

            await asyncio.wait_for(read_until_failure(), LAND_SECONDS)
            self.assertEqual(updates[-1]["type"], "simulation_update")
            self.assertEqual(updates[-1]["failure_code"], "insufficient_sol")
            self.assertEqual(watch.end_reason, "unsubscribed")

    async def test_reconnects_after_the_socket_drops_and_ends_its_watches(self) -> None:
        async with harness.make_async_client(base_url=harness.proxy_url(), api_key=self.api_key) as client, client.stream() as stream:
            self.assertTrue((await stream.simulate(self.unsigned[0]))["success"])
            watch = await stream.watch_simulation(self.unsigned[0])
            await harness.in_thread(harness.fixture, "/proxy/cut")
            answer = await stream.simulate(self.unsigned[0])
            self.assertTrue(answer["success"])
            self.assertGreaterEqual(stream.reconnect_count, 1)
            self.assertEqual(watch.end_reason, "disconnected", "the server ends a dropped socket's watches silently")

    async def test_reconnects_after_the_server_closes_the_socket_itself(self) -> None:
        async with harness.make_async_client(api_key=self.api_key) as client, client.stream() as stream:
            self.assertTrue((await stream.simulate(self.unsigned[0]))["success"])
            # A frame over the service's BODY_LIMIT_BYTES (256 KiB): the server closes the socket with 1009.
            await stream._socket.send("x" * (300 * 1024))
            answer = await asyncio.wait_for(stream.simulate(self.unsigned[1]), 20)
            self.assertTrue(answer["success"])
            self.assertEqual(stream.reconnect_count, 1)

    async def test_reconnecting_refreshes_a_rejected_bearer_token(self) -> None:
        client = AsyncPreflightClient(base_url=harness.proxy_url())
        async with client:
            await client.login(harness.email(), harness.PASSWORD)
            async with client.stream() as stream:
                self.assertTrue((await stream.simulate(self.unsigned[0]))["success"])
                spent = client.credentials.refresh_token
                client.credentials.token = "not.a.valid-token"
                await harness.in_thread(harness.fixture, "/proxy/cut")
                self.assertTrue((await stream.simulate(self.unsigned[0]))["success"])
                self.assertNotEqual(client.credentials.refresh_token, spent, "the handshake's 401 refreshed the pair")

    async def test_messagepack_frames_when_msgpack_is_importable(self) -> None:
        if not is_msgpack_available():
            self.skipTest("no msgpack module (python3-msgpack): JSON frames only")
        async with harness.make_async_client(api_key=self.api_key) as client, client.stream(encoding="msgpack") as stream:
            answer = await stream.simulate(self.unsigned[0])
            self.assertTrue(answer["success"])
            submitted = await stream.submit(await harness.in_thread(harness.signed_transaction), "direct")
            push = await asyncio.wait_for(next_push(stream, submitted["signature"], ("confirmed", "finalized")), LAND_SECONDS)
            self.assertEqual(push["type"], "transaction", "pushes come in the encoding of the last message")
            with self.assertRaises(InvalidRequestError):
                await stream.simulate("not a transaction")

    async def test_a_refused_credential_fails_the_handshake(self) -> None:
        async with harness.make_async_client(api_key="pf_live_" + "1" * 44) as client:
            with self.assertRaises(AuthenticationError):
                async with client.stream():
                    pass


if __name__ == "__main__":
    unittest.main()
