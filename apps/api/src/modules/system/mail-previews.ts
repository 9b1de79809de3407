import type { Order } from '@store/contracts';
import { orderConfirmationMail, orderRefundedMail } from '../checkout/index.ts';
import { contactMail } from '../contact/index.ts';
import { confirmPaymentMail } from '../cycles/index.ts';
import {
  alreadyRegisteredMail,
  boxShippedMail,
  boxSkippedUnpaidMail,
  cancelConfirmationMail,
  cartReceiptMail,
  cartRefundedMail,
  issueReportMail,
  loginLinkMail,
  type Mail,
  membershipCanceledMail,
  membershipPausedUnpaidMail,
  paymentFailedMail,
  pictureUrl,
  renewalReceiptMail,
  renewalReminderMail,
  resetPasswordMail,
  soldOutRefundMail,
  tubsShippedMail,
  verificationMail,
  welcomeMail,
} from '../mail/index.ts';
import { partnerRequestMail } from '../partners/index.ts';
import { referralRewardMail } from '../referrals/index.ts';
import {
  appliedLines,
  cancelOfferAcceptedMail,
  extraAddedMail,
  extraLeftOutMail,
  extraRemovedMail,
  nextBoxMovedMail,
  nextBoxSentNowMail,
  OFFER_KIND_BY_REASON,
  offerFor,
  primePickSwappedMail,
} from '../steering/index.ts';
import {
  claimUrl,
  tubPlanCanceledUnpaidMail,
  tubPlanChooseReminderMail,
  tubPlanLaunchMail,
  tubPlanPaymentFailedMail,
  tubPlanPreOrderRefundedMail,
  tubPlanReceiptMail,
  tubPlanReminderMail,
  tubPlanSkippedUnpaidMail,
  tubPlanUnavailableMail,
} from '../tub-plans/index.ts';

/*
 * Every mail the store sends, rendered with sample data: the dev mailbox's "Templates" section
 * and the template tests read this one list, so a new mail that is not added here is neither
 * previewed nor tested. `name` is what a person typed (a first name, a product title, a contact
 * form's name): the tests pass `<script>` through it.
 */

export interface MailPreview {
  kind: string;
  /** What the mail is for, for the mailbox list. */
  title: string;
  /** The order number as pages show it ("#00042") when the mail is about an order. */
  orderNumber?: string;
  /** Marketing mail: carries the unsubscribe link. */
  marketing: boolean;
  /** Whether the sample `name` shows in the mail. */
  showsName: boolean;
  render(sample: PreviewSample): Promise<Mail>;
}

export interface PreviewSample {
  publicUrl: string;
  name: string;
}

const TO = 'member@example.com';
const ORDER_NUMBER = '100042';
const ORDER_ID = '3b9f2c1e-5d7a-4e8b-9c0d-1a2b3c4d5e6f';
const IDENTITY_ID = '5d1f0a2e-8c1b-4f7e-9a3d-2b6c8e0f1a47';
const AT = new Date('2026-03-02T15:00:00Z');
const TRACKING = '9400111899223197428490';

/** Shown in every order preview, so the number can be checked against the pages. */
export const PREVIEW_ORDER_NUMBER = '#00042';

function box(name: string): string[] {
  return [
    `Verdant Roots ${name}, Dark Chocolate`,
    'Ironclad Whey Isolate, Vanilla Bean',
    'Peak Form Casein, Cookies & Cream',
    'Summit Blend Protein, Salted Caramel',
  ];
}

function sampleOrder(sample: PreviewSample, kind: Order['kind'] = 'first_box'): Order {
  const item = (title: string, brandName: string, flavor: string, isPrimePick: boolean, picture = 1) => ({
    id: `${title}-${flavor}`,
    productId: 1,
    productTitle: title,
    title,
    description: '',
    price: 0,
    quantity: 1,
    undiscountedPrice: null,
    image: { originalPath: '' },
    sampleImage: { originalPath: `/catalog/products/${picture}-sample.svg` },
    brandName,
    flavorSubCategoryText: flavor,
    isPrimePick,
  });
  return {
    id: ORDER_ID,
    kind,
    plan: null,
    status: 'paid',
    statusName: 'Processing',
    isPayable: false,
    orderNumer: ORDER_NUMBER,
    orderNumberLast4: ORDER_NUMBER.slice(-5),
    dateCreated: AT.toISOString(),
    lastModified: AT.toISOString(),
    datePaid: AT.toISOString(),
    price: 14,
    subTotal: 14,
    handlingFee: 1.99,
    taxAmount: 1.12,
    storeCredit: 0,
    discount: 0,
    trackingNumber: null,
    dateShipped: null,
    total: 17.11,
    deliverySchedule: 0,
    last4Digits: '4242',
    items: [
      item(sample.name, 'Verdant Roots', 'Dark Chocolate', true),
      item('Whey Isolate', 'Ironclad', 'Vanilla Bean', true, 2),
    ],
    identity: {
      firstName: 'Ann',
      lastName: 'Lee',
      emailAddress: TO,
      displayName: 'Ann Lee',
      shippingAddress: {
        street1: '1200 Barton Springs Rd',
        street2: 'Unit 5',
        city: 'Austin',
        state: 'TX',
        postalCode: '78704',
        street: '1200 Barton Springs Rd Unit 5',
        countryText: 'United States',
      },
    },
  };
}

const link = (s: PreviewSample, path: string) => `${s.publicUrl}${path}`;

/** The membership's box price in the previews (the Discover plan). */
const BOX_PRICE_CENTS = 1400;
const NEXT_BILLING = new Date('2026-04-01T15:00:00Z');

/** The "Applied:" mail of the offer for one cancel reason (docs/product.md#cancel-offers), with its lines. */
function offerAccepted(
  reason: number,
  title: string,
  lines: (s: PreviewSample) => string[],
  showsName = false,
): MailPreview {
  return {
    kind: 'cancel-offer-accepted',
    title: `Cancel offer taken: ${title} (${OFFER_KIND_BY_REASON[reason]})`,
    marketing: false,
    showsName,
    render: (s) =>
      cancelOfferAcceptedMail(
        TO,
        { title: offerFor(reason, { priceCents: BOX_PRICE_CENTS }).title, lines: lines(s) },
        s.publicUrl,
      ),
  };
}

export const MAIL_PREVIEWS: MailPreview[] = [
  {
    kind: 'verify-email',
    title: 'Verify your email (after sign-up)',
    marketing: false,
    showsName: false,
    render: (s) => verificationMail(TO, link(s, `/verification/sample-code/${IDENTITY_ID}`)),
  },
  {
    kind: 'reset-password',
    title: 'Reset your password',
    marketing: false,
    showsName: false,
    render: (s) =>
      resetPasswordMail(TO, link(s, `/reset-password?token=sample-token&email=${encodeURIComponent(TO)}`)),
  },
  {
    kind: 'login-link',
    title: 'Log in with a link',
    marketing: false,
    showsName: false,
    render: (s) => loginLinkMail(TO, link(s, '/login-link?token=sample-token')),
  },
  {
    kind: 'already-registered',
    title: 'Sign-up with an address that has an account',
    marketing: false,
    showsName: false,
    render: (s) =>
      alreadyRegisteredMail(TO, { login: link(s, '/login'), forgotPassword: link(s, '/forgot-password') }),
  },
  {
    kind: 'welcome',
    title: 'Welcome (opted in to news and offers)',
    marketing: true,
    showsName: true,
    render: (s) =>
      welcomeMail(
        TO,
        { quiz: link(s, '/take-quiz/1'), unsubscribe: link(s, `/unsubscribe/${IDENTITY_ID}.1790000000.sig`) },
        s.name,
      ),
  },
  {
    kind: 'welcome',
    title: 'Welcome (not opted in)',
    marketing: false,
    showsName: true,
    render: (s) => welcomeMail(TO, { quiz: link(s, '/take-quiz/1') }, s.name),
  },
  {
    kind: 'welcome',
    title: 'Welcome (verified after paying the first box)',
    marketing: false,
    showsName: true,
    render: (s) =>
      welcomeMail(TO, { quiz: link(s, '/take-quiz/1'), membership: link(s, '/membership') }, s.name),
  },
  {
    kind: 'welcome',
    title: 'Welcome (first box waiting at checkout)',
    marketing: false,
    showsName: true,
    render: (s) =>
      welcomeMail(TO, { quiz: link(s, '/take-quiz/1'), checkout: link(s, `/checkout/${ORDER_ID}`) }, s.name),
  },
  {
    kind: 'order-confirmation',
    title: 'Receipt: first box',
    orderNumber: PREVIEW_ORDER_NUMBER,
    marketing: false,
    showsName: true,
    render: (s) => orderConfirmationMail(sampleOrder(s), s.publicUrl),
  },
  {
    kind: 'order-confirmation',
    title: 'Receipt: tub plan pre-order',
    orderNumber: PREVIEW_ORDER_NUMBER,
    marketing: false,
    showsName: true,
    render: (s) => {
      const order = sampleOrder(s, 'pre_order');
      const plan = { ...order.items[0]!, title: `Flex plan (${s.name})`, price: 41.99, isPrimePick: false };
      return orderConfirmationMail(
        { ...order, plan: 'flex', price: 41.99, deliverySchedule: null, total: 46.98, items: [plan] },
        s.publicUrl,
      );
    },
  },
  {
    kind: 'renewal-receipt',
    title: 'Receipt: renewal box',
    orderNumber: PREVIEW_ORDER_NUMBER,
    marketing: false,
    showsName: true,
    render: (s) =>
      renewalReceiptMail(
        TO,
        ORDER_NUMBER,
        5610,
        '4242',
        { samples: box(s.name).slice(0, 2), billedAt: AT },
        s.publicUrl,
        {
          lines: [
            ['Box of 4 samples (Discover Plan)', 1400],
            ['Ironclad Whey Isolate, Vanilla Bean', 3899],
            ['Handling fee', 299],
            ['Tax', 12],
            ['Total (USD)', 5610],
          ],
          samples: box(s.name)
            .slice(0, 2)
            .map((name, i) => ({
              name,
              image: pictureUrl(s.publicUrl, `/catalog/products/${i + 1}-sample.svg`),
            })),
        },
      ),
  },
  {
    kind: 'cart-receipt',
    title: 'Receipt: shop order (tubs)',
    orderNumber: PREVIEW_ORDER_NUMBER,
    marketing: false,
    showsName: true,
    render: (s) =>
      cartReceiptMail({
        to: TO,
        orderNumber: ORDER_NUMBER,
        orderUrl: link(s, `/thank-you/${ORDER_ID}`),
        shopUrl: link(s, '/shop'),
        lines: [
          {
            title: `Verdant Roots ${s.name}, Dark Chocolate`,
            quantity: 2,
            lineCents: 6998,
            lineListCents: 9998,
          },
          { title: 'Ironclad Whey Isolate, Vanilla Bean', quantity: 1, lineCents: 3749, lineListCents: 4999 },
        ],
        subtotalCents: 10747,
        discountCents: 1075,
        couponCode: 'WELCOME10',
        handlingFeeCents: 199,
        taxCents: 798,
        totalCents: 10669,
        last4: '4242',
        shipTo: 'Ann Lee, 12 Main St, Austin, TX 78701',
      }),
  },
  {
    kind: 'renewal-reminder',
    title: 'Renewal reminder (3 days before)',
    marketing: false,
    showsName: false,
    render: (s) => renewalReminderMail(TO, AT, 1711, s.publicUrl),
  },
  {
    kind: 'payment-confirmation',
    title: 'Renewal needs the bank confirmation',
    marketing: false,
    showsName: false,
    render: (s) => confirmPaymentMail(TO, 1711, s.publicUrl),
  },
  {
    kind: 'payment-failed',
    title: 'Payment failed (will retry)',
    marketing: false,
    showsName: false,
    render: (s) => paymentFailedMail(TO, AT, s.publicUrl),
  },
  {
    kind: 'box-skipped-unpaid',
    title: 'Past due: box skipped',
    marketing: false,
    showsName: false,
    render: (s) => boxSkippedUnpaidMail(TO, AT, s.publicUrl),
  },
  {
    kind: 'membership-paused-unpaid',
    title: 'Past due: membership paused',
    marketing: false,
    showsName: false,
    render: (s) => membershipPausedUnpaidMail(TO, AT, s.publicUrl),
  },
  {
    kind: 'membership-canceled',
    title: 'Canceled after failed payments',
    marketing: false,
    showsName: false,
    render: (s) => membershipCanceledMail(TO, s.publicUrl),
  },
  {
    kind: 'membership-canceled-by-member',
    title: 'Canceled by the member',
    marketing: false,
    showsName: false,
    render: (s) => cancelConfirmationMail(TO, AT, 'to-ship', s.publicUrl),
  },
  {
    kind: 'box-shipped',
    title: 'Box shipped',
    orderNumber: PREVIEW_ORDER_NUMBER,
    marketing: false,
    showsName: true,
    render: (s) =>
      boxShippedMail(
        TO,
        { orderNumber: ORDER_NUMBER, orderId: ORDER_ID, items: box(s.name), trackingNumber: TRACKING },
        s.publicUrl,
      ),
  },
  {
    kind: 'box-shipped',
    title: 'Box shipped with full-size tubs added to it',
    orderNumber: PREVIEW_ORDER_NUMBER,
    marketing: false,
    showsName: true,
    render: (s) =>
      boxShippedMail(
        TO,
        {
          orderNumber: ORDER_NUMBER,
          orderId: ORDER_ID,
          items: box(s.name).map((name, i) => ({
            name,
            image: pictureUrl(s.publicUrl, `/catalog/products/${i + 1}-sample.svg`),
          })),
          tubs: [`2 × Verdant Roots ${s.name}, Dark Chocolate`, '1 × Ironclad Whey Isolate, Vanilla Bean'],
          trackingNumber: TRACKING,
        },
        s.publicUrl,
      ),
  },
  {
    kind: 'box-shipped',
    title: 'Replacement box shipped (Bad Experience offer)',
    orderNumber: PREVIEW_ORDER_NUMBER,
    marketing: false,
    showsName: true,
    render: (s) =>
      boxShippedMail(
        TO,
        {
          orderNumber: ORDER_NUMBER,
          orderId: ORDER_ID,
          items: box(s.name),
          trackingNumber: TRACKING,
          replacement: true,
        },
        s.publicUrl,
      ),
  },
  {
    kind: 'order-shipped',
    title: 'Shop order shipped',
    orderNumber: PREVIEW_ORDER_NUMBER,
    marketing: false,
    showsName: true,
    render: (s) =>
      tubsShippedMail(
        TO,
        {
          orderNumber: ORDER_NUMBER,
          orderId: ORDER_ID,
          items: [`Verdant Roots ${s.name}, Dark Chocolate x2`, 'Ironclad Whey Isolate, Vanilla Bean'],
          trackingNumber: TRACKING,
        },
        s.publicUrl,
      ),
  },
  {
    kind: 'order-refunded',
    title: 'Refund: first box not completed',
    orderNumber: PREVIEW_ORDER_NUMBER,
    marketing: false,
    showsName: true,
    render: (s) => orderRefundedMail(sampleOrder(s), s.publicUrl),
  },
  {
    kind: 'order-refunded',
    title: 'Refund: duplicate shop payment',
    orderNumber: PREVIEW_ORDER_NUMBER,
    marketing: false,
    showsName: false,
    render: (s) =>
      cartRefundedMail({
        to: TO,
        orderNumber: ORDER_NUMBER,
        amountCents: 10669,
        orderUrl: link(s, `/thank-you/${ORDER_ID}`),
      }),
  },
  {
    kind: 'order-sold-out-refunded',
    title: 'Refund: shop order sold out',
    orderNumber: PREVIEW_ORDER_NUMBER,
    marketing: false,
    showsName: true,
    render: (s) =>
      soldOutRefundMail(TO, {
        number: ORDER_NUMBER,
        amount: '$106.69',
        products: [`Verdant Roots ${s.name}, Dark Chocolate x2`],
        orderUrl: link(s, `/thank-you/${ORDER_ID}`),
        shopUrl: link(s, '/shop'),
      }),
  },
  {
    kind: 'referral-reward',
    title: 'Referral reward (free tub)',
    marketing: false,
    showsName: false,
    render: (s) => referralRewardMail(TO, 'FREETUB-7KQ2', link(s, '/shop')),
  },
  {
    kind: 'prime-pick-swapped',
    title: 'Prime pick swapped',
    marketing: false,
    showsName: true,
    render: (s) =>
      primePickSwappedMail(
        TO,
        'Ironclad Whey Isolate, Vanilla Bean',
        `Verdant Roots ${s.name}, Dark Chocolate`,
        s.publicUrl,
      ),
  },
  {
    kind: 'next-box-moved',
    title: 'Next box rescheduled',
    marketing: false,
    showsName: false,
    render: (s) => nextBoxMovedMail(TO, NEXT_BILLING, s.publicUrl),
  },
  {
    kind: 'next-box-sent-now',
    title: 'Next box sent now',
    marketing: false,
    showsName: false,
    render: (s) => nextBoxSentNowMail(TO, NEXT_BILLING, s.publicUrl),
  },
  {
    kind: 'next-box-extra-added',
    title: 'Tub added to the next box',
    marketing: false,
    showsName: true,
    render: (s) => extraAddedMail(TO, `${s.name}, Dark Chocolate x2`, NEXT_BILLING, s.publicUrl),
  },
  {
    kind: 'next-box-extra-removed',
    title: 'Tub removed from the next box',
    marketing: false,
    showsName: true,
    render: (s) => extraRemovedMail(TO, `${s.name}, Dark Chocolate x2`, NEXT_BILLING, s.publicUrl),
  },
  {
    kind: 'next-box-extra-left-out',
    title: 'Tub left out of the box (out of stock)',
    marketing: false,
    showsName: true,
    render: (s) => extraLeftOutMail(TO, [`${s.name}, Dark Chocolate x2`], s.publicUrl),
  },
  offerAccepted(
    0,
    'new brands in the box being built',
    (s) =>
      appliedLines.newBrandsNow(
        [`Verdant Roots ${s.name}, Dark Chocolate`, 'Summit Blend Protein, Salted Caramel'],
        NEXT_BILLING,
      ),
    true,
  ),
  offerAccepted(0, 'new brands in the next box', () => appliedLines.newBrandsNext(NEXT_BILLING)),
  offerAccepted(1, 'next box at half price', () => appliedLines.halfPrice(NEXT_BILLING, BOX_PRICE_CENTS)),
  offerAccepted(2, 'replacement box', (s) => appliedLines.replacement(box(s.name)), true),
  offerAccepted(3, 'a break of two boxes', () => appliedLines.pause(2, new Date('2026-06-01T15:00:00Z'))),
  {
    kind: 'contact',
    title: 'To the store: contact message',
    marketing: false,
    showsName: true,
    render: (s) =>
      contactMail('support@localhost', {
        name: s.name,
        email: 'dana@example.com',
        text: 'Do you ship to Alaska?\nThanks!',
      }),
  },
  {
    kind: 'partner-request',
    title: 'To the store: ambassador application',
    marketing: false,
    showsName: true,
    render: (s) =>
      partnerRequestMail('support@localhost', {
        firstName: s.name,
        lastName: 'Lee',
        email: 'ann@example.com',
        phone: '(512) 555-0142',
        fitnessType: 'Runner',
        instagram: '@annruns',
      }),
  },
  {
    kind: 'issue-report',
    title: 'To the store: box issue report',
    orderNumber: PREVIEW_ORDER_NUMBER,
    marketing: false,
    showsName: true,
    render: (s) =>
      issueReportMail('support@localhost', TO, ORDER_NUMBER, `${s.name}: one sample pouch was torn.`),
  },
  {
    kind: 'tub-plan-launch',
    title: 'Tub plans launched: choose your tubs (pre-order holders)',
    orderNumber: PREVIEW_ORDER_NUMBER,
    marketing: false,
    showsName: false,
    render: (s) =>
      tubPlanLaunchMail({
        to: TO,
        plan: 'max',
        orderNumber: ORDER_NUMBER,
        claimUrl: claimUrl(s.publicUrl, ORDER_ID),
        refundBy: AT,
      }),
  },
  {
    kind: 'tub-plan-choose-reminder',
    title: 'Tub plan pre-order: reminder to choose (14 days after launch)',
    marketing: false,
    showsName: false,
    render: (s) =>
      tubPlanChooseReminderMail({
        to: TO,
        plan: 'flex',
        claimUrl: claimUrl(s.publicUrl, ORDER_ID),
        refundBy: AT,
      }),
  },
  {
    kind: 'tub-plan-pre-order-refunded',
    title: 'Tub plan pre-order refunded (30 days after launch)',
    orderNumber: PREVIEW_ORDER_NUMBER,
    marketing: false,
    showsName: false,
    render: (s) =>
      tubPlanPreOrderRefundedMail({
        to: TO,
        plan: 'flex',
        orderNumber: ORDER_NUMBER,
        amountCents: 4461,
        plansUrl: link(s, '/subscriptions-learn-more'),
      }),
  },
  {
    kind: 'tub-plan-receipt',
    title: 'Receipt: tub plan delivery',
    orderNumber: PREVIEW_ORDER_NUMBER,
    marketing: false,
    showsName: true,
    render: (s) =>
      tubPlanReceiptMail({
        to: TO,
        plan: 'max',
        orderNumber: ORDER_NUMBER,
        orderUrl: link(s, `/order-detail/${ORDER_ID}`),
        lines: [
          { name: `${s.name}, Dark Chocolate`, quantity: 3, lineCents: 10497, free: false },
          { name: 'Ironclad Whey Isolate, Vanilla Bean', quantity: 1, lineCents: 3499, free: false },
          { name: `${s.name}, Dark Chocolate`, quantity: 1, lineCents: 0, free: true },
        ],
        subtotalCents: 13996,
        taxCents: 875,
        creditCents: 0,
        totalCents: 14871,
        last4: '4242',
        preOrderNumber: null,
        nextBillingAt: AT,
      }),
  },
  {
    kind: 'tub-plan-reminder',
    title: 'Tub plan: next delivery reminder (3 days before)',
    marketing: false,
    showsName: false,
    render: (s) => tubPlanReminderMail(TO, 'flex', AT, 4249, s.publicUrl),
  },
  {
    kind: 'tub-plan-payment-failed',
    title: 'Tub plan: payment failed',
    marketing: false,
    showsName: false,
    render: (s) => tubPlanPaymentFailedMail(TO, 'flex', AT, s.publicUrl),
  },
  {
    kind: 'tub-plan-canceled',
    title: 'Tub plan canceled after failed payments',
    marketing: false,
    showsName: false,
    render: (s) => tubPlanCanceledUnpaidMail(TO, 'max', s.publicUrl),
  },
  {
    kind: 'tub-plan-skipped-unpaid',
    title: 'Tub plan delivery skipped after failed payments',
    marketing: false,
    showsName: false,
    render: (s) => tubPlanSkippedUnpaidMail(TO, 'flex', AT, false, s.publicUrl),
  },
  {
    kind: 'tub-plan-unavailable',
    title: 'Tub plan delivery skipped: a tub sold out',
    marketing: false,
    showsName: false,
    render: (s) =>
      tubPlanUnavailableMail(TO, 'flex', 'Ironclad Whey Isolate, Vanilla Bean is sold out.', AT, s.publicUrl),
  },
];
