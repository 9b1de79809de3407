import { describe, expect, it } from 'vitest';
import { type ListDefaults, listParamsAfter, nextSort, parseListParams, rangeText } from './list-params.ts';

const defaults: ListDefaults<'title' | 'price', 'all' | 'active'> = {
  sorts: ['title', 'price'],
  sort: 'title',
  filters: ['all', 'active'],
  filter: 'all',
};

describe('parseListParams', () => {
  it('reads a list state from the address', () => {
    const state = parseListParams(
      new URLSearchParams('q=whey&sort=price&order=desc&page=3&status=active'),
      defaults,
    );
    expect(state).toEqual({ q: 'whey', sort: 'price', order: 'desc', page: 3, filter: 'active' });
  });

  it('falls back to defaults for anything the server would refuse', () => {
    const state = parseListParams(
      new URLSearchParams('sort=password&order=up&page=-1&status=deleted'),
      defaults,
    );
    expect(state).toEqual({ q: '', sort: 'title', order: 'asc', page: 1, filter: 'all' });
  });
});

describe('listParamsAfter', () => {
  const current = {
    q: 'whey',
    sort: 'price' as const,
    order: 'desc' as const,
    page: 3,
    filter: 'all' as const,
  };

  it('goes back to page 1 when the search changes', () => {
    expect(listParamsAfter(current, { q: 'casein' }, defaults).toString()).toBe(
      'q=casein&sort=price&order=desc',
    );
  });

  it('keeps the rest when only the page changes', () => {
    expect(listParamsAfter(current, { page: 4 }, defaults).get('page')).toBe('4');
  });
});

describe('nextSort', () => {
  it('sorts a new column ascending and flips the current one', () => {
    expect(nextSort({ sort: 'title', order: 'asc' }, 'price')).toEqual({ sort: 'price', order: 'asc' });
    expect(nextSort({ sort: 'price', order: 'asc' }, 'price')).toEqual({ sort: 'price', order: 'desc' });
  });
});

describe('rangeText', () => {
  it('says which rows are shown', () => {
    expect(rangeText(2, 20, 47)).toBe('21–40 of 47');
    expect(rangeText(3, 20, 47)).toBe('41–47 of 47');
    expect(rangeText(1, 20, 0)).toBe('0 of 0');
  });
});
