import type { Cart } from '@store/contracts';
import { type FormEvent, useId, useState } from 'react';

interface CouponBoxProps {
  cart: Cart;
  isDisabled: boolean;
  /** Applies the code; answers why the store refused it, or null once applied. */
  onApply: (code: string) => Promise<string | null>;
  onRemove: () => Promise<string | null>;
}

/**
 * The coupon box: Apply only with a code; an applied coupon is a green row with a remove control. A
 * refused code keeps what was typed and says why beside the field.
 */
export function CouponBox({ cart, isDisabled, onApply, onRemove }: CouponBoxProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const trimmed = code.trim();

  if (cart.couponCode) {
    return (
      <div className="coupon-applied" role="status">
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path fill="currentColor" d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4L9 16.2Z" />
        </svg>
        <span className="coupon-applied__text">
          <strong>{cart.couponCode}</strong> applied
          {cart.couponLabel ? <span className="coupon-applied__label"> · {cart.couponLabel}</span> : null}
        </span>
        <button
          type="button"
          className="coupon-applied__remove"
          aria-label={`Remove coupon ${cart.couponCode}`}
          disabled={isDisabled}
          onClick={() => void onRemove()}
        >
          ×
        </button>
      </div>
    );
  }

  // A nested form is not allowed: Apply is a button, and Enter in the field applies too.
  function apply(event?: FormEvent) {
    event?.preventDefault();
    if (!trimmed || isDisabled) return;
    void onApply(trimmed).then((refusal) => {
      setError(refusal);
      if (refusal === null) setCode('');
    });
  }

  return (
    <div className="coupon-box">
      <label htmlFor={id} className="coupon-box__label">
        Coupon code
      </label>
      <div className="coupon-box__row">
        <input
          id={id}
          className="field__input coupon-box__input"
          value={code}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          disabled={isDisabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            setCode(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') apply(e);
          }}
        />
        <button
          type="button"
          className="btn btn--secondary coupon-box__apply"
          disabled={isDisabled || !trimmed}
          onClick={() => apply()}
        >
          Apply
        </button>
      </div>
      {error ? (
        <p id={errorId} className="field__error coupon-box__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
