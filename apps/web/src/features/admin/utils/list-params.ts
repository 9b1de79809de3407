/**
 * A list's state lives in the address (`?q=whey&sort=price&order=desc&page=2`), so the back
 * button, a reload and a shared link show the same page. Anything unknown falls back to the
 * default rather than reaching the server as a 400.
 */
export interface ListState<S extends string, F extends string> {
  q: string;
  sort: S;
  order: 'asc' | 'desc';
  page: number;
  filter: F;
}

export interface ListDefaults<S extends string, F extends string> {
  sorts: readonly S[];
  sort: S;
  order?: 'asc' | 'desc';
  filters: readonly F[];
  filter: F;
}

export function parseListParams<S extends string, F extends string>(
  params: URLSearchParams,
  defaults: ListDefaults<S, F>,
): ListState<S, F> {
  const sort = params.get('sort') as S | null;
  const filter = params.get('status') as F | null;
  const order = params.get('order');
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').slice(0, 100),
    sort: sort && defaults.sorts.includes(sort) ? sort : defaults.sort,
    order: order === 'asc' || order === 'desc' ? order : (defaults.order ?? 'asc'),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    filter: filter && defaults.filters.includes(filter) ? filter : defaults.filter,
  };
}

/**
 * The address for a changed state; changing anything but the page goes back to page 1, and
 * defaults are left out so addresses stay short.
 */
export function listParamsAfter<S extends string, F extends string>(
  current: ListState<S, F>,
  change: Partial<ListState<S, F>>,
  defaults: ListDefaults<S, F>,
): URLSearchParams {
  const isPaging = Object.keys(change).every((k) => k === 'page');
  const next = { ...current, ...change, page: isPaging ? (change.page ?? current.page) : 1 };
  const params = new URLSearchParams();
  if (next.q) params.set('q', next.q);
  if (next.filter !== defaults.filter) params.set('status', next.filter);
  if (next.sort !== defaults.sort) params.set('sort', next.sort);
  if (next.order !== (defaults.order ?? 'asc')) params.set('order', next.order);
  if (next.page > 1) params.set('page', String(next.page));
  return params;
}

/** Clicking a column header: a new column sorts ascending, the same one flips. */
export function nextSort<S extends string>(
  current: { sort: S; order: 'asc' | 'desc' },
  column: S,
): { sort: S; order: 'asc' | 'desc' } {
  if (current.sort !== column) return { sort: column, order: 'asc' };
  return { sort: column, order: current.order === 'asc' ? 'desc' : 'asc' };
}

/** "21–40 of 47" for page 2 of 20; "0 of 0" when empty. */
export function rangeText(page: number, pageSize: number, total: number): string {
  if (total === 0) return '0 of 0';
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return `${first}–${last} of ${total}`;
}
