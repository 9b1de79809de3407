// The orders module's face (ARCHITECTURE.md#the-rules-the-lint-checks).
export {
  addChosenSamples,
  CHOSEN_PER_BOX,
  createCycleOrder,
  findOrderRow,
  itemsOf,
  moveOrder,
  sampledProductIds,
} from './cycle-orders.ts';
export { isPayable, type OrderOwner, toOrder } from './order-view.ts';
export { type OrdersRoutesOptions, ordersRoutes } from './orders.routes.ts';
export {
  createOrdersService,
  isOrderId,
  ORDER_ALREADY_PAID,
  type OrdersService,
  type OrdersServiceDeps,
  PAID_ORDER_STATUSES,
  type SampleRules,
} from './orders.service.ts';
export type { OrderItemRow, OrderRow, OrderShipping, OrderStatus } from './orders.table.ts';
