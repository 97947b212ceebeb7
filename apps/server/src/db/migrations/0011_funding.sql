-- Funding and products (issue 9): the catalog staff keep for them, the customer's requests that
-- staff decide (crypto deposits, payments, fixed deposits, upgrades), and fixed deposits.
-- Amounts are bigint minor units of the bank's currency; rates and charges are basis points.
-- Catalog entries are never deleted: a retired one stays for the requests that name it.

-- Crypto types customers may pay with, each with the address to pay to, and optionally a
-- network label (e.g. "TRC-20") and a second address (the spec's addresses2).
CREATE TABLE crypto_types (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name        text NOT NULL CHECK (length(name) BETWEEN 2 AND 60),
  address     text NOT NULL CHECK (address ~ '^[A-Za-z0-9:._-]{10,200}$'),
  network     text CHECK (length(network) BETWEEN 1 AND 40),
  address2    text CHECK (address2 ~ '^[A-Za-z0-9:._-]{10,200}$'),
  active      boolean NOT NULL DEFAULT true,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX crypto_types_name_unique ON crypto_types (lower(name));

-- What a customer may pay the bank for (Make payment).
CREATE TABLE payment_purposes (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name        text NOT NULL CHECK (length(name) BETWEEN 2 AND 60),
  active      boolean NOT NULL DEFAULT true,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX payment_purposes_name_unique ON payment_purposes (lower(name));

-- Fixed-deposit plans: a term in days or calendar months, an annual rate, and the amounts
-- accepted. A fixed deposit copies the terms it was opened on, so editing a plan changes only
-- deposits opened after.
CREATE TABLE fixed_deposit_plans (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name        text NOT NULL CHECK (length(name) BETWEEN 2 AND 60),
  term_count  int NOT NULL CHECK (term_count BETWEEN 1 AND 3660),
  term_unit   text NOT NULL CHECK (term_unit IN ('days', 'months')),
  rate_bp     int NOT NULL CHECK (rate_bp BETWEEN 1 AND 10000),
  min_amount  bigint NOT NULL CHECK (min_amount > 0),
  max_amount  bigint CHECK (max_amount IS NULL OR max_amount >= min_amount),
  active      boolean NOT NULL DEFAULT true,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT fixed_deposit_plans_term CHECK (term_unit = 'days' OR term_count <= 120)
);
CREATE UNIQUE INDEX fixed_deposit_plans_name_unique ON fixed_deposit_plans (lower(name));

ALTER TABLE account_plans ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

-- The bank's own details for receiving money (add-funds/it): one row.
CREATE TABLE institution_details (
  id              boolean PRIMARY KEY DEFAULT true CHECK (id),
  swift_code      text CHECK (swift_code ~ '^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$'),
  routing_number  text CHECK (routing_number ~ '^[0-9]{9}$'),
  country         char(2) CHECK (country ~ '^[A-Z]{2}$'),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
INSERT INTO institution_details (id) VALUES (true);

-- A customer's request paid in crypto with a proof of payment, waiting for a staff decision.
-- kind: deposit (to the current account), payment (to the bank, for a purpose), fixed_deposit
-- (opens one on a plan), upgrade (to an account plan). Decided once: confirmed with the amount
-- actually received (the ledger entry it posted), or declined with a reason.
CREATE TABLE funding_requests (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id          bigint NOT NULL REFERENCES users (id),
  kind             text NOT NULL CHECK (kind IN ('deposit', 'payment', 'fixed_deposit', 'upgrade')),
  crypto_type_id   bigint NOT NULL REFERENCES crypto_types (id),
  -- The address shown to the customer when they asked (the type's address may change later).
  pay_to_address   text NOT NULL,
  purpose_id       bigint REFERENCES payment_purposes (id),
  fd_plan_id       bigint REFERENCES fixed_deposit_plans (id),
  account_plan_id  bigint REFERENCES account_plans (id),
  claimed_amount   bigint NOT NULL CHECK (claimed_amount > 0),
  currency         char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  proof_key        text NOT NULL REFERENCES stored_files (storage_key),
  proof_mime       text NOT NULL CHECK (proof_mime IN ('image/jpeg', 'image/webp')),
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'declined')),
  received_amount  bigint CHECK (received_amount > 0),
  decline_reason   text CHECK (length(decline_reason) BETWEEN 3 AND 500),
  decided_by       bigint REFERENCES users (id),
  decided_at       timestamptz,
  entry_id         bigint REFERENCES journal_entries (id),
  created_at       timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT funding_requests_subject CHECK (
    (kind = 'payment') = (purpose_id IS NOT NULL) AND
    (kind = 'fixed_deposit') = (fd_plan_id IS NOT NULL) AND
    (kind = 'upgrade') = (account_plan_id IS NOT NULL)),
  CONSTRAINT funding_requests_decision CHECK (
    (status = 'pending' AND decided_by IS NULL AND decided_at IS NULL AND received_amount IS NULL
       AND decline_reason IS NULL AND entry_id IS NULL) OR
    (status = 'confirmed' AND decided_by IS NOT NULL AND decided_at IS NOT NULL
       AND received_amount IS NOT NULL AND decline_reason IS NULL AND entry_id IS NOT NULL) OR
    (status = 'declined' AND decided_by IS NOT NULL AND decided_at IS NOT NULL
       AND received_amount IS NULL AND decline_reason IS NOT NULL AND entry_id IS NULL))
);
CREATE INDEX funding_requests_by_user ON funding_requests (user_id, kind, id DESC);
CREATE INDEX funding_requests_pending ON funding_requests (id) WHERE status = 'pending';

-- A term deposit: its own ledger account (customer_fixed_deposit) holds the principal and the
-- interest accrued so far; at maturity the whole balance moves to the current account. The
-- terms are copied from the plan at opening. Interest: Actual/365, see docs/ledger.md.
CREATE TABLE fixed_deposits (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id             bigint NOT NULL REFERENCES users (id),
  account_id          bigint NOT NULL UNIQUE REFERENCES ledger_accounts (id),
  plan_id             bigint NOT NULL REFERENCES fixed_deposit_plans (id),
  plan_name           text NOT NULL,
  rate_bp             int NOT NULL CHECK (rate_bp BETWEEN 1 AND 10000),
  principal           bigint NOT NULL CHECK (principal > 0),
  currency            char(3) NOT NULL,
  start_date          date NOT NULL,
  maturity_date       date NOT NULL CHECK (maturity_date > start_date),
  term_days           int NOT NULL CHECK (term_days > 0),
  -- Interest due at maturity, fixed at opening (the closed form, rounded half up).
  interest_at_maturity bigint NOT NULL CHECK (interest_at_maturity >= 0),
  days_accrued        int NOT NULL DEFAULT 0 CHECK (days_accrued BETWEEN 0 AND term_days),
  accrued             bigint NOT NULL DEFAULT 0 CHECK (accrued BETWEEN 0 AND interest_at_maturity),
  status              text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'matured')),
  funded_by           text NOT NULL CHECK (funded_by IN ('balance', 'crypto')),
  request_id          bigint UNIQUE REFERENCES funding_requests (id),
  opening_entry_id    bigint NOT NULL REFERENCES journal_entries (id),
  payout_entry_id     bigint REFERENCES journal_entries (id),
  matured_at          timestamptz,
  created_at          timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT fixed_deposits_funding CHECK ((funded_by = 'crypto') = (request_id IS NOT NULL)),
  CONSTRAINT fixed_deposits_matured CHECK (
    (status = 'matured') = (payout_entry_id IS NOT NULL AND matured_at IS NOT NULL))
);
CREATE INDEX fixed_deposits_by_user ON fixed_deposits (user_id, id DESC);
CREATE INDEX fixed_deposits_active ON fixed_deposits (id) WHERE status = 'active';
