-- The bank's own accounts (owner_id IS NULL: clearing, fee income, interest, suspense, manual
-- adjustments) post without a row lock (decision 29). Every transfer in the bank credits fee
-- income and a clearing account; with those rows locked FOR UPDATE from the posting to the
-- commit, every submission in the bank waited for the one before it. Nothing is checked on a
-- house account's balance (it may go negative), so the lock bought nothing but an inline update
-- of its cached balance.
--
-- Now a posting to a house account writes the posting (balance_after NULL: no running balance
-- is known without the lock) and a pending movement; `ledger_fold_pending()` moves pending
-- movements into the cached balance, totals and version, in one statement, and is run every
-- few seconds by the `ledger.fold` job. A house account's balance is its cached balance plus its
-- pending movements, read in one statement (one snapshot: a fold commits the removal and the
-- addition together). Customer accounts are unchanged: locked in ascending id order, checked
-- never to go below zero, cached balance and running balance written inline.

ALTER TABLE postings ALTER COLUMN balance_after DROP NOT NULL;

CREATE TABLE ledger_pending (
  posting_id  bigint PRIMARY KEY REFERENCES postings (id),
  account_id  bigint NOT NULL,
  amount      bigint NOT NULL CHECK (amount <> 0)
);
CREATE INDEX ledger_pending_account ON ledger_pending (account_id);

-- Only the posting and fold functions write pending movements (the same transaction-local flag
-- that guards cached balances); a movement is removed only by folding it.
CREATE FUNCTION ledger_pending_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('ledger.posting', true) IS DISTINCT FROM 'on' THEN
    RAISE EXCEPTION 'ledger table % is written by the ledger functions only: % refused',
      TG_TABLE_NAME, TG_OP USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END;
$$;
CREATE TRIGGER ledger_pending_by_ledger_only
  BEFORE INSERT OR UPDATE OR DELETE ON ledger_pending
  FOR EACH ROW EXECUTE FUNCTION ledger_pending_guard();
CREATE TRIGGER ledger_pending_no_truncate
  BEFORE TRUNCATE ON ledger_pending
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

-- Keeps the bank's own balances and totals within bigint without a lock on the common path.
-- p_ids are the house accounts an entry (or a batch) touches, with its signed movement and its
-- credits and debits on each.
--
-- Fast path (no wait): this transaction's house movements so far, this one included, are at
-- most 2^43 minor units, and each account's |cached figure| plus the absolute sum of its
-- pending movements is at most 2^61, read after taking FOR KEY SHARE on the accounts (the lock
-- every posting's foreign key takes anyway: it never waits for another posting). At most
-- 2^18 transactions exist at once (PostgreSQL's ceiling on max_connections), so the postings
-- in flight beside this one move each account by at most 2^18 * 2^43 = 2^61: no figure can
-- pass 2^62, let alone 2^63 - 1.
--
-- Otherwise (p_may_wait; the batch function gives up instead): the accounts are locked FOR
-- UPDATE, which waits for every posting that holds the key-share lock and keeps new ones out,
-- and the exact figures (cached + pending + this entry) are checked as the inline update
-- checked them: beyond bigint raises SQLSTATE 22003 (LEDGER_AMOUNT_OUT_OF_RANGE), nothing
-- written.
CREATE FUNCTION ledger_house_guard(
  p_ids bigint[], p_delta bigint[], p_credit bigint[], p_debit bigint[], p_may_wait boolean
) RETURNS void LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  c_band CONSTANT numeric := 2305843009213693952;  -- 2^61
  c_step CONSTANT numeric := 8796093022208;        -- 2^43
  c_max CONSTANT numeric := 9223372036854775807;   -- 2^63 - 1
  v_moved numeric;
  v_slow boolean;
  v_bad boolean;
BEGIN
  IF coalesce(cardinality(p_ids), 0) = 0 THEN
    RETURN;
  END IF;
  v_moved := coalesce(nullif(current_setting('ledger.house_moved', true), ''), '0')::numeric
             + (SELECT sum(c::numeric + d::numeric) FROM unnest(p_credit, p_debit) AS t(c, d));
  v_slow := v_moved > c_step;
  IF NOT v_slow THEN
    PERFORM 1 FROM ledger_accounts WHERE id = ANY (p_ids) ORDER BY id FOR KEY SHARE;
    SELECT coalesce(bool_or(greatest(abs(a.balance::numeric), a.credit_total, a.debit_total)
                            + coalesce(m.moved, 0) > c_band), false)
    INTO v_slow
    FROM ledger_accounts a
    LEFT JOIN LATERAL (SELECT sum(abs(q.amount::numeric)) AS moved FROM ledger_pending q
                       WHERE q.account_id = a.id) m ON true
    WHERE a.id = ANY (p_ids);
    IF NOT v_slow THEN
      PERFORM set_config('ledger.house_moved', v_moved::text, true);
      RETURN;
    END IF;
  END IF;
  IF NOT p_may_wait THEN
    RAISE EXCEPTION 'LEDGER_BATCH_RETRY' USING ERRCODE = 'P0001';
  END IF;
  PERFORM 1 FROM ledger_accounts WHERE id = ANY (p_ids) ORDER BY id FOR UPDATE;
  SELECT coalesce(bool_or(
           abs(a.balance::numeric + coalesce(m.amount, 0) + u.delta) > c_max
           OR a.credit_total::numeric + coalesce(m.credit, 0) + u.credit > c_max
           OR a.debit_total::numeric + coalesce(m.debit, 0) + u.debit > c_max), false)
  INTO v_bad
  FROM unnest(p_ids, p_delta, p_credit, p_debit) AS u(id, delta, credit, debit)
  JOIN ledger_accounts a ON a.id = u.id
  LEFT JOIN LATERAL (SELECT sum(q.amount::numeric) AS amount,
                            coalesce(sum(q.amount::numeric) FILTER (WHERE q.amount > 0), 0) AS credit,
                            coalesce(-sum(q.amount::numeric) FILTER (WHERE q.amount < 0), 0) AS debit
                     FROM ledger_pending q WHERE q.account_id = a.id) m ON true;
  IF v_bad THEN
    RAISE EXCEPTION 'a house account balance or total would pass the bigint range'
      USING ERRCODE = 'numeric_value_out_of_range';
  END IF;
END;
$$;

-- One entry, as before, except that the bank's own accounts are read, not locked, get no
-- running balance and no inline update: a pending movement instead.
CREATE OR REPLACE FUNCTION ledger_post_entry(
  p_kind text, p_memo text, p_actor text, p_key text, p_fingerprint text,
  p_accounts bigint[], p_amounts bigint[], p_currencies text[],
  OUT entry_id bigint, OUT created_at timestamptz, OUT replayed boolean, OUT balances_after bigint[]
) LANGUAGE plpgsql
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
  h_ids bigint[];
  h_currencies text[];
  v_missing bigint[];
  i int;
  j int;
BEGIN
  replayed := false;
  balances_after := '{}';
  -- Customer accounts first, locked in ascending id order; then the key, as before, so a
  -- posting never holds a key while it waits for an account.
  SELECT array_agg(l.id), array_agg(l.kind), array_agg(l.currency::text), array_agg(l.balance)
  INTO v_ids, v_kinds, v_currencies, v_balances
  FROM (SELECT a.id, a.kind, a.currency, a.balance FROM ledger_accounts a
        WHERE a.id = ANY (p_accounts) AND a.owner_id IS NOT NULL ORDER BY a.id FOR UPDATE) l;
  SELECT array_agg(a.id), array_agg(a.currency::text) INTO h_ids, h_currencies
  FROM ledger_accounts a WHERE a.id = ANY (p_accounts) AND a.owner_id IS NULL;
  -- The house accounts' guard (it may wait, on the rare exact path) before the key is claimed.
  IF h_ids IS NOT NULL THEN
    PERFORM ledger_house_guard(g.ids, g.delta, g.credit, g.debit, true)
    FROM (SELECT array_agg(t.account_id) AS ids, array_agg(t.delta) AS delta,
                 array_agg(t.credit) AS credit, array_agg(t.debit) AS debit
          FROM (SELECT u.account_id, sum(u.amount)::bigint AS delta,
                       coalesce(sum(u.amount) FILTER (WHERE u.amount > 0), 0)::bigint AS credit,
                       coalesce(-sum(u.amount) FILTER (WHERE u.amount < 0), 0)::bigint AS debit
                FROM unnest(p_accounts, p_amounts) AS u(account_id, amount)
                WHERE u.account_id = ANY (h_ids)
                GROUP BY u.account_id) t) g;
  END IF;

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
      j := array_position(h_ids, p_accounts[i]);
      IF j IS NULL THEN
        SELECT array_agg(DISTINCT x) INTO v_missing
        FROM unnest(p_accounts) x
        WHERE NOT x = ANY (coalesce(v_ids, '{}') || coalesce(h_ids, '{}'));
        RAISE EXCEPTION 'LEDGER_UNKNOWN_ACCOUNT'
          USING ERRCODE = 'P0001', DETAIL = json_build_object('accountIds', v_missing)::text;
      END IF;
      IF h_currencies[j] <> p_currencies[i] THEN
        RAISE EXCEPTION 'LEDGER_CURRENCY_MISMATCH'
          USING ERRCODE = 'P0001', DETAIL = json_build_object('accountId', p_accounts[i])::text;
      END IF;
      balances_after := balances_after || NULL::bigint;
      CONTINUE;
    END IF;
    IF v_currencies[j] <> p_currencies[i] THEN
      RAISE EXCEPTION 'LEDGER_CURRENCY_MISMATCH'
        USING ERRCODE = 'P0001', DETAIL = json_build_object('accountId', p_accounts[i])::text;
    END IF;
    v_balances[j] := v_balances[j] + p_amounts[i];
    IF v_balances[j] < 0 THEN
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
    RETURNING postings.id, postings.account_id, postings.amount, postings.balance_after
  ), pending AS (
    INSERT INTO ledger_pending (posting_id, account_id, amount)
    SELECT ins.id, ins.account_id, ins.amount FROM inserted ins WHERE ins.balance_after IS NULL
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

-- Group commit (decision 4), with the same change: only customer accounts are locked.
CREATE OR REPLACE FUNCTION ledger_post_entries(
  p_kinds text[], p_memos text[], p_actors text[], p_keys text[], p_fingerprints text[],
  p_counts int[],
  p_accounts bigint[], p_amounts bigint[], p_currencies text[],
  OUT entry_ids bigint[], OUT created_ats timestamptz[], OUT statuses text[], OUT details text[],
  OUT balances_after bigint[]
) LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  n_entries int := cardinality(p_keys);
  v_ids bigint[];
  v_kinds text[];
  v_currencies text[];
  v_balances bigint[];
  v_credits bigint[];
  v_debits bigint[];
  h_ids bigint[];
  h_currencies text[];
  s_balances bigint[];
  s_credits bigint[];
  s_debits bigint[];
  v_known_keys text[];
  v_known_ids bigint[];
  v_known_created timestamptz[];
  v_known_fps text[];
  v_posted int[] := '{}';
  v_new_keys text[];
  v_new_ids bigint[];
  v_new_created timestamptz[];
  v_posting_entry int[] := '{}';
  v_written boolean[];
  v_first int := 1;
  v_failed boolean;
  e int;
  i int;
  j int;
  k int;
BEGIN
  IF (SELECT count(DISTINCT x) FROM unnest(p_keys) x) <> n_entries THEN
    RAISE EXCEPTION 'LEDGER_BATCH_RETRY' USING ERRCODE = 'P0001';
  END IF;
  entry_ids := array_fill(NULL::bigint, ARRAY[n_entries]);
  created_ats := array_fill(NULL::timestamptz, ARRAY[n_entries]);
  statuses := array_fill(NULL::text, ARRAY[n_entries]);
  details := array_fill(NULL::text, ARRAY[n_entries]);
  balances_after := array_fill(NULL::bigint, ARRAY[cardinality(p_accounts)]);
  -- Which postings are written (their entry was accepted): a house posting's balance_after
  -- stays NULL, so it cannot say so.
  v_written := array_fill(false, ARRAY[cardinality(p_accounts)]);

  SELECT array_agg(l.id), array_agg(l.kind), array_agg(l.currency::text), array_agg(l.balance)
  INTO v_ids, v_kinds, v_currencies, v_balances
  FROM (SELECT a.id, a.kind, a.currency, a.balance FROM ledger_accounts a
        WHERE a.id = ANY (p_accounts) AND a.owner_id IS NOT NULL ORDER BY a.id FOR UPDATE) l;
  SELECT array_agg(a.id), array_agg(a.currency::text) INTO h_ids, h_currencies
  FROM ledger_accounts a WHERE a.id = ANY (p_accounts) AND a.owner_id IS NULL;
  v_credits := array_fill(0::bigint, ARRAY[coalesce(cardinality(v_ids), 0)]);
  v_debits := v_credits;

  SELECT array_agg(je.idempotency_key), array_agg(je.id), array_agg(je.created_at),
         array_agg(je.fingerprint)
  INTO v_known_keys, v_known_ids, v_known_created, v_known_fps
  FROM unnest(p_keys) AS k(key) JOIN journal_entries je ON je.idempotency_key = k.key;

  FOR e IN 1 .. n_entries LOOP
    k := array_position(v_known_keys, p_keys[e]);
    IF k IS NOT NULL THEN
      IF v_known_fps[k] = p_fingerprints[e] THEN
        statuses[e] := 'replayed';
        entry_ids[e] := v_known_ids[k];
        created_ats[e] := v_known_created[k];
      ELSE
        statuses[e] := 'LEDGER_IDEMPOTENCY_CONFLICT';
      END IF;
      v_first := v_first + p_counts[e];
      CONTINUE;
    END IF;

    s_balances := v_balances;
    s_credits := v_credits;
    s_debits := v_debits;
    v_failed := false;
    FOR i IN v_first .. v_first + p_counts[e] - 1 LOOP
      j := array_position(v_ids, p_accounts[i]);
      IF j IS NULL THEN
        j := array_position(h_ids, p_accounts[i]);
        IF j IS NULL THEN
          statuses[e] := 'LEDGER_UNKNOWN_ACCOUNT';
          details[e] := json_build_object('accountIds', (
            SELECT array_agg(DISTINCT x) FROM unnest(p_accounts[v_first : v_first + p_counts[e] - 1]) x
            WHERE NOT x = ANY (coalesce(v_ids, '{}') || coalesce(h_ids, '{}'))))::text;
        ELSIF h_currencies[j] <> p_currencies[i] THEN
          statuses[e] := 'LEDGER_CURRENCY_MISMATCH';
          details[e] := json_build_object('accountId', p_accounts[i])::text;
        END IF;
        IF statuses[e] IS NOT NULL THEN
          v_failed := true;
          EXIT;
        END IF;
        CONTINUE;
      END IF;
      IF v_currencies[j] <> p_currencies[i] THEN
        statuses[e] := 'LEDGER_CURRENCY_MISMATCH';
        details[e] := json_build_object('accountId', p_accounts[i])::text;
      ELSE
        v_balances[j] := v_balances[j] + p_amounts[i];
        IF v_balances[j] < 0 THEN
          statuses[e] := 'LEDGER_INSUFFICIENT_FUNDS';
          details[e] := json_build_object('accountId', p_accounts[i])::text;
        END IF;
      END IF;
      IF statuses[e] IS NOT NULL THEN
        v_failed := true;
        EXIT;
      END IF;
      IF p_amounts[i] > 0 THEN
        v_credits[j] := v_credits[j] + p_amounts[i];
      ELSE
        v_debits[j] := v_debits[j] - p_amounts[i];
      END IF;
      balances_after[i] := v_balances[j];
    END LOOP;

    IF v_failed THEN
      v_balances := s_balances;
      v_credits := s_credits;
      v_debits := s_debits;
      FOR i IN v_first .. v_first + p_counts[e] - 1 LOOP
        balances_after[i] := NULL;
      END LOOP;
    ELSE
      statuses[e] := 'posted';
      v_posted := v_posted || e;
      FOR i IN v_first .. v_first + p_counts[e] - 1 LOOP
        v_posting_entry := v_posting_entry || e;
        v_written[i] := true;
      END LOOP;
    END IF;
    v_first := v_first + p_counts[e];
  END LOOP;

  IF cardinality(v_posted) = 0 THEN
    RETURN;
  END IF;
  -- The house movements of the accepted entries: a batch that would have to wait for the
  -- exact check is posted entry by entry instead.
  IF coalesce(cardinality(h_ids), 0) > 0 THEN
    PERFORM ledger_house_guard(g.ids, g.delta, g.credit, g.debit, false)
    FROM (SELECT array_agg(t.account_id) AS ids, array_agg(t.delta) AS delta,
                 array_agg(t.credit) AS credit, array_agg(t.debit) AS debit
          FROM (SELECT p_accounts[x] AS account_id, sum(p_amounts[x])::bigint AS delta,
                       coalesce(sum(p_amounts[x]) FILTER (WHERE p_amounts[x] > 0), 0)::bigint AS credit,
                       coalesce(-sum(p_amounts[x]) FILTER (WHERE p_amounts[x] < 0), 0)::bigint AS debit
                FROM generate_subscripts(p_accounts, 1) x
                WHERE v_written[x] AND p_accounts[x] = ANY (h_ids)
                GROUP BY p_accounts[x]) t) g
    WHERE g.ids IS NOT NULL;
  END IF;

  WITH inserted AS (
    INSERT INTO journal_entries (kind, memo, actor, idempotency_key, fingerprint)
    SELECT p_kinds[x], p_memos[x], p_actors[x], p_keys[x], p_fingerprints[x]
    FROM unnest(v_posted) WITH ORDINALITY AS t(x, n)
    ORDER BY t.n
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING journal_entries.idempotency_key, journal_entries.id, journal_entries.created_at
  )
  SELECT array_agg(idempotency_key), array_agg(id), array_agg(inserted.created_at)
  INTO v_new_keys, v_new_ids, v_new_created FROM inserted;
  IF coalesce(cardinality(v_new_keys), 0) <> cardinality(v_posted) THEN
    RAISE EXCEPTION 'LEDGER_BATCH_RETRY' USING ERRCODE = 'P0001';
  END IF;
  FOREACH e IN ARRAY v_posted LOOP
    k := array_position(v_new_keys, p_keys[e]);
    entry_ids[e] := v_new_ids[k];
    created_ats[e] := v_new_created[k];
  END LOOP;

  PERFORM set_config('ledger.posting', 'on', true);
  WITH inserted AS (
    INSERT INTO postings (entry_id, account_id, amount, currency, balance_after)
    SELECT entry_ids[t.entry], p_accounts[t.n], p_amounts[t.n], p_currencies[t.n], balances_after[t.n]
    FROM unnest(
      (SELECT array_agg(x ORDER BY x) FROM generate_subscripts(p_accounts, 1) x WHERE v_written[x]),
      v_posting_entry
    ) AS t(n, entry)
    ORDER BY t.n
    RETURNING postings.id, postings.account_id, postings.amount, postings.balance_after
  ), pending AS (
    INSERT INTO ledger_pending (posting_id, account_id, amount)
    SELECT ins.id, ins.account_id, ins.amount FROM inserted ins WHERE ins.balance_after IS NULL
  )
  UPDATE ledger_accounts AS a
  SET balance = u.balance,
      credit_total = a.credit_total + u.credit,
      debit_total = a.debit_total + u.debit,
      version = a.version + 1
  FROM unnest(v_ids, v_balances, v_credits, v_debits) AS u(id, balance, credit, debit)
  WHERE a.id = u.id AND (u.credit <> 0 OR u.debit <> 0);
  PERFORM set_config('ledger.posting', 'off', true);
END;
$$;

-- Moves every pending movement it sees into its account's cached balance, totals and version,
-- in one statement: the movements leave ledger_pending and arrive in the balance in the same
-- commit, so readers (cached + pending, one statement) never see them twice or not at all. One
-- fold at a time (the advisory lock (1, 3); another fold meanwhile returns 0 at once), and all
-- of an account's visible movements at once: what it folds is a state the books really had,
-- which the posting checks kept within bigint. Returns how many movements it moved.
CREATE FUNCTION ledger_fold_pending() RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  moved_count int;
BEGIN
  IF NOT pg_try_advisory_xact_lock(1, 3) THEN
    RETURN 0;
  END IF;
  PERFORM 1 FROM ledger_accounts
  WHERE id IN (SELECT DISTINCT account_id FROM ledger_pending) ORDER BY id FOR NO KEY UPDATE;
  PERFORM set_config('ledger.posting', 'on', true);
  WITH moved AS (
    DELETE FROM ledger_pending RETURNING account_id, amount
  ), sums AS (
    SELECT account_id, sum(amount) AS balance,
           coalesce(sum(amount) FILTER (WHERE amount > 0), 0) AS credit,
           coalesce(-sum(amount) FILTER (WHERE amount < 0), 0) AS debit,
           count(*) AS n
    FROM moved GROUP BY account_id
  ), updated AS (
    UPDATE ledger_accounts AS a
    SET balance = a.balance + s.balance,
        credit_total = a.credit_total + s.credit,
        debit_total = a.debit_total + s.debit,
        version = a.version + 1
    FROM sums s
    WHERE a.id = s.account_id
    RETURNING s.n
  )
  SELECT coalesce(sum(n), 0)::int INTO moved_count FROM updated;
  PERFORM set_config('ledger.posting', 'off', true);
  RETURN moved_count;
END;
$$;
