import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { NextBoxExtras, RenewalOrder } from '../cycles/index.ts';
import { amountsToReprice, setRepricedAmounts } from '../orders/index.ts';
import { createTaxService, type TaxAddress, type TaxCalculator } from '../tax/index.ts';
import { halfPriceDiscountCents, pendingOfferKinds } from './cancel-offers.ts';
import { swapPrimePicksToNewBrands } from './new-brands.ts';
import { moveExtrasIntoBox } from './next-box-extras.ts';

/**
 * The renewal's box as the member steered it (docs/product.md#next-box-extras,
 * docs/product.md#cancel-offers), as the cycle engine's one next-box hook (`NextBoxExtras` of the
 * cycles module's face): the tubs added to it become its tub lines; a taken "new brands" offer
 * turns its prime picks to untried brands, a taken "half price" offer takes half the box price
 * off. Each is applied to one box only (marked with the order). When any of them changed the box,
 * its tax (through the store's tax calculator: Stripe Tax with Stripe keys, the state table in the
 * sandbox, docs/payments.md#sales-tax) and total are computed again, so the one charge claimed
 * after this is the right amount; a box nothing changed keeps the tax the renewal calculated.
 */
export function createNextBoxHook(webUrl: string, tax: TaxCalculator = createTaxService()): NextBoxExtras {
  return (tx, order) => prepareNextBox(tx, order, webUrl, tax);
}

export async function prepareNextBox(
  tx: Db,
  order: RenewalOrder,
  webUrl: string,
  tax: TaxCalculator = createTaxService(),
): Promise<{ totalCents: number }> {
  const { orderId } = order;
  // Tubs added to this box (docs/product.md#next-box-extras), in its one charge.
  const withExtras = await moveExtrasIntoBox(
    tx,
    { id: order.subscriptionId, identityId: order.identityId },
    orderId,
    order.at,
    webUrl,
  );
  const pending = await pendingOfferKinds(tx, order.subscriptionId);
  let halfPrice = false;
  for (const offer of pending) {
    if (offer.kind === 'new_brands') {
      const sampled = new Set(order.sampled);
      const candidates = order.ranked.filter((id) => !sampled.has(id));
      await swapPrimePicksToNewBrands(tx, order.identityId, orderId, candidates);
    } else if (offer.kind === 'half_price_box') {
      halfPrice = true;
    }
    await tx.execute(sql`UPDATE cancel_offers SET applied_order_id = ${orderId} WHERE id = ${offer.id}`);
  }
  if (!withExtras && !halfPrice) return { totalCents: order.totalCents };
  return repriceOrder(tx, orderId, { halfPrice }, tax);
}

/** Tax and total of a box from its price, discount, handling and priced items (tubs), by its shipping state. */
export async function repriceOrder(
  tx: Db,
  orderId: string,
  /** `halfPrice`: a taken half-price offer takes half the box's price off (docs/product.md#cancel-offers). */
  change: { halfPrice?: boolean } = {},
  tax: TaxCalculator = createTaxService(),
): Promise<{ totalCents: number }> {
  const order = await amountsToReprice(tx, orderId);
  if (!order) throw new Error(`no order ${orderId}`);
  const discount = change.halfPrice
    ? halfPriceDiscountCents(Number(order.price_cents))
    : Number(order.discount_cents);
  const taxable =
    Number(order.price_cents) - discount + Number(order.handling_fee_cents) + Number(order.items_cents);
  const taxed = order.shipping
    ? await tax.calculate({
        taxableCents: taxable,
        address: order.shipping as TaxAddress,
        reference: `order:${orderId}`,
      })
    : { taxCents: 0, calculationId: null };
  const taxCents = taxed.taxCents;
  const totalCents = Math.max(0, taxable + taxCents - Number(order.credit_cents));
  await setRepricedAmounts(tx, orderId, {
    discountCents: discount,
    taxCents,
    taxCalculationId: taxed.calculationId,
    totalCents,
  });
  return { totalCents };
}
