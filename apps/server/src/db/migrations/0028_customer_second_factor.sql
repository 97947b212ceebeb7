-- Issue 21 (decision 0033): a customer's second factor for signing in, a passkey or an
-- authenticator app, asked of a browser the customer has not passed it in before.

-- Whether a customer has turned it on, and which. The authenticator app's key and the recovery
-- codes are kept where the staff's are (staff_second_factors, staff_recovery_codes: despite the
-- names, any person's); wrong tries are counted here, per rolling day.
CREATE TABLE signin_second_factors (
  user_id         bigint PRIMARY KEY REFERENCES users (id),
  method          text NOT NULL CHECK (method IN ('passkey', 'authenticator')),
  enabled_at      timestamptz NOT NULL,
  failures        int NOT NULL DEFAULT 0 CHECK (failures >= 0),
  failures_since  timestamptz
);

-- A customer whose password was right, waiting for their second factor (ten minutes).
ALTER TABLE sessions DROP CONSTRAINT sessions_scope_check;
ALTER TABLE sessions ADD CONSTRAINT sessions_scope_check
  CHECK (scope IN ('customer', 'onboarding', 'staff', 'mfa_pending', 'second_factor'));

-- Browsers in which a customer passed the second factor: the browser keeps a random token in a
-- cookie, the bank its SHA-256. For 90 days, a sign-in from it asks the password alone.
CREATE TABLE trusted_browsers (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id       bigint NOT NULL REFERENCES users (id),
  token_hash    text NOT NULL UNIQUE CHECK (token_hash ~ '^[A-Za-z0-9_-]{43}$'),
  created_at    timestamptz NOT NULL,
  expires_at    timestamptz NOT NULL
);
CREATE INDEX trusted_browsers_by_user ON trusted_browsers (user_id);
