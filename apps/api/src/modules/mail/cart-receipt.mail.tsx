import { displayOrderNumber } from '@store/contracts';
import { Amounts, BRAND, Layout, P, renderMail } from './layout.tsx';
import type { Mail } from './mailer.ts';

/*
 * The shop order's receipt (docs/product.md#shop-and-cart): every line with its quantity and member price, the
 * coupon's discount, shipping, handling, tax and the total, and where to see the order. Sent once
 * per paid cart order (the checkout's outbox).
 */

const ORDER_REASON = `You get this email about an order you placed with ${BRAND}.`;

export interface CartReceipt {
  to: string;
  orderNumber: string;
  orderUrl: string;
  shopUrl: string;
  lines: { title: string; quantity: number; lineCents: number; lineListCents: number }[];
  subtotalCents: number;
  discountCents: number;
  couponCode: string | null;
  handlingFeeCents: number;
  taxCents: number;
  totalCents: number;
  last4: string | null;
  shipTo: string | null;
}

export function usd(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  return `${sign}$${(Math.abs(cents) / 100).toFixed(2)}`;
}

export function cartReceiptMail(receipt: CartReceipt): Promise<Mail> {
  const number = displayOrderNumber(receipt.orderNumber);
  const rows: [string, string][] = [
    ...receipt.lines.map((l): [string, string] => [`${l.title} x${l.quantity}`, usd(l.lineCents)]),
    ['Subtotal', usd(receipt.subtotalCents)],
    ...(receipt.discountCents > 0
      ? [
          [
            `Coupon${receipt.couponCode ? ` ${receipt.couponCode}` : ''}`,
            `-${usd(receipt.discountCents)}`,
          ] as [string, string],
        ]
      : []),
    ['Shipping', 'Free'],
    ['Handling fee', usd(receipt.handlingFeeCents)],
    ['Tax', usd(receipt.taxCents)],
    ['Total (USD)', usd(receipt.totalCents)],
  ];
  return renderMail(
    { kind: 'cart-receipt', to: receipt.to, subject: `${BRAND} order ${number} is confirmed` },
    <Layout
      preview={`Paid ${usd(receipt.totalCents)}. We email you again when your tubs ship.`}
      heading="Thank you for your order!"
      orderNumber={number}
      cta={{ label: 'View my order', url: receipt.orderUrl }}
      footnote={`Keep shopping: ${receipt.shopUrl}`}
      reason={ORDER_REASON}
    >
      <P>Your order {number} is confirmed. We will email you again when your tubs ship.</P>
      {receipt.shipTo ? <P>Shipping to: {receipt.shipTo}</P> : null}
      <Amounts rows={rows} />
      {receipt.last4 ? <P>Paid with the card ending in {receipt.last4}.</P> : null}
    </Layout>,
  );
}

/**
 * A second charge of one shop order (two tabs racing past every guard, a late webhook) is
 * refunded in full (docs/reliability.md#c11); the member is told plainly.
 */
export function cartRefundedMail(input: {
  to: string;
  orderNumber: string;
  amountCents: number;
  orderUrl: string;
}): Promise<Mail> {
  const number = displayOrderNumber(input.orderNumber);
  const heading = 'A duplicate payment was refunded';
  return renderMail(
    { kind: 'order-refunded', to: input.to, subject: `${BRAND}: ${heading.toLowerCase()}` },
    <Layout
      preview={`We refunded ${usd(input.amountCents)} to your card.`}
      heading={heading}
      orderNumber={number}
      cta={{ label: 'View my order', url: input.orderUrl }}
      reason={ORDER_REASON}
    >
      <P>
        Your order {number} was already paid, so we refunded a second payment of {usd(input.amountCents)} to
        your card. Banks take 5-10 business days to show it. Your order itself is unchanged.
      </P>
    </Layout>,
  );
}
