import { describe, expect, it } from 'vitest';
import { hasEnoughFlavors, toggleOption, wasChosen } from './selection.ts';

describe('toggleOption', () => {
  it('adds an unchecked option and removes a checked one', () => {
    expect(toggleOption([1, 2], 3)).toEqual([1, 2, 3]);
    expect(toggleOption([1, 2, 3], 2)).toEqual([1, 3]);
  });

  it('ignores a fifth flavor once four are chosen', () => {
    const four = [1, 2, 3, 4];
    const after = toggleOption(four, 5, 4);
    expect(after).toEqual([1, 2, 3, 4]);
    expect(after).toBe(four);
  });

  it('still lets a chosen option be unchecked at the cap', () => {
    expect(toggleOption([1, 2, 3, 4], 2, 4)).toEqual([1, 3, 4]);
  });
});

describe('hasEnoughFlavors', () => {
  it('needs exactly four flavors', () => {
    expect(hasEnoughFlavors([1, 2, 3])).toBe(false);
    expect(hasEnoughFlavors([1, 2, 3, 4])).toBe(true);
  });
});

describe('wasChosen', () => {
  it('is true only for an option that has just been added', () => {
    expect(wasChosen([1], [1, 2], 2)).toBe(true);
    expect(wasChosen([1, 2], [1], 2)).toBe(false);
    expect(wasChosen([2], [2, 3], 2)).toBe(false);
  });
});
