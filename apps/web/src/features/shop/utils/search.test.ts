import { describe, expect, it } from 'vitest';
import { searchShop } from './search.ts';

const unlocked = [
  { brandText: 'Ghost', title: 'Whey Protein' },
  { brandText: 'Orgain', title: 'Organic Plant Protein' },
];
const locked = [{ brandText: 'Dymatize', title: 'ISO100 Hydrolyzed' }];

describe('searchShop (docs/product.md#rules)', () => {
  it('matches brand text or title, in any case, in both lists', () => {
    expect(searchShop({ unlocked, locked }, 'gHoSt').unlocked).toEqual([unlocked[0]]);
    expect(searchShop({ unlocked, locked }, 'plant').unlocked).toEqual([unlocked[1]]);
    expect(searchShop({ unlocked, locked }, 'iso100').locked).toEqual(locked);
  });

  it('matches the flavor too: "vanilla" finds the vanilla tubs', () => {
    const tubs = [
      { brandText: 'Ghost', title: 'Whey Protein', flavorSubCategoryText: 'Vanilla Bean' },
      { brandText: 'Ghost', title: 'Whey Protein', flavorSubCategoryText: 'Chocolate' },
    ];
    expect(searchShop({ unlocked: tubs, locked: [] }, 'vanilla').unlocked).toEqual([tubs[0]]);
    expect(searchShop({ unlocked: [], locked: tubs }, 'CHOC').locked).toEqual([tubs[1]]);
  });

  it('keeps everything for an empty or blank query and nothing for a miss', () => {
    expect(searchShop({ unlocked, locked }, '  ')).toEqual({ unlocked, locked });
    expect(searchShop({ unlocked, locked }, 'zzz')).toEqual({ unlocked: [], locked: [] });
  });
});
