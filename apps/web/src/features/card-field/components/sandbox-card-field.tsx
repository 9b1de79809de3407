import {
  ACCEPTED_CARD_BRANDS,
  type CardInput,
  CheckoutMessages,
  cardDigits,
  detectCardBrand,
  formatCardNumber,
  toSandboxPaymentMethod,
} from '@store/contracts';
import { type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { TextField } from '@/components/ui/text-field.tsx';
import { type CardFieldHandle, SANDBOX_ACTION_UNSUPPORTED } from '../utils/card-handle.ts';
import { formatExpiry } from '../utils/format-expiry.ts';
import { AcceptedBrands } from './accepted-brands.tsx';

const BRAND_NAMES: Record<string, string> = Object.fromEntries(
  ACCEPTED_CARD_BRANDS.map(({ brand, name }) => [brand, name]),
);

type CardField = keyof CardInput;

/**
 * The offline card field (docs/product.md#demo-data-and-sandbox): Stripe's test card numbers, checked like Stripe Elements
 * checks them (Luhn, expiry, CVC), become Stripe's test PaymentMethod ids. Nothing leaves the
 * browser but that id (docs/payments.md#sandbox), so the typed expiry and CVC are only checked: like
 * Stripe's own `pm_card_*` test PaymentMethods, the saved card carries the test card's expiry.
 */
export function SandboxCardField({ ref, isDisabled }: { ref?: Ref<CardFieldHandle>; isDisabled?: boolean }) {
  const [card, setCard] = useState<CardInput>({ number: '', expiry: '', cvc: '' });
  const [touched, setTouched] = useState<Record<CardField, boolean>>({
    number: false,
    expiry: false,
    cvc: false,
  });
  // The bank's decline of this card, shown on the card number until the card changes.
  const [decline, setDecline] = useState<string | null>(null);
  const [declines, setDeclines] = useState(0);
  const numberRef = useRef<HTMLInputElement>(null);
  // Focus once the form has re-rendered: the field was disabled while the payment ran.
  useEffect(() => {
    if (declines > 0) numberRef.current?.focus();
  }, [declines]);
  const checked = toSandboxPaymentMethod(card, new Date());
  const errors = checked.ok ? {} : checked.fieldErrors;
  const brand = detectCardBrand(cardDigits(card.number));

  useImperativeHandle(
    ref,
    () => ({
      async createPaymentMethod() {
        setTouched({ number: true, expiry: true, cvc: true });
        const result = toSandboxPaymentMethod(card, new Date());
        if (result.ok) return { paymentMethodId: result.paymentMethodId };
        const first = result.fieldErrors.number ?? result.fieldErrors.expiry ?? result.fieldErrors.cvc;
        return { error: first ?? CheckoutMessages.stripeNotInitialized };
      },
      async handleAction() {
        return { error: SANDBOX_ACTION_UNSUPPORTED };
      },
      showDecline(message) {
        setDecline(message);
        setDeclines((n) => n + 1);
      },
    }),
    [card],
  );

  const errorOf = (field: CardField) => (touched[field] ? errors[field] : undefined);
  const set = (field: CardField, value: string) => {
    setDecline(null);
    setCard((c) => ({ ...c, [field]: value }));
  };
  const touch = (field: CardField) => setTouched((t) => ({ ...t, [field]: true }));

  return (
    <div className="card-field">
      <p className="card-field__banner">{CheckoutMessages.sandboxBanner}</p>
      <AcceptedBrands active={brand} />
      <TextField
        ref={numberRef}
        label="Card number"
        name="cardNumber"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={card.number}
        disabled={isDisabled}
        onChange={(e) => set('number', formatCardNumber(e.target.value))}
        onBlur={() => touch('number')}
        error={decline ?? errorOf('number')}
        hint={brand !== 'unknown' ? BRAND_NAMES[brand] : undefined}
      />
      <div className="card-field__row">
        <TextField
          label="Expiration date"
          name="cardExpiry"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          value={card.expiry}
          disabled={isDisabled}
          onChange={(e) => set('expiry', formatExpiry(e.target.value, card.expiry))}
          onBlur={() => touch('expiry')}
          error={errorOf('expiry')}
        />
        <TextField
          label="Security code"
          name="cardCvc"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder={brand === 'amex' ? '4 digits' : '3 digits'}
          maxLength={brand === 'amex' ? 4 : 3}
          value={card.cvc}
          disabled={isDisabled}
          onChange={(e) => set('cvc', e.target.value.replace(/\D/g, ''))}
          onBlur={() => touch('cvc')}
          error={errorOf('cvc')}
        />
      </div>
      <p className="card-field__hint">
        Test cards: 4242 4242 4242 4242 is paid, 4000 0000 0000 0002 is declined. Use any future date and any
        3 digits; the saved test card shows its own expiry, as Stripe's test cards do.
      </p>
    </div>
  );
}
