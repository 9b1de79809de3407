import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { AppError } from './errors.ts';

type AnySchema = z.ZodType;

interface Def {
  type: string;
  innerType?: AnySchema;
  in?: AnySchema;
  element?: AnySchema;
  options?: AnySchema[];
  shape?: Record<string, AnySchema>;
  getter?: () => AnySchema;
}

function defOf(schema: AnySchema): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

/** Strips optional/nullable/default/pipe wrappers down to the schema that gives the shape. */
function unwrap(schema: AnySchema): AnySchema {
  let current = schema;
  for (let i = 0; i < 20; i++) {
    const def = defOf(current);
    const next = def.innerType ?? def.in ?? (def.type === 'lazy' && def.getter ? def.getter() : undefined);
    if (!next) return current;
    current = next;
  }
  return current;
}

/**
 * Request bodies and queries are read case-insensitively (docs/api-conventions.md#paths-and-field-names): `EmailAddress` is
 * `emailAddress`. Keys are renamed to the schema's own spelling; unknown keys are left for
 * the schema to refuse or strip.
 */
export function normalizeKeys(schema: AnySchema, value: unknown): unknown {
  const inner = unwrap(schema);
  if (Array.isArray(value)) {
    const def = defOf(inner);
    if (def.type === 'array' && def.element) return value.map((v) => normalizeKeys(def.element!, v));
    return value;
  }
  if (value === null || typeof value !== 'object') return value;
  if (!(inner instanceof z.ZodObject)) {
    const def = defOf(inner);
    if (def.type === 'union' && def.options) {
      const objectOption = def.options.map(unwrap).find((o) => o instanceof z.ZodObject);
      if (objectOption) return normalizeKeys(objectOption, value);
    }
    return value;
  }
  const shape = inner.shape as Record<string, AnySchema>;
  const byLower = new Map(Object.keys(shape).map((k) => [k.toLowerCase(), k]));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    const canonical = byLower.get(key.toLowerCase()) ?? key;
    // An exact spelling wins over a differently cased duplicate.
    if (canonical in out && key !== canonical) continue;
    const fieldSchema = shape[canonical];
    out[canonical] = fieldSchema ? normalizeKeys(fieldSchema, v) : v;
  }
  return out;
}

/** Field path -> first message, for forms. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}

function describe(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Some fields are not valid.';
  if (issue.code === 'unrecognized_keys') return `Unknown field: ${issue.keys.join(', ')}.`;
  // Zod's own messages name the type ("expected string"); prefix the field so a person knows where.
  const field = issue.path.join('.');
  const isCustom = issue.code === 'custom' || !/expected|Invalid input/.test(issue.message);
  return isCustom || !field ? issue.message : `${field}: ${issue.message}`;
}

/** Whether a string anywhere in the value holds a NUL character, which PostgreSQL text cannot store. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > 64 || ArrayBuffer.isView(value)) return false;
  for (const [key, v] of Object.entries(value)) {
    if (key.includes('\u0000') || containsNul(v, depth + 1)) return true;
  }
  return false;
}

/** Validates every request part with its zod schema, reading keys case-insensitively. */
export const validatorCompiler: FastifySchemaCompiler<AnySchema> = ({ schema, httpPart }) => {
  return (data: unknown) => {
    // Found by the F1 fuzz: a NUL in any text field reached PostgreSQL and failed the request with a 500.
    if (containsNul(data)) {
      return { error: new AppError('validation_failed', 'Text may not contain NUL characters.') };
    }
    const input = httpPart === 'body' || httpPart === 'querystring' ? normalizeKeys(schema, data) : data;
    const result = schema.safeParse(input);
    if (result.success) return { value: result.data };
    return {
      error: new AppError('validation_failed', describe(result.error), {
        fieldErrors: fieldErrorsOf(result.error),
      }),
    };
  };
};
