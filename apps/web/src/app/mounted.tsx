import { createContext, useContext, useEffect, useRef } from 'react';

/** What to run once the app's first page has mounted (for a prerendered page: has hydrated). */
export const MountedContext = createContext<(() => void) | undefined>(undefined);

/** Calls the context's callback once, after the page it sits beside has mounted. */
export function MountedSignal() {
  const onMounted = useContext(MountedContext);
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    onMounted?.();
  }, [onMounted]);
  return null;
}
