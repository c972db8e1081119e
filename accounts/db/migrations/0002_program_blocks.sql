-- The programs a user blocks: a simulate whose transaction invokes one of them is reported like a
-- blacklisted program. Ids are base58 text, checked by the service before they are stored (a
-- 32-byte address); the primary key makes a listing one index range scan per user.
CREATE TABLE program_blocks (
  user_id    uuid NOT NULL REFERENCES users (id),
  program_id text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, program_id)
);
