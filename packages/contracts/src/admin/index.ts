// The back office's contracts (`/api/admin/...`, docs/product.md#back-office), one folder:
// the permission, paging, catalog editing, inboxes and audit log; the members, refunds, coupons
// and moderation; the dashboard and fulfillment; the insights.
export * from './catalog.ts';
export * from './fulfilment.ts';
export * from './insights.ts';
export * from './members.ts';
