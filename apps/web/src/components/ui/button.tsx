import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './spinner.tsx';
import './button.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary';
  block?: boolean;
  /** Shows a spinner in place of the label and blocks further clicks (docs/product.md#states-and-flows loading states). */
  isLoading?: boolean;
  /** What a screen reader hears while loading ("Logging in"). */
  loadingLabel?: string;
}

export function Button({
  variant = 'primary',
  block = false,
  isLoading = false,
  loadingLabel,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  const classes = ['btn', `btn--${variant}`, block ? 'btn--block' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type={type}
      className={classes}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      {...rest}
    >
      {isLoading ? (
        <>
          <Spinner />
          <span className="visually-hidden">{loadingLabel ?? 'Please wait'}</span>
        </>
      ) : (
        children
      )}
    </button>
  );
}

/** A link styled as a button (same classes), for calls to action that navigate. */
export function buttonClass(variant: 'primary' | 'secondary' = 'primary', block = false): string {
  return ['btn', `btn--${variant}`, block ? 'btn--block' : ''].filter(Boolean).join(' ');
}
