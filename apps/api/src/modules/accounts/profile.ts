import { randomUUID } from 'node:crypto';
import {
  type AuthInfo,
  type BillingInfo,
  type Identity,
  MAX_AGE,
  MIN_AGE,
  type SaveIdentity,
} from '@store/contracts';
import { eq, sql } from 'drizzle-orm';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import * as repo from './accounts.repository.ts';
import { identities, type StoredAddress } from './accounts.table.ts';
import type { AccountsContext } from './context.ts';
import { toIdentity } from './identity-view.ts';
import { decodeImage } from './profile-image.ts';

const EMPTY_BILLING: BillingInfo = {
  last4Digits: null,
  expiryMonth: null,
  expiryYear: null,
  brand: null,
  billingAddress: null,
};

/** The URL a stored picture is served from (public, cacheable: the id changes with every upload). */
export function imageUrl(imageId: string): string {
  return `/api/Identity/Image/${imageId}`;
}

function blankToNull(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  return value === null || value.trim() === '' ? null : value.trim();
}

export function createProfile(ctx: AccountsContext) {
  const { db } = ctx;
  // AuthInfo runs on every page load: one prepared statement, planned once per connection.
  const identityById = db
    .select()
    .from(identities)
    .where(eq(identities.id, sql.placeholder('id')))
    .limit(1)
    .prepare('accounts_identity_by_id');

  async function findIdentity(identityId: string) {
    const rows = await identityById.execute({ id: identityId });
    return rows[0];
  }

  return {
    async getIdentity(identityId: string): Promise<Identity | undefined> {
      const row = await findIdentity(identityId);
      return row ? toIdentity(row) : undefined;
    },

    /** The signed-in person and, once payments exist, their subscription. */
    async authInfo(identityId: string): Promise<AuthInfo> {
      const [row, membership] = ctx.authInfoOf
        ? await ctx.authInfoOf(identityId).then((read) => [read?.identity, read?.membership] as const)
        : await Promise.all([findIdentity(identityId), ctx.membershipOf?.(identityId)]);
      // A token that outlived its account.
      if (!row) throw new AppError('unauthorized', 'Please log in to continue.');
      return {
        identity: toIdentity(row),
        emailVerified: row.emailVerifiedAt !== null,
        subscription: membership?.subscription ?? null,
        uncompletedCheckoutOrderId: membership?.uncompletedCheckoutOrderId ?? null,
      };
    },

    /** Changes only what a person may change about themselves; the schema already refused the rest. */
    async saveIdentity(identityId: string, input: SaveIdentity): Promise<Identity> {
      if (input.id !== undefined && input.id.toLowerCase() !== identityId) {
        throw badRequest('You can only change your own profile.');
      }
      const changes: Partial<repo.NewIdentity> = {};
      if (input.firstName !== undefined) changes.firstName = blankToNull(input.firstName);
      if (input.lastName !== undefined) changes.lastName = blankToNull(input.lastName);
      if (input.phoneNumber !== undefined) changes.phoneNumber = blankToNull(input.phoneNumber);
      if (input.age !== undefined) changes.age = input.age;
      if (input.isEmailSubscribed !== undefined) changes.isEmailSubscribed = input.isEmailSubscribed;
      if (input.about !== undefined) changes.about = blankToNull(input.about);
      if (input.address !== undefined) changes.address = blankToNull(input.address);
      if (input.shippingAddress !== undefined) {
        const a = input.shippingAddress;
        const stored: StoredAddress | null = a
          ? {
              street1: blankToNull(a.street1) ?? null,
              street2: blankToNull(a.street2) ?? null,
              city: blankToNull(a.city) ?? null,
              state: blankToNull(a.state) ?? null,
              postalCode: blankToNull(a.postalCode) ?? null,
            }
          : null;
        changes.shippingAddress = stored;
      }
      const row = await repo.updateIdentity(db, identityId, changes);
      if (!row) throw new AppError('unauthorized', 'Please log in to continue.');
      return toIdentity(row);
    },

    /** For the quiz module: links the person's latest quiz and its order. */
    async setQuizAndOrder(
      identityId: string,
      links: { quizId?: string | null; orderId?: string | null },
    ): Promise<void> {
      const changes: Partial<repo.NewIdentity> = {};
      if (links.quizId !== undefined) changes.quizId = links.quizId;
      if (links.orderId !== undefined) changes.orderId = links.orderId;
      await repo.updateIdentity(db, identityId, changes);
    },

    /**
     * For the quiz module: someone already signed in finishes the quiz (docs/product.md#returning-visitors).
     * Only what the account lacks is asked for: the age, kept on the account once given.
     */
    async joinQuiz(
      identityId: string,
      age: number | null | undefined,
    ): Promise<{ emailAddress: string; age: number; phoneNumber: string | null }> {
      const row = await findIdentity(identityId);
      if (!row) throw new AppError('unauthorized', 'Please log in to continue.');
      let known = row.age;
      if (known === null) {
        if (typeof age !== 'number' || !Number.isInteger(age) || age < MIN_AGE || age > MAX_AGE) {
          const message = age
            ? `You must be ${MIN_AGE} or older to have an account.`
            : 'Please choose your age.';
          throw badRequest(message, { age: message });
        }
        await repo.updateIdentity(db, identityId, { age });
        known = age;
      }
      return { emailAddress: row.email, age: known, phoneNumber: row.phoneNumber };
    },

    /** Stores a new profile picture and points `profilePicture` at it. */
    async saveImage(identityId: string, image: string): Promise<Identity> {
      const { mime, data } = decodeImage(image);
      const id = randomUUID();
      const row = await db.transaction(async (tx) => {
        const t = tx as unknown as typeof db;
        await repo.replaceImage(t, { id, identityId, mime, data });
        return repo.updateIdentity(t, identityId, { profilePicture: imageUrl(id) });
      });
      if (!row) throw new AppError('unauthorized', 'Please log in to continue.');
      return toIdentity(row);
    },

    async getImage(imageId: string) {
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(imageId))
        throw notFound('Image');
      const image = await repo.findImage(db, imageId.toLowerCase());
      if (!image) throw notFound('Image');
      return image;
    },

    /** The caller's own card summary; someone else's id is answered as missing. */
    async billingInfo(identityId: string, askedFor?: string): Promise<BillingInfo> {
      if (askedFor !== undefined && askedFor.toLowerCase() !== identityId)
        throw notFound('Billing information');
      const billing = ctx.billingOf ? await ctx.billingOf(identityId) : null;
      return billing ?? EMPTY_BILLING;
    },
  };
}
