import { productName } from '@store/contracts';
import type { Db } from '../../db/database.ts';
import { shippedBoxLines } from '../../read-models/shipped-box-contents.ts';
import { boxShippedMail, type ItemLine, type Mailer, pictureUrl, tubsShippedMail } from '../mail/index.ts';
import {
  addChosenSamples,
  CHOSEN_PER_BOX,
  findOrderRow,
  itemsOf,
  moveOrder,
  sampledProductIds,
  shippingSteps,
} from '../orders/index.ts';
import { cycleStore as store } from '../subscriptions/index.ts';
import { choose, type Ranker } from './picks.ts';

/**
 * The operator's side of a cycle's box (docs/product.md#membership-cycle: shipping and delivery are set by the
 * operator; outside production the sweeper sets them by date). For the back office to call.
 * Each answers false when the order is not a paid cycle box, or the step was already recorded.
 *
 * The `...In(tx, ...)` forms run inside the caller's transaction, so the back office writes a
 * batch of boxes and its audit rows at once; mails are queued in that transaction and sent by
 * `sendQueuedMails` after it commits (at most once, keyed per order).
 */

/** What assembling a box needs from outside its transaction: the member's ranking and samples. */
export interface AssemblyPicks {
  ranked: readonly number[];
  sampled: readonly number[];
}

/** Reads what `assembleBoxIn` needs before the transaction (the ranking reads the whole catalog). */
export async function assemblyPicksOf(db: Db, rank: Ranker, identityId: string): Promise<AssemblyPicks> {
  const [ranked, sampled] = await Promise.all([rank(identityId), sampledProductIds(db, identityId)]);
  return { ranked, sampled };
}

/**
 * Marks a paid box assembled (docs/decisions/010-fulfilment.md): a build window still open is
 * closed now, and the samples the member left open are chosen from their own ranking as the
 * sweeper does after the deadline; the member's stage becomes Box Assembly.
 */
export async function assembleBoxIn(
  tx: Db,
  orderId: string,
  at: Date,
  picks: AssemblyPicks,
): Promise<boolean> {
  const cycle = await store.lockBilledCycleOfOrder(tx, orderId);
  if (!cycle || cycle.shippedAt) return false;
  if (await store.assembledAtOf(tx, cycle.id)) return false;
  if (!cycle.samplesAutoChosenAt) {
    const items = await itemsOf(tx, orderId);
    const missing = CHOSEN_PER_BOX - items.filter((i) => !i.isPrimePick).length;
    const chosen =
      missing > 0
        ? choose(
            picks.ranked,
            new Set(picks.sampled),
            items.map((i) => i.productId),
            missing,
          )
        : [];
    if (chosen.length) await addChosenSamples(tx, orderId, chosen, at);
  }
  await store.markCycleAssembled(tx, cycle.id, at);
  // The order stays `paid` (the member's pages read it so) until it ships.
  return true;
}

/** Ships a paid cycle box with the carrier's tracking number; the "box shipped" mail carries it. */
export async function shipBoxIn(
  tx: Db,
  orderId: string,
  at: Date,
  webUrl: string,
  trackingNumber?: string,
): Promise<boolean> {
  const cycle = await store.markCycleShipped(tx, orderId, at);
  if (!cycle) return false;
  // A box shipped before the build deadline was assembled early: its window closes now.
  if (cycle.buildDeadlineAt > at) {
    await store.closeBuildWindow(tx, cycle.id, at);
  }
  await moveOrder(tx, orderId, ['paid', 'processing'], { status: 'shipped', now: at });
  await shippingSteps.recordBoxShipped(tx, orderId, at, trackingNumber);
  await queueBoxShippedMail(tx, orderId, at, webUrl, trackingNumber);
  return true;
}

/**
 * What a shipped box holds, for its mail (docs/product.md#mails): the samples with their pictures,
 * and each full-size tub added to it (docs/product.md#next-box-extras) with its flavor and quantity.
 * A tub line is told from a sample by its list price, as everywhere else.
 */
export async function shippedContentsOf(
  tx: Db,
  orderId: string,
  webUrl: string,
): Promise<{ samples: ItemLine[]; tubs: ItemLine[] }> {
  const rows = await shippedBoxLines(tx, orderId);
  const samples: ItemLine[] = [];
  const tubs: ItemLine[] = [];
  for (const r of rows) {
    const name = `${r.brand} ${productName(r)}`;
    if (r.is_tub) {
      tubs.push({
        name: `${Number(r.quantity ?? 1)} × ${name}`,
        image: pictureUrl(webUrl, r.tub_image_path),
      });
    } else {
      samples.push({ name, image: pictureUrl(webUrl, r.sample_image_path) });
    }
  }
  return { samples, tubs };
}

/** Queues the "box shipped" mail of a box or a replacement once (keyed per order), in the shipping transaction. */
export async function queueBoxShippedMail(
  tx: Db,
  orderId: string,
  at: Date,
  webUrl: string,
  trackingNumber?: string,
): Promise<void> {
  const order = await findOrderRow(tx, orderId);
  const email = order ? await store.emailOf(tx, order.identityId) : undefined;
  if (!order || !email) return;
  const { samples, tubs } = await shippedContentsOf(tx, orderId, webUrl);
  await store.queueMail(
    tx,
    `shipped:${orderId}`,
    await boxShippedMail(
      email,
      {
        orderNumber: order.orderNumber,
        orderId,
        items: samples,
        tubs,
        trackingNumber,
        replacement: order.kind === 'replacement',
      },
      webUrl,
    ),
    at,
  );
}

/*
 * A replacement box (kind `replacement`: the "Bad Experience" cancel offer,
 * docs/product.md#cancel-offers) belongs to no billing cycle, so its steps are the order's own:
 * `paid`, then `processing` once assembled (packed as it holds: no sample is added), `shipped`
 * with its tracking number and the same shipped mail as a box, then `delivered`. Each answers false
 * when the order is not a replacement at the step before; the member's cycle is not touched.
 */

export async function assembleReplacementIn(tx: Db, orderId: string, at: Date): Promise<boolean> {
  return shippingSteps.assembleReplacement(tx, orderId, at);
}

export async function shipReplacementIn(
  tx: Db,
  orderId: string,
  at: Date,
  webUrl: string,
  trackingNumber: string,
): Promise<boolean> {
  if (!(await shippingSteps.shipReplacement(tx, orderId, at, trackingNumber))) return false;
  await queueBoxShippedMail(tx, orderId, at, webUrl, trackingNumber);
  return true;
}

/** A delivered replacement keeps the moment in `updated_at` (nothing changes the order after it). */
export async function deliverReplacementIn(tx: Db, orderId: string, at: Date): Promise<boolean> {
  return shippingSteps.deliverReplacement(tx, orderId, at);
}

/** Records a shipped box delivered; the member's stage becomes Taste & Review. */
export async function deliverBoxIn(tx: Db, orderId: string, at: Date): Promise<boolean> {
  const cycle = await store.markCycleDelivered(tx, orderId, at);
  if (!cycle?.shippedAt) {
    if (cycle) throw new Error('a box is delivered after it shipped');
    return false;
  }
  await moveOrder(tx, orderId, ['shipped'], { status: 'delivered', now: at });
  return true;
}

/** Ships a paid tub order (a cart order or a tub plan's delivery) with its tracking number, and queues its mail once. */
export async function shipCartOrderIn(
  tx: Db,
  orderId: string,
  at: Date,
  webUrl: string,
  trackingNumber: string,
): Promise<boolean> {
  const row = await shippingSteps.shipTubOrder(tx, orderId, at, trackingNumber);
  if (!row) return false;
  const email = await store.emailOf(tx, row.identity_id);
  if (email) {
    await store.queueMail(
      tx,
      `cart-shipped:${orderId}`,
      await tubsShippedMail(
        email,
        {
          orderNumber: row.order_number,
          orderId,
          // The tubs, each with its flavor (a tub line carries its list price; a sample does not).
          items: await store.itemNamesOf(tx, orderId, true),
          trackingNumber,
        },
        webUrl,
      ),
      at,
    );
  }
  return true;
}

function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (t) => work(t));
}

/** Ships one box in its own transaction (tests and tools; the back office batches with `shipBoxIn`). */
export function markBoxShipped(
  db: Db,
  orderId: string,
  at: Date,
  trackingNumber?: string,
  webUrl = 'http://localhost',
): Promise<boolean> {
  return inTransaction(db, (tx) => shipBoxIn(tx, orderId, at, webUrl, trackingNumber));
}

export function markBoxDelivered(db: Db, orderId: string, at: Date): Promise<boolean> {
  return inTransaction(db, (tx) => deliverBoxIn(tx, orderId, at));
}

/** Sends the cycle mails queued so far (the sweeper's too), each at most once. */
export async function sendQueuedMails(
  db: Db,
  mailer: Mailer,
  at: Date,
  log?: { error(obj: object, msg: string): void },
): Promise<number> {
  let sent = 0;
  for (;;) {
    const mails = await store.takeUnsentMails(db, at);
    if (!mails.length) return sent;
    for (const mail of mails) {
      try {
        await mailer.send(mail);
        sent++;
      } catch (error) {
        log?.error({ err: error, kind: mail.kind }, 'cycle mail failed');
      }
    }
  }
}
