-- Paying the bank from the balance, coin rates and transaction ids (issue 19, decision 27).

-- A crypto type's rate: the price of one whole coin in the bank's currency (exact decimal), the
-- coin's ticker and the decimals it is sent with, and when and by whom it was set. Set by one
-- staff member with catalog.manage, audited; all or nothing (none: the forms show no coin
-- amount).
ALTER TABLE crypto_types
  ADD COLUMN rate_per_coin numeric(27, 12) CHECK (rate_per_coin > 0),
  ADD COLUMN rate_symbol text CHECK (rate_symbol ~ '^[A-Z0-9]{2,10}$'),
  ADD COLUMN rate_decimals smallint CHECK (rate_decimals BETWEEN 0 AND 18),
  ADD COLUMN rate_set_at timestamptz,
  ADD COLUMN rate_set_by bigint REFERENCES users (id),
  ADD CONSTRAINT crypto_types_rate CHECK (
    (rate_per_coin IS NULL AND rate_symbol IS NULL AND rate_decimals IS NULL
       AND rate_set_at IS NULL AND rate_set_by IS NULL) OR
    (rate_per_coin IS NOT NULL AND rate_symbol IS NOT NULL AND rate_decimals IS NOT NULL
       AND rate_set_at IS NOT NULL AND rate_set_by IS NOT NULL));

-- A request is paid in crypto with a proof (staff decide it), or from the available balance:
-- then it is confirmed at once by the customer's own ledger entry, with no coin, address,
-- proof or staff decision, and the client's key makes it idempotent.
-- A crypto request may carry the transaction id (hash) the customer's wallet shows, and the
-- rate the catalog had when it was made (what the customer was told to send).
ALTER TABLE funding_requests
  ADD COLUMN paid_from text NOT NULL DEFAULT 'crypto' CHECK (paid_from IN ('crypto', 'balance')),
  ADD COLUMN client_key text CHECK (client_key ~ '^[A-Za-z0-9_-]{16,64}$'),
  ADD COLUMN tx_id text CHECK (tx_id ~ '^[A-Za-z0-9]{16,128}$'),
  ADD COLUMN coin_rate numeric(27, 12) CHECK (coin_rate > 0),
  ADD COLUMN coin_symbol text,
  ADD COLUMN coin_decimals smallint,
  ADD COLUMN coin_rate_set_at timestamptz,
  ALTER COLUMN crypto_type_id DROP NOT NULL,
  ALTER COLUMN pay_to_address DROP NOT NULL,
  ALTER COLUMN proof_key DROP NOT NULL,
  ALTER COLUMN proof_mime DROP NOT NULL,
  ADD CONSTRAINT funding_requests_coin_rate CHECK (
    (coin_rate IS NULL AND coin_symbol IS NULL AND coin_decimals IS NULL
       AND coin_rate_set_at IS NULL) OR
    (coin_rate IS NOT NULL AND coin_symbol IS NOT NULL AND coin_decimals IS NOT NULL
       AND coin_rate_set_at IS NOT NULL)),
  ADD CONSTRAINT funding_requests_paid_from CHECK (
    (paid_from = 'crypto' AND crypto_type_id IS NOT NULL AND pay_to_address IS NOT NULL
       AND proof_key IS NOT NULL AND proof_mime IS NOT NULL AND client_key IS NULL) OR
    (paid_from = 'balance' AND kind IN ('payment', 'upgrade') AND crypto_type_id IS NULL
       AND pay_to_address IS NULL AND proof_key IS NULL AND proof_mime IS NULL
       AND tx_id IS NULL AND coin_rate IS NULL AND client_key IS NOT NULL
       AND status = 'confirmed' AND decided_by IS NULL
       AND received_amount = claimed_amount)),
  DROP CONSTRAINT funding_requests_decision,
  ADD CONSTRAINT funding_requests_decision CHECK (
    (status = 'pending' AND decided_by IS NULL AND decided_at IS NULL AND received_amount IS NULL
       AND decline_reason IS NULL AND entry_id IS NULL) OR
    (status = 'confirmed' AND (decided_by IS NOT NULL OR paid_from = 'balance')
       AND decided_at IS NOT NULL AND received_amount IS NOT NULL AND decline_reason IS NULL
       AND entry_id IS NOT NULL) OR
    (status = 'declined' AND decided_by IS NOT NULL AND decided_at IS NOT NULL
       AND received_amount IS NULL AND decline_reason IS NOT NULL AND entry_id IS NULL));

-- One attempt of a customer's, once (the replay finds it).
CREATE UNIQUE INDEX funding_requests_client_key ON funding_requests (user_id, client_key)
  WHERE client_key IS NOT NULL;

-- Staff find a request by the transaction id a customer gave, and see it given twice.
CREATE INDEX funding_requests_tx_id ON funding_requests (lower(tx_id)) WHERE tx_id IS NOT NULL;

-- One upgrade waits at a time, whatever arrives at the same moment. Two already waiting (possible
-- before this) must be decided in the back office first: the upgrade stops here and says whose.
DO $$
DECLARE
  twice bigint;
BEGIN
  SELECT user_id INTO twice FROM funding_requests
   WHERE kind = 'upgrade' AND status = 'pending'
   GROUP BY user_id HAVING count(*) > 1 LIMIT 1;
  IF twice IS NOT NULL THEN
    RAISE EXCEPTION 'Customer % has more than one upgrade request waiting: decide all but one in the back office (Funding requests), then start again.', twice;
  END IF;
END $$;
CREATE UNIQUE INDEX funding_requests_one_pending_upgrade ON funding_requests (user_id)
  WHERE kind = 'upgrade' AND status = 'pending';
