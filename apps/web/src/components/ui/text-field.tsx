import { type InputHTMLAttributes, type Ref, useId, useState } from 'react';
import './field.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  name: string;
  /** Shown under the input and tied to it with aria-describedby. */
  error?: string | undefined;
  hint?: string;
  /** Marks the label "(optional)". */
  isOptional?: boolean;
  /** The input itself (a form moves focus to it). */
  ref?: Ref<HTMLInputElement>;
}

/**
 * The line under a field: its error, else its hint. The line keeps its height while empty, so
 * an error appearing on blur never moves the button the pointer is pressing (a press that
 * starts on Submit must still end on it).
 */
function FieldMessage({
  id,
  error,
  hint,
}: {
  id: string;
  error?: string | undefined;
  hint?: string | undefined;
}) {
  return (
    <p id={`${id}-message`} className={error ? 'field__message field__error' : 'field__message field__hint'}>
      {error ?? hint}
    </p>
  );
}

/** A labelled input with its hint and error. */
export function TextField({ label, error, hint, isOptional, className, ...input }: TextFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
        {isOptional ? <span className="field__optional"> (optional)</span> : null}
      </label>
      <input
        id={id}
        className={['field__input', className].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? `${id}-message` : undefined}
        {...input}
      />
      <FieldMessage id={id} error={error} hint={hint} />
    </div>
  );
}

/** A password input with a Show/Hide button, so people can check what they typed. */
export function PasswordField({ label, error, hint, ...input }: Omit<TextFieldProps, 'type' | 'isOptional'>) {
  const id = useId();
  const [isVisible, setVisible] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="field__control">
        <input
          id={id}
          type={isVisible ? 'text' : 'password'}
          className="field__input field__input--with-toggle"
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint ? `${id}-message` : undefined}
          autoCapitalize="off"
          spellCheck={false}
          {...input}
        />
        <button
          type="button"
          className="field__toggle"
          aria-controls={id}
          aria-label={isVisible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          onClick={() => setVisible((v) => !v)}
        >
          {isVisible ? 'Hide' : 'Show'}
        </button>
      </div>
      <FieldMessage id={id} error={error} hint={hint} />
    </div>
  );
}

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: string;
  name: string;
  error?: string | undefined;
}

/** A labelled checkbox with its error. */
export function CheckboxField({ label, error, ...input }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className="field field--checkbox">
      <label htmlFor={id} className="field__check">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-message` : undefined}
          {...input}
        />
        <span>{label}</span>
      </label>
      <FieldMessage id={id} error={error} />
    </div>
  );
}
