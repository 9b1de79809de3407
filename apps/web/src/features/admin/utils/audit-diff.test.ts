import { describe, expect, it } from 'vitest';
import { changedFields, entityNameOf } from './audit-diff.ts';

describe('changedFields', () => {
  it('lists only what an edit changed, leaving out updatedAt', () => {
    const before = { id: 7, listPriceCents: 4299, discountPercent: 30, updatedAt: '2025-01-01' };
    const after = { id: 7, listPriceCents: 3999, discountPercent: 30, updatedAt: '2025-02-01' };
    expect(changedFields(before, after)).toEqual([
      { field: 'listPriceCents', before: '4299', after: '3999' },
    ]);
  });

  it('lists every field of something new, with nothing before', () => {
    expect(changedFields(null, { name: 'Pure Form', isActive: true })).toEqual([
      { field: 'name', before: '—', after: 'Pure Form' },
      { field: 'isActive', before: '—', after: 'true' },
    ]);
  });

  it('compares lists and nested objects by value and shortens long text', () => {
    const long = 'x'.repeat(500);
    const changes = changedFields(
      { allergens: ['Milk'], description: 'a' },
      { allergens: ['Milk'], description: long },
    );
    expect(changes.map((c) => c.field)).toEqual(['description']);
    expect(changes[0]!.after.length).toBe(120);
  });
});

describe('entityNameOf', () => {
  it('names what a row is about', () => {
    expect(entityNameOf({ entityType: 'product', before: null, after: { title: 'Trail Whey' } })).toBe(
      'Trail Whey',
    );
    expect(
      entityNameOf({
        entityType: 'partner_request',
        before: null,
        after: { firstName: 'Riley', lastName: 'Stone' },
      }),
    ).toBe('Riley Stone');
    expect(entityNameOf({ entityType: 'brand', before: { name: 'Old' }, after: null })).toBe('Old');
    expect(entityNameOf({ entityType: 'upload', before: null, after: { kind: 'tub' } })).toBe('tub image');
    expect(entityNameOf({ entityType: 'product', before: null, after: null })).toBeUndefined();
  });
});
