// The orders module's face (ARCHITECTURE.md#the-rules-the-lint-checks).
export {
  addChosenSamples,
  CHOSEN_PER_BOX,
  createCycleOrder,
  createPlanOrder,
  findOrderRow,
  itemsOf,
  moveOrder,
  type PlanOrderInput,
  SAMPLED_STATUSES,
  sampledProductIds,
  TUB_PLAN_ORDER_KIND,
} from './cycle-orders.ts';
export { isPayable, type OrderOwner, toOrder } from './order-view.ts';
export {
  amountsToReprice,
  findOrder,
  insertItems,
  insertReplacementOrder,
  latestOrderOf,
  listItems,
  lockOrder,
  reshipMemberBoxes,
  setOrderStatus,
  setRepricedAmounts,
  swapPrimePickProduct,
  touchOrder,
} from './orders.repository.ts';
export { type OrdersRoutesOptions, ordersRoutes } from './orders.routes.ts';
export {
  BUILD_DEADLINE_PASSED,
  createOrdersService,
  isOrderId,
  ORDER_ALREADY_PAID,
  type OrdersService,
  type OrdersServiceDeps,
  PAID_ORDER_STATUSES,
  type SampleRules,
} from './orders.service.ts';
export type { OrderItemRow, OrderRow, OrderShipping, OrderStatus } from './orders.table.ts';
export * as shippingSteps from './shipping-steps.ts';
