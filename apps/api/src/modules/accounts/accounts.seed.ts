import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import * as repo from './accounts.repository.ts';
import { hashPassword } from './passwords.ts';
import { newReferralCode } from './secrets.ts';

/** The demo operator of docs/product.md#demo-data-and-sandbox. */
export const DEMO_ADMIN = { email: 'admin@example.com', password: 'sample-first-operator' } as const;

/** Creates the operator account once; a second run (or an existing address) changes nothing. */
export async function seedAdmin(db: Db, now: Date = new Date()): Promise<void> {
  if (await repo.findIdentityByEmail(db, DEMO_ADMIN.email)) return;
  await repo.insertIdentity(db, {
    id: randomUUID(),
    email: DEMO_ADMIN.email,
    passwordHash: await hashPassword(DEMO_ADMIN.password),
    emailVerifiedAt: now,
    firstName: 'Store',
    lastName: 'Operator',
    referralCode: newReferralCode(),
    permissions: ['admin'],
    // The operator does not get marketing mail.
    isEmailSubscribed: false,
  });
}
