-- Each simulation record carries the identity the edge gave it when it answered (a uuid), so a
-- record delivered twice — replayed from the edge's journal after a crash, when the first delivery
-- had committed but was not yet marked done — is stored once. Records written before this column
-- existed, or by a client that sends none, keep NULL (NULLs never conflict).
ALTER TABLE simulations ADD COLUMN record_id uuid;
CREATE UNIQUE INDEX simulations_record_id ON simulations (record_id);
