import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { nextSort, rangeText } from '../utils/list-params.ts';

/** A column header that sorts the list on the server; `aria-sort` tells screen readers how. */
export function SortHeader<S extends string>({
  column,
  label,
  sort,
  order,
  onSort,
  className,
}: {
  column: S;
  label: string;
  sort: S;
  order: 'asc' | 'desc';
  onSort: (next: { sort: S; order: 'asc' | 'desc' }) => void;
  className?: string;
}) {
  const isSorted = sort === column;
  return (
    <th
      scope="col"
      className={className}
      aria-sort={isSorted ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <button type="button" className="admin-sort" onClick={() => onSort(nextSort({ sort, order }, column))}>
        {label}
        <span className="admin-sort__arrow" aria-hidden="true">
          {isSorted ? (order === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}

/** "21–40 of 47" with Previous and Next. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="admin-pager" aria-label={`${label} pages`}>
      <p className="admin-pager__range" aria-live="polite">
        {rangeText(page, pageSize, total)}
      </p>
      <div className="admin-pager__buttons">
        <Button
          variant="secondary"
          className="btn--small"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          Previous
        </Button>
        <span className="admin-pager__page">
          Page {Math.min(page, pages)} of {pages}
        </span>
        <Button
          variant="secondary"
          className="btn--small"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          Next
        </Button>
      </div>
    </nav>
  );
}

/** A search field that applies on Enter or Search, not on every key (each search is a request). */
export function SearchBox({
  label,
  value,
  onSearch,
}: {
  label: string;
  value: string;
  onSearch: (q: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(text.trim());
  }
  return (
    <search className="admin-search">
      <form onSubmit={submit}>
        <label htmlFor={id} className="admin-search__label">
          {label}
        </label>
        <div className="admin-search__row">
          <input
            id={id}
            type="search"
            className="admin-input"
            value={text}
            maxLength={100}
            onChange={(e) => setText(e.target.value)}
          />
          <Button type="submit" variant="secondary" className="btn--small">
            Search
          </Button>
        </div>
      </form>
    </search>
  );
}

/** A labelled select for a list filter. */
export function FilterSelect<F extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: F;
  options: ReadonlyArray<{ value: F; label: string }>;
  onChange: (value: F) => void;
}) {
  const id = useId();
  return (
    <div className="admin-filter">
      <label htmlFor={id} className="admin-search__label">
        {label}
      </label>
      <select id={id} className="admin-input" value={value} onChange={(e) => onChange(e.target.value as F)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** What a failed request means for the person looking at the list. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError && error.status === 403) return 'You do not have access to the back office.';
  if (error instanceof ApiError && error.status < 500 && error.message) return error.message;
  return "We couldn't load this. Check your connection and try again.";
}

/** Loading, error and empty states of a list; renders `children` once there are rows. */
export function ListState({
  isLoading,
  error,
  isEmpty,
  emptyText,
  onRetry,
  children,
}: {
  isLoading: boolean;
  error: unknown;
  isEmpty: boolean;
  emptyText: ReactNode;
  onRetry: () => void;
  children: ReactNode;
}) {
  if (isLoading) {
    return (
      <p className="admin-state">
        <Spinner label="Loading" /> Loading…
      </p>
    );
  }
  if (error) {
    return (
      <div className="admin-state admin-state--error" role="alert">
        <p>{errorText(error)}</p>
        <Button variant="secondary" className="btn--small" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  if (isEmpty) return <p className="admin-state">{emptyText}</p>;
  return <>{children}</>;
}

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A timestamp people can read, with the exact value for machines. */
export function When({ iso }: { iso: string }) {
  return <time dateTime={iso}>{dateTime.format(new Date(iso))}</time>;
}

/** One page of a server-side list, as every back-office list call answers it. */
export interface ListPage<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

/**
 * The one shape of a back-office list: its toolbar, the loading, error and empty states, the rows
 * and the pager. A page gives only what differs: the toolbar's controls, and the rows (usually an
 * `AdminTable`, or cards).
 */
export function AdminList<T>({
  label,
  toolbar,
  query,
  emptyText,
  onPage,
  children,
}: {
  /** What the list holds ("Members"); names the pager for screen readers. */
  label: string;
  /** Search, filters and sorting controls, shown above the list. */
  toolbar?: ReactNode;
  query: { data: ListPage<T> | undefined; error: unknown; isLoading: boolean; reload: () => void };
  emptyText: ReactNode;
  onPage: (page: number) => void;
  children: (items: T[]) => ReactNode;
}) {
  const { data, error, isLoading, reload } = query;
  return (
    <>
      {toolbar ? <div className="admin-toolbar">{toolbar}</div> : null}
      <ListState
        isLoading={isLoading}
        error={error}
        isEmpty={data?.items.length === 0}
        emptyText={emptyText}
        onRetry={reload}
      >
        {data ? (
          <>
            {children(data.items)}
            <Pager
              label={label}
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              onPage={onPage}
            />
          </>
        ) : null}
      </ListState>
    </>
  );
}

/** The table of an `AdminList`: a caption for screen readers, the column headers and one row per item. */
export function AdminTable<T>({
  caption,
  className,
  columns,
  items,
  row,
}: {
  caption: ReactNode;
  className?: string;
  /** The header cells (`th`, `SortHeader`) of the one header row. */
  columns: ReactNode;
  items: T[];
  /** One `tr` per item, with its key. */
  row: (item: T) => ReactNode;
}) {
  return (
    <div className="admin-table-wrap">
      <table className={className ? `admin-table ${className}` : 'admin-table'}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>{columns}</tr>
        </thead>
        <tbody>{items.map(row)}</tbody>
      </table>
    </div>
  );
}
