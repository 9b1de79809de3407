import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import {
  dismiss,
  type Notice,
  notePageChange,
  noteUserInput,
  subscribeNotices,
} from '@/lib/notifications.ts';
import './snackbar.css';

/**
 * Every snackbar of the app, stacked at the right (docs/product.md#messages-on-screen). A snackbar raised by the action
 * that navigated lives through that page change; any other is dismissed at a page change (see
 * `notePageChange`).
 */
export function SnackbarHost() {
  const [notices, setNotices] = useState<Notice[]>([]);
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);
  useEffect(() => subscribeNotices(setNotices), []);
  // Capture phase: the input is counted before the handler it triggers raises a snackbar.
  useEffect(() => {
    document.addEventListener('pointerdown', noteUserInput, true);
    document.addEventListener('keydown', noteUserInput, true);
    return () => {
      document.removeEventListener('pointerdown', noteUserInput, true);
      document.removeEventListener('keydown', noteUserInput, true);
    };
  }, []);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    notePageChange();
  }, [pathname]);
  return (
    <section className="snackbars" aria-label="Notifications">
      {notices.map((notice) => (
        <Snackbar key={notice.id} notice={notice} />
      ))}
    </section>
  );
}

/** One snackbar: it hides after its time, which stands still while it is hovered or focused. */
function Snackbar({ notice }: { notice: Notice }) {
  const ref = useRef<HTMLDivElement>(null);
  const [hold, setHold] = useState({ hover: false, focus: false });
  const remaining = useRef(notice.durationMs);
  const isPaused = hold.hover || hold.focus;

  useEffect(() => {
    if (isPaused) return;
    const startedAt = Date.now();
    const timer = window.setTimeout(() => dismiss(notice.id), remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt));
    };
  }, [isPaused, notice.id]);

  // Native listeners: the snackbar itself is not a control, it only notices a pointer or focus on it.
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const on = (key: 'hover' | 'focus', value: boolean) => () => setHold((h) => ({ ...h, [key]: value }));
    const enter = on('hover', true);
    const leave = on('hover', false);
    const focusIn = on('focus', true);
    const focusOut = (event: FocusEvent) => {
      if (!element.contains(event.relatedTarget as Node | null)) setHold((h) => ({ ...h, focus: false }));
    };
    element.addEventListener('mouseenter', enter);
    element.addEventListener('mouseleave', leave);
    element.addEventListener('focusin', focusIn);
    element.addEventListener('focusout', focusOut);
    return () => {
      element.removeEventListener('mouseenter', enter);
      element.removeEventListener('mouseleave', leave);
      element.removeEventListener('focusin', focusIn);
      element.removeEventListener('focusout', focusOut);
    };
  }, []);

  return (
    <div
      ref={ref}
      className={`snackbar snackbar--${notice.kind}`}
      role={notice.kind === 'error' ? 'alert' : 'status'}
    >
      <p className="snackbar__message">{notice.message}</p>
      <button type="button" className="snackbar__dismiss" onClick={() => dismiss(notice.id)}>
        Dismiss
      </button>
    </div>
  );
}
