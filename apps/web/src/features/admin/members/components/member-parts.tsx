import type { AdminMemberDetail } from '@store/contracts';
import { useState } from 'react';
import { notify } from '@/lib/notifications.ts';
import { errorText } from '../../components/list-parts.tsx';

/** Shared by the parts of the member page. */
export type Detail = AdminMemberDetail;
export type Order = Detail['orders'][number];

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
export const day = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : '—');

/** One label and value of a card's description list. */
export function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A titled section with its count, or "None yet." when empty. */
export function Section({
  id,
  title,
  count,
  children,
}: {
  id: string;
  title: string;
  count: number;
  children: React.ReactNode;
}) {
  return (
    <section className="member__section" aria-labelledby={id}>
      <h2 id={id} className="member__section-title">
        {title} <span className="admin-muted">({count})</span>
      </h2>
      {count === 0 ? <p className="admin-muted">None yet.</p> : children}
    </section>
  );
}

/** Runs one action with a busy flag and a snackbar for its outcome. */
export function useAction() {
  const [busy, setBusy] = useState<string | null>(null);
  async function run(name: string, work: () => Promise<unknown>, success: string) {
    setBusy(name);
    try {
      await work();
      notify(success, 'success');
      return true;
    } catch (error) {
      notify(errorText(error), 'error');
      return false;
    } finally {
      setBusy(null);
    }
  }
  return { busy, run };
}
