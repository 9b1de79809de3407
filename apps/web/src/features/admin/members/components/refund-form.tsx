import { displayOrderNumber, formatUsd } from '@store/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { notify } from '@/lib/notifications.ts';
import { errorText } from '../../components/list-parts.tsx';
import { refundOrder } from '../api/members.ts';
import { parseRefundAmount } from '../utils/refund-amount.ts';
import type { Order } from './member-parts.tsx';

/** Refunds all or part of one order, with a reason. */
export function RefundForm({ order, onDone }: { order: Order; onDone: () => void }) {
  // One id per form: pressing Refund twice, or again after a timeout, refunds once.
  const [requestId] = useState(() => crypto.randomUUID());
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [isBusy, setBusy] = useState(false);
  const amountId = useId();
  const reasonId = useId();
  const errorId = useId();
  const titleId = useId();
  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseRefundAmount(amount, order.refundableCents);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const refund = await refundOrder(order.id, { requestId, amountCents: parsed.cents, reason });
      const word =
        refund.status === 'succeeded' ? 'refunded' : refund.status === 'failed' ? 'failed' : 'pending';
      notify(
        `Order ${displayOrderNumber(order.orderNumber)}: ${formatUsd(refund.amountCents)} ${word}.`,
        word === 'failed' ? 'error' : 'success',
      );
      onDone();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="member__refund" onSubmit={submit} aria-labelledby={titleId}>
      <h3 id={titleId} className="member__refund-title">
        Refund order {displayOrderNumber(order.orderNumber)}
      </h3>
      <div className="admin-field">
        <label htmlFor={amountId} className="admin-field__label">
          Amount (up to {formatUsd(order.refundableCents)})
        </label>
        <div className="admin-field__control">
          <span className="admin-field__affix" aria-hidden="true">
            $
          </span>
          <input
            id={amountId}
            className="admin-input"
            inputMode="decimal"
            placeholder={(order.refundableCents / 100).toFixed(2)}
            value={amount}
            onChange={(e) => {
              setAmount(e.target.value);
              setError(undefined);
            }}
            aria-describedby={error ? errorId : undefined}
            aria-invalid={error ? true : undefined}
          />
        </div>
      </div>
      <div className="admin-field">
        <label htmlFor={reasonId} className="admin-field__label">
          Reason (optional)
        </label>
        <input
          id={reasonId}
          className="admin-input"
          maxLength={200}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      <div className="member__refund-buttons">
        <Button type="submit" className="btn--small" disabled={isBusy}>
          {amount.trim() ? 'Refund amount' : 'Refund in full'}
        </Button>
        <button type="button" className="admin-link-button" onClick={onDone} disabled={isBusy}>
          Close
        </button>
      </div>
      {error ? (
        <p id={errorId} className="admin-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
