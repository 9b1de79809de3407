import { addToCart } from '@/features/cart/api/add-to-cart.ts';
import { ProductDetailPage } from '@/features/product/components/product-detail-page.tsx';

/** /product-detail/:productId (guarded; query viewResult): one product (docs/product.md#shop-and-cart). */
export default function ProductDetailRoute() {
  return <ProductDetailPage addToCart={addToCart} />;
}
