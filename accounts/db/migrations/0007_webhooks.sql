-- Signed webhooks (docs/webhooks.md): the endpoints a user registers, and the outbox of deliveries
-- to them. A delivery row is written with the event it carries and stays as its delivery log.
CREATE TABLE webhook_endpoints (
  id                         uuid PRIMARY KEY,
  user_id                    uuid NOT NULL REFERENCES users (id),
  url                        text NOT NULL,
  events                     text[] NOT NULL,
  description                text,
  secret                     text NOT NULL,
  -- The secret before the last rotation also signs until it expires (24 h).
  previous_secret            text,
  previous_secret_expires_at timestamptz,
  disabled_at                timestamptz,
  disabled_reason            text,
  created_at                 timestamptz NOT NULL,
  deleted_at                 timestamptz
);
CREATE INDEX webhook_endpoints_user ON webhook_endpoints (user_id, created_at) WHERE deleted_at IS NULL;

CREATE TABLE webhook_deliveries (
  id                 uuid PRIMARY KEY,
  -- Insertion order: deliveries to one endpoint are sent in it (created_at can tie).
  seq                bigserial NOT NULL,
  endpoint_id        uuid NOT NULL REFERENCES webhook_endpoints (id),
  event_id           uuid NOT NULL,
  event_type         text NOT NULL,
  payload            jsonb NOT NULL,
  status             text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
  attempts           integer NOT NULL DEFAULT 0,
  next_attempt_at    timestamptz NOT NULL,
  -- A worker holds a claimed delivery until this instant; past it (the worker died) another takes it.
  lease_until        timestamptz,
  last_response_code integer,
  last_latency_ms    integer,
  last_error         text,
  created_at         timestamptz NOT NULL,
  delivered_at       timestamptz
);
-- The worker's scan: pending deliveries in order per endpoint.
CREATE INDEX webhook_deliveries_pending ON webhook_deliveries (endpoint_id, seq) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, seq DESC);
