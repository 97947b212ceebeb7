-- Issue 21, strong customer authentication (decision 0033): passkeys (WebAuthn) for signing in
-- and for approving a transfer, bound to its amount and payee.

-- A person's passkeys. The public key is what the authenticator gave at registration (COSE);
-- the private key never leaves the person's device. Never deleted: a removed passkey keeps
-- its row (removed_at) so the transfers it approved keep their evidence, and it never verifies
-- again.
CREATE TABLE passkeys (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id        bigint NOT NULL REFERENCES users (id),
  -- The credential id (base64url) the authenticator names it by: unique across the bank.
  credential_id  text NOT NULL UNIQUE
                 CHECK (credential_id ~ '^[A-Za-z0-9_-]+$' AND length(credential_id) BETWEEN 16 AND 1366),
  public_key     bytea NOT NULL CHECK (octet_length(public_key) BETWEEN 16 AND 2048),
  -- The authenticator's signature counter: each use must move it forward (a copy is refused),
  -- unless the authenticator keeps none (always 0, as synced passkeys do).
  counter        bigint NOT NULL DEFAULT 0 CHECK (counter >= 0),
  transports     text[] NOT NULL DEFAULT '{}',
  -- The user handle given to the authenticator (base64url, not the user id).
  user_handle    text NOT NULL,
  -- Whether the passkey is synced between devices (multi-device) and backed up.
  multi_device   boolean NOT NULL,
  backed_up      boolean NOT NULL,
  name           text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  created_at     timestamptz NOT NULL,
  last_used_at   timestamptz,
  removed_at     timestamptz
);
CREATE INDEX passkeys_by_user ON passkeys (user_id) WHERE removed_at IS NULL;

-- WebAuthn challenges, kept on the server: each used once (deleted as it is used), within five
-- minutes. A sign-in challenge belongs to nobody yet (the passkey says whose it is); a transfer
-- challenge is derived from the transfer's details and the nonce kept here.
CREATE TABLE passkey_challenges (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  challenge    text NOT NULL UNIQUE CHECK (challenge ~ '^[A-Za-z0-9_-]{43}$'),
  purpose      text NOT NULL CHECK (purpose IN ('register', 'signin', 'transfer')),
  user_id      bigint REFERENCES users (id) ON DELETE CASCADE,
  transfer_id  bigint REFERENCES transfers (id) ON DELETE CASCADE,
  nonce        bytea CHECK (octet_length(nonce) = 16),
  created_at   timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL,
  CONSTRAINT passkey_challenges_owner CHECK ((purpose = 'signin') = (user_id IS NULL)),
  CONSTRAINT passkey_challenges_transfer CHECK (
    (purpose = 'transfer') = (transfer_id IS NOT NULL) AND
    (purpose = 'transfer') = (nonce IS NOT NULL))
);
CREATE INDEX passkey_challenges_expiry ON passkey_challenges (expires_at);
CREATE INDEX passkey_challenges_by_transfer ON passkey_challenges (transfer_id) WHERE transfer_id IS NOT NULL;

-- A transfer that needed the step-up is authorized by the emailed code or by a passkey: the
-- evidence names which (the code's row, or the passkey's), never both, and the submitted
-- transfer's check (transfers_authorized) reads code_verified_at, set by either.
ALTER TABLE transfers ADD COLUMN passkey_id bigint REFERENCES passkeys (id);
ALTER TABLE transfers DROP CONSTRAINT transfers_code_evidence;
ALTER TABLE transfers ADD CONSTRAINT transfers_code_evidence CHECK (
  (code_verified_at IS NULL) = (code_id IS NULL AND passkey_id IS NULL) AND
  (code_id IS NULL OR passkey_id IS NULL));
