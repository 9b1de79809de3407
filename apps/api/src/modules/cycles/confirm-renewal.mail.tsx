import { BRAND, Layout, type Mail, P, renderMail } from '../mail/index.ts';

/** The page where a member confirms a renewal their bank wants to authenticate (web: /membership/confirm-payment). */
export const CONFIRM_PAYMENT_PATH = '/membership/confirm-payment';

/** docs/reliability.md#d6: the renewal needs the member present; the mail links to the on-session confirm page. */
export function confirmPaymentMail(to: string, amountCents: number, webUrl: string): Promise<Mail> {
  const link = `${webUrl}${CONFIRM_PAYMENT_PATH}`;
  const amount = `$${(amountCents / 100).toFixed(2)}`;
  return renderMail(
    { kind: 'payment-confirmation', to, subject: 'Please confirm your membership payment' },
    <Layout
      preview={`Your bank wants you to confirm ${amount}.`}
      heading="Please confirm your payment"
      cta={{ label: 'Confirm payment', url: link }}
      footnote={`The confirmation page: ${link}`}
      reason={`You get this email because you have a ${BRAND} membership.`}
    >
      <P>Your bank wants you to confirm this month's payment of {amount} before we can charge your card.</P>
      <P>Please confirm it so your next box can be built. We will not try the card again until you do.</P>
    </Layout>,
  );
}
