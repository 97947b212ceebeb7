-- Ledger health and the decided queues' history (issue 18).
--
-- `ledger_checks`: every run of the ledger's invariant checker (`checkLedger`, the same as
-- `npm run ledger:check`), by the periodic job or by a staff member from the trial balance
-- page: when it ran, how long it took, its verdict, how many violations it found and which (a
-- sample per rule), the sum of every currency's balances, and the size of the ledger then. The
-- back office's overview reads the latest. Append-only, like the ledger: a check that found a
-- violation cannot be made to read clean afterwards.

CREATE TABLE ledger_checks (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  started_at   timestamptz NOT NULL,
  finished_at  timestamptz NOT NULL,
  duration_ms  integer NOT NULL CHECK (duration_ms >= 0),
  ok           boolean NOT NULL,
  violations   integer NOT NULL CHECK (violations >= 0),
  -- [{ "rule": "...", "detail": "..." }], at most 20 per rule (the checker's sample).
  detail       jsonb NOT NULL,
  -- [{ "currency": "USD", "balance": "0" }]: each currency's sum, minor units as strings.
  totals       jsonb NOT NULL,
  -- { "accounts": n, "entries": n, "postings": n }
  counts       jsonb NOT NULL,
  -- `schedule`: the periodic job; `staff`: "Run a check now", by `run_by`.
  trigger      text NOT NULL CHECK (trigger IN ('schedule', 'staff')),
  run_by       bigint REFERENCES users (id),
  CONSTRAINT ledger_checks_verdict CHECK (ok = (violations = 0)),
  CONSTRAINT ledger_checks_timing CHECK (finished_at >= started_at),
  CONSTRAINT ledger_checks_who CHECK ((trigger = 'staff') = (run_by IS NOT NULL))
);
CREATE INDEX ledger_checks_latest ON ledger_checks (finished_at DESC, id DESC);

CREATE TRIGGER ledger_checks_append_only
  BEFORE UPDATE OR DELETE ON ledger_checks
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_checks_no_truncate
  BEFORE TRUNCATE ON ledger_checks
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

-- The audit log searched by what an event acted on, whatever its kind ("everything about 42").
CREATE INDEX audit_log_target_id ON audit_log (target_id, id);

-- The queues' decided history, newest decision first, a page at a time.
CREATE INDEX kyc_submissions_decided ON kyc_submissions (reviewed_at DESC, id DESC)
  WHERE status <> 'pending';
CREATE INDEX funding_requests_decided ON funding_requests (decided_at DESC, id DESC)
  WHERE status <> 'pending';
CREATE INDEX transfers_decided ON transfers (decided_at DESC, id DESC)
  WHERE decided_at IS NOT NULL;
