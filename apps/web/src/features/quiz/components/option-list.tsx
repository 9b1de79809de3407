import type { TypeOption } from '@store/contracts';
import { useId } from 'react';

export interface OptionListProps {
  legend: string;
  /** Shows the legend as a heading; otherwise it is for screen readers (the page title says it). */
  showLegend?: boolean;
  options: readonly TypeOption[];
  selected: readonly number[];
  kind: 'single' | 'multi';
  onToggle: (id: number) => void;
  withImages?: boolean;
  /** Options shown flagged and disabled (brands liked on the step before), with the flag's text. */
  flagged?: { ids: readonly number[]; label: string };
}

/**
 * One reference list as real checkboxes or radio buttons, drawn as tiles. The inputs stay in
 * the tab order, so the list works from the keyboard (Space toggles, arrows move in a radio group).
 */
export function OptionList({
  legend,
  showLegend,
  options,
  selected,
  kind,
  onToggle,
  withImages,
  flagged,
}: OptionListProps) {
  const name = useId();
  return (
    <fieldset className="quiz-options">
      <legend className={showLegend ? 'quiz-options__legend' : 'quiz-sr-only'}>{legend}</legend>
      <div className={`quiz-options__grid${withImages ? ' quiz-options__grid--images' : ''}`}>
        {options.map((option) => {
          const isFlagged = flagged?.ids.includes(option.id) ?? false;
          const isChecked = selected.includes(option.id);
          return (
            <label
              key={option.id}
              className="quiz-option"
              data-checked={isChecked || undefined}
              data-disabled={isFlagged || undefined}
            >
              <input
                className="quiz-option__input"
                type={kind === 'single' ? 'radio' : 'checkbox'}
                name={name}
                value={option.id}
                checked={isChecked}
                disabled={isFlagged}
                onChange={() => onToggle(option.id)}
              />
              {withImages && option.img ? (
                <img
                  className="quiz-option__image"
                  src={option.img}
                  alt=""
                  width={96}
                  height={48}
                  loading="lazy"
                />
              ) : null}
              <span className="quiz-option__label">{option.displayName}</span>
              {isFlagged ? <span className="quiz-option__flag">{flagged!.label}</span> : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
