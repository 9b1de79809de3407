-- The members' shop (docs/product.md#shop-and-cart): carts, coupons and their redemptions, tub stock reservations and
-- referral rewards. Money in integer cents.

-- One open cart per member at a time; `version` guards against lost updates from two tabs
-- (docs/reliability.md#e7: a stale version gets 409 and the client re-reads).
CREATE TABLE carts (
  id uuid PRIMARY KEY,
  identity_id uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'checking_out', 'ordered')),
  coupon_id uuid,
  -- The paid order the cart became (status 'ordered').
  order_id uuid,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX carts_identity_idx ON carts (identity_id, created_at DESC);

CREATE TABLE cart_items (
  id uuid PRIMARY KEY,
  cart_id uuid NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
  product_id integer NOT NULL REFERENCES products (id),
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 99),
  created_at timestamptz NOT NULL DEFAULT now()
);
-- Adding a product already in the cart raises its quantity instead of adding a row.
CREATE UNIQUE INDEX cart_items_cart_product_key ON cart_items (cart_id, product_id);

-- Percent (1-100) or fixed (cents) off the cart's discounted subtotal, or one free tub
-- (the referral reward: the most expensive item's unit price, once).
CREATE TABLE coupons (
  id uuid PRIMARY KEY,
  code text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('percent', 'fixed', 'free_tub')),
  percent_off integer CHECK (percent_off IS NULL OR percent_off BETWEEN 1 AND 100),
  amount_off_cents integer CHECK (amount_off_cents IS NULL OR amount_off_cents > 0),
  starts_at timestamptz,
  expires_at timestamptz,
  -- Total redemptions allowed across all members (null: unlimited).
  max_redemptions integer CHECK (max_redemptions IS NULL OR max_redemptions > 0),
  redemptions integer NOT NULL DEFAULT 0 CHECK (redemptions >= 0),
  -- A coupon issued to one member (the referral reward) can be used by that member only.
  identity_id uuid REFERENCES identities (id) ON DELETE CASCADE,
  description text NOT NULL DEFAULT '',
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT coupons_code_format CHECK (code = upper(code) AND length(code) BETWEEN 1 AND 32),
  CONSTRAINT coupons_kind_amount CHECK (
    (kind = 'percent' AND percent_off IS NOT NULL AND amount_off_cents IS NULL)
    OR (kind = 'fixed' AND amount_off_cents IS NOT NULL AND percent_off IS NULL)
    OR (kind = 'free_tub' AND percent_off IS NULL AND amount_off_cents IS NULL)
  ),
  CONSTRAINT coupons_redemption_limit CHECK (max_redemptions IS NULL OR redemptions <= max_redemptions)
);
CREATE UNIQUE INDEX coupons_code_key ON coupons (code);
ALTER TABLE carts ADD CONSTRAINT carts_coupon_fk FOREIGN KEY (coupon_id) REFERENCES coupons (id);

-- A coupon is redeemed when the order it discounts is paid: once per member per coupon.
CREATE TABLE coupon_redemptions (
  id uuid PRIMARY KEY,
  coupon_id uuid NOT NULL REFERENCES coupons (id) ON DELETE CASCADE,
  identity_id uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  discount_cents integer NOT NULL CHECK (discount_cents >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX coupon_redemptions_once_per_member ON coupon_redemptions (coupon_id, identity_id);

-- The cart order's discount and coupon (orders already carry price, handling, tax and total).
ALTER TABLE orders ADD COLUMN discount_cents integer NOT NULL DEFAULT 0 CHECK (discount_cents >= 0);
ALTER TABLE orders ADD COLUMN coupon_id uuid REFERENCES coupons (id);
ALTER TABLE orders ADD COLUMN cart_id uuid REFERENCES carts (id);
-- One order per cart, whatever the number of confirm clicks (docs/reliability.md#c1, docs/reliability.md#c3).
CREATE UNIQUE INDEX orders_cart_key ON orders (cart_id) WHERE cart_id IS NOT NULL;
ALTER TABLE order_items ADD COLUMN quantity integer NOT NULL DEFAULT 1 CHECK (quantity BETWEEN 1 AND 99);
-- The full (undiscounted) unit price, for the struck-through price on receipts.
ALTER TABLE order_items ADD COLUMN list_price_cents integer;

-- Tubs held for an order between the stock check and the charge's outcome (docs/reliability.md#e6):
-- released when the payment fails or the hold expires; consumed when it succeeds.
CREATE TABLE stock_reservations (
  id uuid PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  product_id integer NOT NULL REFERENCES products (id),
  quantity integer NOT NULL CHECK (quantity > 0),
  status text NOT NULL DEFAULT 'held' CHECK (status IN ('held', 'consumed', 'released')),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stock_reservations_held_idx ON stock_reservations (expires_at) WHERE status = 'held';
CREATE INDEX stock_reservations_order_idx ON stock_reservations (order_id);

-- The referral reward (docs/product.md#referrals): issued once per referrer when 2 referred members have paid a
-- first box; the coupon is a single-use free tub for that referrer.
CREATE TABLE referral_rewards (
  id uuid PRIMARY KEY,
  referrer_id uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  coupon_id uuid NOT NULL REFERENCES coupons (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX referral_rewards_once ON referral_rewards (referrer_id);

-- The member saw the shop's referral popup (mirrors the browser's referralPopupShown key).
ALTER TABLE identities ADD COLUMN referral_popup_shown_at timestamptz;
