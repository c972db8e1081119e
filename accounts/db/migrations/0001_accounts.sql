-- Users, refresh-token families, API keys with their secrets, and simulation history.
-- Timestamps are written by the service's clock (injected in tests), never by now() on insert.

CREATE TABLE users (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email          text NOT NULL,
  password_hash  text NOT NULL,
  name           text,
  role           text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
  email_verified boolean NOT NULL DEFAULT false,
  timezone       text,
  created_at     timestamptz NOT NULL,
  deleted_at     timestamptz
);
-- Unique among live accounts: a soft-deleted account keeps its rows but frees its address.
CREATE UNIQUE INDEX users_email_live ON users (email) WHERE deleted_at IS NULL;

-- Refresh tokens rotate: each use spends the token and issues the next one of its family;
-- presenting a spent token again revokes the whole family.
CREATE TABLE refresh_tokens (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  family_id   uuid NOT NULL,
  user_id     uuid NOT NULL REFERENCES users (id),
  token_hash  text NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  spent_at    timestamptz,
  revoked_at  timestamptz
);
CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);

-- One row per key a user manages (its id survives rotation); the counters are flushed in batches.
CREATE TABLE api_keys (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id        uuid NOT NULL REFERENCES users (id),
  name           text NOT NULL,
  created_at     timestamptz NOT NULL,
  expires_at     timestamptz,
  revoked_at     timestamptz,
  requests_count bigint NOT NULL DEFAULT 0,
  last_used_at   timestamptz
);
CREATE INDEX api_keys_user ON api_keys (user_id, created_at);

-- The secrets of a key, stored only as SHA-256 hashes. Rotation adds a secret and gives the old
-- ones a `valid_until` 24 hours ahead.
CREATE TABLE api_key_secrets (
  key_hash    text PRIMARY KEY,
  api_key_id  uuid NOT NULL REFERENCES api_keys (id),
  prefix      text NOT NULL,
  last_four   text NOT NULL,
  created_at  timestamptz NOT NULL,
  valid_until timestamptz
);
CREATE INDEX api_key_secrets_key ON api_key_secrets (api_key_id, created_at);

CREATE TABLE simulations (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id          uuid NOT NULL REFERENCES users (id),
  api_key_id       uuid,
  created_at       timestamptz NOT NULL,
  success          boolean NOT NULL,
  decision         text,
  risk_level       text,
  mev_score        double precision,
  mev_level        text,
  failure_code     text,
  failure_reason   text,
  compute_units    integer,
  fee_estimate_sol double precision,
  latency_ms       double precision NOT NULL,
  signature        text,
  cached           boolean NOT NULL DEFAULT false
);
-- Newest first per user, with the id breaking ties: the order the history pages walk.
CREATE INDEX simulations_user_recent ON simulations (user_id, created_at DESC, id DESC);
CREATE INDEX simulations_recent ON simulations (created_at);
