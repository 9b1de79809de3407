import { useEffect, useLayoutEffect, useRef, useState } from 'react';
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
  const stackRef = useRef<HTMLElement>(null);
  const hasNotices = notices.length > 0;
  // Every render (a snackbar came or went) places the stack clear of the page's controls...
  useLayoutEffect(() => {
    if (stackRef.current) placeClearOfControls(stackRef.current);
  });
  // ...and while snackbars show, it keeps clear as the page scrolls or changes under them.
  useEffect(() => {
    const stack = stackRef.current;
    if (!stack || !hasNotices) return;
    let frame = 0;
    const schedule = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => placeClearOfControls(stack));
    };
    // Its own moves are mutations too: only changes of the page outside the stack count.
    const observer = new MutationObserver((records) => {
      if (records.some((record) => !stack.contains(record.target))) schedule();
    });
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      characterData: true,
    });
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [hasNotices]);
  return (
    <section ref={stackRef} className="snackbars" aria-label="Notifications">
      {notices.map((notice) => (
        <Snackbar key={notice.id} notice={notice} />
      ))}
    </section>
  );
}

const CONTROLS = 'button, a[href], input, select, textarea, summary, [role="button"], [role="link"]';
const EDGE = 16;
const CLEARANCE = 8;

/**
 * Snackbars never cover a control of the page (docs/look-and-trust.md#messages-where-people-look).
 * They sit at the bottom right; when a button, link or field in view would be under them there,
 * the stack moves up to the lowest band of the screen that is free of controls across its width.
 * Only when no band is free does it stay at the bottom.
 */
function placeClearOfControls(stack: HTMLElement) {
  stack.style.top = '';
  stack.style.bottom = '';
  if (stack.childElementCount === 0) return;
  const box = stack.getBoundingClientRect();
  const height = box.height;
  const viewport = window.innerHeight;
  const blocked: Array<[number, number]> = [];
  for (const control of document.querySelectorAll<HTMLElement>(CONTROLS)) {
    if (stack.contains(control)) continue;
    const r = control.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || r.right <= box.left || r.left >= box.right) continue;
    if (r.bottom <= 0 || r.top >= viewport) continue;
    blocked.push([r.top - CLEARANCE, r.bottom + CLEARANCE]);
  }
  const lowest = viewport - EDGE - height;
  const isFree = (top: number) => blocked.every(([from, to]) => to <= top || from >= top + height);
  if (isFree(lowest)) return;
  const candidates = blocked
    .map(([from]) => from - height)
    .filter((top) => top >= EDGE && top <= lowest)
    .sort((a, b) => b - a);
  const top = candidates.find(isFree);
  if (top === undefined) return;
  stack.style.top = `${Math.round(top)}px`;
  stack.style.bottom = 'auto';
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
