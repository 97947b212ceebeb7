-- Issue 19, forms and words (decision 0028).

-- Marital status, like gender, may be "Prefer not to say" (and stays optional: NULL until given).
ALTER TABLE customer_profiles DROP CONSTRAINT customer_profiles_marital_status_check;
ALTER TABLE customer_profiles ADD CONSTRAINT customer_profiles_marital_status_check
  CHECK (marital_status IN ('single', 'married', 'civil_partnership', 'separated', 'divorced',
                            'widowed', 'undisclosed'));

-- One row per person and code purpose, locked (SELECT … FOR UPDATE) by whoever is about to send
-- that person a code of that purpose, until their transaction ends: the one-a-minute resend and
-- the daily cap are read and the code written under it, so requests arriving at the same moment
-- take turns instead of each seeing "none sent yet". A row holds no data of its own; user_id 0
-- may stand for an address without an account, as in code_failures, hence no foreign key.
CREATE TABLE code_issue_locks (
  user_id  bigint NOT NULL,
  purpose  text NOT NULL,
  PRIMARY KEY (user_id, purpose)
);
