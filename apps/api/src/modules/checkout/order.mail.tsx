import {
  DELIVERY_SCHEDULE_DAYS,
  displayOrderNumber,
  formatMembershipDate,
  type Order,
  plannedCycleDates,
  productName,
} from '@store/contracts';
import { Amounts, BRAND, Items, Layout, type Mail, P, pictureUrl, renderMail } from '../mail/index.ts';

/*
 * The mails of a paid order: the confirmation (with the invoice lines the thank-you page
 * promises, "Check your email for the invoice.") and the notice of a refund.
 */

const ORDER_REASON = `You get this email about an order you placed with ${BRAND}.`;

function usd(dollars: number): string {
  return `$${dollars.toFixed(2)}`;
}

/** The order's lines and totals, as the invoice part of both mails. */
function invoiceLines(order: Order): [string, string][] {
  const lines: [string, string][] = [];
  if (order.kind === 'pre_order') {
    lines.push(['Pre-Order x1', usd(order.price)]);
  } else {
    lines.push(['Discover Plan: box of 4 samples', usd(order.price)]);
    for (const item of order.items) {
      const pick = item.isPrimePick ? ' (prime pick)' : '';
      lines.push([
        `Sample: ${item.brandName ? `${item.brandName} ` : ''}${productName(item)}${pick}`,
        item.price > 0 ? usd(item.price) : 'Included',
      ]);
    }
  }
  lines.push(['Shipping', 'Free'], ['Handling fee', usd(order.handlingFee)], ['Tax', usd(order.taxAmount)]);
  if (order.storeCredit > 0) lines.push(['Store credit', `-${usd(order.storeCredit)}`]);
  lines.push(['Total (USD)', usd(order.total)]);
  return lines;
}

/** The first box's next steps with their dates, counted from the payment. */
export function whatHappensNext(order: Pick<Order, 'datePaid' | 'dateCreated' | 'items'>): string[] {
  const dates = plannedCycleDates(order.datePaid ?? order.dateCreated);
  const deadline = formatMembershipDate(dates.buildDeadline);
  const chosen = order.items.filter((i) => !i.isPrimePick).length;
  const choose =
    chosen >= 2
      ? `you chose your 2 samples already and can change them until ${deadline}.`
      : `choose your 2 samples by ${deadline} (after that we choose them for you from your matches).`;
  return [
    `What happens next: ${choose} Your box is assembled from ${deadline} to ${formatMembershipDate(dates.assemblyEndDate)} and is expected to ship on ${formatMembershipDate(dates.expectedShipDate)}; we email you the tracking number when it ships.`,
  ];
}

/** "Maya Torres, 1200 Barton Springs Rd, Unit 5, Austin, TX 78704": where the order ships, or null. */
export function shippingLine(identity: Order['identity']): string | null {
  const a = identity.shippingAddress;
  if (!a?.street1) return null;
  const name = [identity.firstName, identity.lastName].filter(Boolean).join(' ');
  const place = [a.city, [a.state, a.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [name, a.street1, a.street2, place].filter(Boolean).join(', ');
}

/**
 * Sent once when an order is paid (the outbox makes it once). A box's mail names where it ships
 * and shows the samples with their pictures (docs/product.md#mails).
 */
export function orderConfirmationMail(order: Order, publicUrl: string): Promise<Mail> {
  const number = displayOrderNumber(order.orderNumer);
  const isPreOrder = order.kind === 'pre_order';
  const days = order.deliverySchedule !== null ? DELIVERY_SCHEDULE_DAYS[order.deliverySchedule] : undefined;
  const paragraphs = isPreOrder
    ? [
        `Thank you for your pre-order of the ${order.items[0]?.title ?? 'tub plan'}! Tub plans launch in 2-3 months; we will email you before your first delivery ships.`,
      ]
    : [
        `Welcome to the Discover Plan! Order ${number} is paid. Your first box holds 4 samples: the 2 prime picks below, which we chose from your quiz, and 2 you choose in Build Your Box.`,
        ...whatHappensNext(order),
        days ? `Your boxes arrive every ${days} days. You can change the schedule or cancel any time.` : '',
      ].filter(Boolean);
  const cta = isPreOrder
    ? { label: 'View my pre-order', url: `${publicUrl}/order-detail/${order.id}` }
    : { label: 'View my order', url: `${publicUrl}/thank-you/${order.id}` };
  const heading = isPreOrder ? 'Thank you for your pre-order!' : 'Your order has been placed';
  const shipTo = shippingLine(order.identity);
  return renderMail(
    {
      kind: 'order-confirmation',
      to: order.identity.emailAddress,
      subject: `${BRAND} order ${number} is confirmed`,
    },
    <Layout
      preview={`Order ${number} is paid: ${usd(order.total)}.`}
      heading={heading}
      orderNumber={number}
      cta={cta}
      reason={ORDER_REASON}
    >
      {paragraphs.map((p) => (
        <P key={p}>{p}</P>
      ))}
      {isPreOrder ? null : (
        <Items
          title="In your box"
          items={order.items.map((item) => ({
            name: `${item.brandName ? `${item.brandName} ` : ''}${productName(item)}${item.isPrimePick ? ' (prime pick)' : ''}`,
            image: pictureUrl(publicUrl, item.sampleImage.originalPath),
          }))}
        />
      )}
      <Amounts rows={invoiceLines(order)} />
      {order.last4Digits ? <P>Paid with the card ending in {order.last4Digits}.</P> : null}
      {shipTo ? <P>{`Shipping to: ${shipTo}`}</P> : null}
    </Layout>,
  );
}

/** Sent when a payment had to be refunded because the order could not be completed (docs/reliability.md#c11). */
export function orderRefundedMail(order: Order, publicUrl: string): Promise<Mail> {
  const heading = 'Your payment was refunded';
  const number = displayOrderNumber(order.orderNumer);
  return renderMail(
    {
      kind: 'order-refunded',
      to: order.identity.emailAddress,
      subject: `${BRAND}: ${heading.toLowerCase()}`,
    },
    <Layout
      preview={`We refunded ${usd(order.total)} to your card.`}
      heading={heading}
      orderNumber={number}
      cta={{ label: 'Go to my membership', url: `${publicUrl}/membership` }}
      reason={ORDER_REASON}
    >
      <P>
        We could not complete order {number}: your account already has an active membership. We refunded the
        whole payment to your card; banks take 5-10 business days to show it.
      </P>
      <Amounts rows={invoiceLines(order)} />
    </Layout>,
  );
}
