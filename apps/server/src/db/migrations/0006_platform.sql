-- The platform made ready for the money features: a general job queue in place of the email
-- outbox, one-time codes for every purpose bound to what they authorize, the sign-in throttle,
-- the staff second factor, and a registry of stored files.

-- Jobs: background work of any kind (emails, code requests, sweeps, and later notifications,
-- interest accrual, maturities, statements), written in the transaction of what caused it.
CREATE TABLE jobs (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind          text NOT NULL CHECK (kind ~ '^[a-z][a-z0-9_.]{0,62}$'),
  payload       jsonb NOT NULL,
  -- At most one unfinished job per key (periodic jobs), see jobs_dedupe.
  dedupe_key    text CHECK (dedupe_key IS NULL OR length(dedupe_key) BETWEEN 1 AND 200),
  attempts      int NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  max_attempts  int NOT NULL DEFAULT 8 CHECK (max_attempts BETWEEN 1 AND 100),
  run_at        timestamptz NOT NULL DEFAULT now(),
  -- A worker's claim: renewed while it works, free again once it lapses.
  lease_until   timestamptz,
  lease_token   text,
  done_at       timestamptz,
  failed_at     timestamptz,
  last_error    text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT jobs_finished_once CHECK (done_at IS NULL OR failed_at IS NULL)
);
CREATE INDEX jobs_due ON jobs (run_at, id) WHERE done_at IS NULL AND failed_at IS NULL;
CREATE UNIQUE INDEX jobs_dedupe ON jobs (dedupe_key)
  WHERE dedupe_key IS NOT NULL AND done_at IS NULL AND failed_at IS NULL;

-- Emails still waiting in the outbox become email jobs, then the outbox goes.
INSERT INTO jobs (kind, payload, attempts, run_at, done_at, failed_at, last_error, created_at)
  SELECT 'email', payload, attempts, next_attempt_at, sent_at, failed_at, last_error, created_at
  FROM outbox ORDER BY id;
DROP TABLE outbox;

-- One-time codes for every purpose, each bound to a hash of what it authorizes.
ALTER TABLE one_time_codes DROP CONSTRAINT one_time_codes_purpose_check;
ALTER TABLE one_time_codes ADD CONSTRAINT one_time_codes_purpose_check CHECK (purpose IN (
  'email_verification', 'password_reset', 'signin', 'email_change', 'pin_reset',
  'transfer_authorization'));
ALTER TABLE one_time_codes ADD COLUMN context_hash text NOT NULL DEFAULT '';
CREATE INDEX one_time_codes_recent ON one_time_codes (user_id, purpose, created_at);
-- Every wrong try, by person, purpose and who sent it (the client address for the flows that
-- need no session): the daily caps count these. user_id 0 stands for an address with no account,
-- so that a try for it costs the same work. No foreign key for that reason.
CREATE TABLE code_failures (
  user_id    bigint NOT NULL,
  purpose    text NOT NULL,
  requester  text NOT NULL CHECK (length(requester) BETWEEN 1 AND 100),
  failed_at  timestamptz NOT NULL
);
CREATE INDEX code_failures_recent ON code_failures (user_id, purpose, failed_at);

-- A staff member who gave the right password but not yet the second factor.
ALTER TABLE sessions DROP CONSTRAINT sessions_scope_check;
ALTER TABLE sessions ADD CONSTRAINT sessions_scope_check
  CHECK (scope IN ('customer', 'onboarding', 'staff', 'mfa_pending'));

-- The sign-in throttle (decision 0009): attempts are counted by address (a keyed hash of it,
-- for addresses with and without an account alike) before the password is checked, in one
-- statement; a success removes the count. No lock on the right password.
ALTER TABLE users DROP COLUMN failed_signins;
ALTER TABLE users DROP COLUMN signin_locked_until;
CREATE TABLE signin_attempts (
  address_hash  text PRIMARY KEY,
  attempts      int NOT NULL CHECK (attempts > 0),
  last_at       timestamptz NOT NULL DEFAULT now()
);
-- The last "someone tried to sign up with your address" notice: at most one a day.
ALTER TABLE users ADD COLUMN duplicate_signup_noticed_at timestamptz;

-- Staff second factor: a TOTP secret (encrypted under a key derived from SECRET_KEY, since it
-- must be read back to check codes), the last time step used (no replay), and a daily count of
-- wrong codes.
CREATE TABLE staff_second_factors (
  user_id          bigint PRIMARY KEY REFERENCES users (id),
  secret_sealed    text NOT NULL,
  enrolled_at      timestamptz,
  last_time_step   bigint NOT NULL DEFAULT 0,
  failures         int NOT NULL DEFAULT 0 CHECK (failures >= 0),
  failures_since   timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now()
);
-- One-time recovery codes, as keyed hashes; each works once.
CREATE TABLE staff_recovery_codes (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users (id),
  code_hash   text NOT NULL,
  used_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_recovery_codes_user ON staff_recovery_codes (user_id) WHERE used_at IS NULL;

-- Every file kept under DATA_DIR/uploads has a row here, written in the transaction that keeps
-- it. A file on disk without a row is a crash's leftover, removed by the orphan sweep.
CREATE TABLE stored_files (
  storage_key  text PRIMARY KEY CHECK (storage_key ~ '^[0-9a-f]{32}\.[a-z]{3,4}$'),
  purpose      text NOT NULL CHECK (purpose ~ '^[a-z][a-z_]{0,40}$'),
  bytes        int NOT NULL CHECK (bytes > 0),
  sha256       text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  created_at   timestamptz NOT NULL DEFAULT now()
);
INSERT INTO stored_files (storage_key, purpose, bytes, sha256, created_at)
  SELECT storage_key, 'kyc_document', bytes, sha256, created_at FROM kyc_files;
ALTER TABLE kyc_files
  ADD CONSTRAINT kyc_files_stored FOREIGN KEY (storage_key) REFERENCES stored_files (storage_key);
