import { describe, expect, it } from 'vitest';
import { addDays, addMonths, daysBetween, isoWeekday, monthGrid, weekDays, weekStart } from './planDates';

describe('plan calendar days', () => {
  it('counts weekdays the ISO way (1 Monday … 7 Sunday)', () => {
    // 2026-11-29 is a Sunday, 2026-11-30 a Monday (a calendar of 2026).
    expect(isoWeekday('2026-11-29')).toBe(7);
    expect(isoWeekday('2026-11-30')).toBe(1);
    expect(weekStart('2026-11-29')).toBe('2026-11-23');
    expect(weekDays('2026-12-02')).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
  });

  it('crosses months, years and daylight-saving changes without losing a day', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30'); // European clocks move on 29 March 2026
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(daysBetween('2026-11-29', '2027-02-21')).toBe(84);
    expect(addMonths('2026-11-29', 2)).toBe('2027-01-01');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-01');
  });

  it('lays a month out in whole weeks, Monday first', () => {
    // February 2027 starts on a Monday and has 28 days: exactly four rows.
    const february = monthGrid('2027-02-10');
    expect(february).toHaveLength(4);
    expect(february[0]?.[0]).toBe('2027-02-01');
    expect(february[3]?.[6]).toBe('2027-02-28');
    // November 2026 starts on a Sunday: the first row begins on Monday 26 October; six rows.
    const november = monthGrid('2026-11-01');
    expect(november[0]?.[0]).toBe('2026-10-26');
    expect(november).toHaveLength(6);
    expect(november.at(-1)?.at(-1)).toBe('2026-12-06');
  });
});
