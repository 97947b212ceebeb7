-- A username asked for at sign-up is held for a day, whether or not the address already had an
-- account (the account itself is opened, or not, by a job). Without it, a second sign-up with
-- the same username answered "taken" only when the first address was new: an oracle for which
-- addresses have accounts. The same address may ask for its own username again.
CREATE TABLE username_reservations (
  username_lower  text PRIMARY KEY CHECK (username_lower ~ '^[a-z0-9_.-]{3,30}$'),
  email_hash      text NOT NULL,
  reserved_until  timestamptz NOT NULL
);

-- Who asked for a code in the flows anyone can start with an address (password reset, email
-- verification): the client address's key. Codes are capped per requester as well as per
-- person, so that one stranger asking again and again cannot use up the owner's day of codes.
ALTER TABLE one_time_codes ADD COLUMN requester text CHECK (length(requester) BETWEEN 1 AND 100);
