-- Issue 19, forms and words (decision 0028).

-- Marital status, like gender, may be "Prefer not to say" (and stays optional: NULL until given).
ALTER TABLE customer_profiles DROP CONSTRAINT customer_profiles_marital_status_check;
ALTER TABLE customer_profiles ADD CONSTRAINT customer_profiles_marital_status_check
  CHECK (marital_status IN ('single', 'married', 'civil_partnership', 'separated', 'divorced',
                            'widowed', 'undisclosed'));
