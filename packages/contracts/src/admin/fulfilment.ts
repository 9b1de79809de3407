import { z } from 'zod';
import { ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZE_MAX, pageSchemaOf } from './catalog.ts';

/**
 * The back office's dashboard and fulfillment (docs/product.md#back-office;
 * docs/decisions/010-fulfilment.md). Money is integer cents, dates ISO strings in UTC.
 */

// ---------------------------------------------------------------------------------------------
// Dashboard
// ---------------------------------------------------------------------------------------------

/** The longest period the dashboard reads at once. */
export const DASHBOARD_MAX_DAYS = 366;
/** Without `from`/`to`: the last 30 days, today included. */
export const DASHBOARD_DEFAULT_DAYS = 30;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Please give a date as YYYY-MM-DD.')
  .refine(
    (s) =>
      !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    {
      message: 'Please give a real calendar date.',
    },
  );

/** GET /admin/dashboard?from&to: whole UTC days, both included. */
export const AdminDashboardQuerySchema = z
  .object({ from: isoDate.optional(), to: isoDate.optional() })
  .strict()
  .refine((q) => !(q.from && q.to) || q.from <= q.to, {
    message: 'The start of the period must not be after its end.',
    path: ['from'],
  })
  .refine(
    (q) =>
      !(q.from && q.to) ||
      (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000 < DASHBOARD_MAX_DAYS,
    { message: `Please choose a period of at most ${DASHBOARD_MAX_DAYS} days.`, path: ['to'] },
  );
export type AdminDashboardQuery = z.infer<typeof AdminDashboardQuerySchema>;

export const DashboardWeekSchema = z.object({
  /** The Monday (UTC) that starts the week. */
  weekStart: z.string(),
  /** First boxes and renewals paid that week. */
  boxesCents: z.number().int(),
  /** Cart orders (tubs) paid that week. */
  tubsCents: z.number().int(),
});
export type DashboardWeek = z.infer<typeof DashboardWeekSchema>;

export const AdminDashboardSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Memberships live at the end of the period (active or past due). */
  activeMembers: z.number().int(),
  /** Memberships started in the period. */
  newMembers: z.number().int(),
  cancellations: z.object({
    total: z.number().int(),
    /** Per reason id (docs/api-conventions.md#wire-shapes); `reason: null` is a cancel without a reason (failed renewals). */
    byReason: z.array(
      z.object({ reason: z.number().int().nullable(), name: z.string(), count: z.number().int() }),
    ),
  }),
  /** Renewals that will charge in the next 7 days from now (not from the period). */
  renewalsDueNext7Days: z.number().int(),
  /** Failed checkout payments and failed renewal charges in the period. */
  failedPayments: z.number().int(),
  revenue: z.object({
    boxesCents: z.number().int(),
    tubsCents: z.number().int(),
    byWeek: z.array(DashboardWeekSchema),
  }),
});
export type AdminDashboard = z.infer<typeof AdminDashboardSchema>;

// ---------------------------------------------------------------------------------------------
// Fulfillment: cycle boxes
// ---------------------------------------------------------------------------------------------

/** Where a paid box is: members choosing, being assembled, on its way, delivered. */
export const FULFILMENT_STAGES = ['build', 'assembly', 'shipping', 'delivered'] as const;
export type FulfilmentStage = (typeof FULFILMENT_STAGES)[number];
export const FULFILMENT_STAGE_NAMES: Record<FulfilmentStage, string> = {
  build: 'Build your box',
  assembly: 'Assembly',
  shipping: 'Shipping',
  delivered: 'Delivered',
};

export const FULFILMENT_BOX_SORTS = ['deadline', 'member', 'email', 'order'] as const;
export type FulfilmentBoxSort = (typeof FULFILMENT_BOX_SORTS)[number];

const pageField = z.coerce.number().int().min(1).max(1_000_000).default(1);
const pageSizeField = z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE_MAX).default(ADMIN_PAGE_SIZE);

export const AdminFulfilmentBoxQuerySchema = z
  .object({
    stage: z.enum(FULFILMENT_STAGES).default('assembly'),
    sort: z.enum(FULFILMENT_BOX_SORTS).default('deadline'),
    order: z.enum(['asc', 'desc']).default('asc'),
    page: pageField,
    pageSize: pageSizeField,
  })
  .strict();
export type AdminFulfilmentBoxQuery = z.infer<typeof AdminFulfilmentBoxQuerySchema>;

export const FulfilmentItemSchema = z.object({
  productId: z.number().int(),
  title: z.string(),
  brand: z.string(),
  flavor: z.string(),
  isPrimePick: z.boolean(),
  quantity: z.number().int(),
  /**
   * A full-size tub (a tub line added to a box, docs/product.md#next-box-extras, or a cart order's
   * line), packed from the tub shelf; otherwise a sample packet.
   */
  isTub: z.boolean(),
});
export type FulfilmentItem = z.infer<typeof FulfilmentItemSchema>;

/**
 * `box`: a cycle's box (first or renewal); `replacement`: a box sent at no charge outside the
 * cycles (the "Bad Experience" cancel offer, docs/product.md#cancel-offers), packed as it holds.
 */
export const FULFILMENT_BOX_KINDS = ['box', 'replacement'] as const;

export const AdminFulfilmentBoxSchema = z.object({
  /** The box's order; the id every action takes. */
  orderId: z.string(),
  orderNumber: z.string(),
  kind: z.enum(FULFILMENT_BOX_KINDS),
  memberName: z.string(),
  email: z.string(),
  /** "January 2027": the month the cycle started (a replacement: the month it was granted). */
  boxMonth: z.string(),
  /** 0 for the first box; a replacement has none (0). */
  cycleIndex: z.number().int(),
  stage: z.enum(FULFILMENT_STAGES),
  /** When the build window closes; a replacement's is when it was granted (it is ready to pack then). */
  buildDeadlineAt: z.string(),
  assembledAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  items: z.array(FulfilmentItemSchema),
});
export type AdminFulfilmentBox = z.infer<typeof AdminFulfilmentBoxSchema>;
export const AdminFulfilmentBoxPageSchema = pageSchemaOf(AdminFulfilmentBoxSchema);

/** Carrier tracking numbers: letters and digits, 8-40 of them; spaces are dropped, letters upper-cased. */
export const TrackingNumberSchema = z
  .string()
  .transform((s) => s.replace(/[\s-]/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .min(1, 'Please enter a tracking number.')
      .regex(/^[A-Z0-9]{8,40}$/, 'A tracking number is 8-40 letters and digits.'),
  );

/** A batch is at most this many boxes or orders. */
export const FULFILMENT_BATCH_MAX = 100;

const orderIdsField = z
  .array(z.uuid())
  .min(1, 'Please select at least one box.')
  .max(FULFILMENT_BATCH_MAX)
  .refine((ids) => new Set(ids).size === ids.length, 'A box is selected twice.');

/** POST /admin/fulfilment/boxes/assemble and .../deliver */
export const AdminBoxBatchSchema = z.object({ orderIds: orderIdsField }).strict();
export type AdminBoxBatch = z.infer<typeof AdminBoxBatchSchema>;

const shipmentsField = z
  .array(z.object({ orderId: z.uuid(), trackingNumber: TrackingNumberSchema }).strict())
  .min(1, 'Please select at least one box.')
  .max(FULFILMENT_BATCH_MAX)
  .refine((rows) => new Set(rows.map((r) => r.orderId)).size === rows.length, 'A box is selected twice.');

/** POST /admin/fulfilment/boxes/ship and /admin/fulfilment/cart-orders/ship: a tracking number per order. */
export const AdminShipBatchSchema = z.object({ shipments: shipmentsField }).strict();
export type AdminShipBatch = z.infer<typeof AdminShipBatchSchema>;

export const AdminBatchResultSchema = z.object({
  results: z.array(
    z.object({
      orderId: z.string(),
      /** `changed`: this call did it; `unchanged`: it was already done (nothing mailed twice). */
      outcome: z.enum(['changed', 'unchanged']),
    }),
  ),
});
export type AdminBatchResult = z.infer<typeof AdminBatchResultSchema>;

export const ShippingAddressSchema = z.object({
  name: z.string(),
  street1: z.string(),
  street2: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
});

/** GET /admin/fulfilment/boxes/{id}/packing-list */
export const AdminPackingListSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  kind: z.enum(['box', 'replacement', 'cart']),
  memberName: z.string(),
  email: z.string(),
  boxMonth: z.string().nullable(),
  shipTo: ShippingAddressSchema.nullable(),
  trackingNumber: z.string().nullable(),
  items: z.array(FulfilmentItemSchema),
});
export type AdminPackingList = z.infer<typeof AdminPackingListSchema>;

// ---------------------------------------------------------------------------------------------
// Fulfillment: cart orders (tubs)
// ---------------------------------------------------------------------------------------------

export const CART_ORDER_SHIP_STATUSES = ['to_ship', 'shipped'] as const;
export const CART_ORDER_SORTS = ['paid', 'order', 'email', 'total'] as const;

export const AdminCartOrderQuerySchema = z
  .object({
    status: z.enum(CART_ORDER_SHIP_STATUSES).default('to_ship'),
    sort: z.enum(CART_ORDER_SORTS).default('paid'),
    order: z.enum(['asc', 'desc']).default('asc'),
    page: pageField,
    pageSize: pageSizeField,
  })
  .strict();
export type AdminCartOrderQuery = z.infer<typeof AdminCartOrderQuerySchema>;

export const AdminCartOrderSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  memberName: z.string(),
  email: z.string(),
  paidAt: z.string().nullable(),
  totalCents: z.number().int(),
  status: z.string(),
  shippedAt: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  items: z.array(FulfilmentItemSchema),
});
export type AdminCartOrder = z.infer<typeof AdminCartOrderSchema>;
export const AdminCartOrderPageSchema = pageSchemaOf(AdminCartOrderSchema);

/** One scheduled job as the operator's dashboard shows it (`GET /api/admin/jobs`). */
export const AdminJobSchema = z.object({
  name: z.string(),
  /** How often it runs. */
  everySeconds: z.number().int(),
  /** ISO times; null before its first run. */
  lastStartedAt: z.string().nullable(),
  lastFinishedAt: z.string().nullable(),
  /** Started and not finished yet. */
  running: z.boolean(),
  /** Whether its last finished run failed, and why. */
  failed: z.boolean(),
  lastError: z.string().nullable(),
  runs: z.number().int(),
  failures: z.number().int(),
  /** When a process will next start it (its period from the last start); null: at the next tick. */
  nextRunAt: z.string().nullable(),
});
export type AdminJob = z.infer<typeof AdminJobSchema>;

export const AdminJobsSchema = z.object({ jobs: z.array(AdminJobSchema), now: z.string() });
export type AdminJobs = z.infer<typeof AdminJobsSchema>;
