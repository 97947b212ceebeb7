-- Staff management (issue 18, decision 22): roles described for the people who grant them,
-- invitations by email, deactivation, and the time of each staff member's last sign-in.

-- What a role is for, in words, for the staff pages (the roles themselves are seeded from the
-- code's DEFAULT_ROLES at every start, with these words).
ALTER TABLE roles ADD COLUMN label text NOT NULL DEFAULT '' CHECK (length(label) <= 60);
ALTER TABLE roles ADD COLUMN description text NOT NULL DEFAULT '' CHECK (length(description) <= 300);

-- A deactivated staff member cannot sign in and has no live session (the session lookup joins
-- on this too, so a sign-in racing the deactivation cannot leave a session that works).
-- Customers are never deactivated this way: a customer's restriction is the notice or a freeze.
ALTER TABLE users ADD COLUMN deactivated_at timestamptz;
ALTER TABLE users ADD CONSTRAINT users_deactivated_staff_only
  CHECK (deactivated_at IS NULL OR kind = 'staff');
-- When a staff session last opened (after the second factor): the staff list shows it, and it
-- outlives the sessions table's housekeeping.
ALTER TABLE users ADD COLUMN last_signin_at timestamptz;

-- An invitation to join the staff: the invitee sets their password through an emailed link
-- that works once, until it expires. Only a hash of the link's token is kept. At most one open
-- invitation per address; accepting one creates the staff member with the invited roles.
CREATE TABLE staff_invitations (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email         text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  first_name    text NOT NULL CHECK (length(first_name) BETWEEN 1 AND 100),
  last_name     text NOT NULL CHECK (length(last_name) BETWEEN 1 AND 100),
  token_hash    text NOT NULL UNIQUE CHECK (length(token_hash) BETWEEN 40 AND 100),
  status        text NOT NULL DEFAULT 'pending'
                CHECK (status IN ('pending', 'accepted', 'revoked')),
  invited_by    bigint NOT NULL REFERENCES users (id),
  invited_at    timestamptz NOT NULL,
  -- A resend gives a new token and a new expiry (the earlier link stops working).
  sent_at       timestamptz NOT NULL,
  sends         int NOT NULL DEFAULT 1 CHECK (sends BETWEEN 1 AND 1000),
  expires_at    timestamptz NOT NULL,
  decided_at    timestamptz,
  decided_by    bigint REFERENCES users (id),
  -- The staff member an accepted invitation created.
  user_id       bigint REFERENCES users (id),
  CONSTRAINT staff_invitations_expiry CHECK (expires_at > sent_at),
  CONSTRAINT staff_invitations_decided CHECK ((status = 'pending') = (decided_at IS NULL)),
  CONSTRAINT staff_invitations_accepted CHECK ((status = 'accepted') = (user_id IS NOT NULL))
);
CREATE UNIQUE INDEX staff_invitations_one_open ON staff_invitations (lower(email))
  WHERE status = 'pending';
CREATE INDEX staff_invitations_pending ON staff_invitations (invited_at, id)
  WHERE status = 'pending';

CREATE TABLE staff_invitation_roles (
  invitation_id  bigint NOT NULL REFERENCES staff_invitations (id),
  role_id        bigint NOT NULL REFERENCES roles (id),
  PRIMARY KEY (invitation_id, role_id)
);
