import { CheckoutIdentitySchema, US_STATES } from '@store/contracts';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { InputField, SelectField } from '../../components/form-fields.tsx';
import { updateShippingAddress } from '../api/members.ts';
import { type Detail, useAction } from './member-parts.tsx';

type Address = NonNullable<Detail['shippingAddress']>;

const EMPTY: Address = {
  firstName: '',
  lastName: '',
  street1: '',
  street2: null,
  city: '',
  state: '',
  postalCode: '',
};

const STATE_OPTIONS = US_STATES.map((s) => ({ value: s.code, label: s.name }));

/**
 * Where the member's boxes ship (docs/product.md#back-office), and the operator's correction of
 * it: checked with the checkout's rules before sending, saved for the renewals and every box not
 * shipped yet, and written to the audit log by the server.
 */
export function ShippingCard({ detail }: { detail: Detail }) {
  const address = detail.shippingAddress;
  const { busy, run } = useAction();
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<Address>(address ?? EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof Address) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  async function save(event: FormEvent) {
    event.preventDefault();
    const body = {
      firstName: values.firstName,
      lastName: values.lastName,
      shippingAddress: {
        street1: values.street1,
        street2: values.street2?.trim() ? values.street2 : null,
        city: values.city,
        state: values.state,
        postalCode: values.postalCode,
      },
    };
    const parsed = CheckoutIdentitySchema.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path.at(-1));
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    const ok = await run(
      'address',
      () => updateShippingAddress(detail.identity.id, body),
      'The shipping address is saved.',
    );
    if (ok) setEditing(false);
  }

  return (
    <section className="admin-card member__card" aria-labelledby="shipping-title">
      <h2 id="shipping-title" className="admin-card__title">
        Shipping address
      </h2>
      {editing ? (
        <form
          className="member__address-form"
          onSubmit={save}
          aria-label="Edit the shipping address"
          noValidate
        >
          <InputField
            label="First name"
            name="firstName"
            value={values.firstName}
            onChange={set('firstName')}
            error={errors.firstName}
          />
          <InputField
            label="Last name"
            name="lastName"
            value={values.lastName}
            onChange={set('lastName')}
            error={errors.lastName}
          />
          <InputField
            label="Address"
            name="street1"
            value={values.street1}
            onChange={set('street1')}
            error={errors.street1}
          />
          <InputField
            label="Address line 2"
            name="street2"
            value={values.street2 ?? ''}
            onChange={set('street2')}
          />
          <InputField
            label="City"
            name="city"
            value={values.city}
            onChange={set('city')}
            error={errors.city}
          />
          <SelectField
            label="State"
            name="state"
            value={values.state}
            onChange={set('state')}
            options={STATE_OPTIONS}
            error={errors.state}
          />
          <InputField
            label="ZIP code"
            name="postalCode"
            inputMode="numeric"
            value={values.postalCode}
            onChange={set('postalCode')}
            error={errors.postalCode}
          />
          <div className="member__buttons">
            <Button type="submit" className="btn--small" disabled={busy !== null}>
              Save address
            </Button>
            <button type="button" className="admin-link-button" onClick={() => setEditing(false)}>
              Keep the old address
            </button>
          </div>
        </form>
      ) : (
        <>
          {address ? (
            <address className="member__address">
              {address.firstName} {address.lastName}
              <br />
              {address.street1}
              {address.street2 ? (
                <>
                  <br />
                  {address.street2}
                </>
              ) : null}
              <br />
              {address.city}, {address.state} {address.postalCode}
            </address>
          ) : (
            <p>No shipping address yet: this person has not checked out.</p>
          )}
          <div className="member__buttons">
            <Button
              variant="secondary"
              className="btn--small"
              onClick={() => {
                setValues(address ?? EMPTY);
                setErrors({});
                setEditing(true);
              }}
            >
              Edit address
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
