import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { keepRanges } from './keep-ranges.tsx';

describe('keepRanges', () => {
  it('keeps each number range on one line and the rest of the text as it is', () => {
    const html = renderToStaticMarkup(<p>{keepRanges('Members save 25-50% on tubs, 30-60 days apart.')}</p>);
    expect(html).toBe(
      '<p>Members save <span class="nowrap">25-50%</span> on tubs, <span class="nowrap">30-60</span> days apart.</p>',
    );
  });

  it('leaves text without a range as plain text', () => {
    expect(keepRanges('A 2-minute quiz')).toBe('A 2-minute quiz');
  });
});
