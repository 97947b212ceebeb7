-- People and their access: customers and staff, sessions, one-time codes, the outbox of
-- messages to send, the audit log of staff actions, staff roles and permissions.

CREATE TABLE users (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind               text NOT NULL CHECK (kind IN ('customer', 'staff')),
  first_name         text NOT NULL CHECK (length(first_name) BETWEEN 1 AND 100),
  last_name          text NOT NULL CHECK (length(last_name) BETWEEN 1 AND 100),
  username           text NOT NULL CHECK (username ~ '^[A-Za-z0-9_.-]{3,30}$'),
  email              text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  password_hash      text NOT NULL,
  email_verified_at  timestamptz,
  kyc_status         text NOT NULL DEFAULT 'not_verified'
                     CHECK (kyc_status IN ('not_verified', 'pending', 'approved', 'declined')),
  kyc_decline_reason text,
  restriction_head   text,
  restriction_body   text,
  failed_signins     int NOT NULL DEFAULT 0,
  signin_locked_until timestamptz,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT restriction_whole CHECK ((restriction_head IS NULL) = (restriction_body IS NULL))
);
CREATE UNIQUE INDEX users_email_unique ON users (lower(email));
CREATE UNIQUE INDEX users_username_unique ON users (lower(username));

CREATE TABLE sessions (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash    text NOT NULL UNIQUE,
  user_id       bigint NOT NULL REFERENCES users (id),
  scope         text NOT NULL CHECK (scope IN ('customer', 'onboarding', 'staff')),
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_seen_at  timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  revoked_at    timestamptz,
  ip            text,
  user_agent    text
);
CREATE INDEX sessions_user ON sessions (user_id) WHERE revoked_at IS NULL;

CREATE TABLE one_time_codes (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id      bigint NOT NULL REFERENCES users (id),
  purpose      text NOT NULL CHECK (purpose IN ('email_verification', 'password_reset')),
  code_hash    text NOT NULL,
  expires_at   timestamptz NOT NULL,
  attempts     int NOT NULL DEFAULT 0,
  consumed_at  timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX one_time_codes_active ON one_time_codes (user_id, purpose) WHERE consumed_at IS NULL;

-- Messages to deliver (email first), written in the same transaction as what caused them and
-- delivered by a worker: sending never blocks or fails a request, and survives restarts.
CREATE TABLE outbox (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind             text NOT NULL CHECK (kind IN ('email')),
  payload          jsonb NOT NULL,
  attempts         int NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz NOT NULL DEFAULT now(),
  sent_at          timestamptz,
  failed_at        timestamptz,
  last_error       text,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;

CREATE TABLE known_devices (
  user_id      bigint NOT NULL REFERENCES users (id),
  fingerprint  text NOT NULL,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, fingerprint)
);

CREATE TABLE roles (
  id    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name  text NOT NULL UNIQUE
);
CREATE TABLE role_permissions (
  role_id     bigint NOT NULL REFERENCES roles (id),
  permission  text NOT NULL,
  PRIMARY KEY (role_id, permission)
);
CREATE TABLE user_roles (
  user_id  bigint NOT NULL REFERENCES users (id),
  role_id  bigint NOT NULL REFERENCES roles (id),
  PRIMARY KEY (user_id, role_id)
);

CREATE TABLE audit_log (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  actor_id     bigint REFERENCES users (id),
  action       text NOT NULL,
  target_type  text NOT NULL,
  target_id    text NOT NULL,
  before       jsonb,
  after        jsonb,
  ip           text,
  user_agent   text,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_target ON audit_log (target_type, target_id);
CREATE TRIGGER audit_log_append_only
  BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER audit_log_no_truncate
  BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
