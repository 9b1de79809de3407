import { randomUUID } from 'node:crypto';
import type {
  AdminCoupon,
  AdminCouponInput,
  AdminCouponListQuery,
  CouponState,
  Page,
} from '@store/contracts';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { couponPage, couponRow } from '../../read-models/back-office-coupons.ts';
import { couponsEditor } from '../cart/index.ts';
import { insertAuditRow } from './admin.repository.ts';
import type { Actor } from './admin.service.ts';
import { iso } from './members.service.ts';

type Raw = Record<string, unknown>;

/** What a member meets now: inactive and expired first, then not started, then used up. */
export function couponState(
  c: { isActive: boolean; startsAt: string | null; expiresAt: string | null; maxRedemptions: number | null },
  usageCount: number,
  now: Date,
): CouponState {
  if (!c.isActive) return 'inactive';
  if (c.expiresAt && Date.parse(c.expiresAt) <= now.getTime()) return 'expired';
  if (c.startsAt && Date.parse(c.startsAt) > now.getTime()) return 'scheduled';
  if (c.maxRedemptions !== null && usageCount >= c.maxRedemptions) return 'used_up';
  return 'active';
}

function toCoupon(row: Raw, now: Date): AdminCoupon {
  const base = {
    id: String(row.id),
    code: String(row.code),
    kind: String(row.kind),
    percentOff: row.percent_off === null ? null : Number(row.percent_off),
    amountOffCents: row.amount_off_cents === null ? null : Number(row.amount_off_cents),
    startsAt: iso(row.starts_at),
    expiresAt: iso(row.expires_at),
    maxRedemptions: row.max_redemptions === null ? null : Number(row.max_redemptions),
    usageCount: Number(row.usage_count ?? 0),
    isActive: Boolean(row.active),
    identityId: row.identity_id === null ? null : String(row.identity_id),
    description: String(row.description ?? ''),
    createdAt: iso(row.created_at)!,
  };
  return { ...base, state: couponState(base, base.usageCount, now) };
}

export type CouponsAdminService = ReturnType<typeof createCouponsAdminService>;

/**
 * Coupons in the back office (docs/product.md#back-office): list with usage, create, expire now, deactivate.
 * The member-side rules (who may apply what) live in modules/cart/coupon-rules.ts.
 */
export function createCouponsAdminService({ db, clock }: { db: Db; clock: () => Date }) {
  const one = couponRow;

  async function change(
    actor: Actor,
    id: string,
    action: string,
    /** The write that makes the change, or nothing when the coupon already is as asked. */
    set: (row: Raw, at: Date) => ((tx: Db) => Promise<void>) | undefined,
  ): Promise<AdminCoupon> {
    return db.transaction(async (tx) => {
      const at = clock();
      const before = await one(tx, id, true);
      if (!before) throw notFound('That coupon');
      const update = set(before, at);
      if (!update) return toCoupon(before, at);
      await update(tx);
      const after = (await one(tx, id))!;
      await insertAuditRow(tx, {
        actorIdentityId: actor.id,
        actorEmail: actor.email,
        action,
        entityType: 'coupon',
        entityId: id,
        before: toCoupon(before, at),
        after: toCoupon(after, at),
        createdAt: at,
      });
      return toCoupon(after, at);
    });
  }

  return {
    async list(query: AdminCouponListQuery): Promise<Page<AdminCoupon>> {
      const now = clock();
      const { rows, total } = await couponPage(db, query);
      return {
        items: rows.map((r) => toCoupon(r, now)),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async create(actor: Actor, input: AdminCouponInput): Promise<AdminCoupon> {
      return db.transaction(async (tx) => {
        const at = clock();
        if (await couponsEditor.isCouponCodeTaken(tx, input.code)) {
          throw new AppError('conflict', `A coupon with the code ${input.code} already exists.`, {
            fieldErrors: { code: 'This code is taken.' },
          });
        }
        const id = randomUUID();
        await couponsEditor.insertCoupon(tx, id, input, at);
        const created = toCoupon((await one(tx, id))!, at);
        await insertAuditRow(tx, {
          actorIdentityId: actor.id,
          actorEmail: actor.email,
          action: 'coupon.create',
          entityType: 'coupon',
          entityId: id,
          before: null,
          after: created,
          createdAt: at,
        });
        return created;
      });
    },

    /** Ends the coupon now; one that already ended keeps its date. */
    expireNow: (actor: Actor, id: string) =>
      change(actor, id, 'coupon.expire', (row, at) => {
        const ends = row.expires_at ? new Date(String(iso(row.expires_at))) : undefined;
        if (ends && ends.getTime() <= at.getTime()) return undefined;
        return (tx) => couponsEditor.expireCoupon(tx, id, at);
      }),

    setActive: (actor: Actor, id: string, isActive: boolean) =>
      change(actor, id, isActive ? 'coupon.activate' : 'coupon.deactivate', (row) =>
        Boolean(row.active) === isActive
          ? undefined
          : (tx) => couponsEditor.setCouponActive(tx, id, isActive),
      ),
  };
}
