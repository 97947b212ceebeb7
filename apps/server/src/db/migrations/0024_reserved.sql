-- Placeholder so that 0025 applies on this branch (wt/idem): another branch of issue 20 holds
-- 0024. Delete this file when that branch's 0024 is merged.
SELECT 1;
