-- The signed-in customer's app: the plan a customer is on, profiles, the transaction PIN,
-- notifications, and the support contacts staff publish.

-- Account plans (tiers). Every customer is on one: the default plan until an upgrade moves them
-- (users.plan_id NULL means the default plan). Amounts in minor units of the bank's currency.
CREATE TABLE account_plans (
  id                    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name                  text NOT NULL CHECK (length(name) BETWEEN 2 AND 60),
  -- Service charge on outgoing transfers, in basis points (1000 = 10 %).
  service_charge_bp     int NOT NULL CHECK (service_charge_bp BETWEEN 0 AND 10000),
  daily_transfer_limit  bigint NOT NULL CHECK (daily_transfer_limit > 0),
  -- A transfer at or above this amount needs the emailed authorization code.
  step_up_threshold     bigint NOT NULL CHECK (step_up_threshold > 0),
  price                 bigint NOT NULL DEFAULT 0 CHECK (price >= 0),
  is_default            boolean NOT NULL DEFAULT false,
  active                boolean NOT NULL DEFAULT true,
  created_at            timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT account_plans_default_active CHECK (NOT is_default OR active)
);
CREATE UNIQUE INDEX account_plans_name_unique ON account_plans (lower(name));
CREATE UNIQUE INDEX account_plans_one_default ON account_plans (is_default) WHERE is_default;
INSERT INTO account_plans (name, service_charge_bp, daily_transfer_limit, step_up_threshold, is_default)
  VALUES ('Basic', 1000, 1000000, 100000, true);
ALTER TABLE users ADD COLUMN plan_id bigint REFERENCES account_plans (id);

-- What a customer tells the bank about themselves beyond their name. The identity check's
-- details (country, phone, home address) start it at approval. The next of kin is write-only for
-- the customer: sealed under a key derived from SECRET_KEY and never sent back to them.
CREATE TABLE customer_profiles (
  user_id            bigint PRIMARY KEY REFERENCES users (id),
  phone              text CHECK (phone ~ '^\+[1-9][0-9]{6,14}$'),
  gender             text CHECK (gender IN ('female', 'male', 'non_binary', 'undisclosed')),
  date_of_birth      date,
  country            char(2) CHECK (country ~ '^[A-Z]{2}$'),
  marital_status     text CHECK (marital_status IN
                       ('single', 'married', 'civil_partnership', 'separated', 'divorced', 'widowed')),
  home_address       text CHECK (length(home_address) BETWEEN 5 AND 300),
  next_of_kin_sealed text,
  next_of_kin_set_at timestamptz,
  picture_key        text REFERENCES stored_files (storage_key),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
INSERT INTO customer_profiles (user_id, phone, country, home_address)
  SELECT DISTINCT ON (user_id) user_id, phone, country, home_address
  FROM kyc_submissions WHERE status = 'approved'
  ORDER BY user_id, reviewed_at DESC;

-- The transaction PIN: a keyed hash (HMAC-SHA256 under a key derived from SECRET_KEY, with a
-- salt of its own), never the PIN. Consecutive wrong PINs are counted here; past the limit PIN
-- use rests until locked_until.
CREATE TABLE transaction_pins (
  user_id       bigint PRIMARY KEY REFERENCES users (id),
  pin_hash      text NOT NULL CHECK (pin_hash ~ '^[0-9a-f]{64}$'),
  salt          text NOT NULL CHECK (salt ~ '^[0-9a-f]{32}$'),
  failures      int NOT NULL DEFAULT 0 CHECK (failures >= 0),
  locked_until  timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);

-- In-app notifications, written in the transaction of the event they report. Writing one also
-- sends pg_notify('notifications', user id), delivered at commit, which wakes the live count.
CREATE TABLE notifications (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users (id),
  kind        text NOT NULL CHECK (kind ~ '^[a-z][a-z0-9_.]{1,62}$'),
  title       text NOT NULL CHECK (length(title) BETWEEN 1 AND 120),
  body        text NOT NULL CHECK (length(body) BETWEEN 1 AND 1000),
  read_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_by_user ON notifications (user_id, id DESC);
CREATE INDEX notifications_unread ON notifications (user_id) WHERE read_at IS NULL;

-- How customers reach support, as staff publish it (catalog.manage). A channel without a row is
-- not shown.
CREATE TABLE support_contacts (
  channel     text PRIMARY KEY CHECK (channel IN ('whatsapp', 'email', 'phone')),
  value       text NOT NULL CHECK (length(value) BETWEEN 3 AND 254),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
