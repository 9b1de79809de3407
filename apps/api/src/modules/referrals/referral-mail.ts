import type { Mail } from '../mail/mailer.ts';
import { escapeHtml } from '../mail/templates.ts';

export const REFERRAL_REWARD_MAIL = 'referral-reward';

/** To the referrer once 2 friends have paid a first box: the free-tub coupon's code. */
export function referralRewardMail(to: string, couponCode: string, shopUrl: string): Mail {
  const lines = [
    'Two friends you referred have received their first box, so your next tub is on us.',
    `Use the code ${couponCode} in your cart at ${shopUrl}: it takes the price of one tub off your order, once.`,
    'Thank you for sharing Sample First!',
  ];
  return {
    kind: REFERRAL_REWARD_MAIL,
    to,
    subject: 'You earned a FREE TUB',
    text: `${lines.join('\n\n')}\n\nSample First\n`,
    html: `<h1>You earned a FREE TUB</h1>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p>Sample First</p>`,
  };
}
