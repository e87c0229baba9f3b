import { describe, expect, it } from 'vitest';
import { colourAreaNames, coloursInWords, parseAreaNames } from './colour-areas.ts';

describe('colour area names', () => {
  it('uses the collection names and falls back for the areas it leaves unnamed', () => {
    expect(colourAreaNames(2, ['bodice', 'skirt'])).toEqual(['bodice', 'skirt']);
    expect(colourAreaNames(3, ['case'])).toEqual(['case', 'colour 2', 'colour 3']);
    expect(colourAreaNames(1)).toEqual(['colour']);
    expect(colourAreaNames(2, [' ', ''])).toEqual(['colour 1', 'colour 2']);
    expect(colourAreaNames(0, ['stray'])).toEqual([]);
  });

  it('pairs each area with the piece colour in it', () => {
    expect(coloursInWords(['black', 'white'], 2, ['bodice', 'skirt'])).toEqual([
      { area: 'bodice', color: 'black' },
      { area: 'skirt', color: 'white' },
    ]);
    expect(coloursInWords(['red'], 0)).toEqual([{ area: 'colour', color: 'red' }]);
    expect(coloursInWords([], 2, ['bodice', 'skirt'])).toEqual([]);
  });

  it('reads the editor text', () => {
    expect(parseAreaNames(' bodice ,skirt,, ')).toEqual(['bodice', 'skirt']);
    expect(parseAreaNames('')).toEqual([]);
  });
});
