-- Document type names are unique regardless of case ("passport" is "Passport"), so staff cannot
-- add the same type twice; a name has no surrounding spaces or control characters.
CREATE UNIQUE INDEX document_types_name_ci ON document_types (lower(name));
ALTER TABLE document_types
  ADD CONSTRAINT document_types_name_clean
  CHECK (name = btrim(name) AND name !~ '[[:cntrl:]]');
