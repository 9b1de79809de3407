// The shop module's face (ARCHITECTURE.md#the-rules-the-lint-checks).
export { type ShopRoutesOptions, shopRoutes } from './shop.routes.ts';
export { createShopService, type ShopService } from './shop.service.ts';
