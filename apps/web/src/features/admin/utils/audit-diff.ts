/** One field an audit row changed, both sides as short text. */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

const MAX_TEXT = 120;

function show(value: unknown): string {
  if (value === undefined) return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

/**
 * What changed between an audit row's `before` and `after`, top-level fields in the order of
 * `after`; a created entity (no before) lists every field. `updatedAt` is left out: it changes
 * with every save.
 */
export function changedFields(before: unknown, after: unknown): FieldChange[] {
  const b = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
  const a = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((f) => f !== 'updatedAt');
  return fields
    .filter((f) => JSON.stringify(b[f]) !== JSON.stringify(a[f]))
    .map((f) => ({ field: f, before: show(before ? b[f] : undefined), after: show(a[f]) }));
}

/**
 * A name a person recognises for an audit row's entity, from what it was after the change (or
 * before): a product's title, a brand's or sender's name, an upload's file; undefined if none.
 */
export function entityNameOf(entry: {
  entityType: string;
  before: unknown;
  after: unknown;
}): string | undefined {
  const source = (entry.after ?? entry.before) as Record<string, unknown> | null;
  if (!source || typeof source !== 'object') return undefined;
  const text = (key: string) => (typeof source[key] === 'string' ? (source[key] as string) : undefined);
  switch (entry.entityType) {
    case 'product':
      return text('title');
    case 'brand':
    case 'contact_message':
      return text('name');
    case 'partner_request':
      return [text('firstName'), text('lastName')].filter(Boolean).join(' ') || undefined;
    case 'upload':
      return text('kind') ? `${text('kind')} image` : undefined;
    default:
      return undefined;
  }
}
