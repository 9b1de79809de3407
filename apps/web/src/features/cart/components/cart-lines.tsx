import { CART_QUANTITY_MAX, CART_QUANTITY_MIN, type CartItem } from '@store/contracts';
import { usd } from '../utils/money.ts';

export interface CartLinesProps {
  items: CartItem[];
  isDisabled: boolean;
  onQuantity: (item: CartItem, quantity: number) => void;
  onDelete: (item: CartItem) => void;
}

/**
 * Cart items (spec 000 §2 cart side panel): image, brand, title, flavor, a quantity stepper whose
 * − is disabled at 1, delete, the member price and the struck-through list price.
 */
export function CartLines({ items, isDisabled, onQuantity, onDelete }: CartLinesProps) {
  return (
    <ul className="cart-panel-lines">
      {items.map((item) => (
        <li key={item.id} className="cart-panel-line">
          <img
            className="cart-panel-line__image"
            src={item.imageModel.originalPath}
            alt=""
            width={88}
            height={88}
            loading="lazy"
          />
          <div className="cart-panel-line__text">
            <p className="cart-panel-line__brand">{item.brandName}</p>
            <p className="cart-panel-line__title">{item.title}</p>
            <p className="cart-panel-line__flavor">{item.flavorSubCategoryText}</p>
            <div className="cart-panel-line__controls">
              <fieldset className="cart-stepper">
                <legend className="visually-hidden">Quantity of {item.title}</legend>
                <button
                  type="button"
                  className="cart-stepper__button"
                  aria-label={`Decrease quantity of ${item.title}`}
                  disabled={isDisabled || item.quantity <= CART_QUANTITY_MIN}
                  onClick={() => onQuantity(item, item.quantity - 1)}
                >
                  −
                </button>
                <output className="cart-stepper__value" aria-live="polite" data-testid="cart-quantity">
                  {item.quantity}
                </output>
                <button
                  type="button"
                  className="cart-stepper__button"
                  aria-label={`Increase quantity of ${item.title}`}
                  disabled={isDisabled || item.quantity >= CART_QUANTITY_MAX}
                  onClick={() => onQuantity(item, item.quantity + 1)}
                >
                  +
                </button>
              </fieldset>
              <button
                type="button"
                className="cart-panel-line__delete"
                aria-label={`Remove ${item.title} from the cart`}
                disabled={isDisabled}
                onClick={() => onDelete(item)}
              >
                <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                  <path
                    fill="currentColor"
                    d="M9 3h6l1 2h4v2H4V5h4l1-2Zm-3 6h12l-1 12H7L6 9Zm4 2v8h2v-8h-2Zm4 0v8h2v-8h-2Z"
                  />
                </svg>
              </button>
            </div>
          </div>
          <p className="cart-panel-line__price">
            {item.undiscountedTotalPrice > item.totalPrice ? (
              <s className="cart-panel-line__list-price">
                <span className="visually-hidden">Was </span>
                {usd(item.undiscountedTotalPrice)}
              </s>
            ) : null}
            <strong>
              <span className="visually-hidden">Now </span>
              {usd(item.totalPrice)}
            </strong>
          </p>
        </li>
      ))}
    </ul>
  );
}
