"""Program blocks, billing, and the service's own routes (status, plans, health)."""

from __future__ import annotations

import unittest

import harness
from solana_preflight import NotFoundError, UnavailableError

SYSTEM_PROGRAM = "11111111111111111111111111111111"
MEMO_PROGRAM = "MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr"


class ServiceTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        harness.require_service()

    def test_program_blocks_refuse_a_program(self) -> None:
        with harness.new_user_client("blocks") as client:
            self.assertEqual(client.set_program_blocks([SYSTEM_PROGRAM, MEMO_PROGRAM, MEMO_PROGRAM]), {"program_ids": sorted([SYSTEM_PROGRAM, MEMO_PROGRAM])})
            answer = client.simulate(harness.unsigned_transaction())
            self.assertEqual(answer["decision"], "block")
            self.assertEqual(client.remove_program_block(SYSTEM_PROGRAM), {"program_ids": [MEMO_PROGRAM]})
            self.assertEqual(client.get_program_blocks(), {"program_ids": [MEMO_PROGRAM]})
            with self.assertRaises(NotFoundError):
                client.remove_program_block(SYSTEM_PROGRAM)

    def test_billing_routes_answer_billing_unavailable_without_stripe(self) -> None:
        with harness.new_user_client("billing", max_retries=0) as client:
            for call in (client.billing_usage, client.billing_subscription, client.create_checkout, client.create_billing_portal):
                with self.subTest(call=call.__name__):
                    with self.assertRaises(UnavailableError) as caught:
                        call()
                    self.assertEqual(caught.exception.code, "billing_unavailable")

    def test_status_plans_and_health(self) -> None:
        with harness.make_client() as client:
            self.assertIn(client.status()["status"], ("operational", "degraded", "down"))
            plans = client.plans()
            self.assertEqual(plans["model"], "pay_as_you_go")
            self.assertIs(plans["billing_enabled"], False, "the service under test has no Stripe key")
            self.assertEqual(client.health()["status"], "ok")


if __name__ == "__main__":
    unittest.main()
