/**
 * A named cross-module effect ("first box paid"): the module that raises it declares the hook and
 * runs it; the composition root (apps/api/src/composition/services.ts) adds the listeners of the
 * modules that react. Listeners run in the order they were added and are awaited one by one, inside
 * whatever the raiser passes them (a transaction, usually), so a listener that throws undoes the
 * raiser's transaction as well: a hook is part of the change that raised it, not a later message.
 */
export interface Hook<Args extends unknown[]> {
  readonly name: string;
  /** Adds a listener; the composition root calls this once per reacting module. */
  on(listener: (...args: Args) => Promise<void>): void;
  /** Runs every listener in turn; a hook with none does nothing. */
  run(...args: Args): Promise<void>;
}

export function createHook<Args extends unknown[]>(name: string): Hook<Args> {
  const listeners: Array<(...args: Args) => Promise<void>> = [];
  return {
    name,
    on(listener) {
      listeners.push(listener);
    },
    async run(...args) {
      for (const listener of listeners) await listener(...args);
    },
  };
}
