import { randomUUID } from 'node:crypto';
import type {
  AdminCoupon,
  AdminCouponInput,
  AdminCouponListQuery,
  CouponState,
  Page,
} from '@store/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { insertAuditRow } from './admin.repository.ts';
import type { Actor } from './admin.service.ts';
import { iso, likePattern } from './members.service.ts';

type Raw = Record<string, unknown>;

const SORTS = {
  created: 'c.created_at',
  code: 'c.code',
  usage: 'usage_count',
  expires: 'c.expires_at',
} as const;

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

const SELECT = sql`
  SELECT c.*, (SELECT count(*)::int FROM coupon_redemptions r WHERE r.coupon_id = c.id) AS usage_count
  FROM coupons c`;

export type CouponsAdminService = ReturnType<typeof createCouponsAdminService>;

/**
 * Coupons in the back office (docs/product.md#back-office): list with usage, create, expire now, deactivate.
 * The member-side rules (who may apply what) live in modules/cart/coupon-rules.ts.
 */
export function createCouponsAdminService({ db, clock }: { db: Db; clock: () => Date }) {
  async function one(tx: Db, id: string, lock = false): Promise<Raw | undefined> {
    const result = await tx.execute<Raw>(
      lock ? sql`${SELECT} WHERE c.id = ${id} FOR UPDATE OF c` : sql`${SELECT} WHERE c.id = ${id}`,
    );
    return result.rows[0];
  }

  async function change(
    actor: Actor,
    id: string,
    action: string,
    set: (row: Raw, at: Date) => ReturnType<typeof sql> | undefined,
  ): Promise<AdminCoupon> {
    return db.transaction(async (tx) => {
      const at = clock();
      const before = await one(tx, id, true);
      if (!before) throw notFound('That coupon');
      const update = set(before, at);
      if (!update) return toCoupon(before, at);
      await tx.execute(update);
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
      const conditions = [
        query.q ? sql`c.code ILIKE ${likePattern(query.q.toUpperCase())}` : undefined,
        query.status === 'active' ? sql`c.active` : undefined,
        query.status === 'inactive' ? sql`NOT c.active` : undefined,
      ].filter((c) => c !== undefined);
      const where = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
      const direction = query.order === 'asc' ? 'ASC' : 'DESC';
      const nulls = query.sort === 'expires' ? ' NULLS LAST' : '';
      const [rows, count] = await Promise.all([
        db.execute<Raw>(sql`${SELECT} ${where}
          ORDER BY ${sql.raw(`${SORTS[query.sort]} ${direction}${nulls}`)}, c.id
          LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`),
        db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM coupons c ${where}`),
      ]);
      return {
        items: rows.rows.map((r) => toCoupon(r, now)),
        total: Number(count.rows[0]?.n ?? 0),
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async create(actor: Actor, input: AdminCouponInput): Promise<AdminCoupon> {
      return db.transaction(async (tx) => {
        const at = clock();
        const taken = await tx.execute(sql`SELECT 1 FROM coupons WHERE code = ${input.code}`);
        if (taken.rows.length > 0) {
          throw new AppError('conflict', `A coupon with the code ${input.code} already exists.`, {
            fieldErrors: { code: 'This code is taken.' },
          });
        }
        const id = randomUUID();
        const startsAt = input.startsAt ? new Date(input.startsAt).toISOString() : null;
        const expiresAt = input.expiresAt ? new Date(input.expiresAt).toISOString() : null;
        await tx.execute(sql`
          INSERT INTO coupons (id, code, kind, percent_off, amount_off_cents, starts_at, expires_at,
            max_redemptions, description, active, created_at)
          VALUES (${id}, ${input.code}, ${input.kind},
            ${input.kind === 'percent' ? (input.percentOff ?? null) : null},
            ${input.kind === 'fixed' ? (input.amountOffCents ?? null) : null},
            ${startsAt}, ${expiresAt}, ${input.maxRedemptions ?? null}, ${input.description}, true,
            ${at.toISOString()})`);
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
        return sql`UPDATE coupons SET expires_at = ${at.toISOString()} WHERE id = ${id}`;
      }),

    setActive: (actor: Actor, id: string, isActive: boolean) =>
      change(actor, id, isActive ? 'coupon.activate' : 'coupon.deactivate', (row) =>
        Boolean(row.active) === isActive
          ? undefined
          : sql`UPDATE coupons SET active = ${isActive} WHERE id = ${id}`,
      ),
  };
}
