-- Whether the user has a payment card on file (docs/api.md#limits): it lifts the rate limit from the
-- free 10 req/s to 100 req/s (burst 250) and meters simulations past the daily free quota instead of
-- throttling them. Billing sets it; every principal the edge caches carries it.
ALTER TABLE users ADD COLUMN card_on_file boolean NOT NULL DEFAULT false;
