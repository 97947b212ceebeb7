-- Document type names are unique regardless of case ("passport" is "Passport"), so staff cannot
-- add the same type twice. The case-blind index replaces the plain UNIQUE (name) of 0004: with
-- both, two identical names added at the same moment could trip the plain one (a 500) instead
-- of meeting ON CONFLICT on the case-blind one (a clear 409).
CREATE UNIQUE INDEX document_types_name_ci ON document_types (lower(name));
ALTER TABLE document_types DROP CONSTRAINT document_types_name_key;
-- No surrounding spaces and no control characters (C0, DEL, C1), by code point, whatever the
-- database's locale.
ALTER TABLE document_types
  ADD CONSTRAINT document_types_name_clean
  CHECK (name = btrim(name) AND name !~ '[\x01-\x1f\x7f-\x9f]');
