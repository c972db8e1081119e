-- History is searched by transaction signature (GET /api/v1/solana/simulations?signature=…): one
-- user's records of one transaction, newest first, with the history pages' keyset order after the
-- signature, so the search and its cursor are one index range. Partial: a record without a
-- signature (an unsigned transaction) never matches a search and takes no room here.
CREATE INDEX simulations_user_signature ON simulations (user_id, signature, created_at DESC, id DESC)
  WHERE signature IS NOT NULL;
