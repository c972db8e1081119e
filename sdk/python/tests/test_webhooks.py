"""Webhook endpoints, and verify_webhook_signature on deliveries the service really sends."""

from __future__ import annotations

import hashlib
import hmac
import threading
import time
import unittest
from http.server import BaseHTTPRequestHandler, HTTPServer
from typing import Any, List, Tuple

import harness
from solana_preflight import InvalidRequestError, NotFoundError, verify_webhook_signature

DELIVERY_SECONDS = 20


class Receiver:
    """A webhook receiver on 127.0.0.1 that keeps each delivery's raw body and signature header."""

    def __init__(self) -> None:
        received: List[Tuple[bytes, str]] = []

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - http.server's name
                body = self.rfile.read(int(self.headers.get("content-length", "0")))
                received.append((body, self.headers.get("x-preflight-signature", "")))
                self.send_response(204)
                self.end_headers()

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base's name
                pass

        self.received = received
        self.server = HTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def wait_for(self, count: int) -> List[Tuple[bytes, str]]:
        deadline = time.monotonic() + DELIVERY_SECONDS
        while len(self.received) < count and time.monotonic() < deadline:
            time.sleep(0.1)
        return list(self.received)

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def sign(body: bytes, secret: str, timestamp: int) -> str:
    return hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()


class WebhooksTest(unittest.TestCase):
    def setUp(self) -> None:
        harness.require_service()
        self.receiver = Receiver()
        self.addCleanup(self.receiver.close)

    def test_endpoint_lifecycle_and_signed_deliveries(self) -> None:
        with harness.new_user_client("hooks") as client:
            endpoint = client.create_webhook(self.receiver.url, ["transaction.landed", "quota.exceeded"], "sdk test")
            self.assertTrue(endpoint["secret"].startswith("whsec_"))
            self.assertEqual([item["id"] for item in client.list_webhooks()["endpoints"]], [endpoint["id"]])

            delivery = client.test_webhook(endpoint["id"])
            (body, header), = self.receiver.wait_for(1)
            self.assertTrue(verify_webhook_signature(body, header, endpoint["secret"]))
            self.assertFalse(verify_webhook_signature(body + b" ", header, endpoint["secret"]), "a changed body")
            self.assertFalse(verify_webhook_signature(body, header, "whsec_someone_else"))
            self.assertIn(b'"webhook.test"', body)

            deliveries = client.webhook_deliveries(endpoint["id"])["deliveries"]
            self.assertEqual(deliveries[0]["id"], delivery["id"])
            again = client.redeliver_webhook(endpoint["id"], delivery["id"])
            self.assertNotEqual(again["id"], delivery["id"])
            self.assertEqual(self.receiver.wait_for(2)[1][0], body, "the same event again")

            rotated = client.rotate_webhook_secret(endpoint["id"])
            self.assertNotEqual(rotated["secret"], endpoint["secret"])
            client.test_webhook(endpoint["id"])
            body, header = self.receiver.wait_for(3)[2]
            self.assertEqual(header.count("v1="), 2, "both secrets sign during the overlap")
            self.assertTrue(verify_webhook_signature(body, header, rotated["secret"]))
            self.assertTrue(verify_webhook_signature(body, header, endpoint["secret"]))

            self.assertEqual(client.delete_webhook(endpoint["id"]), {"id": endpoint["id"], "deleted": True})
            with self.assertRaises(NotFoundError):
                client.delete_webhook(endpoint["id"])

    def test_a_url_the_policy_refuses(self) -> None:
        with harness.make_client() as client:
            with self.assertRaises(InvalidRequestError) as caught:
                client.create_webhook("ftp://example.com/hook", ["transaction.landed"])
        self.assertEqual(caught.exception.status, 422)


class VerifySignatureTest(unittest.TestCase):
    """The verifier's rules without a service: timestamps, several v1 entries, malformed headers."""

    body = b'{"id":"e1","type":"webhook.test","data":{}}'
    secret = "whsec_test"

    def test_rules(self) -> None:
        now = 1_800_000_000
        good = f"t={now},v1={sign(self.body, self.secret, now)}"
        self.assertTrue(verify_webhook_signature(self.body, good, self.secret, now=now))
        self.assertTrue(verify_webhook_signature(self.body.decode(), good, self.secret, now=now + 299))
        self.assertFalse(verify_webhook_signature(self.body, good, self.secret, now=now + 301), "too old: a replay")
        self.assertTrue(verify_webhook_signature(self.body, f"t={now},v1=00,v1={sign(self.body, self.secret, now)}", self.secret, now=now))
        for header in (None, "", "v1=abc", f"t=soon,v1={sign(self.body, self.secret, now)}", f"t={now}"):
            with self.subTest(header=header):
                self.assertFalse(verify_webhook_signature(self.body, header, self.secret, now=now))


if __name__ == "__main__":
    unittest.main()
