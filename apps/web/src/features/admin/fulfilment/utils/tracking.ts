import { TrackingNumberSchema } from '@store/contracts';

/** The tracking number as the server will store it, or why it cannot be one (same rule as the API). */
export function checkTrackingNumber(text: string): { value: string } | { problem: string } {
  const parsed = TrackingNumberSchema.safeParse(text);
  if (parsed.success) return { value: parsed.data };
  return { problem: parsed.error.issues[0]?.message ?? 'Please enter a tracking number.' };
}

/** Checks every tracking number of a batch; `problems` is keyed by order id. */
export function checkShipments(numbers: Record<string, string>, orderIds: readonly string[]) {
  const shipments: { orderId: string; trackingNumber: string }[] = [];
  const problems: Record<string, string> = {};
  for (const orderId of orderIds) {
    const checked = checkTrackingNumber(numbers[orderId] ?? '');
    if ('value' in checked) shipments.push({ orderId, trackingNumber: checked.value });
    else problems[orderId] = checked.problem;
  }
  return { shipments, problems };
}

/** What the ship form ships: the cycle's boxes, or tub (cart) orders. */
export type ShipNoun = 'box' | 'order';

/** "Ship 1 box", "Ship 3 boxes", "Ship 1 order", "Ship 2 orders". */
export function shipTitle(count: number, noun: ShipNoun): string {
  const plural = noun === 'box' ? 'boxes' : 'orders';
  return `Ship ${count} ${count === 1 ? noun : plural}`;
}
