import { describe, expect, it } from 'vitest';
import { shippingWait } from './shipping-wait.ts';

const paid = (paidAt: string) => ({ status: 'paid', paidAt, checkoutTime: paidAt });

describe('how long a paid order has waited to ship', () => {
  it('counts business days in Vancouver across weekends, and is overdue after 7', () => {
    // Paid Friday 6 March 2026, 10:00 in Vancouver (18:00 UTC).
    const friday = '2026-03-06T18:00:00Z';
    // Saturday and Sunday do not count.
    expect(shippingWait(paid(friday), '2026-03-08T20:00:00Z')).toEqual({ businessDays: 0, overdue: false });
    expect(shippingWait(paid(friday), '2026-03-09T17:00:00Z')).toEqual({ businessDays: 1, overdue: false });
    // The Tuesday after next: 7 business days, the promise still kept.
    expect(shippingWait(paid(friday), '2026-03-17T23:00:00Z')).toEqual({ businessDays: 7, overdue: false });
    // Monday after next is 6 (10 calendar days, two weekends left out); Wednesday is 8: overdue.
    expect(shippingWait(paid(friday), '2026-03-16T17:00:00Z')).toEqual({ businessDays: 6, overdue: false });
    expect(shippingWait(paid(friday), '2026-03-18T17:00:00Z')).toEqual({ businessDays: 8, overdue: true });
  });

  it("uses Vancouver's day, not UTC's: paid late on Friday evening is still Friday", () => {
    // 23:30 in Vancouver on Friday is already Saturday in UTC.
    const fridayNight = '2026-03-07T07:30:00Z';
    expect(shippingWait(paid(fridayNight), '2026-03-09T17:00:00Z')?.businessDays).toBe(1);
  });

  it("skips British Columbia's statutory holidays (Good Friday and Easter Monday is not one)", () => {
    // Paid Thursday 2 April 2026; Good Friday 3 April is a holiday, the weekend too.
    const thursday = '2026-04-02T18:00:00Z';
    expect(shippingWait(paid(thursday), '2026-04-06T18:00:00Z')?.businessDays).toBe(1);
  });

  it('has no wait for an order that is not paid, or already shipped', () => {
    const at = '2026-03-06T18:00:00Z';
    const later = '2026-04-30T18:00:00Z';
    expect(shippingWait({ status: 'pending', checkoutTime: at }, later)).toBeUndefined();
    expect(shippingWait({ status: 'refunded', checkoutTime: at }, later)).toBeUndefined();
    expect(shippingWait({ ...paid(at), fulfilment: 'shipped' }, later)).toBeUndefined();
    expect(shippingWait(paid(at), later)?.overdue).toBe(true);
  });
});
