import { describe, expect, it } from 'vitest';
import { itemNote, packingCaption, packingCounts, packingTitle, samplesToChoose } from './packing.ts';

const sample = (isPrimePick = false) => ({ isTub: false, isPrimePick, quantity: 1 });
const tub = (quantity: number) => ({ isTub: true, isPrimePick: false, quantity });

describe('the packing list counts samples and full-size tubs apart', () => {
  it('names a box with a tub added as samples and tubs, a tub line counting its quantity', () => {
    const items = [sample(true), sample(true), sample(), sample(), tub(1)];
    expect(packingCounts(items)).toEqual({ samples: 4, tubs: 1 });
    expect(packingCaption(items)).toBe('4 samples · 1 full-size tub');
    expect(packingCaption([...items, tub(2)])).toBe('4 samples · 3 full-size tubs');
  });

  it('names a box of samples only, a tub order of tubs only, and an empty one', () => {
    expect(packingCaption([sample(true)])).toBe('1 sample');
    expect(packingCaption([sample(), sample()])).toBe('2 samples');
    expect(packingCaption([tub(2), tub(1)])).toBe('3 full-size tubs');
    expect(packingCaption([])).toBe('Nothing to pack');
  });

  it('marks each tub line as a full-size tub with its quantity, and prime picks as such', () => {
    expect(itemNote(tub(1))).toBe('Full-size tub');
    expect(itemNote(tub(3))).toBe('Full-size tub × 3');
    expect(itemNote(sample(true))).toBe('Prime pick');
    expect(itemNote(sample())).toBeNull();
  });

  it('counts the samples still to choose in a cycle box only, never counting its tubs', () => {
    expect(samplesToChoose('box', [sample(true), sample(true), tub(2)])).toBe(2);
    expect(samplesToChoose('box', [sample(true), sample(true), sample(), sample(), tub(5)])).toBe(0);
    expect(samplesToChoose('replacement', [sample(), sample()])).toBe(0);
    expect(samplesToChoose('cart', [tub(1)])).toBe(0);
  });

  it('titles a box by its month, a replacement and a tub order by what they are', () => {
    expect(packingTitle({ kind: 'box', boxMonth: 'March 2027' })).toBe('March 2027 box');
    expect(packingTitle({ kind: 'replacement', boxMonth: 'May 2027' })).toBe('Replacement box (no charge)');
    expect(packingTitle({ kind: 'cart', boxMonth: null })).toBe('Tub order');
  });
});
