import { useTypeList } from '../api/get-type-list.ts';
import type { StepList } from '../utils/quiz-steps.ts';
import { OptionList, type OptionListProps } from './option-list.tsx';

interface ListQuestionProps extends Pick<OptionListProps, 'selected' | 'onToggle' | 'flagged'> {
  spec: StepList;
  /** The step's title, read as the legend when the list has no heading of its own. */
  title: string;
}

/** A reference list fetched from /Types and shown as options, with its loading and error states. */
export function ListQuestion({ spec, title, selected, onToggle, flagged }: ListQuestionProps) {
  const { data, error, isLoading, reload } = useTypeList(spec.list);
  if (isLoading) {
    return (
      <div
        className={
          spec.reservesHeight ? 'quiz-options__status quiz-options__status--reserved' : 'quiz-options__status'
        }
        role="status"
        aria-busy="true"
      >
        <span className="quiz-spinner" aria-hidden="true" />
        Loading the options...
      </div>
    );
  }
  if (error || !data) {
    return (
      <div className="quiz-options__status quiz-options__status--error" role="alert">
        We could not load the options.{' '}
        <button type="button" className="quiz-link-button" onClick={reload}>
          Try again
        </button>
      </div>
    );
  }
  if (data.length === 0) {
    return <p className="quiz-options__status">There is nothing to choose here yet. You can go on.</p>;
  }
  return (
    <OptionList
      legend={spec.heading ?? title}
      showLegend={Boolean(spec.heading)}
      options={data}
      selected={selected}
      kind={spec.kind}
      onToggle={onToggle}
      withImages={spec.withImages}
      flagged={flagged}
    />
  );
}

/** Fetches a list ahead of the step that shows it; renders nothing. */
export function PrefetchList({ spec }: { spec: StepList }) {
  useTypeList(spec.list);
  return null;
}
