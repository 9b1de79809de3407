import { DELIVERY_SCHEDULE_OPTIONS } from '@store/contracts';

/** How often boxes come: 0, 1, 2 = every 30, 45, 60 days; 30 by default (docs/product.md#states-and-flows). */
export function ScheduleSelector({
  value,
  onChange,
  isDisabled,
}: {
  value: number;
  onChange: (index: number) => void;
  isDisabled?: boolean;
}) {
  return (
    <fieldset className="schedule" disabled={isDisabled}>
      <legend className="checkout-section__title">Delivery schedule</legend>
      <div className="schedule__options">
        {DELIVERY_SCHEDULE_OPTIONS.map((option) => (
          <label key={option.index} className="schedule__option">
            <input
              type="radio"
              name="deliverySchedule"
              value={option.index}
              checked={value === option.index}
              onChange={() => onChange(option.index)}
            />
            <span className="schedule__label">{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
