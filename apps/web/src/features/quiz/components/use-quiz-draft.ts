import { useCallback, useEffect, useRef, useState } from 'react';
import { useIsHydrated } from '@/lib/use-hydrated.ts';
import { useQuiz } from '../api/get-quiz.ts';
import {
  draftFromQuiz,
  draftKey,
  emptyDraft,
  type QuizDraft,
  readDraft,
  writeDraft,
} from '../utils/quiz-draft.ts';

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function readStored(key: string): QuizDraft | null {
  const storage = sessionStore();
  return storage ? readDraft(storage, key) : null;
}

export interface QuizDraftState {
  /** null while an edited quiz is loading. */
  draft: QuizDraft | null;
  update: (change: (draft: QuizDraft) => QuizDraft) => void;
  /** Forgets the stored draft (after registration the quiz belongs to the account). */
  discard: () => void;
  isLoading: boolean;
  error: unknown;
  reload: () => void;
}

/**
 * The answers of the quiz on screen. A new quiz starts empty; an edited one is loaded from the
 * server. Either way each change is kept in session storage, so a reload mid-quiz keeps it.
 */
export function useQuizDraft(editedQuizId: string | undefined): QuizDraftState {
  const key = draftKey(editedQuizId);
  // A prerendered step 1 hydrates with no answers, as it was built; the stored ones follow at once.
  const isHydrated = useIsHydrated();
  const [draft, setDraft] = useState<QuizDraft | null>(
    () => (isHydrated ? readStored(key) : null) ?? (editedQuizId ? null : emptyDraft()),
  );
  const readAfterHydration = useRef(!isHydrated);
  useEffect(() => {
    if (!readAfterHydration.current) return;
    readAfterHydration.current = false;
    const stored = readStored(key);
    if (stored) setDraft(stored);
  }, [key]);
  const needsServerCopy = Boolean(editedQuizId) && draft === null;
  const saved = useQuiz(needsServerCopy ? editedQuizId! : null);

  useEffect(() => {
    if (needsServerCopy && saved.data) setDraft(draftFromQuiz(saved.data));
  }, [needsServerCopy, saved.data]);

  const update = useCallback(
    (change: (draft: QuizDraft) => QuizDraft) => {
      setDraft((current) => {
        if (!current) return current;
        const next = change(current);
        const storage = sessionStore();
        if (storage && next !== current) writeDraft(storage, key, next);
        return next;
      });
    },
    [key],
  );

  const discard = useCallback(() => {
    try {
      sessionStore()?.removeItem(key);
    } catch {
      // nothing stored
    }
  }, [key]);

  return {
    draft,
    update,
    discard,
    isLoading: draft === null && saved.isLoading,
    error: draft === null ? saved.error : undefined,
    reload: saved.reload,
  };
}
