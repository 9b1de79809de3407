import { TOAST_MS } from '@store/contracts';

/** One snackbar (spec 000 §8: 4 s, at the right, with a dismiss action). */
export interface Notice {
  id: number;
  message: string;
  kind: 'success' | 'error' | 'info';
  durationMs: number;
}

type Listener = (notices: Notice[]) => void;

let notices: Notice[] = [];
let nextId = 1;
/** Ids of the notices that have already lived through one page change. */
let carried = new Set<number>();
const listeners = new Set<Listener>();

function emit() {
  for (const l of listeners) l(notices);
}

/** Shows a snackbar; the host component hides it after `durationMs` unless hovered or focused. */
export function notify(message: string, kind: Notice['kind'] = 'info', durationMs = TOAST_MS): number {
  const id = nextId++;
  notices = [...notices, { id, message, kind, durationMs }];
  emit();
  return id;
}

export function dismiss(id: number) {
  carried.delete(id);
  notices = notices.filter((n) => n.id !== id);
  emit();
}

/**
 * Called when the page changes. A snackbar often confirms the very navigation it caused ("Order
 * placed!" then /checkout-completed), so one raised before a page change survives it; at the next
 * page change it is dismissed, so a confirmation never trails the user onto unrelated pages.
 */
export function notePageChange() {
  const kept = notices.filter((n) => !carried.has(n.id));
  carried = new Set(kept.map((n) => n.id));
  if (kept.length === notices.length) return;
  notices = kept;
  emit();
}

export function subscribeNotices(listener: Listener): () => void {
  listeners.add(listener);
  listener(notices);
  return () => listeners.delete(listener);
}
