import { type ReactNode, useId } from 'react';

/** The line under a field: its error, else its hint (kept in place so the layout does not jump). */
function Message({ id, error, hint }: { id: string; error?: string | undefined; hint?: ReactNode }) {
  if (!error && !hint) return null;
  return (
    <p id={id} className={error ? 'admin-field__error' : 'admin-field__hint'}>
      {error ?? hint}
    </p>
  );
}

interface BaseProps {
  label: string;
  name: string;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
}

/** A labelled input for the back office's forms. */
export function InputField({
  label,
  name,
  error,
  hint,
  className,
  value,
  onChange,
  type = 'text',
  inputMode,
  prefix,
  suffix,
  maxLength,
}: BaseProps & {
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'number';
  inputMode?: 'decimal' | 'numeric' | 'text';
  prefix?: string;
  suffix?: string;
  maxLength?: number;
}) {
  const id = useId();
  return (
    <div className={['admin-field', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="admin-field__label">
        {label}
      </label>
      <div className="admin-field__control">
        {prefix ? (
          <span className="admin-field__affix" aria-hidden="true">
            {prefix}
          </span>
        ) : null}
        <input
          id={id}
          name={name}
          type={type}
          inputMode={inputMode}
          className="admin-input"
          value={value}
          maxLength={maxLength}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint ? `${id}-message` : undefined}
        />
        {suffix ? (
          <span className="admin-field__affix" aria-hidden="true">
            {suffix}
          </span>
        ) : null}
      </div>
      <Message id={`${id}-message`} error={error} hint={hint} />
    </div>
  );
}

/** A labelled multi-line input. */
export function TextAreaField({
  label,
  name,
  error,
  hint,
  className,
  value,
  onChange,
  rows = 4,
  maxLength,
}: BaseProps & { value: string; onChange: (value: string) => void; rows?: number; maxLength?: number }) {
  const id = useId();
  return (
    <div className={['admin-field', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="admin-field__label">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        className="admin-input admin-input--area"
        rows={rows}
        value={value}
        maxLength={maxLength}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? `${id}-message` : undefined}
      />
      <Message id={`${id}-message`} error={error} hint={hint} />
    </div>
  );
}

/** A labelled select with a "Choose…" placeholder. */
export function SelectField({
  label,
  name,
  error,
  hint,
  className,
  value,
  onChange,
  options,
}: BaseProps & {
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string; disabled?: boolean }>;
}) {
  const id = useId();
  return (
    <div className={['admin-field', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="admin-field__label">
        {label}
      </label>
      <select
        id={id}
        name={name}
        className="admin-input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? `${id}-message` : undefined}
      >
        <option value="">Choose…</option>
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
      <Message id={`${id}-message`} error={error} hint={hint} />
    </div>
  );
}

/** A group of checkboxes with one legend and one message. */
export function CheckboxGroup<T extends string | number>({
  legend,
  name,
  error,
  hint,
  options,
  selected,
  onChange,
  className,
}: {
  legend: string;
  name: string;
  error?: string | undefined;
  hint?: ReactNode;
  options: ReadonlyArray<{ value: T; label: string; disabled?: boolean }>;
  selected: readonly T[];
  onChange: (selected: T[]) => void;
  className?: string;
}) {
  const id = useId();
  function toggle(value: T, isChecked: boolean) {
    onChange(isChecked ? [...selected, value] : selected.filter((v) => v !== value));
  }
  return (
    <fieldset
      className={['admin-checks', className].filter(Boolean).join(' ')}
      aria-describedby={error || hint ? `${id}-message` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="admin-field__label">{legend}</legend>
      <div className="admin-checks__options">
        {options.map((o) => (
          <label key={String(o.value)} className="admin-check">
            <input
              type="checkbox"
              name={name}
              value={String(o.value)}
              checked={selected.includes(o.value)}
              disabled={o.disabled && !selected.includes(o.value)}
              onChange={(e) => toggle(o.value, e.target.checked)}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      <Message id={`${id}-message`} error={error} hint={hint} />
    </fieldset>
  );
}
