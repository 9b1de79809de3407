import type { ButtonHTMLAttributes } from 'react';
import { useIsHydrated } from '@/lib/use-hydrated.ts';
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
  // In a prerendered page, a submit button waits for the page to hydrate: before that the browser
  // would send the form itself, as a GET with the fields (a password) in the address
  // (docs/decisions/014-prerendered-public-pages.md#limits).
  const isHydrated = useIsHydrated();
  const classes = ['btn', `btn--${variant}`, block ? 'btn--block' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type={type}
      className={classes}
      disabled={disabled || isLoading || (type === 'submit' && !isHydrated)}
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
