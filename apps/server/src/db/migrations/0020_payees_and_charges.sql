-- Paying a customer of this bank by account number, and fair charges (decision 0024).

-- A transfer to a customer of this bank made from a payee check keeps what the payer saw: the
-- name they typed and how it compared with the holder's (the holder name of the transfer is the
-- masked one they confirmed; the full name stays on the recipient's side).
ALTER TABLE transfers
  ADD COLUMN payee_typed_name text CHECK (length(payee_typed_name) BETWEEN 2 AND 100),
  ADD COLUMN payee_match text CHECK (payee_match IN ('match', 'close_match', 'no_match'));
ALTER TABLE transfers ADD CONSTRAINT transfers_payee_check CHECK (
  (payee_typed_name IS NULL) = (payee_match IS NULL) AND
  (payee_match IS NULL OR recipient_account_id IS NOT NULL));

-- Transfers inside the bank carry no charge (the code says so, with fee_bp 0): only transfers to
-- other banks pay the plan's charge. The seeded default plan charged the spec's fallback of
-- 10 %; it now charges 0.5 %, a rate a bank would publish. A default plan whose charge the
-- operator set to something else keeps it.
UPDATE account_plans
   SET service_charge_bp = 50, updated_at = now()
 WHERE is_default AND service_charge_bp = 1000;
