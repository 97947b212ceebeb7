-- Issue 20, retries (decision 0031): the answers to requests sent with an Idempotency-Key.
--
-- One row per person and key. A request claims its key with a row 'running', held by a random
-- claim token until `locked_until` (a server that dies mid-request leaves a claim that a retry
-- may take over once this time has passed); a 2xx answer is saved on the row ('done') and
-- replayed to a retry with the same key and request until `expires_at`; any other answer
-- deletes the row (nothing was done, so a retry does the work). `fingerprint` is an HMAC of the
-- request (method, route, parameters, body, uploaded files' digests) under the server's secret:
-- a PIN in a body never lies in the table in a form that four digits' worth of guesses can find.
-- A platform table read and written only by platform/idempotency, for every module: see the
-- decision for why one table rather than a column per module.
CREATE TABLE idempotent_requests (
  user_id          bigint NOT NULL,
  key              text NOT NULL CHECK (key ~ '^[!-~]{8,100}$'),
  fingerprint      text NOT NULL,
  claim            text NOT NULL,
  state            text NOT NULL CHECK (state IN ('running', 'done')),
  locked_until     timestamptz NOT NULL,
  response_status  integer CHECK (response_status BETWEEN 200 AND 299),
  response_type    text,
  response_body    text,
  server_id        text NOT NULL,
  created_at       timestamptz NOT NULL,
  expires_at       timestamptz NOT NULL,
  PRIMARY KEY (user_id, key),
  CHECK ((state = 'done') = (response_status IS NOT NULL AND response_body IS NOT NULL))
);

-- The daily housekeeping removes answers past their time.
CREATE INDEX idempotent_requests_expires_at ON idempotent_requests (expires_at);
