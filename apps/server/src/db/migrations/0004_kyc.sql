-- Identity checks (KYC): the document types staff offer, customers' submissions and the files
-- of each. The files themselves live outside the database, under DATA_DIR/uploads, by key.

CREATE TABLE document_types (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name        text NOT NULL UNIQUE CHECK (length(name) BETWEEN 2 AND 60),
  active      boolean NOT NULL DEFAULT true,
  created_at  timestamptz NOT NULL DEFAULT now()
);
-- The spec's one fixed type; staff add and retire others in the catalog.
INSERT INTO document_types (name) VALUES ('Driver''s License'), ('Passport'), ('National ID Card');

CREATE TABLE kyc_submissions (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id         bigint NOT NULL REFERENCES users (id),
  country         char(2) NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
  phone           text NOT NULL CHECK (phone ~ '^\+[1-9][0-9]{6,14}$'),
  home_address    text NOT NULL CHECK (length(home_address) BETWEEN 5 AND 300),
  document_type   text NOT NULL,
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'declined')),
  decline_reason  text CHECK (decline_reason IS NULL OR length(decline_reason) BETWEEN 3 AND 500),
  reviewed_by     bigint REFERENCES users (id),
  reviewed_at     timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT kyc_declined_has_reason CHECK ((status = 'declined') = (decline_reason IS NOT NULL)),
  CONSTRAINT kyc_reviewed CHECK ((status = 'pending') = (reviewed_at IS NULL))
);
-- At most one submission waiting for review per customer.
CREATE UNIQUE INDEX kyc_submissions_one_pending ON kyc_submissions (user_id) WHERE status = 'pending';
CREATE INDEX kyc_submissions_queue ON kyc_submissions (created_at) WHERE status = 'pending';

CREATE TABLE kyc_files (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  submission_id  bigint NOT NULL REFERENCES kyc_submissions (id),
  role           text NOT NULL CHECK (role IN ('photo', 'id_front', 'id_back')),
  storage_key    text NOT NULL UNIQUE,
  mime           text NOT NULL,
  bytes          int NOT NULL CHECK (bytes > 0),
  sha256         text NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (submission_id, role)
);
