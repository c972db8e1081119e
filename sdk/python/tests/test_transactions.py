"""execute, send, submit, get_transaction and wait_for_outcome: real transactions landing on localnet."""

from __future__ import annotations

import unittest

import harness
from solana_preflight import ClientTimeoutError


class TransactionsTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        harness.require_service()
        cls.client = harness.make_client()

    @classmethod
    def tearDownClass(cls) -> None:
        cls.client.close()

    def test_execute_lands_and_wait_for_outcome_compares_it(self) -> None:
        answer = self.client.execute(harness.signed_transaction(), {"preset": "default"})
        self.assertEqual(answer["action"], "submitted")
        self.assertEqual(answer["route"], "direct_rpc")
        signature = answer["signature"]
        assert signature is not None
        record = self.client.wait_for_outcome(signature, timeout=30)
        self.assertEqual(record["kind"], "execute")
        self.assertIn(record["status"], ("confirmed", "finalized"))
        outcome = record["outcome"]
        assert outcome is not None, record
        self.assertTrue(outcome["matched"], outcome)
        self.assertEqual(outcome["landed_slot"], record["landed_slot"])

    def test_execute_blocked_by_a_policy_sends_nothing(self) -> None:
        answer = self.client.execute(harness.signed_transaction(), {"max_compute_units": 10})
        self.assertEqual(answer["action"], "blocked", answer)
        self.assertIsNone(answer["signature"])
        self.assertEqual(answer["attempts"], 0)

    def test_send_waits_for_confirmation(self) -> None:
        answer = self.client.send(harness.signed_transaction(), wait_confirmation=True, max_retries=1)
        self.assertIn(answer["confirmation"], ("confirmed", "finalized"))
        record = self.client.wait_for_outcome(answer["signature"], timeout=30)
        self.assertEqual(record["kind"], "send")
        self.assertIsNone(record["outcome"], "a send is not simulated: nothing to compare")

    def test_the_same_signed_bytes_twice_are_one_transaction(self) -> None:
        transaction = harness.signed_transaction()
        first = self.client.submit(transaction, "direct")
        second = self.client.submit(transaction, "direct")
        self.assertEqual(first["signature"], second["signature"])
        self.assertEqual(first["strategy"], "direct")
        self.assertEqual(first["bundle_lint"], [])
        self.assertEqual(self.client.get_transaction(first["signature"])["kind"], "submit")

    def test_submit_a_managed_tip_bundle(self) -> None:
        answer = self.client.submit(harness.signed_transaction(), "managed_tip_bundle", wait_confirmation=True, deadline_ms=5000)
        self.assertEqual(answer["route"], "relay_bundle")
        self.assertTrue(all(entry["ok"] for entry in answer["bundle_lint"]))
        record = self.client.wait_for_outcome(answer["signature"], timeout=30)
        self.assertEqual(record["strategy"], "managed_tip_bundle")

    def test_wait_for_outcome_gives_up_after_its_timeout(self) -> None:
        answer = self.client.send(harness.signed_transaction())
        with self.assertRaises(ClientTimeoutError):
            self.client.wait_for_outcome(answer["signature"], timeout=0.01, poll_interval=0.5)


if __name__ == "__main__":
    unittest.main()
