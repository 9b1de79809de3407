import { describe, expect, it } from 'vitest';
import { formatExpiry } from './format-expiry.ts';

describe('formatExpiry', () => {
  it('groups month and year as they are typed', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12', '1')).toBe('12 / ');
    expect(formatExpiry('12 / 3', '12 / ')).toBe('12 / 3');
    expect(formatExpiry('12 / 345', '12 / 34')).toBe('12 / 34');
  });

  it('reads a first digit above 1 as a month', () => {
    expect(formatExpiry('4')).toBe('04 / ');
  });

  it('takes pasted dates in other forms', () => {
    expect(formatExpiry('1230')).toBe('12 / 30');
    expect(formatExpiry('12/30')).toBe('12 / 30');
  });

  it('deletes through the separator', () => {
    expect(formatExpiry('12 /', '12 / ')).toBe('1');
    expect(formatExpiry('12 / ', '12 / 3')).toBe('12');
  });
});
