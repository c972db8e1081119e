"""The TypedDicts name only fields that every real answer of their shape carries."""

from __future__ import annotations

import unittest
from typing import Any, Mapping

import harness
from solana_preflight import models


class ModelsTest(unittest.TestCase):
    def assert_shape(self, model: Any, answer: Mapping[str, Any]) -> None:
        missing = sorted(model.__required_keys__ - set(answer))
        self.assertEqual(missing, [], f"{model.__name__} names fields the answer lacks")

    def test_every_model_matches_a_real_answer(self) -> None:
        harness.require_service()
        with harness.new_user_client("models") as owner:
            issued = owner.create_api_key("models")
            self.assert_shape(models.IssuedApiKey, issued)
            self.assert_shape(models.ApiKey, owner.list_api_keys()["keys"][0])
            self.assert_shape(models.User, owner.me())
            self.assert_shape(models.TokenPair, owner.refresh())
            endpoint = owner.create_webhook("http://127.0.0.1:9/hook", ["transaction.landed"])
            self.assert_shape(models.IssuedWebhookEndpoint, endpoint)
            self.assert_shape(models.WebhookEndpoint, owner.list_webhooks()["endpoints"][0])
            self.assert_shape(models.WebhookDelivery, owner.test_webhook(endpoint["id"]))
            owner.delete_webhook(endpoint["id"])
            with harness.make_client(api_key=issued["key"]) as client:
                transaction = harness.unsigned_transaction()
                self.assert_shape(models.SimulateResponse, client.simulate(transaction))
                batch = client.simulate_batch([transaction, "AAAA"])
                self.assert_shape(models.SimulateBatchResponse, batch)
                self.assert_shape(models.BatchSimulated, batch["results"][0])
                self.assert_shape(models.BatchFailed, batch["results"][1])
                self.assert_shape(models.ExecuteResponse, client.execute(harness.signed_transaction()))
                self.assert_shape(models.SendResponse, client.send(harness.signed_transaction()))
                submitted = client.submit(harness.signed_transaction(), "direct")
                self.assert_shape(models.SubmitResponse, submitted)
                self.assert_shape(models.TrackedTransaction, client.get_transaction(submitted["signature"]))
                self.assert_shape(models.TipFloor, client.tips())
                self.assert_shape(models.Approvals, client.approvals(harness.fixture("/wallets")["wallet"]))
                page = client.history_page(limit=1)
                self.assert_shape(models.HistoryPage, page)
                self.assert_shape(models.HistoryRecord, page["simulations"][0])
                stats = client.stats()
                self.assert_shape(models.Stats, stats)
                self.assert_shape(models.DailyStats, stats["daily"][-1])


if __name__ == "__main__":
    unittest.main()
