import { CART_QUANTITY_MAX, type CartItem } from '@store/contracts';
import { usd } from '../utils/money.ts';

interface CartLinesProps {
  items: CartItem[];
  isDisabled: boolean;
  onQuantity: (item: CartItem, quantity: number) => void;
  onDelete: (item: CartItem) => void;
}

/** The order summary's items: image, title, − quantity +, delete, member price and the struck-through list price. */
export function CartLines({ items, isDisabled, onQuantity, onDelete }: CartLinesProps) {
  return (
    <ul className="cart-lines">
      {items.map((item) => {
        const isDiscounted = item.undiscountedTotalPrice > item.totalPrice;
        return (
          <li key={item.id} className="cart-line">
            <img
              className="cart-line__image"
              src={item.imageModel.originalPath}
              alt=""
              width={72}
              height={72}
              loading="lazy"
            />
            <div className="cart-line__text">
              <p className="cart-line__brand">{item.brandName}</p>
              <p className="cart-line__title">{item.title}</p>
              <p className="cart-line__flavor">{item.flavorSubCategoryText}</p>
              <div className="cart-line__controls">
                <fieldset className="stepper">
                  <legend className="visually-hidden">Quantity of {item.title}</legend>
                  <button
                    type="button"
                    className="stepper__button"
                    aria-label={`Decrease quantity of ${item.title}`}
                    disabled={isDisabled || item.quantity <= 1}
                    onClick={() => onQuantity(item, item.quantity - 1)}
                  >
                    −
                  </button>
                  <output className="stepper__value" aria-live="polite">
                    {item.quantity}
                  </output>
                  <button
                    type="button"
                    className="stepper__button"
                    aria-label={`Increase quantity of ${item.title}`}
                    disabled={isDisabled || item.quantity >= CART_QUANTITY_MAX}
                    onClick={() => onQuantity(item, item.quantity + 1)}
                  >
                    +
                  </button>
                </fieldset>
                <button
                  type="button"
                  className="cart-line__delete"
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
                  <span>Remove</span>
                </button>
              </div>
            </div>
            <p className="cart-line__price">
              {isDiscounted ? (
                <s className="cart-line__list-price">
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
