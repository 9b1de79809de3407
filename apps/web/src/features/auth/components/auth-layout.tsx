import { type ReactNode, useEffect, useRef } from 'react';
import { useSeo } from '@/lib/use-seo.ts';
import './auth.css';
import { keepRanges } from '@/components/ui/keep-ranges.tsx';

const BENEFITS = [
  { title: 'Sample first', text: 'Four single-serving samples matched to your taste, before you buy a tub.' },
  { title: 'Member prices', text: '25-50% off full-size tubs of what you liked in the members’ shop.' },
  { title: 'Your schedule', text: 'A box every 30, 45 or 60 days. Change it or cancel anytime.' },
];

interface AuthLayoutProps {
  title: string;
  /** What search results and link previews say about the screen. */
  description: string;
  children: ReactNode;
}

/** The frame of every account screen: the card, and on wide screens why an account is worth it. */
export function AuthLayout({ title, description, children }: AuthLayoutProps) {
  useSeo({ title, description });
  return (
    <main className="auth-page">
      <div className="auth-page__grid">
        <aside className="auth-page__aside" aria-label="Why members sample first">
          <h2>Sample your protein powder, never guess again.</h2>
          <ul className="auth-benefits">
            {BENEFITS.map((b, i) => (
              <li key={b.title}>
                <span className="auth-benefits__dot" aria-hidden="true">
                  {i + 1}
                </span>
                <span>
                  <strong>{b.title}</strong>
                  {keepRanges(b.text)}
                </span>
              </li>
            ))}
          </ul>
        </aside>
        <section className="auth-card">{children}</section>
      </div>
    </main>
  );
}

/** The card's heading; it takes focus when a view replaces the form, so screen readers hear it. */
export function AuthTitle({
  children,
  focusOnMount = false,
}: {
  children: ReactNode;
  focusOnMount?: boolean;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);
  return (
    <h1 className="auth-card__title" tabIndex={focusOnMount ? -1 : undefined} ref={ref}>
      {children}
    </h1>
  );
}
