import { describe, expect, it } from 'vitest';
import {
  bcStatutoryHolidays,
  businessDaysSince,
  dayInVancouver,
  isBusinessDay,
  isOverdue,
} from './business-days.ts';

describe('business days on the Vancouver calendar', () => {
  it("names British Columbia's statutory holidays of 2026 on their days", () => {
    expect(bcStatutoryHolidays(2026)).toEqual({
      "New Year's Day": '2026-01-01',
      'Family Day': '2026-02-16',
      'Good Friday': '2026-04-03',
      'Victoria Day': '2026-05-18',
      'Canada Day': '2026-07-01',
      'British Columbia Day': '2026-08-03',
      'Labour Day': '2026-09-07',
      'National Day for Truth and Reconciliation': '2026-09-30',
      'Thanksgiving Day': '2026-10-12',
      'Remembrance Day': '2026-11-11',
      'Christmas Day': '2026-12-25',
    });
    // Victoria Day when 24 May is itself a Monday; Good Friday of another year
    expect(bcStatutoryHolidays(2027)['Victoria Day']).toBe('2027-05-24');
    expect(bcStatutoryHolidays(2025)['Good Friday']).toBe('2025-04-18');
  });

  it('skips weekends and holidays', () => {
    expect(isBusinessDay('2026-11-20')).toBe(true); // Friday
    expect(isBusinessDay('2026-11-21')).toBe(false); // Saturday
    expect(isBusinessDay('2026-11-22')).toBe(false); // Sunday
    expect(isBusinessDay('2026-11-11')).toBe(false); // Remembrance Day, a Wednesday
  });

  it('counts across a weekend: paid on a Friday, 7 business days old on the Tuesday after next', () => {
    const friday = '2026-11-20T18:00:00Z';
    expect(businessDaysSince(friday, '2026-11-22T20:00:00Z')).toBe(0); // Sunday
    expect(businessDaysSince(friday, '2026-11-23T20:00:00Z')).toBe(1); // Monday
    expect(businessDaysSince(friday, '2026-12-01T20:00:00Z')).toBe(7); // Tuesday after next
    expect(isOverdue(friday, '2026-12-01T20:00:00Z')).toBe(false);
    expect(isOverdue(friday, '2026-12-02T20:00:00Z')).toBe(true);
  });

  it('counts across a holiday', () => {
    // Tuesday 10 Nov 2026 → Thursday 19 Nov: Wed 11 (holiday) is not counted
    expect(businessDaysSince('2026-11-10T18:00:00Z', '2026-11-19T18:00:00Z')).toBe(6);
  });

  it("takes the day in Vancouver, not UTC's", () => {
    expect(dayInVancouver('2026-11-24T06:00:00Z')).toBe('2026-11-23');
    // Friday 22:00 in Vancouver is Saturday in UTC; Monday still counts as 1
    expect(businessDaysSince('2026-11-21T06:00:00Z', '2026-11-23T18:00:00Z')).toBe(1);
  });
});
