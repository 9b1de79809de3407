import { useId } from 'react';

/** Step 8: "Have you tried protein powder before?" as a Yes/No radio pair. */
export function UsedProteinStep({
  legend,
  value,
  onChange,
}: {
  legend: string;
  value: boolean | null;
  onChange: (value: boolean) => void;
}) {
  const name = useId();
  const choices = [
    { label: 'Yes', value: true },
    { label: 'No', value: false },
  ];
  return (
    <fieldset className="quiz-options">
      <legend className="quiz-sr-only">{legend}</legend>
      <div className="quiz-options__grid quiz-options__grid--pair">
        {choices.map((choice) => (
          <label
            key={choice.label}
            className="quiz-option quiz-option--big"
            data-checked={value === choice.value || undefined}
          >
            <input
              className="quiz-option__input"
              type="radio"
              name={name}
              value={String(choice.value)}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
            />
            <span className="quiz-option__label">{choice.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
