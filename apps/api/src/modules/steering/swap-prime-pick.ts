import { type Order, productName, type SwapPrimePickBody } from '@store/contracts';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { CatalogService } from '../catalog/index.ts';
import type { Mailer } from '../mail/index.ts';
import * as ordersRepo from '../orders/index.ts';
import { BUILD_DEADLINE_PASSED, isPayable, type OrdersService, type SampleRules } from '../orders/index.ts';
import { membershipTime, cycleStore as store } from '../subscriptions/index.ts';
import { primePickSwappedMail } from './steering.mail.tsx';

export interface SwapDeps {
  db: Db;
  clock: () => Date;
  mailer: Mailer;
  webUrl: string;
  catalog: Pick<CatalogService, 'findProduct'>;
  orders: Pick<OrdersService, 'requireOwn' | 'view'>;
  sampleRules: (identityId: string, orderId: string) => Promise<SampleRules>;
}

/** Why a product cannot be the new prime pick; each names the product with its flavor (docs/product.md#swapping-a-prime-pick). */
export const SwapMessages = {
  inBox: (name: string) => `${name} is already in this box. Please choose a product that is not in it yet.`,
  hadBefore: (name: string) =>
    `You already had ${name} in a box. Please choose a product you have not tried yet.`,
  outOfStock: (name: string) => `${name} is out of stock right now. Please choose another product.`,
  unsuitable: (name: string) =>
    `${name} doesn't fit your dietary restrictions. Please choose another product.`,
  notAMatch: (name: string) =>
    `${name} is not one of your matches for this box. Please choose one of the products offered.`,
  unknown: 'That product is not in our catalog. Please choose one of the products offered.',
  shipped: 'This box is already on its way; its prime picks can no longer change.',
};

/**
 * POST /order/SwapPrimePick (docs/product.md#swapping-a-prime-pick): one of the box's 2 prime picks
 * becomes another product the member may have; the item stays a prime pick, so fallback picks,
 * reviews and re-ranking read the new product as one. Until the build deadline; a box of the
 * member's own only (someone else's order or item answers 404 as a missing one).
 */
export async function swapPrimePick(
  deps: SwapDeps,
  identityId: string,
  body: SwapPrimePickBody,
): Promise<Order> {
  const { db } = deps;
  const order = await deps.orders.requireOwn(identityId, body.orderId);
  const items = await ordersRepo.listItems(db, order.id);
  const item = items.find((i) => i.id === body.orderItemId.toLowerCase() && i.isPrimePick);
  if (!item) throw notFound('That prime pick');
  await requireOpen(deps, order.id);
  if (item.productId === body.productId) return deps.orders.view(order);

  const product = await deps.catalog.findProduct(body.productId);
  if (!product) throw badRequest(SwapMessages.unknown, { productId: SwapMessages.unknown });
  const name = productName(product);
  const refuse = (message: string) => badRequest(message, { productId: message });
  if (items.some((i) => i.productId === body.productId)) throw refuse(SwapMessages.inBox(name));
  const rules = await deps.sampleRules(identityId, order.id);
  if (rules.sampled.has(body.productId)) throw refuse(SwapMessages.hadBefore(name));
  if (product.sampleStock <= 0) throw refuse(SwapMessages.outOfStock(name));
  if (!rules.dietary.has(body.productId)) throw refuse(SwapMessages.unsuitable(name));
  if (!rules.choices.has(body.productId)) throw refuse(SwapMessages.notAMatch(name));

  const at = deps.clock();
  const previous = await deps.catalog.findProduct(item.productId);
  const previousName = previous ? productName(previous) : 'your prime pick';
  await db.transaction(async (tx) => {
    const locked = await ordersRepo.lockOrder(tx, order.id);
    if (!locked || (!isPayable(locked) && locked.status !== 'paid')) throw conflict(SwapMessages.shipped);
    // Read again under the order's lock: a choice saved meanwhile may hold the product now.
    const now = await ordersRepo.listItems(tx, order.id);
    if (now.some((i) => i.productId === body.productId)) throw refuse(SwapMessages.inBox(name));
    const swapped = await ordersRepo.swapPrimePickProduct(tx, order.id, item.id, body.productId);
    if (!swapped) throw notFound('That prime pick');
    await ordersRepo.touchOrder(tx, order.id, at);
    // The operator reads it in the member's history (back office, Members).
    // Every cycle belongs to a membership (a foreign key), so its cycle names the membership.
    const subscriptionId = (await store.cycleOfOrder(tx, order.id))?.subscriptionId;
    if (subscriptionId) {
      await store.recordEvent(tx, {
        subscriptionId,
        actor: 'member',
        kind: 'prime_pick_swapped',
        detail: { orderId: order.id, from: item.productId, to: body.productId },
        at,
      });
    }
  });
  const email = await store.emailOf(db, identityId);
  try {
    if (email) await deps.mailer.send(await primePickSwappedMail(email, previousName, name, deps.webUrl));
  } catch {
    // The swap stands whether or not its confirmation could be sent.
  }
  return deps.orders.view((await ordersRepo.findOrder(db, order.id))!);
}

/**
 * A box whose prime picks may still change: not shipped and its build deadline not passed (409
 * otherwise). The deadline is read at the membership's time (`membershipTime`): outside
 * production the dev clock may have moved the cycle past it already.
 */
async function requireOpen(deps: SwapDeps, orderId: string) {
  const order = await ordersRepo.findOrder(deps.db, orderId);
  if (!order || (!isPayable(order) && order.status !== 'paid')) throw conflict(SwapMessages.shipped);
  const cycle = await store.cycleOfOrder(deps.db, orderId);
  if (cycle && membershipTime(deps.clock(), cycle) >= cycle.buildDeadlineAt)
    throw conflict(BUILD_DEADLINE_PASSED);
}
