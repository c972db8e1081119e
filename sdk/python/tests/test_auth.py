"""register, login, the refresh the client does by itself, logout, the account, API keys."""

from __future__ import annotations

import time
import unittest

import harness
from solana_preflight import AuthenticationError, NotFoundError, PreflightClient


class AuthTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        harness.require_service()

    def test_register_then_me(self) -> None:
        email = harness.fresh_email("register")
        with PreflightClient(base_url=harness.base_url()) as client:
            pair = client.register(email, harness.PASSWORD)
            self.assertEqual(pair["token_type"], "Bearer")
            self.assertEqual(client.credentials.token, pair["token"])
            me = client.me()
        self.assertEqual(me["email"], email)
        self.assertEqual(me["role"], "user")

    def test_login_and_an_explicit_refresh_rotates_the_pair(self) -> None:
        with PreflightClient(base_url=harness.base_url()) as client:
            first = client.login(harness.email(), harness.PASSWORD)
            second = client.refresh()
            self.assertNotEqual(second["refresh_token"], first["refresh_token"])
            self.assertEqual(client.me()["email"], harness.email())

    def test_a_rejected_access_token_is_refreshed_once_and_the_call_repeated(self) -> None:
        with PreflightClient(base_url=harness.base_url()) as client:
            client.login(harness.email(), harness.PASSWORD)
            spent_refresh = client.credentials.refresh_token
            client.credentials.token = "not.a.valid-token"
            self.assertEqual(client.me()["email"], harness.email())
            self.assertNotEqual(client.credentials.refresh_token, spent_refresh)
            self.assertNotEqual(client.credentials.token, "not.a.valid-token")

    def test_an_expiring_access_token_is_refreshed_before_the_call(self) -> None:
        with PreflightClient(base_url=harness.base_url()) as client:
            client.login(harness.email(), harness.PASSWORD)
            old_refresh_token = client.credentials.refresh_token
            client.credentials.token_expires_at = time.time() + 5
            client.list_api_keys()
            self.assertNotEqual(client.credentials.refresh_token, old_refresh_token, "the pair was renewed")
            self.assertGreater(client.credentials.token_expires_at, time.time() + 3600)

    def test_without_a_refresh_token_a_401_is_raised(self) -> None:
        with PreflightClient(base_url=harness.base_url(), token="not.a.valid-token") as client:
            with self.assertRaises(AuthenticationError):
                client.me()

    def test_logout_revokes_the_refresh_token_family_and_forgets_the_pair(self) -> None:
        with PreflightClient(base_url=harness.base_url()) as client:
            client.login(harness.email(), harness.PASSWORD)
            first_refresh_token = client.credentials.refresh_token
            client.refresh()
            access_token = client.credentials.token
            self.assertIsNone(client.logout())
            self.assertIsNone(client.credentials.token)
            self.assertIsNone(client.credentials.refresh_token)
            client.logout()  # nothing left to revoke: it only forgets
            with self.assertRaises(AuthenticationError):
                client.me()
        # the token the client held was rotated from the first: the whole family is revoked
        with PreflightClient(base_url=harness.base_url(), refresh_token=first_refresh_token) as stale:
            with self.assertRaises(AuthenticationError) as raised:
                stale.refresh()
            self.assertEqual(raised.exception.code, "invalid_refresh_token")
        # access tokens are stateless: the one issued before the logout lives out its 24 hours
        with PreflightClient(base_url=harness.base_url(), token=access_token) as still:
            self.assertEqual(still.me()["email"], harness.email())

    def test_api_keys_create_list_rotate_revoke(self) -> None:
        with harness.new_user_client("keys") as owner:
            created = owner.create_api_key("bot", expires_at="2099-01-01T00:00:00Z")
            self.assertTrue(created["key"].startswith("pf_live_"))
            listed = owner.list_api_keys()["keys"]
            self.assertEqual([key["id"] for key in listed], [created["id"]])
            self.assertNotIn("key", listed[0])
            rotated = owner.rotate_api_key(created["id"])
            self.assertNotEqual(rotated["key"], created["key"])
            with harness.make_client(api_key=rotated["key"]) as bot:
                self.assertEqual(bot.get_program_blocks(), {"program_ids": []})
            self.assertEqual(owner.revoke_api_key(created["id"]), {"id": created["id"], "revoked": True})
            with harness.make_client(api_key=rotated["key"]) as bot:
                with self.assertRaises(AuthenticationError):
                    bot.get_program_blocks()
            with self.assertRaises(NotFoundError):
                owner.revoke_api_key(created["id"])

    def test_delete_account_ends_its_credentials(self) -> None:
        owner = harness.new_user_client("leaver")
        key = owner.create_api_key("doomed")["key"]
        self.assertIn("message", owner.delete_account())
        with harness.make_client(api_key=key) as bot:
            with self.assertRaises(AuthenticationError):
                bot.get_program_blocks()
        owner.close()


if __name__ == "__main__":
    unittest.main()
