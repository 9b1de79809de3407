import type { PaymentMethod } from '@store/contracts';
import type { ReactNode } from 'react';
import { SavedCard } from './saved-card.tsx';

/** Payment info: the saved card with a way to a new one, or the card field with a way back. */
export function PaymentSection({
  savedCard,
  useNewCard,
  isDisabled,
  renderCardField,
  renderSavedCardNote,
  onUseNewCard,
}: {
  savedCard: PaymentMethod | null;
  useNewCard: boolean;
  isDisabled: boolean;
  renderCardField: (isDisabled: boolean) => ReactNode;
  renderSavedCardNote?: () => ReactNode;
  onUseNewCard: (useNew: boolean) => void;
}) {
  return (
    <section className="cart-checkout__section" aria-labelledby="cart-payment-title">
      <h2 id="cart-payment-title" className="cart-checkout__section-title">
        Payment info
      </h2>
      {savedCard && !useNewCard ? (
        <>
          <SavedCard card={savedCard} isDisabled={isDisabled} onUseNew={() => onUseNewCard(true)} />
          {renderSavedCardNote?.()}
        </>
      ) : (
        <>
          {renderCardField(isDisabled)}
          {savedCard ? (
            <button
              type="button"
              className="cart-checkout__link-button"
              disabled={isDisabled}
              onClick={() => onUseNewCard(false)}
            >
              Use my saved card ending in {savedCard.last4Digits}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}
