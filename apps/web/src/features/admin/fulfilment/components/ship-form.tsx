import { displayOrderNumber } from '@store/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { checkShipments, type ShipNoun, shipTitle } from '../utils/tracking.ts';

export interface ShipTarget {
  orderId: string;
  orderNumber: string;
  memberName: string;
}

/**
 * One tracking number per selected box or order, checked with the API's rule before sending;
 * each field says what is wrong with it. `onShip` sends the batch. `noun` names what is shipped:
 * the cycle's boxes or tub orders.
 */
export function ShipForm({
  targets,
  noun,
  onShip,
  onCancel,
}: {
  targets: readonly ShipTarget[];
  noun: ShipNoun;
  onShip: (shipments: { orderId: string; trackingNumber: string }[]) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const [numbers, setNumbers] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [isBusy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkShipments(
      numbers,
      targets.map((t) => t.orderId),
    );
    setProblems(checked.problems);
    const firstProblem = Object.keys(checked.problems)[0];
    if (firstProblem) {
      event.currentTarget.querySelector<HTMLInputElement>(`[data-order="${firstProblem}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await onShip(checked.shipments);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="ship-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="ship-form__title">
        {shipTitle(targets.length, noun)}
      </h2>
      <p className="ship-form__intro">
        Enter the carrier's tracking number for each. It goes into the member's "shipped" email.
      </p>
      <ol className="ship-form__rows">
        {targets.map((t) => {
          const fieldId = `${id}-${t.orderId}`;
          const problem = problems[t.orderId];
          return (
            <li key={t.orderId} className="ship-form__row">
              <label htmlFor={fieldId} className="admin-field__label">
                Tracking number for order {displayOrderNumber(t.orderNumber)} ({t.memberName})
              </label>
              <input
                id={fieldId}
                data-order={t.orderId}
                className="admin-input"
                autoComplete="off"
                spellCheck={false}
                maxLength={60}
                value={numbers[t.orderId] ?? ''}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${fieldId}-problem` : undefined}
                onChange={(e) => setNumbers({ ...numbers, [t.orderId]: e.target.value })}
              />
              {problem ? (
                <p id={`${fieldId}-problem`} className="admin-field__error">
                  {problem}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      <div className="ship-form__actions">
        <Button type="submit" isLoading={isBusy} loadingLabel="Shipping">
          Mark shipped
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={isBusy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
