import { describe, expect, it } from 'vitest';
import { phoneSlowdown } from './phone-cpu.ts';

describe('the CPU slowdown of a mid-tier phone', () => {
  it('is Lighthouse calculator’s for the machine’s BenchmarkIndex', () => {
    expect(phoneSlowdown(1533)).toBe(4);
    expect(phoneSlowdown(2000)).toBe(6);
    expect(phoneSlowdown(1300)).toBe(3);
    expect(phoneSlowdown(1050)).toBe(2.5);
    expect(phoneSlowdown(800)).toBe(2);
    expect(phoneSlowdown(475)).toBe(1.5);
  });

  it('refuses a machine too slow to emulate one', () => {
    expect(() => phoneSlowdown(120)).toThrow(/too slow/);
    expect(() => phoneSlowdown(Number.NaN)).toThrow(/too slow/);
  });
});
