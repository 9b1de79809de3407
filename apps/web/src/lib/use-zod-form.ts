import { type ChangeEvent, type FormEvent, useMemo, useState } from 'react';
import type { z } from 'zod';

type Values = Record<string, string | boolean>;

/** The first message of each top-level field, from a zod result (pure, so it is tested alone). */
export function firstErrorByField(
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    if (key && errors[key] === undefined) errors[key] = issue.message;
  }
  return errors;
}

/**
 * A form checked by the same zod schema as the server (docs/product.md#rules): a field's error shows once
 * it is touched (blurred); an invalid submit marks every field touched, focuses the first wrong
 * one and sends nothing.
 */
export function useZodForm<V extends Values, Out>(schema: z.ZodType<Out>, initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const result = useMemo(() => schema.safeParse(values), [schema, values]);
  const errors = useMemo(() => (result.success ? {} : firstErrorByField(result.error.issues)), [result]);

  function errorOf(name: keyof V & string): string | undefined {
    if (!touched[name]) return undefined;
    return errors[name] ?? serverErrors[name];
  }

  function setValue(name: keyof V & string, value: V[keyof V]) {
    setValues((v) => ({ ...v, [name]: value }));
    if (serverErrors[name]) setServerErrors(({ [name]: _, ...rest }) => rest);
  }

  function touch(name: keyof V & string) {
    setTouched((t) => ({ ...t, [name]: true }));
  }

  /** Props for a text, email or password input. */
  function field(name: keyof V & string) {
    return {
      name,
      value: String(values[name] ?? ''),
      onChange: (e: ChangeEvent<HTMLInputElement>) => setValue(name, e.target.value as V[keyof V]),
      onBlur: () => touch(name),
      error: errorOf(name),
    };
  }

  /** Props for a checkbox. */
  function checkbox(name: keyof V & string) {
    return {
      name,
      checked: Boolean(values[name]),
      onChange: (e: ChangeEvent<HTMLInputElement>) => {
        setValue(name, e.target.checked as V[keyof V]);
        touch(name);
      },
      onBlur: () => touch(name),
      error: errorOf(name),
    };
  }

  function handleSubmit(onValid: (data: Out) => void | Promise<void>) {
    return (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const all = Object.fromEntries(Object.keys(values).map((k) => [k, true])) as Partial<
        Record<keyof V, boolean>
      >;
      setTouched(all);
      if (!result.success) {
        const first = Object.keys(values).find((k) => errors[k]);
        const element = first ? event.currentTarget.elements.namedItem(first) : null;
        if (element instanceof HTMLElement) element.focus();
        return;
      }
      void onValid(result.data);
    };
  }

  /** Shows the server's per-field messages (400 `fieldErrors`) under the fields they name. */
  function showServerErrors(fieldErrors: Record<string, string> | undefined) {
    if (!fieldErrors) return;
    setServerErrors(fieldErrors);
    setTouched((t) => ({ ...t, ...Object.fromEntries(Object.keys(fieldErrors).map((k) => [k, true])) }));
  }

  return { values, errors, field, checkbox, handleSubmit, showServerErrors, isValid: result.success };
}
