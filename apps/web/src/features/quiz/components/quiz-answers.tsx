import type { QuizDraft } from '../utils/quiz-draft.ts';
import { DISLIKED_BRANDS_STEP, USED_PROTEIN_STEP } from '../utils/quiz-navigation.ts';
import { QUIZ_STEP_SPECS, type StepList } from '../utils/quiz-steps.ts';
import { ListQuestion } from './list-question.tsx';
import { UsedProteinStep } from './used-protein-step.tsx';

/** The selected ids of a list answer (the single-choice frequency is a list of at most one). */
function selectedOf(draft: QuizDraft, field: StepList['field']): number[] {
  if (field === 'exerciseFrequency') return draft.exerciseFrequency === null ? [] : [draft.exerciseFrequency];
  return draft[field];
}

interface QuizAnswersProps {
  step: number;
  title: string;
  draft: QuizDraft;
  onToggle: (list: StepList, id: number) => void;
  onUsedProteinChange: (value: boolean) => void;
}

/** The question of steps 1-11: option lists, or the yes/no of step 8. */
export function QuizAnswers({ step, title, draft, onToggle, onUsedProteinChange }: QuizAnswersProps) {
  const spec = QUIZ_STEP_SPECS[step];
  return (
    <>
      {spec?.lists.map((list) => (
        <ListQuestion
          key={list.field}
          spec={list}
          title={title}
          selected={selectedOf(draft, list.field)}
          onToggle={(id) => onToggle(list, id)}
          flagged={step === DISLIKED_BRANDS_STEP ? { ids: draft.brandUsages, label: 'Liked' } : undefined}
        />
      ))}
      {step === USED_PROTEIN_STEP ? (
        <UsedProteinStep legend={title} value={draft.usedProteinBefore} onChange={onUsedProteinChange} />
      ) : null}
    </>
  );
}
