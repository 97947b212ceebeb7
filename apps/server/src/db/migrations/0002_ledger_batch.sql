-- Group commit for the ledger: posts many independent journal entries in one statement and so
-- one transaction (apps/server/src/ledger/batch.ts gathers entries that arrive together).
-- Each entry is still all-or-nothing on its own: one refused for insufficient funds writes
-- nothing and does not disturb the others. All accounts of the batch are locked first, in
-- ascending id order, as the single-entry function does.
--
-- Per entry the result is a status: 'posted', 'replayed' (key seen before with the same
-- fingerprint), or a LEDGER_* error code with its detail as JSON. An idempotency key that is
-- in the batch twice, or that another transaction is posting right now, raises
-- LEDGER_BATCH_RETRY: the caller then posts that batch's entries one by one.
CREATE FUNCTION ledger_post_entries(
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

  SELECT array_agg(l.id), array_agg(l.kind), array_agg(l.currency::text), array_agg(l.balance)
  INTO v_ids, v_kinds, v_currencies, v_balances
  FROM (SELECT a.id, a.kind, a.currency, a.balance FROM ledger_accounts a
        WHERE a.id = ANY (p_accounts) ORDER BY a.id FOR UPDATE) l;
  v_credits := array_fill(0::bigint, ARRAY[coalesce(cardinality(v_ids), 0)]);
  v_debits := v_credits;

  SELECT array_agg(je.idempotency_key), array_agg(je.id), array_agg(je.created_at),
         array_agg(je.fingerprint)
  INTO v_known_keys, v_known_ids, v_known_created, v_known_fps
  -- A join on unnest, not "= ANY": the generic plan of the latter scans every entry.
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
        statuses[e] := 'LEDGER_UNKNOWN_ACCOUNT';
        details[e] := json_build_object('accountIds', (
          SELECT array_agg(DISTINCT x) FROM unnest(p_accounts[v_first : v_first + p_counts[e] - 1]) x
          WHERE v_ids IS NULL OR NOT x = ANY (v_ids)))::text;
      ELSIF v_currencies[j] <> p_currencies[i] THEN
        statuses[e] := 'LEDGER_CURRENCY_MISMATCH';
        details[e] := json_build_object('accountId', p_accounts[i])::text;
      ELSE
        v_balances[j] := v_balances[j] + p_amounts[i];
        IF v_kinds[j] LIKE 'customer\_%' AND v_balances[j] < 0 THEN
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
      END LOOP;
    END IF;
    v_first := v_first + p_counts[e];
  END LOOP;

  IF cardinality(v_posted) = 0 THEN
    RETURN;
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
    -- Another transaction committed one of these keys after we looked: start again singly.
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
      (SELECT array_agg(x ORDER BY x) FROM generate_subscripts(p_accounts, 1) x
       WHERE balances_after[x] IS NOT NULL),
      v_posting_entry
    ) AS t(n, entry)
    ORDER BY t.n
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
