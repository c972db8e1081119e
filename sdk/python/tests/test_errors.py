"""The error classes, by catalogue code, from real answers: 422, 401, 404, 429 with Retry-After, 503."""

from __future__ import annotations

import unittest

import httpx

import harness
from solana_preflight import (
    AuthenticationError,
    BundleRejectedError,
    InvalidRequestError,
    NotFoundError,
    PreflightClient,
    RateLimitedError,
    UnavailableError,
    is_preflight_error,
)

UNKNOWN_SIGNATURE = "5" * 87


class ErrorClassesTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        harness.require_service()
        cls.client = harness.make_client()

    @classmethod
    def tearDownClass(cls) -> None:
        cls.client.close()

    def test_422_invalid_transaction(self) -> None:
        with self.assertRaises(InvalidRequestError) as caught:
            self.client.simulate("not a transaction")
        error = caught.exception
        self.assertEqual((error.code, error.status), ("invalid_transaction", 422))
        self.assertTrue(error.request_id)
        self.assertTrue(is_preflight_error(error, "invalid_transaction"))
        self.assertFalse(is_preflight_error(error, "validation_error"))

    def test_422_validation_error_names_the_field(self) -> None:
        with self.assertRaises(InvalidRequestError) as caught:
            self.client.simulate(harness.unsigned_transaction(), timeout_ms=5)
        self.assertEqual(caught.exception.code, "validation_error")
        self.assertIn("timeout_ms", caught.exception.message)

    def test_422_invalid_signature_on_execute(self) -> None:
        with self.assertRaises(InvalidRequestError) as caught:
            self.client.execute(harness.unsigned_transaction())
        self.assertEqual(caught.exception.code, "invalid_signature")

    def test_422_bundle_rejected_carries_the_lint(self) -> None:
        with self.assertRaises(BundleRejectedError) as caught:
            self.client.submit(harness.signed_transaction(), "managed_tip_bundle", tip_lamports=500)
        error = caught.exception
        self.assertEqual((error.code, error.status), ("bundle_rejected", 422))
        failed = [entry["rule"] for entry in error.bundle_lint if not entry["ok"]]
        self.assertEqual(failed, ["tip_floor"])

    def test_401_unknown_api_key(self) -> None:
        with harness.make_client(api_key="pf_live_" + "1" * 44) as stranger:
            with self.assertRaises(AuthenticationError) as caught:
                stranger.simulate(harness.unsigned_transaction())
        self.assertEqual((caught.exception.code, caught.exception.status), ("unauthorized", 401))

    def test_401_wrong_password(self) -> None:
        with PreflightClient(base_url=harness.base_url()) as anonymous:
            with self.assertRaises(AuthenticationError) as caught:
                anonymous.login(harness.fresh_email("nobody"), "wrong password here")
        self.assertEqual(caught.exception.code, "invalid_credentials")

    def test_404_someone_elses_or_unknown_transaction(self) -> None:
        with self.assertRaises(NotFoundError) as caught:
            self.client.get_transaction(UNKNOWN_SIGNATURE)
        self.assertEqual((caught.exception.code, caught.exception.status), ("not_found", 404))

    def test_503_billing_unavailable_without_stripe(self) -> None:
        with PreflightClient(base_url=harness.base_url(), max_retries=0) as client:
            client.login(harness.email(), harness.PASSWORD)
            with self.assertRaises(UnavailableError) as caught:
                client.billing_usage()
        self.assertEqual((caught.exception.code, caught.exception.status), ("billing_unavailable", 503))


class RateLimitTest(unittest.TestCase):
    """A new account's bucket holds 10 requests and refills one a second: the 11th waits."""

    def test_429_carries_retry_after_and_idempotent_calls_wait_it_out(self) -> None:
        harness.require_service()
        with harness.new_user_client("limited") as owner:
            key = owner.create_api_key("limited")["key"]
        with harness.make_client(api_key=key, max_retries=0) as impatient:
            with self.assertRaises(RateLimitedError) as caught:
                for _ in range(30):
                    impatient.get_program_blocks()
        error = caught.exception
        self.assertEqual((error.code, error.status), ("rate_limited", 429))
        self.assertGreaterEqual(error.retry_after or 0, 1)
        self.assertTrue(error.request_id)
        # The same bucket, still empty: every call is answered, the 429s waited out (and seen on the wire).
        statuses = []
        http = httpx.Client(event_hooks={"response": [lambda response: statuses.append(response.status_code)]})
        with harness.make_client(api_key=key, http_client=http, max_retries=5) as patient:
            for _ in range(15):
                self.assertEqual(patient.get_program_blocks(), {"program_ids": []})
        http.close()
        self.assertIn(429, statuses, "the bucket was empty: some calls were refused first")
        self.assertEqual(statuses.count(200), 15)

if __name__ == "__main__":
    unittest.main()
