import { TOAST_MS } from '@store/contracts';

/** One snackbar (docs/product.md#messages-on-screen: 4 s, at the right, with a dismiss action). */
export interface Notice {
  id: number;
  message: string;
  kind: 'success' | 'error' | 'info';
  durationMs: number;
}

type Listener = (notices: Notice[]) => void;

let notices: Notice[] = [];
let nextId = 1;
/** Counts the user's clicks, taps and key presses (see `noteUserInput`). */
let inputCount = 0;
/** The input count when each notice was raised. */
const raisedAfterInput = new Map<number, number>();
/** Ids of the notices that have already been carried through one page change. */
let carried = new Set<number>();
const listeners = new Set<Listener>();

function emit() {
  for (const l of listeners) l(notices);
}

/** Shows a snackbar; the host component hides it after `durationMs` unless hovered or focused. */
export function notify(message: string, kind: Notice['kind'] = 'info', durationMs = TOAST_MS): number {
  const id = nextId++;
  notices = [...notices, { id, message, kind, durationMs }];
  raisedAfterInput.set(id, inputCount);
  emit();
  return id;
}

export function dismiss(id: number) {
  carried.delete(id);
  raisedAfterInput.delete(id);
  notices = notices.filter((n) => n.id !== id);
  emit();
}

/** Called on every click, tap or key press of the user (the host listens on the document). */
export function noteUserInput() {
  inputCount++;
}

/**
 * Called when the page changes. A snackbar raised since the user's last input was raised by the
 * same action that navigated ("Order placed!" then /checkout-completed, "Order updated!" then
 * /membership): it survives this change and is dismissed at the next one. Any other snackbar
 * ("Whey Co is added." on the brands page, then the operator opens Products) is dismissed now,
 * so a confirmation never trails the user onto unrelated pages.
 */
export function notePageChange() {
  const kept = notices.filter((n) => !carried.has(n.id) && raisedAfterInput.get(n.id) === inputCount);
  carried = new Set(kept.map((n) => n.id));
  if (kept.length === notices.length) return;
  for (const n of notices) if (!carried.has(n.id)) raisedAfterInput.delete(n.id);
  notices = kept;
  emit();
}

export function subscribeNotices(listener: Listener): () => void {
  listeners.add(listener);
  listener(notices);
  return () => listeners.delete(listener);
}
