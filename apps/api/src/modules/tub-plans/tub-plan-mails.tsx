import {
  displayOrderNumber,
  TUB_PLAN_PRE_ORDER_REFUND_DAYS,
  TUB_PLANS,
  type TubPlanId,
} from '@store/contracts';
import { Amounts, BRAND, Layout, type Mail, P, renderMail, usd } from '../mail/index.ts';

/*
 * The tub plans' mails (docs/product.md#tub-plans): the launch to each paid pre-order holder, the
 * reminder to choose and the refund of an unclaimed pre-order, a delivery's receipt naming every
 * tub with its flavor, and the engine's reminder and dunning mails in the plan's words.
 */

const PLAN_REASON = `You get this email because you have a ${BRAND} tub plan.`;
const PRE_ORDER_REASON = `You get this email because you pre-ordered a ${BRAND} tub plan.`;

function dateOf(date: Date): string {
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** Where a pre-order holder chooses the tubs of their plan. */
export function claimUrl(webUrl: string, preOrderId: string): string {
  return `${webUrl}/subscriptions-learn-more?preOrder=${encodeURIComponent(preOrderId)}`;
}

/** At launch, to each paid pre-order holder: the plan is ready, choose the tubs. */
export function tubPlanLaunchMail(input: {
  to: string;
  plan: TubPlanId;
  orderNumber: string;
  claimUrl: string;
  refundBy: Date;
}): Promise<Mail> {
  const name = TUB_PLANS[input.plan].name;
  return renderMail(
    { kind: 'tub-plan-launch', to: input.to, subject: `Your ${name} is ready: choose your tubs` },
    <Layout
      preview="Your pre-order pays your first delivery. Choose the tubs it holds."
      heading={`Your ${name} is ready`}
      orderNumber={displayOrderNumber(input.orderNumber)}
      cta={{ label: 'Choose my tubs', url: input.claimUrl }}
      reason={PRE_ORDER_REASON}
    >
      <P>
        The {name} you pre-ordered ({displayOrderNumber(input.orderNumber)}) has launched. Choose the tubs and
        flavors of your deliveries and how often they come.
      </P>
      <P>
        Your pre-order already pays your first delivery, whatever tubs you choose: nothing more is charged for
        it. Later deliveries are charged at the plan's prices.
      </P>
      <P>If you have not chosen by {dateOf(input.refundBy)}, we refund your pre-order in full.</P>
    </Layout>,
  );
}

/** 14 days after launch, to a pre-order holder who has not chosen. */
export function tubPlanChooseReminderMail(input: {
  to: string;
  plan: TubPlanId;
  claimUrl: string;
  refundBy: Date;
}): Promise<Mail> {
  const name = TUB_PLANS[input.plan].name;
  return renderMail(
    { kind: 'tub-plan-choose-reminder', to: input.to, subject: `Choose the tubs of your ${name}` },
    <Layout
      preview={`Your pre-order pays your first delivery. Choose by ${dateOf(input.refundBy)}.`}
      heading={`Your ${name} is waiting for you`}
      cta={{ label: 'Choose my tubs', url: input.claimUrl }}
      reason={PRE_ORDER_REASON}
    >
      <P>You pre-ordered the {name}, and it is ready. Choose your tubs and your first delivery is on us.</P>
      <P>
        If you have not chosen by {dateOf(input.refundBy)}, we refund your pre-order in full and your plan
        does not start.
      </P>
    </Layout>,
  );
}

/** 30 days after launch, an unclaimed pre-order refunded in full. */
export function tubPlanPreOrderRefundedMail(input: {
  to: string;
  plan: TubPlanId;
  orderNumber: string;
  amountCents: number;
  plansUrl: string;
}): Promise<Mail> {
  const name = TUB_PLANS[input.plan].name;
  return renderMail(
    { kind: 'tub-plan-pre-order-refunded', to: input.to, subject: `Your ${name} pre-order is refunded` },
    <Layout
      preview={`${usd(input.amountCents)} is on its way back to your card.`}
      heading="Your pre-order is refunded"
      orderNumber={displayOrderNumber(input.orderNumber)}
      cta={{ label: 'See the tub plans', url: input.plansUrl }}
      reason={PRE_ORDER_REASON}
    >
      <P>
        You did not choose the tubs of your {name} within {TUB_PLAN_PRE_ORDER_REFUND_DAYS} days of its launch,
        so we refunded your pre-order {displayOrderNumber(input.orderNumber)} in full:{' '}
        {usd(input.amountCents)}. Your bank may take 5-10 days to show it.
      </P>
      <P>You can still start a plan any time from the tub plans page.</P>
    </Layout>,
  );
}

/** One delivery of a plan was paid (by a charge or by the pre-order): every tub with its flavor. */
export function tubPlanReceiptMail(input: {
  to: string;
  plan: TubPlanId;
  orderNumber: string;
  orderUrl: string;
  lines: { name: string; quantity: number; lineCents: number; free: boolean }[];
  subtotalCents: number;
  taxCents: number;
  creditCents: number;
  totalCents: number;
  last4: string | null;
  preOrderNumber: string | null;
  nextBillingAt: Date | null;
}): Promise<Mail> {
  const name = TUB_PLANS[input.plan].name;
  const number = displayOrderNumber(input.orderNumber);
  const rows: [string, string][] = [
    ...input.lines.map((l): [string, string] => [
      `${l.name} x${l.quantity}${l.free ? ' (free)' : ''}`,
      l.free ? 'Free' : usd(l.lineCents),
    ]),
    ['Subtotal', usd(input.subtotalCents)],
    ['Shipping', 'Free'],
    ['Tax', usd(input.taxCents)],
    ...(input.creditCents > 0
      ? [
          [`Paid by your pre-order ${input.preOrderNumber ?? ''}`.trim(), `-${usd(input.creditCents)}`] as [
            string,
            string,
          ],
        ]
      : []),
    ['Total charged (USD)', usd(input.totalCents)],
  ];
  return renderMail(
    { kind: 'tub-plan-receipt', to: input.to, subject: `Your ${name} delivery ${number} is confirmed` },
    <Layout
      preview="We email you again when your tubs ship."
      heading={`Your ${name} delivery is confirmed`}
      orderNumber={number}
      cta={{ label: 'View my order', url: input.orderUrl }}
      reason={PLAN_REASON}
    >
      <P>These tubs are on their way to being packed. We email you again when they ship.</P>
      <Amounts rows={rows} />
      {input.last4 ? <P>Paid with the card ending in {input.last4}.</P> : null}
      {input.nextBillingAt ? (
        <P>
          Your next delivery is charged on {dateOf(input.nextBillingAt)}; change, skip or pause it on
          Membership.
        </P>
      ) : null}
    </Layout>,
  );
}

export function tubPlanReminderMail(
  to: string,
  plan: TubPlanId,
  billingAt: Date,
  cents: number,
  webUrl: string,
) {
  const name = TUB_PLANS[plan].name;
  return renderMail(
    { kind: 'tub-plan-reminder', to, subject: `Your next ${name} delivery is coming up` },
    <Layout
      preview={`We charge your card on ${dateOf(billingAt)}.`}
      heading={`Your next ${name} delivery is coming up`}
      cta={{ label: 'Change my tubs', url: `${webUrl}/membership` }}
      reason={`${PLAN_REASON} We tell you before every charge.`}
    >
      <P>
        On {dateOf(billingAt)} we charge your saved card about {usd(cents)} plus tax for your next tubs.
      </P>
      <P>To change the tubs, skip this delivery, pause or cancel, visit Membership before then.</P>
    </Layout>,
  );
}

export function tubPlanPaymentFailedMail(to: string, plan: TubPlanId, retryAt: Date | null, webUrl: string) {
  const name = TUB_PLANS[plan].name;
  return renderMail(
    { kind: 'tub-plan-payment-failed', to, subject: `We could not charge your ${name} delivery` },
    <Layout
      preview="Please check your card."
      heading="Your payment did not go through"
      cta={{ label: 'Update my card', url: `${webUrl}/membership` }}
      reason={PLAN_REASON}
    >
      <P>Your bank declined the charge for your next {name} delivery, so it has not been sent.</P>
      <P>
        {retryAt
          ? `We try again on ${dateOf(retryAt)}. To use another card, update it on Membership.`
          : 'Please add another card on Membership; we charge it as soon as you do.'}
      </P>
    </Layout>,
  );
}

export function tubPlanCanceledUnpaidMail(to: string, plan: TubPlanId, webUrl: string) {
  const name = TUB_PLANS[plan].name;
  return renderMail(
    { kind: 'tub-plan-canceled', to, subject: `Your ${name} is canceled` },
    <Layout
      preview="Your last payment did not go through."
      heading={`Your ${name} is canceled`}
      cta={{ label: 'See the tub plans', url: `${webUrl}/subscriptions-learn-more` }}
      reason={PLAN_REASON}
    >
      <P>We could not charge your card for your next delivery after several tries, so your plan has ended.</P>
      <P>Nothing more will be charged. You can start a plan again any time.</P>
    </Layout>,
  );
}

export function tubPlanSkippedUnpaidMail(
  to: string,
  plan: TubPlanId,
  next: Date,
  paused: boolean,
  webUrl: string,
) {
  const name = TUB_PLANS[plan].name;
  return renderMail(
    { kind: 'tub-plan-skipped-unpaid', to, subject: `Your ${name} delivery was skipped` },
    <Layout
      preview="Your payment did not go through."
      heading="This delivery was skipped"
      cta={{ label: 'Update my card', url: `${webUrl}/membership` }}
      reason={PLAN_REASON}
    >
      <P>
        We could not charge your card, so this delivery was{' '}
        {paused ? 'skipped and your plan paused' : 'skipped'}. The next delivery is on {dateOf(next)}.
      </P>
    </Layout>,
  );
}

export function tubPlanUnavailableMail(
  to: string,
  plan: TubPlanId,
  reason: string,
  next: Date,
  webUrl: string,
) {
  const name = TUB_PLANS[plan].name;
  return renderMail(
    { kind: 'tub-plan-unavailable', to, subject: `Your ${name} delivery was skipped: a tub is sold out` },
    <Layout
      preview="Nothing was charged."
      heading="A tub of your plan is sold out"
      cta={{ label: 'Change my tubs', url: `${webUrl}/membership` }}
      reason={PLAN_REASON}
    >
      <P>{reason} We skipped this delivery and charged nothing.</P>
      <P>Your next delivery is on {dateOf(next)}. Choose another tub on Membership to get it then.</P>
    </Layout>,
  );
}
