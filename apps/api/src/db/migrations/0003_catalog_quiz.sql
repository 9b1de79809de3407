-- The catalog: brands and protein products. Ids are small integers (public, decision 002).
CREATE TABLE brands (
  id integer PRIMARY KEY,
  name text NOT NULL UNIQUE,
  slug text NOT NULL UNIQUE,
  logo_path text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE products (
  id integer PRIMARY KEY,
  brand_id integer NOT NULL REFERENCES brands (id),
  title text NOT NULL,
  -- The flavor as shown ("Double Rich Chocolate"); flavor_ids are Flavors list ids, the main family first.
  flavor text NOT NULL,
  flavor_ids integer[] NOT NULL CHECK (cardinality(flavor_ids) >= 1),
  protein_type text NOT NULL CHECK (protein_type IN ('whey', 'isolate', 'plant', 'casein', 'blend')),
  texture_id integer NOT NULL,
  allergens text[] NOT NULL DEFAULT '{}',
  diets text[] NOT NULL DEFAULT '{}',
  grams_protein integer NOT NULL CHECK (grams_protein > 0),
  size_lbs double precision NOT NULL CHECK (size_lbs > 0),
  description text NOT NULL,
  suggested_use text NOT NULL,
  nutrition jsonb NOT NULL,
  list_price_cents integer NOT NULL CHECK (list_price_cents > 0),
  -- Member discount in percent; the store promises 25-50% (docs/product.md#who-uses-it).
  discount_percent integer NOT NULL CHECK (discount_percent BETWEEN 25 AND 50),
  sample_stock integer NOT NULL DEFAULT 0 CHECK (sample_stock >= 0),
  tub_stock integer NOT NULL DEFAULT 0 CHECK (tub_stock >= 0),
  tub_image_path text NOT NULL,
  sample_image_path text NOT NULL,
  nutrition_image_path text NOT NULL,
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX products_brand_idx ON products (brand_id);

-- A quiz: the answers of docs/api-conventions.md#wire-shapes, never a password. An anonymous quiz is held by whoever has
-- the quiz_owner cookie whose hash is owner_secret_hash; once identity_id is set only that account.
CREATE TABLE quizzes (
  id uuid PRIMARY KEY,
  identity_id uuid,
  owner_secret_hash text,
  exercise_types integer[] NOT NULL DEFAULT '{}',
  exercise_frequency integer,
  fitness_goals integer[] NOT NULL DEFAULT '{}',
  lifestyle_performance_goals integer[] NOT NULL DEFAULT '{}',
  dietary_preferences integer[] NOT NULL DEFAULT '{}',
  dietary_restrictions integer[] NOT NULL DEFAULT '{}',
  brand_usages integer[] NOT NULL DEFAULT '{}',
  disliked_brands integer[] NOT NULL DEFAULT '{}',
  protein_mixes integer[] NOT NULL DEFAULT '{}',
  flavors integer[] NOT NULL DEFAULT '{}',
  textures integer[] NOT NULL DEFAULT '{}',
  used_protein_before boolean,
  email_address text,
  age integer,
  phone_number text,
  referral_code text,
  order_id uuid,
  -- The ranked matches shown on the results page: [{ "productId": 12, "reason": "..." }].
  matches jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX quizzes_identity_idx ON quizzes (identity_id, updated_at DESC);

-- Orders. This migration holds what the first box needs; payments extend it.
CREATE SEQUENCE order_number_seq START WITH 10000001;

CREATE TABLE orders (
  id uuid PRIMARY KEY,
  identity_id uuid NOT NULL,
  quiz_id uuid REFERENCES quizzes (id) ON DELETE SET NULL,
  kind text NOT NULL,
  status text NOT NULL DEFAULT 'draft',
  price_cents integer NOT NULL CHECK (price_cents >= 0),
  handling_fee_cents integer NOT NULL DEFAULT 0 CHECK (handling_fee_cents >= 0),
  tax_cents integer NOT NULL DEFAULT 0 CHECK (tax_cents >= 0),
  total_cents integer NOT NULL CHECK (total_cents >= 0),
  order_number text NOT NULL UNIQUE DEFAULT nextval('order_number_seq')::text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_identity_idx ON orders (identity_id, created_at DESC);
-- One first box per quiz, even when the results page is asked twice at the same moment.
CREATE UNIQUE INDEX orders_first_box_quiz_uidx ON orders (quiz_id) WHERE kind = 'first_box';

CREATE TABLE order_items (
  id uuid PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  product_id integer NOT NULL REFERENCES products (id),
  is_prime_pick boolean NOT NULL DEFAULT false,
  price_cents integer NOT NULL DEFAULT 0 CHECK (price_cents >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_items_order_idx ON order_items (order_id);
