-- A fixed-deposit request keeps the plan's rate and term as the customer saw them when asking.
-- Staff may edit a plan while requests wait; a request is confirmed only on the terms it asked
-- for (otherwise staff decline it, and the customer may ask again on the new terms). Null on
-- the other kinds.
ALTER TABLE funding_requests
  ADD COLUMN fd_rate_bp int CHECK (fd_rate_bp BETWEEN 1 AND 10000),
  ADD COLUMN fd_term_count int CHECK (fd_term_count BETWEEN 1 AND 3660),
  ADD COLUMN fd_term_unit text CHECK (fd_term_unit IN ('days', 'months')),
  ADD CONSTRAINT funding_requests_fd_terms CHECK (
    (fd_rate_bp IS NULL AND fd_term_count IS NULL AND fd_term_unit IS NULL) OR
    (kind = 'fixed_deposit' AND fd_rate_bp IS NOT NULL AND fd_term_count IS NOT NULL
       AND fd_term_unit IS NOT NULL));
