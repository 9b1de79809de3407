import type { ReactNode } from 'react';
import { PageTitle } from '@/components/ui/page-title.tsx';

/** The checkout's error and empty states: a heading and what to do next. */
export function StatePanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="cart-checkout cart-checkout--state">
      <PageTitle title={title} />
      <div className="cart-checkout__state">
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}
