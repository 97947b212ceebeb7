-- The double-entry ledger: the only place money lives.
-- Amounts are signed bigint minor units. A posting's amount is added to its account's balance;
-- every entry's postings sum to zero per currency, so all balances together always sum to zero.

CREATE TABLE ledger_accounts (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_number  char(10) NOT NULL UNIQUE CHECK (account_number ~ '^[1-9][0-9]{9}$'),
  kind            text NOT NULL CHECK (kind IN (
                    'customer_current', 'customer_fixed_deposit',
                    'crypto_deposit_clearing', 'outgoing_transfer_clearing',
                    'fee_income', 'interest_expense', 'suspense')),
  currency        char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  owner_id        bigint,
  name            text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  balance         bigint NOT NULL DEFAULT 0,
  credit_total    bigint NOT NULL DEFAULT 0 CHECK (credit_total >= 0),
  debit_total     bigint NOT NULL DEFAULT 0 CHECK (debit_total >= 0),
  version         bigint NOT NULL DEFAULT 0,
  created_at      timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT customer_account_has_owner
    CHECK ((kind LIKE 'customer\_%') = (owner_id IS NOT NULL)),
  CONSTRAINT customer_balance_not_negative
    CHECK (kind NOT LIKE 'customer\_%' OR balance >= 0),
  -- Lets postings reference (account, currency) so a posting cannot be in a foreign currency.
  CONSTRAINT ledger_accounts_id_currency UNIQUE (id, currency)
);

-- One internal account of each kind per currency.
CREATE UNIQUE INDEX ledger_accounts_internal_kind
  ON ledger_accounts (kind, currency) WHERE owner_id IS NULL;
CREATE INDEX ledger_accounts_owner ON ledger_accounts (owner_id) WHERE owner_id IS NOT NULL;

CREATE TABLE journal_entries (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind             text NOT NULL CHECK (kind ~ '^[a-z][a-z0-9_]{0,62}$'),
  memo             text NOT NULL CHECK (length(memo) <= 500),
  actor            text NOT NULL CHECK (length(actor) BETWEEN 1 AND 200),
  idempotency_key  text NOT NULL UNIQUE CHECK (length(idempotency_key) BETWEEN 1 AND 200),
  fingerprint      text NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE postings (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  entry_id       bigint NOT NULL REFERENCES journal_entries (id),
  account_id     bigint NOT NULL,
  amount         bigint NOT NULL CHECK (amount <> 0),
  currency       char(3) NOT NULL,
  balance_after  bigint NOT NULL,
  FOREIGN KEY (account_id, currency) REFERENCES ledger_accounts (id, currency)
);
CREATE INDEX postings_account_history ON postings (account_id, id);
CREATE INDEX postings_entry ON postings (entry_id);

-- Append-only: a correction is a new entry, never an edit.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger table % is append-only: % refused', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;

CREATE TRIGGER journal_entries_append_only
  BEFORE UPDATE OR DELETE ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER journal_entries_no_truncate
  BEFORE TRUNCATE ON journal_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER postings_append_only
  BEFORE UPDATE OR DELETE ON postings
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER postings_no_truncate
  BEFORE TRUNCATE ON postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

-- Accounts are never deleted, so an account number is never reused.
CREATE TRIGGER ledger_accounts_no_delete
  BEFORE DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_accounts_no_truncate
  BEFORE TRUNCATE ON ledger_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

-- Identity and ownership of an account never change after it is opened. (Column-scoped, so
-- the balance updates of every posting do not pay for it.)
CREATE FUNCTION ledger_accounts_fixed_identity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.account_number <> OLD.account_number OR NEW.kind <> OLD.kind
     OR NEW.currency <> OLD.currency OR NEW.owner_id IS DISTINCT FROM OLD.owner_id THEN
    RAISE EXCEPTION 'ledger account % identity is fixed', OLD.id USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER ledger_accounts_identity
  BEFORE UPDATE OF account_number, kind, currency, owner_id ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_accounts_fixed_identity();

-- Cached balances, totals and versions change only inside the posting functions, which raise a
-- transaction-local flag around their one UPDATE. No other code path can set a balance.
CREATE TRIGGER ledger_accounts_balances_by_posting_only
  BEFORE UPDATE OF balance, credit_total, debit_total, version ON ledger_accounts
  FOR EACH ROW
  WHEN (current_setting('ledger.posting', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION ledger_refuse_change();

-- Defence in depth behind the ledger service, whoever inserts postings: after each INSERT
-- statement, every entry it touched must balance per currency and have all its postings in
-- that statement (an entry is written whole, once). Amounts are never zero, so an entry of one
-- posting cannot balance; a posting's currency is its account's by foreign key.
CREATE FUNCTION ledger_check_new_postings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad bigint;
BEGIN
  -- LATERAL makes it one index lookup per entry: a transition table has no statistics, and a
  -- plain join here would be planned as a scan of all postings.
  SELECT n.entry_id INTO bad
  FROM (SELECT entry_id, count(*) AS written FROM new_postings GROUP BY entry_id) n
  CROSS JOIN LATERAL (
    SELECT sum(q.c) AS total, bool_or(q.s <> 0) AS unbalanced
    FROM (SELECT sum(p.amount) AS s, count(*) AS c FROM postings p
          WHERE p.entry_id = n.entry_id GROUP BY p.currency) q
  ) x
  WHERE x.total <> n.written OR x.unbalanced
  LIMIT 1;
  IF bad IS NOT NULL THEN
    RAISE EXCEPTION 'journal entry % does not balance, or was not written in one statement', bad
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER postings_entries_balanced
  AFTER INSERT ON postings
  REFERENCING NEW TABLE AS new_postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_check_new_postings();

-- Posts one journal entry in one statement: locks the touched accounts in ascending id order,
-- claims the idempotency key, checks currencies and that no customer account goes below
-- zero at any posting, writes the postings with running balances and updates the cached
-- balances. Called only by the ledger service (apps/server/src/ledger/post.ts), which has
-- already checked amounts, balance per currency and field formats. Errors carry a LEDGER_* code
-- as their message and the detail as JSON; a balance beyond bigint raises SQLSTATE 22003. A repeated key returns the first entry (replayed).
CREATE FUNCTION ledger_post_entry(
  p_kind text, p_memo text, p_actor text, p_key text, p_fingerprint text,
  p_accounts bigint[], p_amounts bigint[], p_currencies text[],
  OUT entry_id bigint, OUT created_at timestamptz, OUT replayed boolean, OUT balances_after bigint[]
) LANGUAGE plpgsql
-- Its statements are simple index lookups: re-planning them on every call only costs time.
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  v_fingerprint text;
  v_ids bigint[];
  v_kinds text[];
  v_currencies text[];
  v_balances bigint[];
  v_credits bigint[];
  v_debits bigint[];
  v_missing bigint[];
  i int;
  j int;
BEGIN
  replayed := false;
  balances_after := '{}';
  -- Accounts first, then the key, as ledger_post_entries does, so a posting never holds a key
  -- while it waits for an account.
  SELECT array_agg(l.id), array_agg(l.kind), array_agg(l.currency::text), array_agg(l.balance)
  INTO v_ids, v_kinds, v_currencies, v_balances
  FROM (SELECT a.id, a.kind, a.currency, a.balance FROM ledger_accounts a
        WHERE a.id = ANY (p_accounts) ORDER BY a.id FOR UPDATE) l;

  INSERT INTO journal_entries (kind, memo, actor, idempotency_key, fingerprint)
  VALUES (p_kind, p_memo, p_actor, p_key, p_fingerprint)
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING journal_entries.id, journal_entries.created_at INTO entry_id, created_at;

  IF entry_id IS NULL THEN
    SELECT e.id, e.created_at, e.fingerprint INTO entry_id, created_at, v_fingerprint
    FROM journal_entries e WHERE e.idempotency_key = p_key;
    IF v_fingerprint <> p_fingerprint THEN
      RAISE EXCEPTION 'LEDGER_IDEMPOTENCY_CONFLICT' USING ERRCODE = 'P0001';
    END IF;
    replayed := true;
    SELECT array_agg(p.balance_after ORDER BY p.id) INTO balances_after
    FROM postings p WHERE p.entry_id = ledger_post_entry.entry_id;
    RETURN;
  END IF;

  v_credits := array_fill(0::bigint, ARRAY[coalesce(cardinality(v_ids), 0)]);
  v_debits := v_credits;
  FOR i IN 1 .. cardinality(p_accounts) LOOP
    j := array_position(v_ids, p_accounts[i]);
    IF j IS NULL THEN
      SELECT array_agg(DISTINCT x) INTO v_missing
      FROM unnest(p_accounts) x WHERE v_ids IS NULL OR NOT x = ANY (v_ids);
      RAISE EXCEPTION 'LEDGER_UNKNOWN_ACCOUNT'
        USING ERRCODE = 'P0001', DETAIL = json_build_object('accountIds', v_missing)::text;
    END IF;
    IF v_currencies[j] <> p_currencies[i] THEN
      RAISE EXCEPTION 'LEDGER_CURRENCY_MISMATCH'
        USING ERRCODE = 'P0001', DETAIL = json_build_object('accountId', p_accounts[i])::text;
    END IF;
    v_balances[j] := v_balances[j] + p_amounts[i];
    IF v_kinds[j] LIKE 'customer\_%' AND v_balances[j] < 0 THEN
      RAISE EXCEPTION 'LEDGER_INSUFFICIENT_FUNDS'
        USING ERRCODE = 'P0001', DETAIL = json_build_object('accountId', p_accounts[i])::text;
    END IF;
    IF p_amounts[i] > 0 THEN
      v_credits[j] := v_credits[j] + p_amounts[i];
    ELSE
      v_debits[j] := v_debits[j] - p_amounts[i];
    END IF;
    balances_after := balances_after || v_balances[j];
  END LOOP;

  PERFORM set_config('ledger.posting', 'on', true);
  WITH inserted AS (
    INSERT INTO postings (entry_id, account_id, amount, currency, balance_after)
    SELECT ledger_post_entry.entry_id, t.account_id, t.amount, t.currency, t.balance_after
    FROM unnest(p_accounts, p_amounts, p_currencies, balances_after)
         WITH ORDINALITY AS t(account_id, amount, currency, balance_after, n)
    ORDER BY t.n
  )
  UPDATE ledger_accounts AS a
  SET balance = u.balance,
      credit_total = a.credit_total + u.credit,
      debit_total = a.debit_total + u.debit,
      version = a.version + 1
  FROM unnest(v_ids, v_balances, v_credits, v_debits) AS u(id, balance, credit, debit)
  WHERE a.id = u.id;
  PERFORM set_config('ledger.posting', 'off', true);
END;
$$;
