import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileJson, NotTheContract, responseSerializer } from './response-json.ts';

/** What the store wrote before: zod's encode of the answer, then JSON.stringify. */
const throughZod = (schema: z.ZodType, value: unknown) => JSON.stringify(z.encode(schema, value));

const Member = z.object({
  id: z.uuid(),
  name: z.string().nullable(),
  age: z.number().int().optional(),
  isVerified: z.boolean(),
  status: z.enum(['active', 'paused', 'canceled']),
  plan: z.literal('samples'),
  tags: z.array(z.string()).default([]),
  extra: z.unknown(),
  address: z.object({ city: z.string(), state: z.string().length(2) }).nullable(),
  history: z.array(z.object({ at: z.string(), amount: z.number() })),
  note: z.union([z.string(), z.number()]),
});

const member = {
  id: '0b6f1d9e-6d0f-4c1e-9b55-3c0d6f3f2a11',
  name: 'Ana "the lifter" Ruiz\n',
  age: 31,
  isVerified: true,
  status: 'paused',
  plan: 'samples',
  tags: ['vegan', 'é', '\u2028'],
  extra: { any: ['thing', 1, null] },
  address: { city: 'Austin', state: 'TX' },
  history: [
    { at: '2026-11-01T00:00:00.000Z', amount: 29.99 },
    { at: '2026-12-01T00:00:00.000Z', amount: -0 },
  ],
  note: 7,
};

describe('compileJson', () => {
  it('writes the same text as zod for answers of the contract', () => {
    const write = compileJson(Member);
    expect(write(member)).toBe(throughZod(Member, member));
    const sparse = { ...member, name: null, age: undefined, address: null, history: [], note: 'x' };
    expect(write(sparse)).toBe(throughZod(Member, sparse));
  });

  it('leaves out every key the schema does not name, at any depth', () => {
    const write = compileJson(Member);
    const leaky = {
      ...member,
      passwordHash: 'argon2id$…',
      address: { ...member.address, internalNote: 'x' },
      history: [{ ...member.history[0], stripeId: 'pi_1' }],
    };
    const text = write(leaky);
    expect(text).not.toContain('passwordHash');
    expect(text).not.toContain('internalNote');
    expect(text).not.toContain('stripeId');
    expect(text).toBe(throughZod(Member, leaky));
  });

  it('refuses a value of the wrong type, a missing key, a null the schema does not allow and an unknown enum value', () => {
    const write = compileJson(Member);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...member, isVerified: 'yes' }, '.isVerified: expected true or false'],
      [{ ...member, status: 'frozen' }, '.status: expected one of active, paused, canceled'],
      [{ ...member, plan: 'tubs' }, '.plan: expected one of samples'],
      [{ ...member, history: [{ at: '2026-11-01', amount: Number.NaN }] }, '.history[0].amount'],
      [{ ...member, address: { city: 'Austin' } }, '.address.state: expected a value'],
      [{ ...member, isVerified: null }, '.isVerified'],
      [{ ...member, tags: undefined }, '.tags: expected a value'],
      [{ ...member, history: {} }, '.history: expected an array'],
      [{ ...member, note: true }, '.note'],
    ];
    for (const [value, message] of cases) {
      expect(() => write(value), message).toThrow(NotTheContract);
      expect(() => write(value)).toThrow(message);
      expect(() => throughZod(Member, value), message).toThrow();
    }
    expect(() => write([member])).toThrow('the answer: expected an object');
  });
});

describe('responseSerializer', () => {
  const route = { schema: Member, method: 'GET', url: '/api/Member', httpStatus: '200' };

  it('answers a value outside the contract with the serialisation error Fastify turns into a 500', () => {
    const serialize = responseSerializer({ compareWithZod: false })(route);
    expect(serialize(member)).toBe(throughZod(Member, member));
    expect(() => serialize({ ...member, status: 'frozen' })).toThrow(
      expect.objectContaining({ code: 'FST_ERR_RESPONSE_SERIALIZATION', statusCode: 500 }),
    );
  });

  it('in the test suite, keeps zod as the judge of refinements and fails when the two texts differ', () => {
    const serialize = responseSerializer({ compareWithZod: true })(route);
    expect(serialize(member)).toBe(throughZod(Member, member));
    // A refinement only zod checks: the compiled writer would accept it, the test run does not.
    expect(compileJson(Member)({ ...member, age: 31.5 })).toContain('31.5');
    expect(() => serialize({ ...member, age: 31.5 })).toThrow(
      expect.objectContaining({ code: 'FST_ERR_RESPONSE_SERIALIZATION' }),
    );
  });

  it('unwraps a schema handed over as { properties }', () => {
    const serialize = responseSerializer({ compareWithZod: false })({
      ...route,
      schema: { properties: Member } as never,
    });
    expect(serialize(member)).toBe(throughZod(Member, member));
  });
});
