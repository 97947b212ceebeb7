-- Issue 20, many customers at once (decision 0032): uploads kept in the database, where every
-- app server reaches them and where they are backed up and restored with the money they prove.
-- Each row is one upload sealed with AES-256-GCM under a key derived from SECRET_KEY (the
-- storage key is bound in as associated data): a copy of the database alone shows nothing, and
-- a row moved under another key, or altered, does not open. Written once, never updated; a
-- row goes when its file is removed (a replaced profile picture, an upload whose transaction
-- failed, a crash leftover swept after an hour).
CREATE TABLE upload_blobs (
  storage_key  text PRIMARY KEY CHECK (storage_key ~ '^[0-9a-f]{32}\.(jpg|webp|pdf)$'),
  sealed       bytea NOT NULL CHECK (octet_length(sealed) > 32),
  created_at   timestamptz NOT NULL DEFAULT now()
);
-- The hourly sweep looks for old rows that no stored_files row refers to.
CREATE INDEX upload_blobs_created_at ON upload_blobs (created_at);
