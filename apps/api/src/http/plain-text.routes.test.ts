import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relaxedLimiter, signUpVerified } from '../modules/accounts/accounts.test-support.ts';
import { startTestServer, type TestServer } from '../test/helpers.ts';

/* docs/reliability.md#f8: names and addresses refuse control characters and bidirectional overrides. */

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer({}, { limiter: relaxedLimiter() });
  token = (await signUpVerified(server, 'plain-text@example.com')).token;
});
afterAll(async () => {
  await server?.close();
});

const RLO = '\u202E';
const unsafe = [
  ['a right-to-left override', `Ann${RLO}gnp.exe`],
  ['a left-to-right override', 'Ann\u202DLee'],
  ['an isolate', 'Ann\u2067Lee\u2069'],
  ['a line break', 'Ann\nBcc: someone@example.com'],
  ['a NUL', 'Ann\u0000Lee'],
  ['a bell', 'Ann\u0007'],
  ['a C1 control', 'Ann\u0085Lee'],
  ['DEL', 'Ann\u007F'],
] as const;

const validAddress = { street1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701' };
const checkoutBody = (firstName: string, street1 = '1 Main St') => ({
  firstName,
  lastName: 'Lee',
  shippingAddress: { ...validAddress, street1 },
});

describe('F8 names and addresses are plain text', () => {
  for (const [what, value] of unsafe) {
    it(`F8: ${what} in a name or an address line is a 400 naming the field, and nothing is stored`, async () => {
      const save = (body: object) => server.request('POST', '/api/Identity/Save', { token, body });
      for (const body of [
        { firstName: value },
        { lastName: value },
        { address: value },
        { shippingAddress: { ...validAddress, street1: value } },
        { shippingAddress: { ...validAddress, city: value } },
      ]) {
        const res = await save(body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.error_description).toBeTruthy();
        // A NUL is refused before validation (docs/reliability.md#f1), the others by the field's rule.
        if (!value.includes('\u0000'))
          expect(JSON.stringify(res.body.fieldErrors)).toContain('control characters');
      }
      const info = await server.request('GET', '/api/Account/AuthInfo', { token });
      expect(JSON.stringify(info.body)).not.toContain(value);

      // The checkout's names and address, the partner and contact forms, a sign-up's username.
      for (const [path, body] of [
        ['/api/Identity/UpdateTaxInfo?orderId=00000000-0000-4000-8000-000000000000', checkoutBody(value)],
        [
          '/api/Identity/UpdateTaxInfo?orderId=00000000-0000-4000-8000-000000000000',
          checkoutBody('Ann', value),
        ],
        [
          '/api/User/SubmitPartnerRequest',
          { firstName: value, lastName: 'Lee', email: 'ann@example.com', phone: '512-555-0100' },
        ],
        ['/api/contact/SendContactEmail', { name: value, email: 'ann@example.com', text: 'Hello there' }],
        [
          '/api/User/Register',
          {
            emailAddress: 'x-plain@example.com',
            password: 'a good password',
            isAgeConfirmed: true,
            username: value,
          },
        ],
      ] as const) {
        const res = await server.request('POST', path, { token, body });
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(res.body.error_description).toBeTruthy();
      }
    });
  }

  it('F8: other Unicode stays: accents, other scripts, apostrophes, emoji and a right-to-left name', async () => {
    const names = {
      firstName: 'José-María 😀',
      lastName: "O'Connor Núñez 李 محمد",
      address: 'Apt 4, 2nd floor',
      shippingAddress: {
        street1: '12 Rue de l’Église',
        street2: 'Bâtiment B',
        city: 'Montréal',
        state: 'TX',
        postalCode: '78701',
      },
    };
    const res = await server.request('POST', '/api/Identity/Save', { token, body: names });
    expect(res.status).toBe(200);
    expect(res.body.firstName).toBe(names.firstName);
    expect(res.body.lastName).toBe(names.lastName);
    expect(res.body.shippingAddress.street1).toBe(names.shippingAddress.street1);
  });
});
