import {
  centsToDollars,
  displayOrderNumber,
  type Order,
  type OrderItem,
  type OrderKind,
  OrderKinds,
  PRE_ORDER_PLANS,
} from '@store/contracts';
import type { CatalogProductRow } from '../catalog/index.ts';
import type { OrderItemRow, OrderRow, OrderShipping, OrderStatus } from './orders.table.ts';

/** Statuses in which an order can still be paid. */
export const PAYABLE_ORDER_STATUSES: readonly OrderStatus[] = ['draft', 'awaiting_payment'];

export function isPayable(order: Pick<OrderRow, 'status'>): boolean {
  return PAYABLE_ORDER_STATUSES.includes(order.status);
}

/** The status as the thank-you page's badge reads it (docs/product.md#member-area: "Processing" once paid). */
const STATUS_NAMES: Record<OrderStatus, string> = {
  draft: 'Awaiting payment',
  awaiting_payment: 'Awaiting payment',
  paid: 'Processing',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  completed: 'Completed',
  canceled: 'Canceled',
  refund_pending: 'Refund pending',
  refunded: 'Refunded',
};

/** The status for people, as the order view and the order list show it. */
export function toOrderStatusName(status: OrderStatus): string {
  return STATUS_NAMES[status] ?? status;
}

/** What the order view needs of the account. */
export interface OrderOwner {
  emailAddress: string;
  firstName: string | null;
  lastName: string | null;
}

function addressOf(shipping: OrderShipping | null) {
  if (!shipping) return null;
  return {
    street1: shipping.street1,
    street2: shipping.street2,
    city: shipping.city,
    state: shipping.state,
    postalCode: shipping.postalCode,
    street: [shipping.street1, shipping.street2].filter(Boolean).join(', '),
    countryText: 'United States',
  };
}

function sampleItem(row: OrderItemRow, product: CatalogProductRow | undefined): OrderItem {
  const title = product?.title ?? 'Sample';
  return {
    id: row.id,
    productId: row.productId,
    productTitle: title,
    title,
    description: product?.description ?? '',
    price: centsToDollars(row.priceCents),
    image: { originalPath: product?.tubImagePath ?? '' },
    sampleImage: { originalPath: product?.sampleImagePath ?? '' },
    brandName: product?.brand.name ?? '',
    flavorSubCategoryText: product?.flavor ?? '',
    isPrimePick: row.isPrimePick,
    quantity: row.quantity,
    undiscountedPrice: row.listPriceCents === null ? null : centsToDollars(row.listPriceCents * row.quantity),
  };
}

function kindOf(order: OrderRow): OrderKind {
  return (OrderKinds as readonly string[]).includes(order.kind) ? (order.kind as OrderKind) : 'first_box';
}

/** A pre-order has no sample rows: its one line is the plan. */
function planItem(order: OrderRow): OrderItem {
  const plan = PRE_ORDER_PLANS[order.plan ?? 'flex'];
  return {
    id: `${order.id}:plan`,
    productId: null,
    productTitle: plan.name,
    title: plan.name,
    description: plan.description,
    price: centsToDollars(order.priceCents),
    image: { originalPath: '/site/tubs.svg' },
    sampleImage: { originalPath: '/site/tubs.svg' },
    brandName: 'Sample First',
    flavorSubCategoryText: '',
    isPrimePick: false,
    quantity: 1,
    undiscountedPrice: null,
  };
}

/** The order as GET /order/GetItem answers it. */
export function toOrder(
  order: OrderRow,
  items: readonly OrderItemRow[],
  products: ReadonlyMap<number, CatalogProductRow>,
  owner: OrderOwner,
): Order {
  const firstName = order.shipping?.firstName ?? owner.firstName;
  const lastName = order.shipping?.lastName ?? owner.lastName;
  const itemsCents = items.reduce((sum, item) => sum + item.priceCents, 0);
  return {
    id: order.id,
    kind: kindOf(order),
    plan: order.plan ?? null,
    status: order.status,
    statusName: STATUS_NAMES[order.status] ?? order.status,
    isPayable: isPayable(order),
    orderNumer: order.orderNumber,
    orderNumberLast4: displayOrderNumber(order.orderNumber).slice(1),
    dateCreated: order.createdAt.toISOString(),
    lastModified: order.updatedAt.toISOString(),
    datePaid: order.paidAt?.toISOString() ?? null,
    price: centsToDollars(order.priceCents),
    // A shop order's or a tub plan delivery's price is its lines' member total already; a box's samples carry 0.
    subTotal: centsToDollars(
      order.kind === 'cart' || order.kind === 'tub_plan' ? order.priceCents : order.priceCents + itemsCents,
    ),
    handlingFee: centsToDollars(order.handlingFeeCents),
    taxAmount: centsToDollars(order.taxCents),
    storeCredit: centsToDollars(order.creditCents),
    discount: centsToDollars(order.discountCents),
    trackingNumber: order.trackingNumber ?? null,
    dateShipped: order.shippedAt?.toISOString() ?? null,
    total: centsToDollars(order.totalCents),
    deliverySchedule: order.deliverySchedule ?? null,
    last4Digits: order.paymentMethodLast4 ?? null,
    items:
      order.kind === 'pre_order'
        ? [planItem(order)]
        : items.map((i) => sampleItem(i, products.get(i.productId))),
    identity: {
      firstName: firstName ?? null,
      lastName: lastName ?? null,
      emailAddress: owner.emailAddress,
      displayName: [firstName, lastName].filter(Boolean).join(' ') || owner.emailAddress,
      shippingAddress: addressOf(order.shipping),
    },
  };
}
