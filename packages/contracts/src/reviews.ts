import { z } from 'zod';

/* Product reviews (docs/api-conventions.md#wire-shapes, docs/product.md#states-and-flows, docs/product.md#rules, docs/product.md#reviews). */

export const REVIEW_MIN_CHARS = 25;
export const REVIEW_MAX_CHARS = 500;

/** The review dialog's and the server's words (docs/product.md#rules). */
export const ReviewMessages = {
  rating: 'Please choose a rating from 1 to 5 stars.',
  tooShort: 'Review must be at least 25 characters long',
  agreement: 'Please accept the privacy policy',
  saved: 'Review submitted successfully!',
  notInBox: 'You can review a product once it has been in one of your boxes.',
  ownReview: 'You cannot mark your own review as helpful.',
} as const;

/** POST productReview/Save body; a second review of the same product updates the first. */
export const SaveReviewSchema = z.object({
  productId: z.number().int().min(1).max(2_147_483_647),
  rating: z
    .number({ error: ReviewMessages.rating })
    .int(ReviewMessages.rating)
    .min(1, ReviewMessages.rating)
    .max(5, ReviewMessages.rating),
  description: z
    .string()
    .trim()
    .min(REVIEW_MIN_CHARS, ReviewMessages.tooShort)
    .max(REVIEW_MAX_CHARS, `A review can be at most ${REVIEW_MAX_CHARS} characters long.`),
  agreementConfirmation: z.literal(true, { error: ReviewMessages.agreement }),
});
export type SaveReview = z.infer<typeof SaveReviewSchema>;

export const ReviewSchema = z.object({
  id: z.string(),
  productId: z.number().int(),
  rating: z.number().int(),
  description: z.string(),
  agreementConfirmation: z.boolean(),
  dateCreated: z.string(),
  lastModified: z.string(),
});
export type Review = z.infer<typeof ReviewSchema>;

/** GET productReview/GetMyReviews: the signed-in member's own reviews (hidden ones too: they wrote them). */
export const MyReviewsSchema = z.object({ reviews: z.array(ReviewSchema) });
export type MyReviews = z.infer<typeof MyReviewsSchema>;

/** Fewer reviews than this and a product shows no average (one or two opinions are not a rating). */
export const MIN_REVIEWS_FOR_AVERAGE = 3;

/**
 * The average a visitor may see: one decimal, and none below MIN_REVIEWS_FOR_AVERAGE reviews.
 * Every answer that shows a product's rating (the product page, cards) goes through this.
 */
export function publicAverageRating(reviewCount: number, average: number | null): number | null {
  if (average === null || !Number.isFinite(average) || reviewCount < MIN_REVIEWS_FOR_AVERAGE) return null;
  return Math.round(average * 10) / 10;
}

/**
 * The home page's figures appear only from these counts (docs/look-and-trust.md#social-proof):
 * "12 members" or "4 reviews" reads as an empty store, and an average of a handful of reviews
 * swings with each one.
 */
export const MIN_MEMBERS_FOR_FIGURE = 50;
export const MIN_REVIEWS_FOR_FIGURE = 20;

/**
 * GET productReview/GetStoreFigures: the store's real figures for the home page, each null while
 * below its threshold. Members are accounts with a membership that is not canceled; reviews are
 * the visible ones (the operator's hidden ones never count).
 */
export const StoreFiguresSchema = z.object({
  members: z.number().int().nullable(),
  reviewCount: z.number().int().nullable(),
  averageRating: z.number().nullable(),
});
export type StoreFigures = z.infer<typeof StoreFiguresSchema>;

/** How many member quotes the home page shows, newest first (docs/look-and-trust.md#member-quotes). */
export const MEMBER_QUOTES_SHOWN = 3;
/** A quote is cut at a word boundary to about this many characters, with an ellipsis. */
export const MEMBER_QUOTE_MAX_CHARS = 220;

/** One member's words on the home page: first name only, the product they rated and the stars. */
export const MemberQuoteSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  rating: z.number().int(),
  text: z.string(),
  /** The product reviewed, as `productName()` names it. */
  productName: z.string(),
  dateCreated: z.string(),
});
export type MemberQuote = z.infer<typeof MemberQuoteSchema>;

/**
 * GET productReview/GetMemberQuotes: the newest visible reviews with words, one per member, any
 * rating; empty while the store has fewer visible reviews than MIN_REVIEWS_FOR_FIGURE or fewer
 * than MEMBER_QUOTES_SHOWN such quotes, so a handful of reviews is never put on show.
 */
export const MemberQuotesSchema = z.object({ quotes: z.array(MemberQuoteSchema) });
export type MemberQuotes = z.infer<typeof MemberQuotesSchema>;

/** `text` cut to about `max` characters at a word boundary, with an ellipsis when cut. */
export function quoteExcerpt(text: string, max = MEMBER_QUOTE_MAX_CHARS): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut.slice(0, max)).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** How a product's reviews are ordered; `helpful` is the default (docs/look-and-trust.md#social-proof). */
export const REVIEW_SORTS = ['helpful', 'newest'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

export const ProductReviewsQuerySchema = z.object({
  productId: z.coerce.number().int().min(1).max(2_147_483_647),
  /** `helpful`: most helpful votes first, then newest; `newest`: newest first. */
  sort: z.enum(REVIEW_SORTS, { error: 'Sort by helpful or newest.' }).default('helpful'),
});
export type ProductReviewsQuery = z.infer<typeof ProductReviewsQuerySchema>;

/** One member's review as every visitor sees it: the first name only, never the account. */
export const PublicReviewSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  rating: z.number().int(),
  description: z.string(),
  dateCreated: z.string(),
  /** How many members marked it helpful (one vote per member; the writer cannot vote). */
  helpfulCount: z.number().int(),
  /** Whether the signed-in caller marked it helpful; false for a visitor. */
  isMarkedHelpful: z.boolean(),
  /** Whether the signed-in caller wrote it (they cannot vote on it); false for a visitor. */
  isMine: z.boolean(),
});
export type PublicReview = z.infer<typeof PublicReviewSchema>;

/**
 * GET productReview/GetProductReviews: the product's visible reviews in the asked order (most
 * helpful first by default), with their count and average (null below MIN_REVIEWS_FOR_AVERAGE).
 * Reviews the operator hid are never counted nor listed.
 */
export const ProductReviewsSchema = z.object({
  productId: z.number().int(),
  reviewCount: z.number().int(),
  averageRating: z.number().nullable(),
  /** The order the list is in. */
  sort: z.enum(REVIEW_SORTS),
  reviews: z.array(PublicReviewSchema),
});
export type ProductReviews = z.infer<typeof ProductReviewsSchema>;

/**
 * POST productReview/MarkHelpful: marks (`isHelpful` true) or unmarks the signed-in member's
 * helpful vote on a visible review. Saying the same twice changes nothing, so a retried click is safe.
 */
export const MarkReviewHelpfulSchema = z.object({
  reviewId: z.uuid({ error: 'A review id is required.' }),
  isHelpful: z.boolean({ error: 'Say whether the review is helpful (true or false).' }),
});
export type MarkReviewHelpful = z.infer<typeof MarkReviewHelpfulSchema>;

/** The answer to POST productReview/MarkHelpful: the review's count after the vote. */
export const ReviewHelpfulSchema = z.object({
  reviewId: z.string(),
  helpfulCount: z.number().int(),
  isMarkedHelpful: z.boolean(),
});
export type ReviewHelpful = z.infer<typeof ReviewHelpfulSchema>;
