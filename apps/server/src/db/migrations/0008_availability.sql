-- Region availability (PRODUCT.md principle 6): for each product this bank offers, the countries
-- where it is switched off. Products the bank does not offer at all (loans, cards, bill
-- payments, card and cash deposits) have no row and are unavailable everywhere.
CREATE TABLE product_availability (
  product                text PRIMARY KEY CHECK (product ~ '^[a-z][a-z_]{1,40}$'),
  unavailable_countries  text[] NOT NULL DEFAULT '{}'
                         CHECK (array_position(unavailable_countries, NULL) IS NULL),
  updated_at             timestamptz NOT NULL DEFAULT now()
);
INSERT INTO product_availability (product) VALUES
  ('crypto_deposit'), ('make_payment'), ('fixed_deposit'), ('bank_transfer'), ('upgrade');
