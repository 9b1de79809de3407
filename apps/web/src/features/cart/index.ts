/* What other screens (the cart checkout) may use of the cart. */
export {
  addProduct,
  applyCoupon,
  type CartState,
  clearCart,
  getCartState,
  loadCart,
  removeCoupon,
  removeItem,
  setQuantity,
  useCart,
} from './api/cart-store.ts';
export { CartLines, type CartLinesProps } from './components/cart-lines.tsx';
