import { BRAND, Layout, type Mail, P, renderMail } from '../mail/index.ts';

export const REFERRAL_REWARD_MAIL = 'referral-reward';

/**
 * To the referrer once 2 friends have paid a first box: the free-tub coupon's code. It delivers a
 * reward the member earned, so it comes whatever the marketing choice
 * (docs/decisions/015-emails-and-marketing-opt-in.md).
 */
export function referralRewardMail(to: string, couponCode: string, shopUrl: string): Promise<Mail> {
  return renderMail(
    { kind: REFERRAL_REWARD_MAIL, to, subject: 'You earned a FREE TUB' },
    <Layout
      preview={`Your code ${couponCode} takes one tub off your next order.`}
      heading="You earned a FREE TUB"
      cta={{ label: 'Pick my free tub', url: shopUrl }}
      reason={`You get this email because friends joined ${BRAND} with your referral link.`}
    >
      <P>Two friends you referred have received their first box, so your next tub is on us.</P>
      <P>
        Use the code <strong>{couponCode}</strong> in your cart at {shopUrl}: it takes the price of one tub
        off your order, once.
      </P>
      <P>Thank you for sharing {BRAND}!</P>
    </Layout>,
  );
}
