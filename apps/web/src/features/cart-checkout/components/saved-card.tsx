import type { PaymentMethod } from '@store/contracts';

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

/** The saved card (docs/product.md#shop-and-cart): its icon and last digits, with a way to add a new card. */
export function SavedCard({
  card,
  isDisabled,
  onUseNew,
}: {
  card: PaymentMethod;
  isDisabled: boolean;
  onUseNew: () => void;
}) {
  const brand = BRANDS[card.brand] ?? 'Card';
  return (
    <div className="saved-card">
      <div className="saved-card__card">
        <svg className="saved-card__icon" viewBox="0 0 40 28" width="40" height="28" aria-hidden="true">
          <rect x="0.5" y="0.5" width="39" height="27" rx="4" fill="#fff6ee" stroke="currentColor" />
          <rect x="0.5" y="6" width="39" height="5" fill="currentColor" />
          <rect x="5" y="17" width="12" height="3" rx="1" fill="currentColor" />
        </svg>
        <span className="saved-card__text">
          <strong>{brand}</strong>{' '}
          <span>
            <span aria-hidden="true">•••• </span>
            <span className="visually-hidden">ending in </span>
            {card.last4Digits}
          </span>
          <span className="saved-card__expiry">
            Expires {String(card.expiryMonth).padStart(2, '0')}/{String(card.expiryYear).slice(-2)}
          </span>
        </span>
      </div>
      <button type="button" className="cart-checkout__link-button" disabled={isDisabled} onClick={onUseNew}>
        Use a new card
      </button>
    </div>
  );
}
