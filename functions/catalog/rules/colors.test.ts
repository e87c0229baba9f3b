import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextColors, type Pickable, productByColors } from './colors.ts';

const now = 1_800_000_000_000;
const piece = (id: string, colors: string[], extra: Partial<Pickable> = {}): Pickable => ({
  id,
  gender: 0,
  colors,
  status: 1,
  ...extra,
});

describe('nextColors', () => {
  const products = [
    piece('a', ['red', 'blue'], { size: 'S', sizeId: 's-s' }),
    piece('b', ['red', 'green'], { size: 'S', sizeId: 's-s', status: 0 }),
    piece('c', ['black', 'blue'], { size: 'M', sizeId: 's-m' }),
    piece('d', ['white', 'red'], { size: 'S', gender: 1 }),
    piece('e', ['pink', 'pink'], { size: 'S', gender: 2 }),
    piece('f', ['grey', 'grey'], { size: 'S', holdUntil: now + 60_000 }),
  ];

  it('offers the first colours of available pieces for the gender and size', () => {
    expect(nextColors(products, { gender: 0, size: 'S' }, [], now)).toEqual({
      available: ['red', 'pink'],
      unavailable: ['grey'],
    });
  });

  it('matches the size by name or by id', () => {
    expect(nextColors(products, { gender: 0, size: 's-m' }, [], now).available).toEqual(['black']);
  });

  it('strikes out a colour whose every piece is sold', () => {
    expect(nextColors(products, { gender: 0, size: 'S' }, ['red'], now)).toEqual({
      available: ['blue'],
      unavailable: ['green'],
    });
  });

  it('treats a hold that ran out as no hold', () => {
    expect(nextColors(products, { gender: 0, size: 'S' }, [], now + 120_000).available).toContain('grey');
  });

  it('compares colours without regard to case or spaces', () => {
    expect(nextColors(products, { gender: 0, size: 'S' }, [' RED'], now).available).toEqual(['blue']);
  });

  it('offers nothing when no piece follows the chosen colours', () => {
    expect(nextColors(products, { gender: 0 }, ['yellow'], now)).toEqual({ available: [], unavailable: [] });
  });

  it('never offers a colour that leads only to sold pieces (property)', () => {
    const colour = fc.constantFrom('red', 'blue', 'black', 'white');
    const arbitraryPiece = fc.record({
      id: fc.string(),
      gender: fc.constantFrom(0, 1, 2) as fc.Arbitrary<0 | 1 | 2>,
      colors: fc.array(colour, { minLength: 3, maxLength: 3 }),
      status: fc.constantFrom(0, 1),
    });
    fc.assert(
      fc.property(
        fc.array(arbitraryPiece, { maxLength: 30 }),
        fc.array(colour, { maxLength: 2 }),
        (pieces, chosen) => {
          const { available } = nextColors(pieces, { gender: 0 }, chosen, now);
          for (const color of available) {
            const path = [...chosen, color];
            const reachable = pieces.some(
              (p) =>
                p.status === 1 &&
                (p.gender === 0 || p.gender === 2) &&
                path.every((c, i) => p.colors[i] === c),
            );
            expect(reachable).toBe(true);
          }
        },
      ),
    );
  });
});

describe('productByColors', () => {
  const products = [
    piece('sold', ['red', 'blue'], { status: 0 }),
    piece('free', ['red', 'blue']),
    piece('other', ['red', 'green']),
  ];

  it('finds the piece with exactly these colours, preferring one that can be bought', () => {
    expect(productByColors(products, { gender: 0 }, ['red', 'blue'], now)?.id).toBe('free');
  });

  it('still finds a sold piece so the page can say it is sold', () => {
    expect(productByColors([products[0] as Pickable], { gender: 0 }, ['red', 'blue'], now)?.id).toBe('sold');
  });

  it('needs every colour area', () => {
    expect(productByColors(products, { gender: 0 }, ['red'], now)).toBeUndefined();
  });

  it('respects the gender', () => {
    expect(productByColors(products, { gender: 1 }, ['red', 'blue'], now)).toBeUndefined();
  });
});
