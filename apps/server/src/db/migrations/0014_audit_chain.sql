-- The audit log made tamper-evident and searchable (issue 18, decision 21).
--
-- Every row carries its place in one chain: `seq` (1, 2, 3… with no gap), `prev_hash` (the hash
-- of the row before) and `hash` (SHA-256 over the row's own fields and prev_hash). The chain is
-- written by a trigger, under a transaction-level advisory lock, so no writer can skip it. The
-- append-only triggers (migration 0003) already refuse UPDATE, DELETE and TRUNCATE; the chain is
-- for someone who goes around them: an edited row no longer matches its hash, a removed one
-- leaves a gap in seq and a broken link (`npm run audit:verify`).
--
-- `customer_id`: the customer an event concerns (the owner of a funding request, the target of
-- a freeze…), so that a customer's audit trail is one indexed query.

ALTER TABLE audit_log ADD COLUMN customer_id bigint REFERENCES users (id);
ALTER TABLE audit_log ADD COLUMN seq bigint;
ALTER TABLE audit_log ADD COLUMN prev_hash text;
ALTER TABLE audit_log ADD COLUMN hash text;

-- The canonical form of a row: a JSON array of its fields in a fixed order (jsonb prints its
-- keys in one order whatever order they were written in), times in UTC to the microsecond.
CREATE FUNCTION audit_row_hash(
  p_seq bigint, p_prev_hash text, p_actor_id bigint, p_action text, p_target_type text,
  p_target_id text, p_customer_id bigint, p_before jsonb, p_after jsonb, p_ip text,
  p_user_agent text, p_created_at timestamptz
) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(jsonb_build_array(
    p_seq, p_prev_hash, p_actor_id, p_action, p_target_type, p_target_id, p_customer_id,
    p_before, p_after, p_ip, p_user_agent,
    to_char(p_created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
  )::text, 'UTF8')), 'hex')
$$;

-- 64 zeros: the "row before" the first row.
CREATE FUNCTION audit_genesis_hash() RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT repeat('0', 64)
$$;

-- Existing rows join the chain in the order they were written.
ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only;
DO $$
DECLARE
  r record;
  v_seq bigint := 0;
  v_prev text := audit_genesis_hash();
  v_hash text;
BEGIN
  FOR r IN SELECT * FROM audit_log ORDER BY id LOOP
    v_seq := v_seq + 1;
    v_hash := audit_row_hash(v_seq, v_prev, r.actor_id, r.action, r.target_type, r.target_id,
      r.customer_id, r.before, r.after, r.ip, r.user_agent, r.created_at);
    UPDATE audit_log SET seq = v_seq, prev_hash = v_prev, hash = v_hash WHERE id = r.id;
    v_prev := v_hash;
  END LOOP;
END $$;
ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only;

ALTER TABLE audit_log ALTER COLUMN seq SET NOT NULL;
ALTER TABLE audit_log ALTER COLUMN prev_hash SET NOT NULL;
ALTER TABLE audit_log ALTER COLUMN hash SET NOT NULL;
CREATE UNIQUE INDEX audit_log_seq ON audit_log (seq);
CREATE INDEX audit_log_customer ON audit_log (customer_id, id) WHERE customer_id IS NOT NULL;
CREATE INDEX audit_log_actor ON audit_log (actor_id, id) WHERE actor_id IS NOT NULL;
CREATE INDEX audit_log_action ON audit_log (action, id);
CREATE INDEX audit_log_created ON audit_log (created_at, id);

-- The link is made here, not by the application: whatever inserts a row, it joins the chain.
-- The advisory lock (held to the end of the inserting transaction) orders writers, so the row
-- read as "last" is the last one committed or this transaction's own. Writers therefore audit
-- last in their transaction, after the row locks they need (the decision primitive does).
CREATE FUNCTION audit_log_link() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_last record;
BEGIN
  -- The two-key form: its own key space, apart from the one-key locks of migrations and jobs.
  PERFORM pg_advisory_xact_lock(1, 1);
  SELECT a.seq, a.hash INTO v_last FROM audit_log a ORDER BY a.seq DESC LIMIT 1;
  NEW.seq := coalesce(v_last.seq, 0) + 1;
  NEW.prev_hash := coalesce(v_last.hash, audit_genesis_hash());
  NEW.created_at := coalesce(NEW.created_at, now());
  NEW.hash := audit_row_hash(NEW.seq, NEW.prev_hash, NEW.actor_id, NEW.action, NEW.target_type,
    NEW.target_id, NEW.customer_id, NEW.before, NEW.after, NEW.ip, NEW.user_agent,
    NEW.created_at);
  RETURN NEW;
END;
$$;
CREATE TRIGGER audit_log_link BEFORE INSERT ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_link();

-- Defence in depth where roles are used: nobody but the owner may change rows, even with the
-- triggers out of the way (the application should connect as a role that does not own the
-- tables: docs/operations.md).
REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM PUBLIC;
