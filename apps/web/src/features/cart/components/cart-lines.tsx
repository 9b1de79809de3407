import { CART_QUANTITY_MAX, CART_QUANTITY_MIN, type CartItem, productName } from '@store/contracts';
import { usd } from '../utils/money.ts';

export interface CartLinesProps {
  items: CartItem[];
  isDisabled: boolean;
  onQuantity: (item: CartItem, quantity: number) => void;
  onDelete: (item: CartItem) => void;
  /**
   * `panel`: the MY CART side panel. `summary`: the cart checkout's order summary (smaller images,
   * a visible "Remove"; its styles live with the cart checkout as `cart-lines` / `cart-line`).
   */
  variant?: 'panel' | 'summary';
}

const LAYOUTS = {
  panel: {
    list: 'cart-panel-lines',
    line: 'cart-panel-line',
    stepper: 'cart-stepper',
    image: 88,
    removeText: false,
  },
  summary: { list: 'cart-lines', line: 'cart-line', stepper: 'stepper', image: 72, removeText: true },
} as const;

/**
 * Cart items (docs/product.md#shop-and-cart: the cart side panel and the cart checkout's order summary): image,
 * brand, title, flavor, a quantity stepper whose − is disabled at 1, delete, the member price and
 * the struck-through list price.
 */
export function CartLines({ items, isDisabled, onQuantity, onDelete, variant = 'panel' }: CartLinesProps) {
  const layout = LAYOUTS[variant];
  const line = layout.line;
  return (
    <ul className={layout.list}>
      {items.map((item) => {
        const isDiscounted = item.undiscountedTotalPrice > item.totalPrice;
        return (
          <li key={item.id} className={line}>
            <img
              className={`${line}__image`}
              src={item.imageModel.originalPath}
              alt=""
              width={layout.image}
              height={layout.image}
              loading="lazy"
            />
            <div className={`${line}__text`}>
              <p className={`${line}__brand`}>{item.brandName}</p>
              <p className={`${line}__title`}>{productName(item)}</p>
              <div className={`${line}__controls`}>
                <fieldset className={layout.stepper}>
                  <legend className="visually-hidden">Quantity of {productName(item)}</legend>
                  <button
                    type="button"
                    className={`${layout.stepper}__button`}
                    aria-label={`Decrease quantity of ${productName(item)}`}
                    disabled={isDisabled || item.quantity <= CART_QUANTITY_MIN}
                    onClick={() => onQuantity(item, item.quantity - 1)}
                  >
                    −
                  </button>
                  <output
                    className={`${layout.stepper}__value`}
                    aria-live="polite"
                    data-testid="cart-quantity"
                  >
                    {item.quantity}
                  </output>
                  <button
                    type="button"
                    className={`${layout.stepper}__button`}
                    aria-label={`Increase quantity of ${productName(item)}`}
                    disabled={isDisabled || item.quantity >= CART_QUANTITY_MAX}
                    onClick={() => onQuantity(item, item.quantity + 1)}
                  >
                    +
                  </button>
                </fieldset>
                <button
                  type="button"
                  className={`${line}__delete`}
                  aria-label={`Remove ${productName(item)} from the cart`}
                  disabled={isDisabled}
                  onClick={() => onDelete(item)}
                >
                  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                    <path
                      fill="currentColor"
                      d="M9 3h6l1 2h4v2H4V5h4l1-2Zm-3 6h12l-1 12H7L6 9Zm4 2v8h2v-8h-2Zm4 0v8h2v-8h-2Z"
                    />
                  </svg>
                  {layout.removeText ? <span>Remove</span> : null}
                </button>
              </div>
            </div>
            <p className={`${line}__price`}>
              {isDiscounted ? (
                <s className={`${line}__list-price`}>
                  <span className="visually-hidden">Was </span>
                  {usd(item.undiscountedTotalPrice)}
                </s>
              ) : null}
              <strong>
                {isDiscounted ? <span className="visually-hidden">Now </span> : null}
                {usd(item.totalPrice)}
              </strong>
            </p>
          </li>
        );
      })}
    </ul>
  );
}
