import { DELIVERY_SCHEDULE_DAYS, deliveryScheduleName, SubscriptionMessages } from '@store/contracts';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { notify } from '@/lib/notifications.ts';
import { updateDeliverySchedule } from '../api/membership-actions.ts';

/** The 30/45/60 tracker with "Update Delivery Schedule" (docs/product.md#member-area). */
export function ScheduleOptions({ currentDays, onUpdated }: { currentDays: number; onUpdated?: () => void }) {
  const name = useId();
  const [days, setDays] = useState(currentDays);
  const [isSaving, setIsSaving] = useState(false);
  async function update() {
    setIsSaving(true);
    try {
      await updateDeliverySchedule(days);
      notify(SubscriptionMessages.scheduleUpdated, 'success');
      onUpdated?.();
    } catch {
      // The api client showed the server's message.
    } finally {
      setIsSaving(false);
    }
  }
  return (
    <div className="freq-schedule">
      <fieldset className="freq-schedule__track">
        <legend className="visually-hidden">Delivery schedule</legend>
        {DELIVERY_SCHEDULE_DAYS.map((option) => (
          <label
            key={option}
            className={option === days ? 'freq-schedule__option is-selected' : 'freq-schedule__option'}
          >
            <input
              type="radio"
              className="visually-hidden"
              name={name}
              value={option}
              checked={option === days}
              onChange={() => setDays(option)}
            />
            <span className="freq-schedule__dot" aria-hidden="true" />
            <span className="freq-schedule__label">{deliveryScheduleName(option)}</span>
            {option === currentDays ? <span className="freq-schedule__current">Current</span> : null}
          </label>
        ))}
      </fieldset>
      <Button
        onClick={() => void update()}
        isLoading={isSaving}
        disabled={days === currentDays}
        loadingLabel="Updating your schedule"
      >
        Update Delivery Schedule
      </Button>
    </div>
  );
}
