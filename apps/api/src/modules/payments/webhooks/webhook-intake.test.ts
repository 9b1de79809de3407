import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/database.ts';
import { openTestDatabase } from '../../../test/helpers.ts';
import { WebhookSignatureError } from '../provider/payment-provider.ts';
import { createSandboxProvider } from '../provider/sandbox-provider.ts';
import { createMemorySandboxStore } from '../provider/sandbox-store.ts';
import { signWebhookPayload } from '../provider/webhook-signature.ts';
import { createWebhookIntake, type WebhookEffect } from './webhook-intake.ts';
import { webhookEvents } from './webhooks.table.ts';

const now = new Date('2026-11-22T12:00:00Z');
const secret = 'whsec_intake_test';
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  await database.exec('CREATE TABLE intake_effects (event_id text NOT NULL)');
});
afterAll(async () => {
  await database.close();
});

const payments = createSandboxProvider({
  store: createMemorySandboxStore(),
  clock: () => now,
  webhookSecret: secret,
});

function signedEvent(id: string) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    type: 'payment_intent.succeeded',
    created: Math.floor(now.getTime() / 1000),
    data: { object: { id: `pi_for_${id}`, object: 'payment_intent' } },
  });
  return {
    body: Buffer.from(payload),
    signature: signWebhookPayload(payload, secret, Math.floor(now.getTime() / 1000)),
  };
}

/** A stand-in for the effects checkout will add: one row per applied event, in the intake's transaction. */
const recordEffect: WebhookEffect = async (tx, event) => {
  await tx.execute(sql`INSERT INTO intake_effects (event_id) VALUES (${event.id})`);
};

async function effectsOf(eventId: string): Promise<number> {
  const result = await database.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM intake_effects WHERE event_id = ${eventId}`,
  );
  return result.rows[0]!.n;
}

describe('webhook intake', () => {
  it('C9 applies the effect exactly once for 5 concurrent deliveries of one event', async () => {
    const intake = createWebhookIntake({ db: database.db, payments, clock: () => now, effect: recordEffect });
    const { body, signature } = signedEvent('evt_concurrent');
    const receipts = await Promise.all(Array.from({ length: 5 }, () => intake.receive(body, signature)));
    expect(receipts.filter((r) => r.outcome === 'processed')).toHaveLength(1);
    expect(receipts.filter((r) => r.outcome === 'already_processed')).toHaveLength(4);
    expect(await effectsOf('evt_concurrent')).toBe(1);
  });

  it('rolls the event back with a failing effect, so the redelivery applies it (never acked and dropped)', async () => {
    const failing: WebhookEffect = async (tx, event) => {
      await recordEffect(tx, event);
      throw new Error('the order row is not there yet');
    };
    const { body, signature } = signedEvent('evt_retry');
    const first = createWebhookIntake({ db: database.db, payments, clock: () => now, effect: failing });
    await expect(first.receive(body, signature)).rejects.toThrow('the order row is not there yet');
    expect(
      await database.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, 'evt_retry')),
    ).toHaveLength(0);
    expect(await effectsOf('evt_retry')).toBe(0);

    const second = createWebhookIntake({ db: database.db, payments, clock: () => now, effect: recordEffect });
    expect((await second.receive(body, signature)).outcome).toBe('processed');
    expect(await effectsOf('evt_retry')).toBe(1);
  });

  it('checks the signature before touching the database', async () => {
    const intake = createWebhookIntake({ db: database.db, payments, clock: () => now, effect: recordEffect });
    const { body } = signedEvent('evt_unsigned');
    await expect(intake.receive(body, 't=1,v1=00')).rejects.toBeInstanceOf(WebhookSignatureError);
    expect(
      await database.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, 'evt_unsigned')),
    ).toHaveLength(0);
  });
});
