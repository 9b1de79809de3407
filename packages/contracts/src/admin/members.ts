import { z } from 'zod';
import { DELIVERY_SCHEDULE_DAYS } from '../constants.ts';
import { CANCEL_REASONS, MAX_PAUSE_CYCLES } from '../subscriptions.ts';
import { ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZE_MAX, pageSchemaOf } from './catalog.ts';

/**
 * The back office's members, refunds, coupons, review moderation and issue reports
 * (docs/product.md#back-office). Money is integer cents, as everywhere under `/api/admin`.
 */

const pageField = z.coerce.number().int().min(1).max(1_000_000).default(1);
const pageSizeField = z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE_MAX).default(ADMIN_PAGE_SIZE);
const orderField = z.enum(['asc', 'desc']);
const isoOrNull = z.string().nullable();

// ---------------------------------------------------------------------------------------------
// Members
// ---------------------------------------------------------------------------------------------

export const ADMIN_MEMBER_SORTS = ['joined', 'email', 'name'] as const;
export type AdminMemberSort = (typeof ADMIN_MEMBER_SORTS)[number];

/**
 * GET /admin/members query: `q` searches email, first and last name (case-insensitive);
 * `status=attention` keeps members with a failed refund or a disputed payment.
 */
export const AdminMemberListQuerySchema = z
  .object({
    q: z.string().trim().max(100).optional(),
    status: z.enum(['all', 'attention']).default('all'),
    sort: z.enum(ADMIN_MEMBER_SORTS).default('joined'),
    order: orderField.default('desc'),
    page: pageField,
    pageSize: pageSizeField,
  })
  .strict();
export type AdminMemberListQuery = z.infer<typeof AdminMemberListQuerySchema>;

export const AdminMemberRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  createdAt: z.string(),
  /** The latest membership's status, or null for someone who never paid a box. */
  subscriptionStatus: z.string().nullable(),
  scheduleDays: z.number().int().nullable(),
  nextBillingAt: isoOrNull,
  /** A card dispute was reported on one of their payments. */
  isDisputed: z.boolean(),
  /** One of their refunds failed at the provider: the operator must act. */
  hasFailedRefund: z.boolean(),
});
export type AdminMemberRow = z.infer<typeof AdminMemberRowSchema>;
export const AdminMemberPageSchema = pageSchemaOf(AdminMemberRowSchema);

export const AdminMemberSubscriptionSchema = z.object({
  id: z.string(),
  status: z.string(),
  planName: z.string(),
  scheduleDays: z.number().int(),
  priceCents: z.number().int(),
  handlingFeeCents: z.number().int(),
  currentCycleIndex: z.number().int(),
  cycleStartedAt: z.string(),
  nextBillingAt: z.string(),
  skipCycles: z.number().int(),
  paused: z.boolean(),
  canceledAt: isoOrNull,
  cancelReason: z.string().nullable(),
  renewalFailures: z.number().int(),
  /** When a card dispute was reported on this membership's payments. */
  disputedAt: isoOrNull,
  createdAt: z.string(),
});

export const AdminMemberCycleSchema = z.object({
  cycleIndex: z.number().int(),
  status: z.string(),
  orderId: z.string().nullable(),
  startsAt: z.string(),
  billedAt: isoOrNull,
  shippedAt: isoOrNull,
  deliveredAt: isoOrNull,
});

export const AdminMemberOrderSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  kind: z.string(),
  status: z.string(),
  totalCents: z.number().int(),
  paidAt: isoOrNull,
  createdAt: z.string(),
  /** Paid less what was refunded or is being refunded; 0 when nothing can be refunded. */
  refundableCents: z.number().int(),
});

export const AdminMemberPaymentSchema = z.object({
  /** `checkout` (an order paid by the member) or `renewal` (the cycle engine's charge). */
  source: z.enum(['checkout', 'renewal']),
  orderId: z.string().nullable(),
  paymentIntentId: z.string().nullable(),
  amountCents: z.number().int(),
  status: z.string(),
  declineCode: z.string().nullable(),
  createdAt: z.string(),
});

export const REFUND_STATUSES = ['requested', 'pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const AdminRefundSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  /** n of the provider key refund:{orderId}:{n}. */
  seq: z.number().int(),
  amountCents: z.number().int(),
  status: z.enum(REFUND_STATUSES),
  failureReason: z.string().nullable(),
  reason: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminRefund = z.infer<typeof AdminRefundSchema>;

export const AdminDisputeSchema = z.object({
  id: z.string(),
  orderId: z.string().nullable(),
  amountCents: z.number().int(),
  reason: z.string(),
  status: z.string(),
  createdAt: z.string(),
});

export const AdminMemberReviewSchema = z.object({
  id: z.string(),
  productId: z.number().int(),
  productTitle: z.string(),
  rating: z.number().int(),
  description: z.string(),
  hiddenAt: isoOrNull,
  createdAt: z.string(),
});

export const AdminMemberDetailSchema = z.object({
  identity: z.object({
    id: z.string(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    emailVerified: z.boolean(),
    isEmailSubscribed: z.boolean(),
    referralCode: z.string(),
    referredByCode: z.string().nullable(),
    createdAt: z.string(),
  }),
  subscription: AdminMemberSubscriptionSchema.nullable(),
  /**
   * Where the member's boxes ship: the address their renewals copy (the first box's), else the
   * latest order's, else the profile's; null when none was ever given.
   */
  shippingAddress: z
    .object({
      firstName: z.string(),
      lastName: z.string(),
      street1: z.string(),
      street2: z.string().nullable(),
      city: z.string(),
      state: z.string(),
      postalCode: z.string(),
    })
    .nullable(),
  cycles: z.array(AdminMemberCycleSchema),
  orders: z.array(AdminMemberOrderSchema),
  payments: z.array(AdminMemberPaymentSchema),
  refunds: z.array(AdminRefundSchema),
  disputes: z.array(AdminDisputeSchema),
  reviews: z.array(AdminMemberReviewSchema),
  referrals: z.object({
    /** Who referred them (the owner of `referredByCode`), when known. */
    referredBy: z.object({ id: z.string(), email: z.string() }).nullable(),
    /** People who signed up with their referral code. */
    referred: z.array(z.object({ id: z.string(), email: z.string(), createdAt: z.string() })),
  }),
});
export type AdminMemberDetail = z.infer<typeof AdminMemberDetailSchema>;

/** POST /admin/members/{id}/schedule body. */
export const AdminScheduleInputSchema = z
  .object({
    days: z
      .number({ error: 'Choose every 30, 45 or 60 days.' })
      .int()
      .refine(
        (d) => (DELIVERY_SCHEDULE_DAYS as readonly number[]).includes(d),
        'Choose every 30, 45 or 60 days.',
      ),
  })
  .strict();

/** POST /admin/members/{id}/pause body: how many boxes pass without a box or a charge (the member's rule). */
export const AdminPauseInputSchema = z
  .object({
    cycles: z
      .number({ error: `Choose to pause for 1 to ${MAX_PAUSE_CYCLES} boxes.` })
      .int(`Choose to pause for 1 to ${MAX_PAUSE_CYCLES} boxes.`)
      .min(1, `Choose to pause for 1 to ${MAX_PAUSE_CYCLES} boxes.`)
      .max(MAX_PAUSE_CYCLES, `Choose to pause for 1 to ${MAX_PAUSE_CYCLES} boxes.`),
  })
  .strict();

/** The kinds of order in words, as the back office lists them. */
export const ORDER_KIND_NAMES: Record<string, string> = {
  first_box: 'First box',
  cycle_box: 'Renewal box',
  cart: 'Tub order',
  pre_order: 'Tub plan pre-order',
  // The "Bad Experience" offer's box at no charge (docs/product.md#cancel-offers).
  replacement: 'Replacement box',
};

/** An order kind in words; an unknown kind as it is. */
export function orderKindName(kind: string): string {
  return ORDER_KIND_NAMES[kind] ?? kind;
}

/** POST /admin/members/{id}/cancel body: one of the member-side reasons (0..3). */
export const AdminCancelInputSchema = z
  .object({
    reason: z
      .number({ error: 'Please choose a reason for canceling.' })
      .int()
      .min(0, 'Please choose a reason for canceling.')
      .max(CANCEL_REASONS.length - 1, 'Please choose a reason for canceling.'),
  })
  .strict();

/** POST /admin/orders/{id}/refunds body. */
export const AdminRefundInputSchema = z
  .object({
    /** One id per operator click: the same request sent again finds the same refund. */
    requestId: z.uuid({ error: 'A request id (UUID) is required.' }),
    /** Cents to refund; all that is refundable when left out. */
    amountCents: z
      .number({ error: 'Enter the amount in cents.' })
      .int('Enter the amount in whole cents.')
      .min(1, 'Enter an amount above $0.00.')
      .max(100_000_000, 'Enter an amount up to the amount paid.')
      .optional(),
    reason: z.string().trim().max(200, 'Please keep the reason under 200 characters.').default(''),
  })
  .strict();
export type AdminRefundInput = z.infer<typeof AdminRefundInputSchema>;

export const AdminOrderIdParamsSchema = z.object({ id: z.uuid() });

// ---------------------------------------------------------------------------------------------
// Coupons
// ---------------------------------------------------------------------------------------------

export const COUPON_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{0,31}$/;

const optionalDate = z
  .string()
  .trim()
  .max(40)
  .refine((s) => !Number.isNaN(Date.parse(s)), 'Enter a date and time.')
  .nullable()
  .optional();

/** POST /admin/coupons body. The code is upper-cased before it is checked. */
export const AdminCouponInputSchema = z
  .object({
    code: z
      .string({ error: 'Please enter a code.' })
      .trim()
      .toUpperCase()
      .min(1, 'Please enter a code.')
      .max(32, 'A code is at most 32 characters.')
      .regex(COUPON_CODE_PATTERN, 'Use letters, digits, - and _ only.'),
    kind: z.enum(['percent', 'fixed'], { error: 'Choose percent or fixed amount.' }),
    percentOff: z
      .number({ error: 'Enter a percent from 1 to 100.' })
      .int('Enter a percent from 1 to 100.')
      .min(1, 'Enter a percent from 1 to 100.')
      .max(100, 'Enter a percent from 1 to 100.')
      .nullable()
      .optional(),
    amountOffCents: z
      .number({ error: 'Enter an amount above $0.00.' })
      .int('Enter the amount in whole cents.')
      .min(1, 'Enter an amount above $0.00.')
      .max(1_000_000, 'Enter an amount up to $10,000.')
      .nullable()
      .optional(),
    startsAt: optionalDate,
    expiresAt: optionalDate,
    maxRedemptions: z
      .number({ error: 'Enter a whole number of uses.' })
      .int('Enter a whole number of uses.')
      .min(1, 'Allow at least 1 use.')
      .max(10_000_000)
      .nullable()
      .optional(),
    description: z.string().trim().max(200, 'Please keep the description under 200 characters.').default(''),
  })
  .strict()
  .superRefine((c, ctx) => {
    if (c.kind === 'percent' && c.percentOff == null) {
      ctx.addIssue({ code: 'custom', path: ['percentOff'], message: 'Enter a percent from 1 to 100.' });
    }
    if (c.kind === 'percent' && c.amountOffCents != null) {
      ctx.addIssue({ code: 'custom', path: ['amountOffCents'], message: 'A percent coupon has no amount.' });
    }
    if (c.kind === 'fixed' && c.amountOffCents == null) {
      ctx.addIssue({ code: 'custom', path: ['amountOffCents'], message: 'Enter an amount above $0.00.' });
    }
    if (c.kind === 'fixed' && c.percentOff != null) {
      ctx.addIssue({ code: 'custom', path: ['percentOff'], message: 'A fixed coupon has no percent.' });
    }
    if (c.startsAt && c.expiresAt && Date.parse(c.expiresAt) <= Date.parse(c.startsAt)) {
      ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: 'The expiry must be after the start.' });
    }
  });
export type AdminCouponInput = z.infer<typeof AdminCouponInputSchema>;

export const COUPON_STATES = ['active', 'scheduled', 'expired', 'used_up', 'inactive'] as const;
export type CouponState = (typeof COUPON_STATES)[number];

export const AdminCouponSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.string(),
  percentOff: z.number().int().nullable(),
  amountOffCents: z.number().int().nullable(),
  startsAt: isoOrNull,
  expiresAt: isoOrNull,
  maxRedemptions: z.number().int().nullable(),
  /** Times it was redeemed (rows in coupon_redemptions). */
  usageCount: z.number().int(),
  isActive: z.boolean(),
  /** What a member would meet now. */
  state: z.enum(COUPON_STATES),
  /** Issued to one member only (the referral reward). */
  identityId: z.string().nullable(),
  description: z.string(),
  createdAt: z.string(),
});
export type AdminCoupon = z.infer<typeof AdminCouponSchema>;
export const AdminCouponPageSchema = pageSchemaOf(AdminCouponSchema);

export const ADMIN_COUPON_SORTS = ['created', 'code', 'usage', 'expires'] as const;
export const AdminCouponListQuerySchema = z
  .object({
    q: z.string().trim().max(32).optional(),
    status: z.enum(['all', 'active', 'inactive']).default('all'),
    sort: z.enum(ADMIN_COUPON_SORTS).default('created'),
    order: orderField.default('desc'),
    page: pageField,
    pageSize: pageSizeField,
  })
  .strict();
export type AdminCouponListQuery = z.infer<typeof AdminCouponListQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Reviews moderation
// ---------------------------------------------------------------------------------------------

export const AdminReviewListQuerySchema = z
  .object({
    rating: z.coerce.number().int().min(1).max(5).optional(),
    productId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
    hidden: z.enum(['all', 'visible', 'hidden']).default('all'),
    order: orderField.default('desc'),
    page: pageField,
    pageSize: pageSizeField,
  })
  .strict();
export type AdminReviewListQuery = z.infer<typeof AdminReviewListQuerySchema>;

export const AdminReviewSchema = z.object({
  id: z.string(),
  productId: z.number().int(),
  productTitle: z.string(),
  brandName: z.string(),
  identityId: z.string(),
  memberEmail: z.string(),
  rating: z.number().int(),
  description: z.string(),
  /** How many members marked it helpful: a hidden review's votes stay and count again once shown. */
  helpfulCount: z.number().int(),
  createdAt: z.string(),
  hiddenAt: isoOrNull,
});
export type AdminReview = z.infer<typeof AdminReviewSchema>;
export const AdminReviewPageSchema = pageSchemaOf(AdminReviewSchema);

export const AdminReviewHiddenSchema = z.object({ isHidden: z.boolean() }).strict();

// ---------------------------------------------------------------------------------------------
// Issue reports (Report Issue on /membership)
// ---------------------------------------------------------------------------------------------

export const AdminIssueReportSchema = z.object({
  id: z.string(),
  identityId: z.string(),
  memberEmail: z.string(),
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  text: z.string(),
  createdAt: z.string(),
  handledAt: isoOrNull,
});
export type AdminIssueReport = z.infer<typeof AdminIssueReportSchema>;
export const AdminIssueReportPageSchema = pageSchemaOf(AdminIssueReportSchema);
