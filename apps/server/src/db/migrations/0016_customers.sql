-- Actions on a customer from the back office (issue 18, decision 21, "Customers").
--
-- The restriction notice (the spec's `ismsg`) already lives on `users` (restriction_head,
-- restriction_body, read at sign-in); who set it, when and why are kept beside it.
--
-- The freeze lives on `users` too: the customer's row is the one every money decision of theirs
-- already locks (a transfer's submission takes it FOR NO KEY UPDATE), so a freeze written there
-- is either committed before such a decision reads it under that lock, or waits for the decision
-- to commit. Debits and credits are blocked separately; a reason code from a fixed list and a
-- note say why, with who and when. Only the users module writes these columns.
ALTER TABLE users
  ADD COLUMN restriction_reason text CHECK (length(restriction_reason) BETWEEN 3 AND 500),
  ADD COLUMN restricted_at      timestamptz,
  ADD COLUMN restricted_by      bigint REFERENCES users (id),
  ADD COLUMN debits_blocked     boolean NOT NULL DEFAULT false,
  ADD COLUMN credits_blocked    boolean NOT NULL DEFAULT false,
  ADD COLUMN freeze_reason      text CHECK (freeze_reason IN (
    'suspected_fraud', 'legal_order', 'sanctions_review', 'deceased', 'customer_request',
    'kyc_refresh', 'other')),
  ADD COLUMN freeze_note        text CHECK (length(freeze_note) BETWEEN 3 AND 500),
  ADD COLUMN frozen_at          timestamptz,
  ADD COLUMN frozen_by          bigint REFERENCES users (id),
  -- A freeze is whole: something blocked, with its reason, note, time and author; or nothing.
  ADD CONSTRAINT users_freeze_whole CHECK (
    (debits_blocked OR credits_blocked) = (freeze_reason IS NOT NULL) AND
    (freeze_reason IS NULL) = (freeze_note IS NULL) AND
    (freeze_reason IS NULL) = (frozen_at IS NULL) AND
    (freeze_reason IS NULL) = (frozen_by IS NULL)),
  -- Only customers hold money, so only customers are frozen.
  ADD CONSTRAINT users_freeze_customers CHECK (kind = 'customer' OR freeze_reason IS NULL);

-- The back office's list of frozen or restricted customers stays one small index away.
CREATE INDEX users_on_hold ON users (id)
  WHERE freeze_reason IS NOT NULL OR restriction_head IS NOT NULL;

-- Internal notes on a customer: written by staff, read by staff, never shown to the customer.
-- A note is a record: never edited, never deleted (a correction is a new note).
CREATE TABLE customer_notes (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id  bigint NOT NULL REFERENCES users (id),
  author_id    bigint NOT NULL REFERENCES users (id),
  body         text NOT NULL CHECK (length(body) BETWEEN 3 AND 2000),
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX customer_notes_by_customer ON customer_notes (customer_id, id DESC);
CREATE TRIGGER customer_notes_append_only
  BEFORE UPDATE OR DELETE ON customer_notes
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER customer_notes_no_truncate
  BEFORE TRUNCATE ON customer_notes
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
