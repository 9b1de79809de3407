import { AdminCouponInputSchema } from '@store/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { notify } from '@/lib/notifications.ts';
import { InputField } from '../../components/form-fields.tsx';
import { errorText } from '../../components/list-parts.tsx';
import { parseRefundAmount } from '../../members/utils/refund-amount.ts';
import { createCoupon } from '../api/coupons.ts';

const EMPTY = {
  code: '',
  kind: 'percent' as 'percent' | 'fixed',
  value: '',
  startsAt: '',
  expiresAt: '',
  max: '',
  description: '',
};

/** A datetime-local value ("2026-12-01T09:00") as an ISO instant in the operator's time zone. */
function toIso(local: string): string | null {
  return local ? new Date(local).toISOString() : null;
}

/** Creates a coupon: a code, percent or fixed dollars off, optional dates and use limit. */
export function CouponForm() {
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isBusy, setBusy] = useState(false);
  const kindName = useId();
  const set = (field: keyof typeof EMPTY) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    let amountOffCents: number | null = null;
    if (form.kind === 'fixed') {
      const parsed = parseRefundAmount(form.value, 1_000_000);
      if ('error' in parsed || parsed.cents === undefined) {
        setErrors({ value: 'error' in parsed ? parsed.error : 'Enter an amount like 5.00.' });
        return;
      }
      amountOffCents = parsed.cents;
    }
    const input = {
      code: form.code,
      kind: form.kind,
      percentOff: form.kind === 'percent' ? Number(form.value || Number.NaN) : null,
      amountOffCents,
      startsAt: toIso(form.startsAt),
      expiresAt: toIso(form.expiresAt),
      maxRedemptions: form.max ? Number(form.max) : null,
      description: form.description,
    };
    const checked = AdminCouponInputSchema.safeParse(input);
    if (!checked.success) {
      const next: Record<string, string> = {};
      for (const issue of checked.error.issues) {
        const key =
          issue.path[0] === 'percentOff' || issue.path[0] === 'amountOffCents'
            ? 'value'
            : String(issue.path[0]);
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const coupon = await createCoupon(checked.data);
      notify(`Coupon ${coupon.code} created.`, 'success');
      setForm(EMPTY);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setErrors({ code: error.message });
      else notify(errorText(error), 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="admin-card coupon-form" onSubmit={submit} noValidate aria-labelledby="coupon-form-title">
      <h2 id="coupon-form-title" className="admin-card__title">
        New coupon
      </h2>
      <fieldset className="coupon-form__kind">
        <legend>Discount</legend>
        {(['percent', 'fixed'] as const).map((kind) => (
          <label key={kind}>
            <input
              type="radio"
              name={kindName}
              value={kind}
              checked={form.kind === kind}
              onChange={() => setForm((f) => ({ ...f, kind, value: '' }))}
            />
            {kind === 'percent' ? 'Percent off' : 'Dollars off'}
          </label>
        ))}
      </fieldset>
      <div className="admin-form__grid">
        <InputField
          label="Code"
          name="code"
          value={form.code}
          onChange={set('code')}
          error={errors.code}
          maxLength={32}
          hint="Letters and digits; saved in capitals."
        />
        <InputField
          label={form.kind === 'percent' ? 'Percent off (1-100)' : 'Amount off'}
          name="value"
          value={form.value}
          onChange={set('value')}
          error={errors.value}
          inputMode={form.kind === 'percent' ? 'numeric' : 'decimal'}
          prefix={form.kind === 'fixed' ? '$' : undefined}
          suffix={form.kind === 'percent' ? '%' : undefined}
        />
        <InputField
          label="Uses allowed (optional)"
          name="max"
          value={form.max}
          onChange={set('max')}
          error={errors.maxRedemptions}
          inputMode="numeric"
        />
        <DateField
          label="Starts (optional)"
          value={form.startsAt}
          onChange={set('startsAt')}
          error={errors.startsAt}
        />
        <DateField
          label="Expires (optional)"
          value={form.expiresAt}
          onChange={set('expiresAt')}
          error={errors.expiresAt}
        />
        <InputField
          label="Note (optional)"
          name="description"
          value={form.description}
          onChange={set('description')}
          error={errors.description}
          maxLength={200}
        />
      </div>
      <div className="admin-form__actions">
        <Button type="submit" disabled={isBusy}>
          Create coupon
        </Button>
      </div>
    </form>
  );
}

function DateField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <div className="admin-field">
      <label htmlFor={id} className="admin-field__label">
        {label}
      </label>
      <input
        id={id}
        type="datetime-local"
        className="admin-input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
      />
      {error ? <p className="admin-field__error">{error}</p> : null}
    </div>
  );
}
