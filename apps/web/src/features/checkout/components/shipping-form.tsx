import { type ShippingFormField, type ShippingFormValues, US_STATES } from '@store/contracts';
import { useId } from 'react';
import { TextField } from '@/components/ui/text-field.tsx';

interface ShippingFormProps {
  values: ShippingFormValues;
  /** Only the errors to show now (after blur or a submit attempt). */
  errors: Partial<Record<ShippingFormField, string>>;
  onChange: (field: ShippingFormField, value: string) => void;
  onBlur: (field: ShippingFormField) => void;
  isDisabled?: boolean;
}

/** The shipping info of docs/product.md#rules: U.S. only; every field but address line 2 required. */
export function ShippingForm({ values, errors, onChange, onBlur, isDisabled }: ShippingFormProps) {
  const text = (field: ShippingFormField) => ({
    name: field,
    value: values[field],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => onChange(field, e.target.value),
    onBlur: () => onBlur(field),
    error: errors[field],
    disabled: isDisabled,
  });
  return (
    <div className="shipping-form">
      <div className="shipping-form__row">
        <TextField label="First name" autoComplete="given-name" {...text('firstName')} />
        <TextField label="Last name" autoComplete="family-name" {...text('lastName')} />
      </div>
      <TextField label="Address" autoComplete="address-line1" {...text('street1')} />
      <TextField label="Address line 2" isOptional autoComplete="address-line2" {...text('street2')} />
      <div className="shipping-form__row shipping-form__row--three">
        <TextField label="City" autoComplete="address-level2" {...text('city')} />
        <StateSelect
          value={values.state}
          error={errors.state}
          isDisabled={isDisabled}
          onChange={(value) => onChange('state', value)}
          onBlur={() => onBlur('state')}
        />
        <TextField
          label="Zip code"
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={10}
          {...text('postalCode')}
        />
      </div>
      <p className="shipping-form__note">We ship in the U.S. only.</p>
    </div>
  );
}

function StateSelect(props: {
  value: string;
  error?: string;
  isDisabled?: boolean;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        State
      </label>
      <select
        id={id}
        name="state"
        className="field__input"
        autoComplete="address-level1"
        value={props.value}
        disabled={props.isDisabled}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-message` : undefined}
        onChange={(e) => props.onChange(e.target.value)}
        onBlur={props.onBlur}
      >
        <option value="">Select a state</option>
        {US_STATES.map((state) => (
          <option key={state.code} value={state.code}>
            {state.name}
          </option>
        ))}
      </select>
      <p
        id={`${id}-message`}
        className={props.error ? 'field__message field__error' : 'field__message field__hint'}
      >
        {props.error}
      </p>
    </div>
  );
}
