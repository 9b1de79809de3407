import { memberPriceCents } from '../catalog/index.ts';

/**
 * The pure price of a cart (docs/product.md#shop-and-cart). Everything in integer cents; the server is the only place a
 * cart's money is computed (docs/reliability.md#b3) and the cart checkout (h2) prices its order with this.
 */
export interface CartLineInput {
  productId: number;
  quantity: number;
  listPriceCents: number;
  discountPercent: number;
}

/** What a coupon takes off; the row's other rules (dates, owner, limits) live in coupon-rules.ts. */
export interface CouponTerms {
  kind: 'percent' | 'fixed' | 'free_tub';
  percentOff: number | null;
  amountOffCents: number | null;
}

export interface PricedLine extends CartLineInput {
  /** The member price of one tub: the catalog's `discountedPrice` formula. */
  unitMemberCents: number;
  lineListCents: number;
  lineMemberCents: number;
}

export interface CartPrice {
  lines: PricedLine[];
  /** Σ list prices. */
  undiscountedSubtotalCents: number;
  /** Σ member prices (before the coupon). */
  subtotalCents: number;
  /** Never more than subtotalCents. */
  couponDiscountCents: number;
  /** subtotal − coupon, ≥ 0. */
  discountedSubtotalCents: number;
  /** undiscounted − discounted. */
  youSavedCents: number;
}

export function priceLine(line: CartLineInput): PricedLine {
  const unitMemberCents = memberPriceCents(line.listPriceCents, line.discountPercent);
  return {
    ...line,
    unitMemberCents,
    lineListCents: line.listPriceCents * line.quantity,
    lineMemberCents: unitMemberCents * line.quantity,
  };
}

/**
 * What the coupon takes off a member subtotal: percent rounds to the nearest cent, fixed is its
 * amount, free_tub is one unit of the most expensive line's member price; never more than the
 * subtotal, never negative.
 */
export function couponDiscountCents(
  lines: PricedLine[],
  subtotalCents: number,
  coupon: CouponTerms | null,
): number {
  if (!coupon || subtotalCents <= 0) return 0;
  let off = 0;
  if (coupon.kind === 'percent') {
    off = Math.round((subtotalCents * (coupon.percentOff ?? 0)) / 100);
  } else if (coupon.kind === 'fixed') {
    off = coupon.amountOffCents ?? 0;
  } else {
    off = lines.reduce((max, l) => (l.quantity > 0 ? Math.max(max, l.unitMemberCents) : max), 0);
  }
  return Math.max(0, Math.min(off, subtotalCents));
}

export function priceCart(lines: CartLineInput[], coupon: CouponTerms | null): CartPrice {
  const priced = lines.map(priceLine);
  const undiscountedSubtotalCents = priced.reduce((sum, l) => sum + l.lineListCents, 0);
  const subtotalCents = priced.reduce((sum, l) => sum + l.lineMemberCents, 0);
  const couponDiscount = couponDiscountCents(priced, subtotalCents, coupon);
  const discountedSubtotalCents = subtotalCents - couponDiscount;
  return {
    lines: priced,
    undiscountedSubtotalCents,
    subtotalCents,
    couponDiscountCents: couponDiscount,
    discountedSubtotalCents,
    youSavedCents: undiscountedSubtotalCents - discountedSubtotalCents,
  };
}
