import { BRAND, Items, Layout, type Mail, P, renderMail } from '../mail/index.ts';

/** The mails that confirm a member's own steering of the membership (docs/product.md#steering-your-membership). */

const MEMBER_REASON = `You get this email because you changed your ${BRAND} membership.`;

export function dateOf(date: Date): string {
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

export function dollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** POST /order/SwapPrimePick done. */
export function primePickSwappedMail(to: string, from: string, into: string, webUrl: string): Promise<Mail> {
  return renderMail(
    { kind: 'prime-pick-swapped', to, subject: `Prime pick swapped: ${into}` },
    <Layout
      preview={`${into} replaces ${from} in your box.`}
      heading="Your prime pick is swapped"
      cta={{ label: 'See my box', url: `${webUrl}/membership` }}
      reason={MEMBER_REASON}
    >
      <P>
        {into} replaces {from} in your box. It is one of your 2 prime picks now.
      </P>
      <P>You can swap a prime pick until the box's build deadline.</P>
    </Layout>,
  );
}

/** POST /user/AcceptCancelOffer done: the subject names what was applied. */
export function cancelOfferAcceptedMail(
  to: string,
  applied: { title: string; lines: string[] },
  webUrl: string,
): Promise<Mail> {
  return renderMail(
    { kind: 'cancel-offer-accepted', to, subject: `Applied: ${applied.title}` },
    <Layout
      preview={`${applied.title}. Your membership stays active.`}
      heading={`Applied: ${applied.title}`}
      cta={{ label: 'Go to my membership', url: `${webUrl}/membership` }}
      reason={MEMBER_REASON}
    >
      <P>Thank you for staying with us. Here is what we changed:</P>
      <Items title="What we did" items={applied.lines} />
      <P>Your membership stays active. You can still cancel any time from your membership page.</P>
    </Layout>,
  );
}

/** POST /user/RescheduleNextBox done. */
export function nextBoxMovedMail(to: string, billingAt: Date, webUrl: string): Promise<Mail> {
  return renderMail(
    { kind: 'next-box-moved', to, subject: `Your next box is now on ${dateOf(billingAt)}` },
    <Layout
      preview={`We charge your card for your next box on ${dateOf(billingAt)}.`}
      heading="Your next box has a new date"
      cta={{ label: 'See my delivery schedule', url: `${webUrl}/frequency` }}
      reason={MEMBER_REASON}
    >
      <P>
        Your next box is billed on {dateOf(billingAt)}; we remind you 3 days before. The boxes after it follow
        your delivery schedule from that date.
      </P>
    </Layout>,
  );
}

/** POST /user/SendNextBoxNow asked: the receipt (or the failed-payment mail) follows from the renewal. */
export function nextBoxSentNowMail(to: string, nextBillingAt: Date | null, webUrl: string): Promise<Mail> {
  return renderMail(
    { kind: 'next-box-sent-now', to, subject: 'Your next box is on its way to being built' },
    <Layout
      preview="You asked for your next box now."
      heading="Your next box starts now"
      cta={{ label: 'Choose my 2 samples', url: `${webUrl}/membership` }}
      reason={MEMBER_REASON}
    >
      <P>
        You asked for your next box now. We charge your card for it (the receipt comes separately) and picked
        its 2 prime picks; choose your other 2 samples in the next 3 days.
      </P>
      {nextBillingAt ? <P>The box after it is billed on {dateOf(nextBillingAt)}.</P> : null}
    </Layout>,
  );
}

/** POST /order/AddToNextBox done. */
export function extraAddedMail(
  to: string,
  line: string,
  billingAt: Date | null,
  webUrl: string,
): Promise<Mail> {
  return renderMail(
    { kind: 'next-box-extra-added', to, subject: `Added to your next box: ${line}` },
    <Layout
      preview="A full-size tub rides along with your next box."
      heading="Added to your next box"
      cta={{ label: 'See my next box', url: `${webUrl}/membership` }}
      reason={MEMBER_REASON}
    >
      <P>
        {line} is in your next box. It is charged at your member price with the box
        {billingAt ? ` on ${dateOf(billingAt)}` : ''}, in the same charge, with no extra shipping.
      </P>
      <P>You can remove it from your membership page until then.</P>
    </Layout>,
  );
}

/** At renewal: a tub that was out of stock was left out of the charge. */
export function extraLeftOutMail(to: string, lines: string[], webUrl: string): Promise<Mail> {
  return renderMail(
    { kind: 'next-box-extra-left-out', to, subject: 'A tub was left out of your box' },
    <Layout
      preview="It was out of stock, so we did not charge for it."
      heading="A tub was left out of your box"
      cta={{ label: 'Visit the shop', url: `${webUrl}/shop` }}
      reason={MEMBER_REASON}
    >
      <P>
        These tubs were out of stock when your box was billed, so we left them out and did not charge for
        them:
      </P>
      <Items title="Left out" items={lines} />
    </Layout>,
  );
}

/** POST /order/RemoveFromNextBox done: the tub will not be charged or shipped with the box. */
export function extraRemovedMail(
  to: string,
  line: string,
  billingAt: Date | null,
  webUrl: string,
): Promise<Mail> {
  return renderMail(
    { kind: 'next-box-extra-removed', to, subject: `Removed from your next box: ${line}` },
    <Layout
      preview="It will not be charged or shipped with your box."
      heading="Removed from your next box"
      cta={{ label: 'See my next box', url: `${webUrl}/membership` }}
      reason={MEMBER_REASON}
    >
      <P>
        {line} is no longer in your next box{billingAt ? `, billed on ${dateOf(billingAt)}` : ''}. We will not
        charge for it or ship it.
      </P>
      <P>You can add it again from the shop until then.</P>
    </Layout>,
  );
}
