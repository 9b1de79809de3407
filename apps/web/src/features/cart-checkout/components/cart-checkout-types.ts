import type { Cart, ShippingFormField, ShippingFormValues } from '@store/contracts';
import type { ReactNode, RefObject } from 'react';
import type { CardSource } from '../utils/confirm-cart.ts';

export interface ShippingFormRenderProps {
  values: ShippingFormValues;
  errors: Partial<Record<ShippingFormField, string>>;
  onChange: (field: ShippingFormField, value: string) => void;
  onBlur: (field: ShippingFormField) => void;
  isDisabled?: boolean;
}

/** What the order summary hands the cart's lines: the items and what a change or a delete does. */
export interface CartLinesRenderProps {
  items: Cart['items'];
  isDisabled: boolean;
  onQuantity: (item: Cart['items'][number], quantity: number) => void;
  onDelete: (item: Cart['items'][number]) => void;
}

export interface CartCheckoutPageProps {
  /** The first checkout's shipping form, composed by the route (features do not import each other). */
  renderShippingForm: (props: ShippingFormRenderProps) => ReactNode;
  /** The card field, composed by the route. */
  renderCardField: (isDisabled: boolean) => ReactNode;
  /** Under the saved card: who charges it (the card field's feature), composed by the route. */
  renderSavedCardNote?: () => ReactNode;
  /** The cart's lines with their steppers and delete (the cart feature's), composed by the route. */
  renderCartLines: (props: CartLinesRenderProps) => ReactNode;
  /** The card field's handle. */
  card: RefObject<CardSource | null>;
  /** The cart changed here (quantity, item, coupon): the cart panel reads it again. */
  onCartChanged?: () => void;
  /** The cart became an order: the cart panel forgets it. */
  onOrderPlaced?: () => void;
}

export const CART_KEY = 'cart-checkout:cart';
export const CARD_KEY = 'cart-checkout:saved-card';
