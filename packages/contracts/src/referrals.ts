import { z } from 'zod';

/** Referred members who must pay a first box before the referrer's free tub (docs/product.md#referrals). */
export const REFERRALS_FOR_REWARD = 2;

/** The link a member shares: PUBLIC_URL + /take-quiz/1?referralCode=CODE (docs/product.md#member-area, docs/product.md#shop-and-cart). */
export function referralLinkOf(publicUrl: string, referralCode: string): string {
  return `${publicUrl.replace(/\/$/, '')}/take-quiz/1?referralCode=${encodeURIComponent(referralCode)}`;
}

/** GET /referrals/Mine: the member's referral link and how far they are from the free tub. */
export const MyReferralsSchema = z.object({
  referralCode: z.string(),
  /** Built on the server from PUBLIC_URL, never from the browser's address. */
  referralLink: z.string(),
  /** People who signed up with this code (self-referrals never count). */
  referredCount: z.number().int(),
  /** Of those, how many have paid their first box. */
  paidCount: z.number().int(),
  /** How many paid first boxes earn the reward (2). */
  requiredCount: z.number().int(),
  /** The free-tub coupon once issued: its code and whether it was used. */
  reward: z
    .object({
      couponCode: z.string(),
      redeemed: z.boolean(),
      issuedAt: z.string(),
    })
    .nullable(),
  /**
   * When the member closed the shop's referral popup on any device (the server's copy of the
   * browser's `referralPopupShown`), or null.
   */
  popupShownAt: z.string().nullable(),
});
export type MyReferrals = z.infer<typeof MyReferralsSchema>;
