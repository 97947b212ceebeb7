-- Receipts and the customer's cancel (issue 19, decision 0026).

-- A transfer that staff have not sent may be cancelled by its customer: the refund posts at
-- once (the same reversal key as a staff refund, so one refund at most), nobody from staff
-- decided it, and no reason is typed.
ALTER TABLE transfers DROP CONSTRAINT transfers_status_check;
ALTER TABLE transfers ADD CONSTRAINT transfers_status_check
  CHECK (status IN ('in_progress', 'successful', 'failed', 'cancelled'));
ALTER TABLE transfers DROP CONSTRAINT transfers_decision;
ALTER TABLE transfers ADD CONSTRAINT transfers_decision CHECK (
  (status IS DISTINCT FROM 'successful' OR reference IS NOT NULL) AND
  (status IS DISTINCT FROM 'failed' OR (failure_reason IS NOT NULL AND reversal_entry_id IS NOT NULL)) AND
  (status IN ('failed', 'cancelled')) = (reversal_entry_id IS NOT NULL) AND
  (status = 'failed' OR failure_reason IS NULL) AND
  (status = 'successful' OR reference IS NULL) AND
  (status IS DISTINCT FROM 'cancelled' OR (decided_by IS NULL AND decided_at IS NOT NULL)));

-- A refund proposal overtaken by the customer's cancel: closed by the bank itself (nobody
-- decided it), with what happened instead in its outcome.
ALTER TABLE approvals DROP CONSTRAINT approvals_status_check;
ALTER TABLE approvals ADD CONSTRAINT approvals_status_check
  CHECK (status IN ('pending', 'approved', 'rejected', 'withdrawn', 'expired', 'superseded'));
ALTER TABLE approvals DROP CONSTRAINT approvals_decided;
ALTER TABLE approvals ADD CONSTRAINT approvals_decided CHECK (
  (status = 'pending') = (decided_at IS NULL) AND
  (status IN ('pending', 'expired', 'superseded')) = (decided_by IS NULL) AND
  (status <> 'superseded' OR outcome IS NOT NULL));

-- The bank's postal address, printed on statements and receipts beside its name.
ALTER TABLE institution_details
  ADD COLUMN postal_address text CHECK (length(postal_address) BETWEEN 5 AND 300);

-- A receipt as issued: what it says, kept as it was said, found by its reference. A third party
-- checks a receipt on the bank's public page with the reference alone, and reads back these
-- words and nothing else. One receipt per subject and status: downloading it again prints the
-- same reference.
CREATE TABLE receipts (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- 20 characters of Crockford's base 32 (100 random bits), printed in groups of four.
  reference     text NOT NULL UNIQUE CHECK (reference ~ '^[0-9A-HJKMNP-TV-Z]{20}$'),
  user_id       bigint NOT NULL REFERENCES users (id),
  -- A transfer of the customer, or one line of their account.
  transfer_id   bigint REFERENCES transfers (id),
  posting_id    bigint REFERENCES postings (id),
  status        text NOT NULL CHECK (status IN ('in_progress', 'successful', 'failed', 'cancelled')),
  direction     text NOT NULL CHECK (direction IN ('credit', 'debit')),
  amount        bigint NOT NULL CHECK (amount > 0),
  currency      char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  occurred_at   timestamptz NOT NULL,
  -- Masked, as the receipt prints them: "Mary J., account ••7897".
  payer         text NOT NULL CHECK (length(payer) BETWEEN 1 AND 200),
  payee         text NOT NULL CHECK (length(payee) BETWEEN 1 AND 200),
  issued_at     timestamptz NOT NULL,
  CONSTRAINT receipts_one_subject CHECK ((transfer_id IS NULL) <> (posting_id IS NULL))
);
CREATE UNIQUE INDEX receipts_transfer_status ON receipts (transfer_id, status) WHERE transfer_id IS NOT NULL;
CREATE UNIQUE INDEX receipts_posting ON receipts (posting_id) WHERE posting_id IS NOT NULL;
CREATE INDEX receipts_by_user ON receipts (user_id, id DESC);

-- Receipts are kept as issued: no change, no removal.
CREATE FUNCTION receipts_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'receipts are kept as issued: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;
CREATE TRIGGER receipts_keep BEFORE UPDATE OR DELETE ON receipts
  FOR EACH ROW EXECUTE FUNCTION receipts_keep();
