import { addToCart } from '@/features/cart/api/add-to-cart.ts';
import { ReferralPopup } from '@/features/referrals/components/referral-popup.tsx';
import { useShopProducts } from '@/features/shop/api/get-shop-products.ts';
import { ShopPage } from '@/features/shop/components/shop-page.tsx';

/** /shop (guarded): the members' shop; the referral popup counts its 5 s from the shop's load (docs/product.md#states-and-flows). */
export default function ShopRoute() {
  const { data } = useShopProducts();
  return (
    <>
      <ShopPage addToCart={addToCart} />
      {data ? <ReferralPopup /> : null}
    </>
  );
}
