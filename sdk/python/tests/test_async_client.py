"""AsyncPreflightClient over REST: the same calls as the blocking client, awaited."""

from __future__ import annotations

import asyncio
import unittest

import harness
from solana_preflight import AsyncClient, AuthenticationError, NotFoundError, RateLimitedError


class AsyncClientTest(unittest.IsolatedAsyncioTestCase):
    def setUp(self) -> None:
        harness.require_service()
        self.unsigned = harness.unsigned_transaction()

    async def test_simulate_batch_tips_stats_and_history(self) -> None:
        async with harness.make_async_client() as client:
            self.assertIsInstance(client, AsyncClient)
            answer, batch, tips = await asyncio.gather(
                client.simulate(self.unsigned), client.simulate_batch([self.unsigned, self.unsigned]), client.tips()
            )
            self.assertTrue(answer["success"])
            self.assertEqual((batch["total"], batch["succeeded"]), (2, 2))
            self.assertEqual(tips["slots"], 150)
            self.assertGreaterEqual((await client.stats())["total_simulations"], 3)
            seen = []
            async for record in client.history(limit=1):
                seen.append(record["id"])
                if len(seen) == 3:
                    break
            self.assertEqual(len(set(seen)), 3, "three pages, three records")
            page = await client.history_page(limit=1, cursor=None)
            self.assertEqual(page["simulations"][0]["id"], seen[0])

    async def test_execute_and_wait_for_outcome(self) -> None:
        signed = await harness.in_thread(harness.signed_transaction)
        async with harness.make_async_client() as client:
            answer = await client.execute(signed, wait_confirmation=True)
            self.assertEqual(answer["action"], "submitted")
            self.assertIn(answer["confirmation"], ("confirmed", "finalized"))
            signature = answer["signature"]
            assert signature is not None
            record = await client.wait_for_outcome(signature, timeout=30)
            outcome = record["outcome"]
            self.assertTrue(outcome is not None and outcome["matched"], outcome)
            with self.assertRaises(NotFoundError):
                await client.get_transaction("5" * 87)

    async def test_auth_api_keys_and_an_empty_bucket_over_asyncio(self) -> None:
        async with AsyncClient(base_url=harness.base_url()) as owner:
            await owner.register(harness.fresh_email("async"), harness.PASSWORD)
            self.assertEqual((await owner.me())["role"], "user")
            created = await owner.create_api_key("async bot")
            self.assertEqual(len((await owner.list_api_keys())["keys"]), 1)
            owner.credentials.token = "not.a.valid-token"
            rotated = await owner.rotate_api_key(created["id"])
            self.assertTrue(rotated["key"].startswith("pf_live_"))
            await owner.revoke_api_key(created["id"])
            second = await owner.create_api_key("limited")
            refresh_token = owner.credentials.refresh_token
            await owner.logout()
            self.assertIsNone(owner.credentials.refresh_token)
        async with AsyncClient(base_url=harness.base_url(), refresh_token=refresh_token) as revoked:
            with self.assertRaises(AuthenticationError):
                await revoked.refresh()
        async with harness.make_async_client(api_key=second["key"], max_retries=0) as impatient:
            results = await asyncio.gather(*(impatient.get_program_blocks() for _ in range(25)), return_exceptions=True)
        refused = [result for result in results if isinstance(result, RateLimitedError)]
        self.assertTrue(refused, "past the burst, calls are refused")
        self.assertGreaterEqual(refused[0].retry_after or 0, 1)


if __name__ == "__main__":
    unittest.main()
