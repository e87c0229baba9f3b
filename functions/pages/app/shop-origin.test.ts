import { afterEach, describe, expect, it } from 'vitest';
import { ensureShopOrigin } from './shop-origin.ts';

const saved = { origin: process.env.SHOP_ORIGIN, parameter: process.env.SHOP_ORIGIN_PARAMETER };
afterEach(() => {
  for (const [name, value] of [
    ['SHOP_ORIGIN', saved.origin],
    ['SHOP_ORIGIN_PARAMETER', saved.parameter],
  ] as const)
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
});

describe('the shop’s origin of the on-demand renderer', () => {
  it('reads the parameter once a container when the environment does not give it, and asks again after a failure', async () => {
    delete process.env.SHOP_ORIGIN;
    process.env.SHOP_ORIGIN_PARAMETER = '/BoutiqueStack/shop-origin';
    const asked: string[] = [];
    let fail = true;
    const read = async (name: string) => {
      asked.push(name);
      if (fail) throw new Error('throttled');
      return 'https://shop.example';
    };
    await expect(ensureShopOrigin(read)).rejects.toThrow('throttled');
    fail = false;
    await Promise.all([ensureShopOrigin(read), ensureShopOrigin(read)]);
    await ensureShopOrigin(read);
    expect(process.env.SHOP_ORIGIN).toBe('https://shop.example');
    expect(asked).toEqual(['/BoutiqueStack/shop-origin', '/BoutiqueStack/shop-origin']);
  });

  it('takes the environment’s origin as it is (the local stack, the render jobs)', async () => {
    process.env.SHOP_ORIGIN = 'http://127.0.0.1:5173';
    await ensureShopOrigin(async () => {
      throw new Error('not asked');
    });
    expect(process.env.SHOP_ORIGIN).toBe('http://127.0.0.1:5173');
  });

  it('fails without either', async () => {
    delete process.env.SHOP_ORIGIN;
    delete process.env.SHOP_ORIGIN_PARAMETER;
    await expect(ensureShopOrigin(async () => 'x')).rejects.toThrow(/SHOP_ORIGIN/);
  });
});
