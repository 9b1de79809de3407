import { Link } from '@react-email/components';
import { carrierLink, displayOrderNumber, plannedCycleDates } from '@store/contracts';
import { Amounts, BRAND, type ItemLine, Items, Layout, P, renderMail, safeUrl } from './layout.tsx';
import type { Mail } from './mailer.ts';

/** The membership cycle's mails (docs/product.md#membership-cycle): each is sent once per cycle or attempt by the sweeper. */

const MEMBER_REASON = `You get this email because you have a ${BRAND} membership.`;
const ORDER_REASON = `You get this email about an order you placed with ${BRAND}.`;

function dateOf(date: Date): string {
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

function dollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** 3 days before a renewal: a membership notice, sent whatever the marketing choice. */
export function renewalReminderMail(
  to: string,
  billingAt: Date,
  totalCents: number,
  webUrl: string,
): Promise<Mail> {
  return renderMail(
    { kind: 'renewal-reminder', to, subject: 'Your next box is coming up' },
    <Layout
      preview={`We charge your card on ${dateOf(billingAt)}.`}
      heading="Your next box is coming up"
      cta={{ label: 'Change my schedule', url: `${webUrl}/frequency` }}
      reason={`${MEMBER_REASON} We tell you before every charge.`}
    >
      <P>
        Your membership renews on {dateOf(billingAt)}; we will charge your saved card about{' '}
        {dollars(totalCents)}.
      </P>
      <P>To change the schedule, skip a box or pause, visit your delivery schedule before then.</P>
    </Layout>,
  );
}

/**
 * A renewal was charged. With `receipt` (the order's lines as charged) it itemises the box,
 * handling, tax and any tubs or other lines, and shows the box's samples with their pictures; it
 * always links to where the membership is managed (docs/product.md#mails).
 */
export function renewalReceiptMail(
  to: string,
  orderNumber: string,
  totalCents: number,
  last4: string | null,
  /** The box's prime picks, named with brand and flavor, and when the cycle was billed. */
  box: { samples: string[]; billedAt: Date; extras?: string[] } | undefined,
  webUrl: string,
  receipt?: { lines: [string, number][]; samples: ItemLine[] },
): Promise<Mail> {
  const number = displayOrderNumber(orderNumber);
  const dates = box ? plannedCycleDates(box.billedAt) : undefined;
  const money = (cents: number) => (cents < 0 ? `-${dollars(-cents)}` : dollars(cents));
  return renderMail(
    { kind: 'renewal-receipt', to, subject: `Receipt for your box ${number}` },
    <Layout
      preview={`We charged ${dollars(totalCents)} for your next box.`}
      heading="Thank you! Your next box is paid"
      orderNumber={number}
      cta={{ label: 'Choose my 2 samples', url: `${webUrl}/membership` }}
      reason={MEMBER_REASON}
    >
      <P>
        We charged {dollars(totalCents)}
        {last4 ? ` to your card ending in ${last4}` : ''} for order {number}.
      </P>
      {receipt ? <Amounts rows={receipt.lines.map(([label, cents]) => [label, money(cents)])} /> : null}
      <Items
        title="Your prime picks for this box"
        items={receipt && receipt.samples.length > 0 ? receipt.samples : (box?.samples ?? [])}
      />
      <Items title="Also in this box, charged with it" items={box?.extras ?? []} />
      <P>
        {dates
          ? `Choose your other 2 samples by ${dateOf(new Date(dates.buildDeadline))}; after that we choose them for you. Your box is expected to ship on ${dateOf(new Date(dates.expectedShipDate))}.`
          : 'You have 3 days to choose 2 samples for this box; after that we choose them for you.'}
      </P>
      <P>
        Change your delivery schedule, skip, pause or cancel any time:{' '}
        <Link href={safeUrl(`${webUrl}/membership`)} style={{ color: '#c2410c', fontWeight: 700 }}>
          Manage your membership
        </Link>
      </P>
    </Layout>,
  );
}

export function paymentFailedMail(to: string, retryAt: Date | null, webUrl: string): Promise<Mail> {
  return renderMail(
    { kind: 'payment-failed', to, subject: 'We could not charge your card' },
    <Layout
      preview="Please update your card so your next box can ship."
      heading="We could not charge your card"
      cta={{ label: 'Update my card', url: `${webUrl}/billing` }}
      reason={MEMBER_REASON}
    >
      <P>
        {retryAt
          ? `Your card was declined. We will try again on ${dateOf(retryAt)}.`
          : 'Your card was declined, and the bank asks us not to try this card again.'}
      </P>
      <P>Please update your card so your next box can ship.</P>
    </Layout>,
  );
}

export function membershipCanceledMail(to: string, webUrl: string): Promise<Mail> {
  return renderMail(
    { kind: 'membership-canceled', to, subject: 'Your membership was canceled' },
    <Layout
      preview="We could not charge your card after several tries."
      heading="Your membership was canceled"
      cta={{ label: 'Restart my membership', url: `${webUrl}/membership` }}
      reason={MEMBER_REASON}
    >
      <P>We could not charge your card after several tries, so your membership is canceled.</P>
      <P>You can restart it any time from your membership page.</P>
    </Layout>,
  );
}

/** The last renewal retry failed and the store is set to skip that box (docs/payments.md#failed-renewal-policy). */
export function boxSkippedUnpaidMail(to: string, nextBillingAt: Date, webUrl: string): Promise<Mail> {
  return renderMail(
    { kind: 'box-skipped-unpaid', to, subject: 'We skipped this box' },
    <Layout
      preview="This box will not be sent and you were not charged."
      heading="We skipped this box"
      cta={{ label: 'Update my card', url: `${webUrl}/billing` }}
      reason={MEMBER_REASON}
    >
      <P>
        We could not charge your card after several tries, so this box will not be sent and you were not
        charged for it.
      </P>
      <P>
        Your membership continues: we will try your card again for the next box on {dateOf(nextBillingAt)}.
        Please update your card before then.
      </P>
    </Layout>,
  );
}

/** The last renewal retry failed and the store is set to pause the membership. */
export function membershipPausedUnpaidMail(to: string, resumesAt: Date, webUrl: string): Promise<Mail> {
  return renderMail(
    { kind: 'membership-paused-unpaid', to, subject: 'Your membership is paused' },
    <Layout
      preview="This box will not be sent and you were not charged."
      heading="Your membership is paused"
      cta={{ label: 'Update my card', url: `${webUrl}/billing` }}
      reason={MEMBER_REASON}
    >
      <P>
        We could not charge your card after several tries, so this box will not be sent and your membership is
        paused. You were not charged.
      </P>
      <P>
        It resumes by itself on {dateOf(resumesAt)}. To resume sooner, update your card and then resume from{' '}
        {webUrl}/frequency.
      </P>
    </Layout>,
  );
}

/** The member canceled: what stopped, what still ships, and how to come back. */
export function cancelConfirmationMail(
  to: string,
  canceledAt: Date,
  box: 'none' | 'to-ship' | 'on-its-way',
  webUrl: string,
): Promise<Mail> {
  const boxLine = {
    none: 'You have no paid box waiting to ship.',
    'to-ship':
      'The box you have already paid for still ships; we will email its tracking number when it leaves.',
    'on-its-way': 'The box you have already paid for is on its way and will still arrive.',
  }[box];
  return renderMail(
    { kind: 'membership-canceled-by-member', to, subject: 'Your membership is canceled' },
    <Layout
      preview="No more renewals and no more charges."
      heading="Your membership is canceled"
      cta={{ label: 'Restart my membership', url: `${webUrl}/membership` }}
      reason={`You get this email because you canceled your ${BRAND} membership.`}
    >
      <P>
        As you asked, we canceled your {BRAND} membership on {dateOf(canceledAt)}. There will be no more
        renewals and no more charges.
      </P>
      <P>{boxLine}</P>
      <P>Changed your mind? Restart any time. Your quiz answers, reviews and unlocked products are kept.</P>
    </Layout>,
  );
}

/**
 * The tracking number, linked to its carrier's tracking page when the carrier is told from the
 * number's format (docs/product.md#tracking-links).
 */
function Tracking({ trackingNumber }: { trackingNumber: string | undefined }) {
  const carrier = carrierLink(trackingNumber);
  return trackingNumber ? (
    <P>
      Tracking number:{' '}
      {carrier ? (
        <>
          <Link href={safeUrl(carrier.url)} style={{ color: '#c2410c', fontWeight: 700 }}>
            {trackingNumber}
          </Link>{' '}
          ({carrier.carrier})
        </>
      ) : (
        <strong>{trackingNumber}</strong>
      )}
    </P>
  ) : (
    <P>The carrier's tracking number is not in yet; your order page shows it once we have it.</P>
  );
}

/**
 * A box left the warehouse: its samples, each full-size tub that rode along (its flavor and
 * quantity, docs/product.md#next-box-extras) and the carrier's tracking number. A replacement box
 * (docs/product.md#cancel-offers) says so.
 */
export function boxShippedMail(
  to: string,
  order: {
    orderNumber: string;
    orderId: string;
    items: ItemLine[];
    /** The tubs added to the box, each named "2 × Brand Title, Flavor". */
    tubs?: ItemLine[];
    trackingNumber?: string;
    replacement?: boolean;
  },
  webUrl: string,
): Promise<Mail> {
  const number = displayOrderNumber(order.orderNumber);
  const tubs = order.tubs ?? [];
  const what = order.replacement ? 'replacement box' : 'box';
  return renderMail(
    { kind: 'box-shipped', to, subject: `Your ${what} ${number} is on its way` },
    <Layout
      preview={
        order.trackingNumber ? `Tracking number ${order.trackingNumber}` : 'Your samples have shipped.'
      }
      heading={`Your ${what} is on its way`}
      orderNumber={number}
      cta={{ label: 'View my order', url: `${webUrl}/order-detail/${order.orderId}` }}
      reason={MEMBER_REASON}
    >
      <P>
        Your {what} (order {number}) has shipped
        {order.replacement ? ', at no charge' : ''}. Enjoy your samples and tell us what you think!
      </P>
      <Tracking trackingNumber={order.trackingNumber} />
      <Items title="Samples in your box" items={order.items} />
      <Items title="Full-size tubs in your box" items={tubs} />
    </Layout>,
  );
}

/** A cart order of full-size tubs left the warehouse (the back office's cart fulfillment). */
export function tubsShippedMail(
  to: string,
  order: { orderNumber: string; orderId: string; items: string[]; trackingNumber: string },
  webUrl: string,
): Promise<Mail> {
  const number = displayOrderNumber(order.orderNumber);
  return renderMail(
    { kind: 'order-shipped', to, subject: `Your order ${number} is on its way` },
    <Layout
      preview={`Tracking number ${order.trackingNumber}`}
      heading="Your order is on its way"
      orderNumber={number}
      cta={{ label: 'View my order', url: `${webUrl}/order-detail/${order.orderId}` }}
      reason={ORDER_REASON}
    >
      <P>Your order {number} has shipped.</P>
      <Tracking trackingNumber={order.trackingNumber} />
      <Items title="In your parcel" items={order.items} />
    </Layout>,
  );
}

/** To the store: a member reported a problem with a box; the button answers the member. */
export function issueReportMail(
  to: string,
  from: string,
  orderNumber: string | null,
  text: string,
): Promise<Mail> {
  const number = orderNumber ? displayOrderNumber(orderNumber) : undefined;
  return renderMail(
    { kind: 'issue-report', to, subject: `Box issue reported by ${from.replace(/[\r\n\t]+/g, ' ')}` },
    <Layout
      preview={text.slice(0, 90)}
      heading="A member reported a box issue"
      orderNumber={number}
      cta={{ label: 'Reply to the member', url: `mailto:${from}` }}
      reason="Sent to the store by the member's issue report."
    >
      <P>Member: {from}</P>
      <P>Order: {number ?? 'none'}</P>
      <P>{text}</P>
    </Layout>,
  );
}
