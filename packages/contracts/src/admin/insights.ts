import { z } from 'zod';

/**
 * GET /api/admin/insights?from&to (docs/product.md#insights): the business in figures for the
 * operator. The query is the dashboard's (`AdminDashboardQuerySchema`); money is integer cents,
 * shares are fractions 0-1 with 4 decimals.
 */

/** Revenue of the period by kind; refunds are taken off in `totalCents`. */
export const InsightsRevenueSchema = z.object({
  firstBoxesCents: z.number().int(),
  /** Renewal boxes with the next-box extras charged with them; offer boxes at what was charged. */
  renewalsCents: z.number().int(),
  shopCents: z.number().int(),
  /** Tub plans: 0 until the store sells them. */
  tubPlansCents: z.number().int(),
  preOrdersCents: z.number().int(),
  /** Refunds that succeeded in the period (a positive number, taken off the total). */
  refundsCents: z.number().int(),
  totalCents: z.number().int(),
});

export const InsightsCohortSchema = z.object({
  /** YYYY-MM of the first payments. */
  month: z.string(),
  members: z.number().int(),
  /** Share still a member 1, 2, 3 … whole months after the first payment. */
  retained: z.array(z.number()),
});

export const InsightsCancelReasonSchema = z.object({
  reason: z.number().int(),
  name: z.string(),
  offered: z.number().int(),
  saved: z.number().int(),
  canceled: z.number().int(),
});

export const InsightsFunnelStepSchema = z.object({
  step: z.number().int(),
  reached: z.number().int(),
});

export const InsightsQuizFunnelSchema = z.object({
  steps: z.array(InsightsFunnelStepSchema),
  registered: z.number().int(),
  resultsSeen: z.number().int(),
  paid: z.number().int(),
  /** The step after which most of those who reached it left (null when nobody left). */
  biggestDropStep: z.number().int().nullable(),
});

export const InsightsProfileRowSchema = z.object({
  answerId: z.number().int(),
  name: z.string(),
  members: z.number().int(),
  /** Members whose first payment is 90 days old or more. */
  membersAged90Days: z.number().int(),
  /** Share of those still a member 90 days after their first payment; null when none is that old. */
  retention90: z.number().nullable(),
  revenueCents: z.number().int(),
});

export const InsightsByQuizProfileSchema = z.object({
  fitnessGoals: z.array(InsightsProfileRowSchema),
  dietaryPreferences: z.array(InsightsProfileRowSchema),
});

export const InsightsSampleToTubSchema = z.object({
  productId: z.number().int(),
  name: z.string(),
  sampled: z.number().int(),
  boughtTub: z.number().int(),
  rate: z.number(),
  averageRating: z.number().nullable(),
});

export const InsightsSampleDemandSchema = z.object({
  productId: z.number().int(),
  name: z.string(),
  samplesNeeded: z.number().int(),
  /** Samples already in the boxes (prime picks and the members' choices so far). */
  chosen: z.number().int(),
  /** Estimate for the samples not chosen yet. */
  estimated: z.number().int(),
  sampleStock: z.number().int(),
});

export const InsightsMrrPointSchema = z.object({
  /** YYYY-MM-DD: the MRR at the end of this day (UTC). */
  day: z.string(),
  mrrCents: z.number().int(),
});

export const AdminInsightsSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** When the snapshot figures (MRR, members) were read. */
  asOf: z.string(),
  mrrCents: z.number().int(),
  /** The MRR at the end of each day of the period up to today (cancellations taken off, pauses not). */
  mrrSeries: z.array(InsightsMrrPointSchema),
  activeMembers: z.number().int(),
  pausedMembers: z.number().int(),
  pastDueMembers: z.number().int(),
  newMembers: z.number().int(),
  canceledMembers: z.number().int(),
  membersAtStart: z.number().int(),
  churnRate: z.number(),
  revenueCents: InsightsRevenueSchema,
  cohorts: z.array(InsightsCohortSchema),
  cancelReasons: z.array(InsightsCancelReasonSchema),
  quizFunnel: InsightsQuizFunnelSchema,
  byQuizProfile: InsightsByQuizProfileSchema,
  sampleToTub: z.array(InsightsSampleToTubSchema),
  sampleDemand: z.array(InsightsSampleDemandSchema),
});
export type AdminInsights = z.infer<typeof AdminInsightsSchema>;
