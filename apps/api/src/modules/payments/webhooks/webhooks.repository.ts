import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import type { ProviderEvent } from '../provider/payment-provider.ts';
import { type WebhookEventRow, webhookEvents } from './webhooks.table.ts';

/** Records an event unless its id is already there; true when this call recorded it. */
export async function insertEventOnce(
  db: Db,
  provider: 'sandbox' | 'stripe',
  event: ProviderEvent,
  receivedAt: Date,
): Promise<boolean> {
  const inserted = await db
    .insert(webhookEvents)
    .values({
      eventId: event.id,
      provider,
      type: event.type,
      objectId: typeof event.object.id === 'string' ? event.object.id : null,
      payload: {
        id: event.id,
        type: event.type,
        created: event.createdAt.toISOString(),
        object: event.object,
      },
      receivedAt,
    })
    .onConflictDoNothing({ target: webhookEvents.eventId })
    .returning({ eventId: webhookEvents.eventId });
  return inserted.length > 0;
}

export async function markEventProcessed(db: Db, eventId: string, processedAt: Date): Promise<void> {
  await db.update(webhookEvents).set({ processedAt }).where(eq(webhookEvents.eventId, eventId));
}

export async function findEvent(db: Db, eventId: string): Promise<WebhookEventRow | undefined> {
  const [row] = await db.select().from(webhookEvents).where(eq(webhookEvents.eventId, eventId));
  return row;
}
