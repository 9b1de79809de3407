const NAMES: Record<string, string> = {
  active: 'Active',
  past_due: 'Past due',
  canceled: 'Canceled',
  paid: 'Paid',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  completed: 'Completed',
  awaiting_payment: 'Awaiting payment',
  refund_pending: 'Refund pending',
  refunded: 'Refunded',
  requested: 'Sending',
  pending: 'Pending',
  succeeded: 'Succeeded',
  failed: 'Failed',
  billed: 'Billed',
  unbilled: 'Not billed yet',
  skipped: 'Skipped',
  awaiting_customer: 'Waiting for the member',
  requires_action: 'Needs authentication',
};

const TONE: Record<string, string> = {
  active: 'admin-badge--done',
  succeeded: 'admin-badge--done',
  paid: 'admin-badge--done',
  billed: 'admin-badge--done',
  past_due: 'admin-badge--alert',
  failed: 'admin-badge--alert',
  refund_pending: 'admin-badge--todo',
  pending: 'admin-badge--todo',
  requested: 'admin-badge--todo',
};

/** A status as a small label; the words say it, the colour only repeats it. */
export function StatusBadge({ status }: { status: string | null }) {
  if (!status) return <span className="admin-badge">No membership</span>;
  return <span className={`admin-badge ${TONE[status] ?? ''}`.trim()}>{NAMES[status] ?? status}</span>;
}
