import type { z } from 'zod';

/**
 * Characters a name or an address never needs and that change how text around them is shown
 * (docs/reliability.md#f8): C0 and C1 control characters (line breaks and tabs among them), DEL,
 * and the bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069), which
 * can make "Ann‮gnp.exe" read backwards in the back office and in mails. Letters, accents,
 * other scripts and emoji stay.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
export const UNSAFE_TEXT_PATTERN = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

export const UNSAFE_TEXT_MESSAGE = 'Please remove invisible or control characters.';

/** Whether a name or address line is free of the characters above. */
export function isPlainText(value: string): boolean {
  return !UNSAFE_TEXT_PATTERN.test(value);
}

/** A string schema that refuses control characters and bidirectional overrides. */
export function plainText<T extends z.ZodString>(schema: T): T {
  return schema.refine(isPlainText, UNSAFE_TEXT_MESSAGE) as T;
}
