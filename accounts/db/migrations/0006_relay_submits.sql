-- submit (a strategy, possibly a bundle through the relay with a managed tip) is tracked like execute
-- and send. kind and status are text, so the kind 'submit' and the final status 'dropped' need no
-- change; 'dropped' is final, so the partial index tracked_transactions_unresolved keeps its three
-- statuses. Every column is nullable without a default: adding one rewrites no row, and the rows
-- written before it (executes and sends) read NULL, which is what they are.
-- tip_lamports is bigint: a u64 in principle, but no lamport amount reaches 2^63 (the whole supply
-- is below 2^60), bigint is exact, and pg hands it over as text, read back as a JavaScript bigint.
ALTER TABLE tracked_transactions
  ADD COLUMN strategy text,
  ADD COLUMN relay_bundle_id text,
  ADD COLUMN tip_lamports bigint,
  ADD COLUMN drop_reason text;

-- History lists submits beside executes and sends (kind 'submit': text, no change), each with what
-- its answer said: the strategy, whether the call is billed, the relay's bundle id and the managed
-- tip. Kept on the history row, not read from tracking: they are what the caller was told and is
-- billed on. Rows of other kinds, and rows written before these columns, read NULL.
ALTER TABLE simulations
  ADD COLUMN strategy text,
  ADD COLUMN billable boolean,
  ADD COLUMN bundle_id text,
  ADD COLUMN tip_lamports bigint;
