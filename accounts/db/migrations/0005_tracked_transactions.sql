-- Every transaction the service sent (execute, send), tracked by signature until its status is final.
-- user_id has no foreign key: a record outlives its user's deletion, and the engine's tenantless
-- trusted calls use the nil uuid, which names no users row. The signed wire bytes are kept so that
-- after a crash the record can be rebroadcast until it lands or its blockhash runs out.
-- prediction, outcome and transaction_error are the engine's JSON, stored as it gives them.
CREATE TABLE tracked_transactions (
  user_id                 uuid NOT NULL,
  signature               text NOT NULL,
  kind                    text NOT NULL,
  status                  text NOT NULL,
  route                   text NOT NULL,
  attempts                integer NOT NULL,
  endpoints               text[] NOT NULL,
  wire_transaction        bytea NOT NULL,
  last_valid_block_height bigint,
  landed_slot             bigint,
  transaction_error       jsonb,
  prediction              jsonb,
  outcome                 jsonb,
  created_at              timestamptz NOT NULL,
  updated_at              timestamptz NOT NULL,
  -- An unresolved record is leased to the engine resolving it; once the lease runs out (its engine
  -- died) another claims it. NULL: nobody holds it (a final record, or one never leased).
  lease_until             timestamptz,
  PRIMARY KEY (user_id, signature)
);
-- The claim reads unresolved records whose lease ran out, oldest lease first: a partial index holds
-- only the few records in flight, however many final ones pile up.
CREATE INDEX tracked_transactions_unresolved ON tracked_transactions (lease_until NULLS FIRST)
  WHERE status IN ('pending', 'processed', 'confirmed');

-- History lists executes and sends beside simulations. A send simulates nothing, so the statistics
-- and the quota count 'simulate' and 'execute' rows only. Rows written before this column keep
-- 'simulate', which is what they were.
ALTER TABLE simulations ADD COLUMN kind text NOT NULL DEFAULT 'simulate';
