// The catalog's face (ARCHITECTURE.md#the-rules-the-lint-checks).

export { productTitles, ratedProductColumns, toRatedProduct, tubsForPlans } from './catalog.repository.ts';
export { type CatalogRoutesOptions, catalogRoutes } from './catalog.routes.ts';
export { seedCatalog } from './catalog.seed.ts';
export {
  type CatalogProductRow,
  type CatalogService,
  type CatalogServiceDeps,
  createCatalogService,
  memberPriceCents,
  type ProductRating,
  type RatedProductRow,
  ratingFields,
  toProduct,
  toUnratedProduct,
} from './catalog.service.ts';
export type { Change } from './catalog-editor.ts';
export * from './reference-lists.ts';
export * as tubStock from './tub-stock.ts';
