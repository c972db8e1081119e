-- Billing through Stripe (docs/billing.md): each user's Stripe customer, the subscriptions Stripe's
-- webhooks tell of, the events already processed, and the outbox of usage reported to Stripe's meter.

-- One Stripe customer per user, created once (the idempotency key is derived from the user id).
CREATE TABLE billing_customers (
  user_id     uuid PRIMARY KEY REFERENCES users (id),
  customer_id text NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL
);

-- A subscription as the newest event about it described it. `event_created` is Stripe's `created`
-- (unix seconds) of that event: an older event arriving later changes nothing.
CREATE TABLE billing_subscriptions (
  subscription_id      text PRIMARY KEY,
  user_id              uuid NOT NULL REFERENCES users (id),
  customer_id          text NOT NULL,
  status               text NOT NULL CHECK (status IN ('none', 'active', 'past_due', 'canceled', 'paused')),
  stripe_status        text NOT NULL,
  price_id             text,
  current_period_start timestamptz,
  current_period_end   timestamptz,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  event_created        bigint NOT NULL,
  created_at           timestamptz NOT NULL,
  updated_at           timestamptz NOT NULL
);
CREATE INDEX billing_subscriptions_user ON billing_subscriptions (user_id, created_at DESC);

-- Stripe's events processed: a redelivered event id is acknowledged and changes nothing.
CREATE TABLE billing_stripe_events (
  event_id     text PRIMARY KEY,
  type         text NOT NULL,
  created      bigint NOT NULL,
  processed_at timestamptz NOT NULL
);

-- The meter outbox: what one user's usage in one UTC hour came to (micro-euros), written before it is
-- reported. Usage recorded late for an hour already written adds a revision holding the difference.
-- `identifier` goes to Stripe with the event, so a report repeated after a crash is counted once.
CREATE TABLE billing_meter_reports (
  user_id      uuid NOT NULL REFERENCES users (id),
  hour_start   timestamptz NOT NULL,
  revision     integer NOT NULL,
  customer_id  text NOT NULL,
  value        bigint NOT NULL CHECK (value > 0),
  identifier   text NOT NULL UNIQUE,
  created_at   timestamptz NOT NULL,
  attempts     integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  lease_until  timestamptz,
  last_error   text,
  reported_at  timestamptz,
  -- Given up (Stripe refused it for good, e.g. older than its 35-day window): kept for the record.
  failed_at    timestamptz,
  PRIMARY KEY (user_id, hour_start, revision)
);
CREATE INDEX billing_meter_reports_due ON billing_meter_reports (next_attempt_at) WHERE reported_at IS NULL AND failed_at IS NULL;

-- At most one `quota.exceeded` webhook event per user and UTC day.
CREATE TABLE billing_quota_notices (
  user_id uuid NOT NULL REFERENCES users (id),
  day     date NOT NULL,
  PRIMARY KEY (user_id, day)
);
