"""simulate, simulate_batch, tips, approvals, stats and history against the real service."""

from __future__ import annotations

import base64
import unittest

import harness
from solana_preflight import InvalidRequestError


class SoldersLike:
    """Stands for a solders transaction: its wire bytes come from bytes(tx)."""

    def __init__(self, wire: bytes) -> None:
        self._wire = wire

    def __bytes__(self) -> bytes:
        return self._wire


class SolanaPyLike:
    """Stands for a solana-py Transaction: its wire bytes come from tx.serialize()."""

    def __init__(self, wire: bytes) -> None:
        self._wire = wire

    def serialize(self) -> bytes:
        return self._wire


class SimulateTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        harness.require_service()
        cls.client = harness.make_client()
        cls.transaction = harness.unsigned_transaction()

    @classmethod
    def tearDownClass(cls) -> None:
        cls.client.close()

    def test_simulate_base64_text(self) -> None:
        answer = self.client.simulate(self.transaction, vectors=["simulation", "program"], policy="strict", timeout_ms=400)
        self.assertTrue(answer["success"])
        self.assertEqual(answer["compute_units"], 150)
        self.assertIn(answer["decision"], ("approve", "warn", "block"))
        self.assertIsInstance(answer["context_slot"], int)

    def test_simulate_takes_bytes_and_transaction_objects(self) -> None:
        wire = base64.b64decode(self.transaction)
        for given in (wire, bytearray(wire), SoldersLike(wire), SolanaPyLike(wire)):
            with self.subTest(kind=type(given).__name__):
                self.assertTrue(self.client.simulate(given)["success"])

    def test_simulate_policy_object(self) -> None:
        answer = self.client.simulate(self.transaction, policy={"preset": "strict"})
        self.assertIn("decision_reasons", answer)

    def test_simulate_batch_keeps_order_and_reports_bad_items(self) -> None:
        answer = self.client.simulate_batch([self.transaction, "AAAA"], vectors=["simulation"])
        self.assertEqual(answer["total"], 2)
        self.assertEqual([item["index"] for item in answer["results"]], [0, 1])
        simulated, failed = answer["results"]
        self.assertNotIn("error", simulated)
        self.assertTrue("error" not in simulated and simulated["success"])
        self.assertTrue("error" in failed and failed["error"]["code"] == "invalid_transaction", failed)

    def test_simulate_batch_of_nothing_is_refused(self) -> None:
        with self.assertRaises(InvalidRequestError) as caught:
            self.client.simulate_batch([])
        self.assertEqual(caught.exception.code, "validation_error")
        self.assertEqual(caught.exception.status, 422)

    def test_tips(self) -> None:
        tips = self.client.tips()
        self.assertEqual(tips["slots"], 150)
        self.assertEqual(len(tips["tip_accounts"]), 8)
        self.assertGreaterEqual(tips["floor_lamports"], 1000)

    def test_approvals(self) -> None:
        wallet = harness.fixture("/wallets")["wallet"]
        answer = self.client.approvals(wallet)
        self.assertEqual(answer["wallet"], wallet)
        self.assertEqual(answer["approvals"], [])
        self.assertIsNone(answer["revoke_transaction"])

    def test_stats_count_simulations(self) -> None:
        self.client.simulate(self.transaction)
        stats = self.client.stats()
        self.assertGreaterEqual(stats["total_simulations"], 1)
        self.assertIn("success_rate", stats)
        self.assertEqual(len(stats["daily"]), 14)
        self.assertGreaterEqual(stats["daily"][-1]["simulations"], 1)
        three = self.client.stats(days=3)["daily"]
        self.assertEqual([day["date"] for day in three], [day["date"] for day in stats["daily"][-3:]])


class HistoryTest(unittest.TestCase):
    def test_history_follows_cursors_to_the_last_page(self) -> None:
        harness.require_service()
        with harness.new_user_client("history") as owner:
            key = owner.create_api_key("history")["key"]
            with harness.make_client(api_key=key) as client:
                transaction = harness.unsigned_transaction()
                for _ in range(5):
                    client.simulate(transaction)
                first_page = client.history_page(limit=2)
                self.assertEqual(len(first_page["simulations"]), 2)
                self.assertIsNotNone(first_page["next_cursor"])
                records = list(client.history(limit=2))
                self.assertEqual(len(records), 5)
                self.assertEqual(len({record["id"] for record in records}), 5, "no record twice")
                self.assertEqual([record["id"] for record in records[:2]], [record["id"] for record in first_page["simulations"]])
                self.assertTrue(all(record["kind"] == "simulate" for record in records))
                self.assertEqual(list(client.history(success=False)), [])

    def test_history_by_signature(self) -> None:
        harness.require_service()
        with harness.new_user_client("history-signature") as owner:
            key = owner.create_api_key("history-signature")["key"]
            with harness.make_client(api_key=key) as client:
                client.simulate(harness.unsigned_transaction())
                client.simulate(harness.signed_transaction())
                signatures = [record["signature"] for record in client.history()]
                signed = [signature for signature in signatures if signature is not None]
                self.assertEqual(len(signed), 1, "one signed record, one unsigned")
                page = client.history_page(signature=signed[0])
                self.assertEqual([record["signature"] for record in page["simulations"]], signed)
                self.assertIsNone(page["next_cursor"])
                self.assertEqual(list(client.history(signature=signed[0], success=not page["simulations"][0]["success"])), [])


if __name__ == "__main__":
    unittest.main()
