import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestServer } from '../../test/helpers.ts';
import { DEMO_ADMIN, seedAdmin } from '../accounts/accounts.seed.ts';
import { seedCatalog } from '../catalog/catalog.seed.ts';
import { createIntent, type Member, newMember, subscribe } from '../checkout/checkout.test-support.ts';
import { sandboxWebhookSecret } from '../payments/provider/create-provider.ts';
import { signWebhookPayload } from '../payments/provider/webhook-signature.ts';

/** Shared by the back office's member, refund and moderation tests (not a test file itself). */

/** Seeds the catalog and the demo operator, and answers the operator's access token. */
export async function operatorToken(server: TestServer): Promise<string> {
  await seedCatalog(server.database.db);
  await seedAdmin(server.database.db);
  const login = await server.request('POST', '/api/User/Login', {
    body: { emailAddress: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
  });
  expect(login.status).toBe(200);
  return login.body.token as string;
}

/** A member whose first box was paid with this test card (Stripe's PaymentMethod id). */
export async function paidMember(
  server: TestServer,
  card = 'pm_card_visa',
  prefix = 'member',
): Promise<Member> {
  const member = await newMember(server, prefix);
  const intent = await createIntent(server, member, member.orderId, { paymentMethodId: card });
  expect(intent.status).toBe(200);
  expect(intent.body.status).toBe('succeeded');
  const done = await subscribe(server, member, member.orderId, intent.body.paymentIntentId);
  expect(done.status).toBe(200);
  return member;
}

export async function identityIdOf(server: TestServer, email: string): Promise<string> {
  const result = await server.database.db.execute<{ id: string }>(
    sql`SELECT id FROM identities WHERE email = ${email.toLowerCase()}`,
  );
  return result.rows[0]!.id;
}

/**
 * Delivers the in-process sandbox's stored events of these types to our webhook endpoint,
 * signed as the sandbox signs them (what the sandbox's webhook sender would do). Answers how many.
 */
export async function deliverSandboxEvents(server: TestServer, types: string[], after = new Date(0)) {
  const result = await server.database.db.execute<{ data: unknown }>(sql`
    SELECT data FROM sandbox_objects
    WHERE kind = 'event' AND data->>'type' IN ${sql`(${sql.join(
      types.map((t) => sql`${t}`),
      sql`, `,
    )})`} AND created_at >= ${after.toISOString()}
    ORDER BY created_at, id`);
  const secret = sandboxWebhookSecret(server.config);
  for (const row of result.rows) {
    const data = typeof row.data === 'string' ? row.data : JSON.stringify(row.data);
    const res = await server.request('POST', '/api/payments/webhook', {
      rawBody: { contentType: 'application/json', data },
      headers: { 'stripe-signature': signWebhookPayload(data, secret, Math.floor(Date.now() / 1000)) },
    });
    expect(res.status).toBe(200);
  }
  return result.rows.length;
}

export async function orderStatus(server: TestServer, orderId: string): Promise<string> {
  const result = await server.database.db.execute<{ status: string }>(
    sql`SELECT status FROM orders WHERE id = ${orderId}`,
  );
  return result.rows[0]!.status;
}

/** Refunds the sandbox holds for an order's charges. */
export async function providerRefundsOf(server: TestServer, orderId: string): Promise<number> {
  const result = await server.database.db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM sandbox_objects r
    WHERE r.kind = 'refund'
      AND r.data->>'payment_intent' IN (SELECT id FROM sandbox_payment_intents WHERE order_id = ${orderId})`);
  return Number(result.rows[0]!.n);
}
