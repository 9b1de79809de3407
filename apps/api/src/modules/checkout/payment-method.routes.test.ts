import { PaymentMethodSchema } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { seedCatalog } from '../catalog/catalog.seed.ts';
import { type Member, newMember, payOrder, relaxedLimiter } from './checkout.test-support.ts';
import { NO_CUSTOMER } from './payment-method.routes.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { limiter: relaxedLimiter() });
  await seedCatalog(server.database.db);
});
afterAll(async () => {
  await server?.close();
});

const setDefault = (member: Pick<Member, 'token'>, paymentMethodId: string) =>
  server.request('POST', '/api/PaymentMethod/SetDefault', { token: member.token, body: { paymentMethodId } });

describe('POST /api/PaymentMethod/SetDefault', () => {
  it("replaces the default card, and the membership's renewals use it", async () => {
    const member = await newMember(server);
    await payOrder(server, member, member.orderId);
    const res = await setDefault(member, 'pm_card_mastercard');
    expect(res.status).toBe(200);
    const card = PaymentMethodSchema.parse(res.body);
    expect(card.last4Digits).toBe('4444');
    const shown = await server.request('GET', '/api/PaymentMethod/GetDefaultPaymentMethod', {
      token: member.token,
    });
    expect(shown.body.last4Digits).toBe('4444');
    const rows = await server.database.db.execute<{ last4: string; defaults: number }>(sql`
      SELECT pm.last4, (SELECT count(*)::int FROM payment_methods d
                        WHERE d.identity_id = s.identity_id AND d.is_default) AS defaults
      FROM subscriptions s JOIN payment_methods pm ON pm.id = s.default_payment_method_id
      JOIN orders o ON o.id = s.first_order_id WHERE o.id = ${member.orderId}`);
    expect(rows.rows[0]).toMatchObject({ last4: '4444', defaults: 1 });
  });

  it('refuses a declined card and keeps the old one', async () => {
    const member = await newMember(server);
    await payOrder(server, member, member.orderId);
    const res = await setDefault(member, 'pm_card_chargeDeclined');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('payment_declined');
    const shown = await server.request('GET', '/api/PaymentMethod/GetDefaultPaymentMethod', {
      token: member.token,
    });
    expect(shown.body.last4Digits).toBe('4242');
  });

  it('needs a session and a customer from a checkout', async () => {
    const member = await newMember(server);
    const res = await setDefault(member, 'pm_card_visa');
    expect(res.status).toBe(409);
    expect(res.body.error_description).toBe(NO_CUSTOMER);
    const visitor = await server.request('POST', '/api/PaymentMethod/SetDefault', {
      body: { paymentMethodId: 'pm_card_visa' },
    });
    expect(visitor.status).toBe(401);
  });
});
