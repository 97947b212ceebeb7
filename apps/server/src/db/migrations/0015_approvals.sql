-- Two people for money (issue 18, decision 21): a proposal made by one staff member that only a
-- different one may approve. Manual ledger adjustments, funding confirmations and transfer
-- refunds at or above the dual-control threshold (or for more than the customer claimed),
-- changes to where customers pay the bank and what they pay, the threshold itself, and staff
-- second-factor resets all wait here. Nothing is deleted: a rejected, withdrawn or expired
-- proposal stays, with who decided and why.

CREATE TABLE approvals (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind           text NOT NULL CHECK (kind ~ '^[a-z][a-z0-9_.]{0,62}$'),
  -- What it changes, when one thing: at most one open proposal per subject (index below).
  subject_type   text CHECK (subject_type ~ '^[a-z][a-z_]{0,40}$'),
  subject_id     text CHECK (length(subject_id) BETWEEN 1 AND 100),
  -- The customer it concerns (their audit trail, the customer page), if any.
  customer_id    bigint REFERENCES users (id),
  -- The money it moves, if any: the inbox filters and sorts by it.
  amount         bigint CHECK (amount > 0),
  currency       char(3) CHECK (currency ~ '^[A-Z]{3}$'),
  -- What approving it does, as the kind's schema describes it (checked by the application).
  payload        jsonb NOT NULL,
  -- One line for the inbox, written when proposed: "Credit 1,000.00 USD to 1234567890".
  summary        text NOT NULL CHECK (length(summary) BETWEEN 1 AND 300),
  -- The proposer's reason, which the approver reads.
  reason         text NOT NULL CHECK (length(reason) BETWEEN 3 AND 500),
  evidence_key   text REFERENCES stored_files (storage_key),
  evidence_mime  text,
  status         text NOT NULL DEFAULT 'pending'
                 CHECK (status IN ('pending', 'approved', 'rejected', 'withdrawn', 'expired')),
  proposed_by    bigint NOT NULL REFERENCES users (id),
  proposed_at    timestamptz NOT NULL DEFAULT now(),
  expires_at     timestamptz NOT NULL,
  decided_by     bigint REFERENCES users (id),
  decided_at     timestamptz,
  -- The approver's or rejecter's note (required to reject).
  decision_note  text CHECK (length(decision_note) BETWEEN 1 AND 500),
  -- What approving it did (the journal entry it posted…), for the record.
  outcome        jsonb,
  CONSTRAINT approvals_subject_whole CHECK ((subject_type IS NULL) = (subject_id IS NULL)),
  CONSTRAINT approvals_money_whole CHECK ((amount IS NULL) = (currency IS NULL)),
  CONSTRAINT approvals_evidence_whole CHECK ((evidence_key IS NULL) = (evidence_mime IS NULL)),
  CONSTRAINT approvals_expiry CHECK (expires_at > proposed_at),
  CONSTRAINT approvals_decided CHECK (
    (status = 'pending') = (decided_at IS NULL) AND
    (status IN ('pending', 'expired')) = (decided_by IS NULL)),
  -- The rule itself, held by the database too: the proposer never approves their own.
  CONSTRAINT approvals_four_eyes CHECK (status <> 'approved' OR decided_by <> proposed_by),
  CONSTRAINT approvals_withdrawn_by_proposer CHECK (status <> 'withdrawn' OR decided_by = proposed_by),
  CONSTRAINT approvals_rejected_with_note CHECK (status <> 'rejected' OR decision_note IS NOT NULL)
);
CREATE UNIQUE INDEX approvals_one_open_per_subject ON approvals (subject_type, subject_id)
  WHERE status = 'pending' AND subject_id IS NOT NULL;
CREATE INDEX approvals_pending ON approvals (proposed_at, id) WHERE status = 'pending';
CREATE INDEX approvals_by_kind ON approvals (kind, id DESC);
CREATE INDEX approvals_by_customer ON approvals (customer_id, id DESC) WHERE customer_id IS NOT NULL;

-- A proposal is decided once and then kept as it is: no row is deleted, and a decided row
-- changes no more.
CREATE FUNCTION approvals_keep_decided() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'approvals are kept: DELETE refused' USING ERRCODE = 'restrict_violation';
  END IF;
  IF OLD.status <> 'pending' THEN
    RAISE EXCEPTION 'approval % was decided already', OLD.id USING ERRCODE = 'restrict_violation';
  END IF;
  IF (NEW.kind, NEW.subject_type, NEW.subject_id, NEW.customer_id, NEW.amount, NEW.currency,
      NEW.payload, NEW.summary, NEW.reason, NEW.evidence_key, NEW.proposed_by, NEW.proposed_at,
      NEW.expires_at)
     IS DISTINCT FROM
     (OLD.kind, OLD.subject_type, OLD.subject_id, OLD.customer_id, OLD.amount, OLD.currency,
      OLD.payload, OLD.summary, OLD.reason, OLD.evidence_key, OLD.proposed_by, OLD.proposed_at,
      OLD.expires_at) THEN
    RAISE EXCEPTION 'approval % proposal is fixed', OLD.id USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER approvals_keep_decided BEFORE UPDATE OR DELETE ON approvals
  FOR EACH ROW EXECUTE FUNCTION approvals_keep_decided();
CREATE TRIGGER approvals_no_truncate BEFORE TRUNCATE ON approvals
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

-- Settings of the bank that staff change (each change itself a two-person approval where it
-- concerns money). One row per key.
CREATE TABLE bank_settings (
  key         text PRIMARY KEY CHECK (key ~ '^[a-z][a-z0-9_]{0,62}$'),
  value       jsonb NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  updated_by  bigint REFERENCES users (id)
);
-- Staff decisions that post at least this much (minor units of the bank's currency) wait for a
-- second person: 1,000.00 to begin with.
INSERT INTO bank_settings (key, value) VALUES ('dual_control_threshold', '"100000"');
