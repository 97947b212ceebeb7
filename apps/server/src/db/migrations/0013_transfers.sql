-- Bank transfers (decision 0019): each transfer is a state machine held by the server, one row
-- per transfer, and saved beneficiaries.

CREATE TABLE transfers (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id             bigint NOT NULL REFERENCES users (id),
  -- The client's key for "this transfer": a retried create returns the same row.
  idempotency_key     text NOT NULL CHECK (length(idempotency_key) BETWEEN 8 AND 100),
  -- Exactly what the customer typed (normalized), what the code is bound to.
  bank                text NOT NULL CHECK (length(bank) BETWEEN 1 AND 100),
  swift               text NOT NULL CHECK (swift ~ '^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$'),
  currency            char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  routing             text NOT NULL CHECK (length(routing) BETWEEN 3 AND 20),
  country             char(2) NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
  account_number      text NOT NULL CHECK (account_number ~ '^[A-Z0-9]{4,34}$'),
  holder_name         text NOT NULL CHECK (length(holder_name) BETWEEN 2 AND 100),
  note                text NOT NULL CHECK (length(note) BETWEEN 1 AND 140),
  save_beneficiary    boolean NOT NULL DEFAULT false,
  -- Where the money goes, for "a beneficiary never paid before": the SWIFT's bank and country
  -- (its first 8 characters) and the account number; for this bank, its account number.
  destination_key     text NOT NULL,
  -- An account of this bank: the transfer settles into it at once.
  recipient_account_id bigint REFERENCES ledger_accounts (id),
  amount              bigint NOT NULL CHECK (amount > 0),
  fee_bp              int NOT NULL CHECK (fee_bp BETWEEN 0 AND 10000),
  fee                 bigint NOT NULL CHECK (fee >= 0 AND fee < amount),
  stage               text NOT NULL DEFAULT 'draft'
                      CHECK (stage IN ('draft', 'confirmed', 'pin_verified', 'code_verified', 'submitted')),
  -- Decided when the PIN is verified (the risk rules); checked again at submission.
  needs_code          boolean NOT NULL DEFAULT false,
  -- The evidence of what authorized the transfer: when the PIN and the code were checked for it,
  -- and which code (its row keeps when it was sent and to whom).
  pin_verified_at     timestamptz,
  code_verified_at    timestamptz,
  code_id             bigint REFERENCES one_time_codes (id),
  status              text CHECK (status IN ('in_progress', 'successful', 'failed')),
  entry_id            bigint REFERENCES journal_entries (id),
  reversal_entry_id   bigint REFERENCES journal_entries (id),
  reference           text CHECK (length(reference) BETWEEN 3 AND 100),
  failure_reason      text CHECK (length(failure_reason) BETWEEN 3 AND 500),
  decided_by          bigint REFERENCES users (id),
  created_at          timestamptz NOT NULL,
  updated_at          timestamptz NOT NULL,
  submitted_at        timestamptz,
  decided_at          timestamptz,
  CONSTRAINT transfers_key_per_user UNIQUE (user_id, idempotency_key),
  CONSTRAINT transfers_code_step CHECK (stage <> 'code_verified' OR needs_code),
  CONSTRAINT transfers_code_evidence CHECK ((code_verified_at IS NULL) = (code_id IS NULL)),
  -- No transfer is submitted without its PIN, nor without its code when one was needed.
  CONSTRAINT transfers_authorized CHECK (
    stage <> 'submitted' OR
    (pin_verified_at IS NOT NULL AND (NOT needs_code OR code_verified_at IS NOT NULL))),
  -- A status exactly when submitted, with the entry that moved the money.
  CONSTRAINT transfers_submitted CHECK (
    (stage = 'submitted') = (status IS NOT NULL) AND
    (stage = 'submitted') = (entry_id IS NOT NULL) AND
    (stage = 'submitted') = (submitted_at IS NOT NULL)),
  -- A decision is whole: successful with its reference, failed with its reason and refund.
  CONSTRAINT transfers_decision CHECK (
    (status IS DISTINCT FROM 'successful' OR reference IS NOT NULL) AND
    (status IS DISTINCT FROM 'failed' OR (failure_reason IS NOT NULL AND reversal_entry_id IS NOT NULL)) AND
    (status = 'failed') = (reversal_entry_id IS NOT NULL) AND
    (status = 'failed' OR failure_reason IS NULL) AND
    (status = 'successful' OR reference IS NULL))
);
CREATE INDEX transfers_by_user ON transfers (user_id, id DESC);
-- The day's total and "paid before": submitted transfers of one customer.
CREATE INDEX transfers_submitted_by_user ON transfers (user_id, submitted_at) WHERE stage = 'submitted';
CREATE INDEX transfers_by_destination ON transfers (user_id, destination_key) WHERE stage = 'submitted';
CREATE INDEX transfers_queue ON transfers (status, submitted_at);
CREATE UNIQUE INDEX transfers_entry ON transfers (entry_id) WHERE entry_id IS NOT NULL;
CREATE UNIQUE INDEX transfers_reversal_entry ON transfers (reversal_entry_id) WHERE reversal_entry_id IS NOT NULL;

CREATE TABLE beneficiaries (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id          bigint NOT NULL REFERENCES users (id),
  bank             text NOT NULL CHECK (length(bank) BETWEEN 1 AND 100),
  swift            text NOT NULL CHECK (swift ~ '^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$'),
  currency         char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  routing          text NOT NULL CHECK (length(routing) BETWEEN 3 AND 20),
  country          char(2) NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
  account_number   text NOT NULL CHECK (account_number ~ '^[A-Z0-9]{4,34}$'),
  holder_name      text NOT NULL CHECK (length(holder_name) BETWEEN 2 AND 100),
  destination_key  text NOT NULL,
  created_at       timestamptz NOT NULL,
  CONSTRAINT beneficiaries_once UNIQUE (user_id, destination_key)
);
