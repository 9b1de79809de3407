import type { AdminPackingList, FulfilmentItem } from '@store/contracts';

/** Samples a box holds when it is complete (2 prime picks and 2 chosen). */
export const SAMPLES_PER_BOX = 4;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What a box or an order holds, counted as the packer picks it: sample packets, and full-size
 * tubs (a tub line counts its quantity) from the tub shelf (docs/product.md#next-box-extras).
 */
export function packingCounts(items: readonly Pick<FulfilmentItem, 'isTub' | 'quantity'>[]) {
  let samples = 0;
  let tubs = 0;
  for (const item of items) {
    if (item.isTub) tubs += item.quantity;
    else samples += item.quantity;
  }
  return { samples, tubs };
}

/** The caption of a packing list's table: "4 samples · 1 full-size tub", or "3 full-size tubs". */
export function packingCaption(items: readonly Pick<FulfilmentItem, 'isTub' | 'quantity'>[]): string {
  const { samples, tubs } = packingCounts(items);
  const parts: string[] = [];
  if (samples > 0) parts.push(plural(samples, 'sample', 'samples'));
  if (tubs > 0) parts.push(plural(tubs, 'full-size tub', 'full-size tubs'));
  return parts.length ? parts.join(' · ') : 'Nothing to pack';
}

/** How one line is packed, beside its product: a prime pick, or a full-size tub and how many. */
export function itemNote(item: Pick<FulfilmentItem, 'isTub' | 'isPrimePick' | 'quantity'>): string | null {
  if (item.isTub) return item.quantity === 1 ? 'Full-size tub' : `Full-size tub × ${item.quantity}`;
  return item.isPrimePick ? 'Prime pick' : null;
}

/**
 * Samples still to be chosen in a cycle's box: the store chooses them when the box is marked
 * assembled. A replacement is packed as it holds (docs/product.md#cancel-offers), a tub order has none.
 */
export function samplesToChoose(
  kind: AdminPackingList['kind'],
  items: readonly Pick<FulfilmentItem, 'isTub' | 'quantity'>[],
): number {
  if (kind !== 'box') return 0;
  return Math.max(0, SAMPLES_PER_BOX - packingCounts(items).samples);
}

/** The packing list's heading: "March 2027 box", "Replacement box", "Tub order". */
export function packingTitle(list: Pick<AdminPackingList, 'kind' | 'boxMonth'>): string {
  switch (list.kind) {
    case 'box':
      return list.boxMonth ? `${list.boxMonth} box` : 'Box';
    case 'replacement':
      return 'Replacement box (no charge)';
    case 'cart':
      return 'Tub order';
  }
}
