import { ProductDetailPage } from '@/features/product/components/product-detail-page.tsx';

/** /product-detail/:productId (guarded; query viewResult): one product (spec 001 §2.5). */
export default function ProductDetailRoute() {
  return <ProductDetailPage />;
}
