import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

/**
 * JSON text for an answer, written by a function built once per route from its response schema
 * instead of a zod parse of every answer followed by `JSON.stringify` (which was about a sixth of
 * a member read's CPU: docs/performance.md#answers-serialised-by-a-function-built-per-schema).
 *
 * What it keeps of the parse: only the schema's keys are written, in the schema's order (a field
 * the contract does not name never leaves the server); every value has the schema's type, enum
 * values and literals are members, required keys are present, null appears only where the schema
 * allows it. What it leaves out: refinements of a value of the right type (a string's length or
 * format, a number's range or integrality); they describe what the store writes, not what keeps
 * an answer readable or private. Any schema kind not handled here (unions, pipes, records, objects
 * with a catch-all) is written by zod itself, for that part of the answer only.
 */
export function compileJson(schema: ZodType): (value: unknown) => string {
  const write = writerOf(schema);
  return (value) => {
    const text = write(value);
    if (text === undefined) throw new NotTheContract('a value');
    return text;
  };
}

/**
 * An answer that does not have its schema's shape, with where (`.membership.status`) and what was
 * expected. The writers do not carry the path as they go (building it for every field was work
 * every answer paid for); each writer that holds a field or an element adds its part to the
 * error as the error passes through it, innermost first.
 */
export class NotTheContract extends Error {
  private readonly parts: string[] = [];

  constructor(private readonly expected: string) {
    super(`the answer: expected ${expected}`);
  }

  /** Where in the answer, as `.history[0].amount` (empty for the answer itself). */
  get path(): string {
    return [...this.parts].reverse().join('');
  }

  /** Adds the enclosing field (`.status`) or element (`[0]`) to where this happened. */
  within(part: string): this {
    this.parts.push(part);
    this.message = `${this.path}: expected ${this.expected}`;
    return this;
  }

  /** As the error zod's own serializer gave, for the error handler and the log. */
  asZodError(): z.ZodError {
    return new z.ZodError([{ code: 'custom', path: [], message: this.message, input: undefined }]);
  }
}

/**
 * The store's serializer compiler. With `compareWithZod` (the test suite), every answer is also
 * written the old way and the two must be the same text; zod's verdict on the value wins, so the
 * tests still see every refinement broken.
 */
export function responseSerializer(options: { compareWithZod: boolean }): FastifySerializerCompiler<ZodType> {
  return ({ schema: maybeSchema, method, url }) => {
    const schema = zodSchemaOf(maybeSchema);
    const write = compileJson(schema);
    const fail = (cause: z.ZodError) => new ResponseSerializationError(method, url, { cause });
    if (!options.compareWithZod) {
      return (data) => {
        try {
          return write(data);
        } catch (error) {
          throw error instanceof NotTheContract ? fail(error.asZodError()) : error;
        }
      };
    }
    return (data) => {
      const checked = z.safeEncode(schema, data);
      if (!checked.success) throw fail(checked.error);
      const expected = JSON.stringify(checked.data);
      let written: string | undefined;
      try {
        written = write(data);
      } catch (error) {
        written = `(threw: ${(error as Error).message})`;
      }
      if (written !== expected) {
        throw new Error(
          `The compiled JSON of ${method} ${url} differs from zod's:\n${written}\nzod: ${expected}`,
        );
      }
      return written;
    };
  };
}

/** A route's response schema as Fastify hands it over: the zod schema, or `{ properties }` around it. */
function zodSchemaOf(maybeSchema: unknown): ZodType {
  if (maybeSchema instanceof z.ZodType) return maybeSchema;
  const wrapped = (maybeSchema as { properties?: unknown } | null)?.properties;
  if (wrapped instanceof z.ZodType) return wrapped;
  throw new Error(`A response schema that is not a zod schema: ${JSON.stringify(maybeSchema)}`);
}

/** Writes one value; undefined writes nothing (a key whose value is absent and allowed). */
type Writer = (value: unknown) => string | undefined;

/** Rethrows `error` with `part` added to where it happened, when it is a contract error. */
function within(error: unknown, part: string): unknown {
  return error instanceof NotTheContract ? error.within(part) : error;
}

/** The parts of zod's definitions read here (zod 4's `_zod.def`). */
interface Def {
  type: string;
  shape?: Record<string, ZodType>;
  catchall?: ZodType;
  element?: ZodType;
  innerType?: ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
}

const defOf = (schema: ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

function writerOf(schema: ZodType): Writer {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return (v) => {
        if (typeof v !== 'string') throw new NotTheContract('a string');
        return JSON.stringify(v);
      };
    case 'number':
      return (v) => {
        if (typeof v !== 'number' || !Number.isFinite(v)) throw new NotTheContract('a finite number');
        return JSON.stringify(v);
      };
    case 'boolean':
      return (v) => {
        if (typeof v !== 'boolean') throw new NotTheContract('true or false');
        return v ? 'true' : 'false';
      };
    case 'enum':
    case 'literal': {
      const allowed = new Set(def.type === 'enum' ? Object.values(def.entries ?? {}) : def.values);
      return (v) => {
        if (!allowed.has(v as never)) throw new NotTheContract(`one of ${[...allowed].join(', ')}`);
        return JSON.stringify(v);
      };
    }
    case 'unknown':
    case 'any':
      return (v) => JSON.stringify(v);
    case 'nullable': {
      const inner = writerOf(def.innerType as ZodType);
      return (v) => (v === null ? 'null' : inner(v));
    }
    case 'optional': {
      const inner = writerOf(def.innerType as ZodType);
      return (v) => (v === undefined ? undefined : inner(v));
    }
    // When writing, a default is not filled in (zod's encode leaves it out too): the value must be there.
    case 'default':
    case 'readonly':
      return writerOf(def.innerType as ZodType);
    case 'array': {
      const element = writerOf(def.element as ZodType);
      return (v) => {
        if (!Array.isArray(v)) throw new NotTheContract('an array');
        let text = '[';
        let i = 0;
        try {
          for (; i < v.length; i++) text += `${i === 0 ? '' : ','}${element(v[i]) ?? 'null'}`;
        } catch (error) {
          throw within(error, `[${i}]`);
        }
        return `${text}]`;
      };
    }
    case 'object':
      if (!def.catchall) return objectWriter(def.shape ?? {});
      return zodWriter(schema);
    default:
      return zodWriter(schema);
  }
}

function objectWriter(shape: Record<string, ZodType>): Writer {
  const fields = Object.entries(shape).map(([key, schema]) => ({
    key,
    prefix: `${JSON.stringify(key)}:`,
    part: `.${key}`,
    write: writerOf(schema),
    mayBeAbsent: acceptsAbsence(schema),
    // zod's encode takes `unknown` as present-but-undefined, not as missing.
    presenceOnly: ['unknown', 'any'].includes(defOf(schema).type),
  }));
  return (v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new NotTheContract('an object');
    const record = v as Record<string, unknown>;
    let text = '{';
    let first = true;
    for (const field of fields) {
      const value = record[field.key];
      if (value === undefined) {
        if (field.mayBeAbsent || (field.presenceOnly && field.key in record)) continue;
        throw new NotTheContract('a value').within(field.part);
      }
      let written: string | undefined;
      try {
        written = field.write(value);
      } catch (error) {
        throw within(error, field.part);
      }
      if (written === undefined) continue;
      text += `${first ? '' : ','}${field.prefix}${written}`;
      first = false;
    }
    return `${text}}`;
  };
}

/** Whether a key of this schema may be missing: optional, possibly under nullable or readonly. */
function acceptsAbsence(schema: ZodType): boolean {
  const def = defOf(schema);
  if (def.type === 'optional') return true;
  if (def.type === 'nullable' || def.type === 'readonly') return acceptsAbsence(def.innerType as ZodType);
  return false;
}

/** The part of an answer this file does not compile, written by zod as before. */
function zodWriter(schema: ZodType): Writer {
  return (v) => {
    const checked = z.safeEncode(schema, v);
    if (!checked.success) throw new NotTheContract(checked.error.issues[0]?.message ?? 'its schema');
    return JSON.stringify(checked.data);
  };
}
