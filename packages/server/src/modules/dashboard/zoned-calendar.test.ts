import { describe, expect, test } from 'vitest';
import {
  addMonths,
  firstDayOfWeek,
  localDate,
  localMidnight,
  localToday,
  resolveTimeZone,
  weekStartOf,
} from './zoned-calendar.ts';

describe('the rider’s calendar', () => {
  test('local dates and midnights follow the zone, across daylight-saving changes', () => {
    expect(localDate(new Date('2030-01-13T23:30:00Z'), 'Europe/Madrid')).toBe('2030-01-14');
    expect(localDate(new Date('2030-01-13T23:30:00Z'), 'UTC')).toBe('2030-01-13');
    expect(localMidnight('2030-01-14', 'Europe/Madrid').toISOString()).toBe('2030-01-13T23:00:00.000Z');
    // Madrid moves to UTC+2 at 01:00 UTC on 2030-03-31 and back on 2030-10-27.
    expect(localMidnight('2030-04-01', 'Europe/Madrid').toISOString()).toBe('2030-03-31T22:00:00.000Z');
    expect(localMidnight('2030-10-27', 'Europe/Madrid').toISOString()).toBe('2030-10-26T22:00:00.000Z');
    expect(localMidnight('2030-10-28', 'Europe/Madrid').toISOString()).toBe('2030-10-27T23:00:00.000Z');
    expect(localMidnight('2030-01-14', 'America/New_York').toISOString()).toBe('2030-01-14T05:00:00.000Z');
  });

  test('where clocks spring forward at midnight, the day begins at the change', () => {
    // Chile jumps from 00:00 to 01:00 on 2026-09-06 (04:00 UTC); Cuba on 2026-03-08 (05:00 UTC).
    // 00:00 does not exist there: the first instant of the day is 01:00 local, not 23:00 the day before.
    expect(localMidnight('2026-09-06', 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(localMidnight('2026-03-08', 'America/Havana').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    // The days around them are ordinary.
    expect(localMidnight('2026-09-05', 'America/Santiago').toISOString()).toBe('2026-09-05T04:00:00.000Z');
    expect(localMidnight('2026-09-07', 'America/Santiago').toISOString()).toBe('2026-09-07T03:00:00.000Z');
  });

  test('weeks start on the locale’s first day', () => {
    expect(firstDayOfWeek('es')).toBe(1);
    expect(firstDayOfWeek('en-GB')).toBe(1);
    expect(firstDayOfWeek('en-US')).toBe(7);
    expect(firstDayOfWeek('not a locale')).toBe(1);
    expect(weekStartOf('2030-01-16', 1)).toBe('2030-01-14');
    expect(weekStartOf('2030-01-16', 7)).toBe('2030-01-13');
    expect(weekStartOf('2030-01-13', 1)).toBe('2030-01-07');
    expect(weekStartOf('2030-01-13', 7)).toBe('2030-01-13');
  });

  test('months roll over years; unknown zones are refused', () => {
    expect(addMonths('2030-01-01', -1)).toBe('2029-12-01');
    expect(addMonths('2030-01-01', -12)).toBe('2029-01-01');
    expect(addMonths('2029-12-01', 1)).toBe('2030-01-01');
    expect(resolveTimeZone(undefined)).toBe('UTC');
    expect(() => resolveTimeZone('Mars/Olympus')).toThrow();
  });

  test('the remembered today equals the formatted local date at every instant, across DST and midnight-less days', () => {
    const zones = [
      'Europe/Madrid',
      'America/Santiago',
      'America/Havana',
      'Australia/Lord_Howe',
      'Asia/Kolkata',
      'UTC',
    ];
    // Every 7 minutes over 3 days around a spring-forward and a fall-back change, moving forwards and back.
    for (const startIso of [
      '2026-03-28T00:00:00Z',
      '2026-10-24T00:00:00Z',
      '2026-09-05T00:00:00Z',
      '2026-04-03T00:00:00Z',
    ]) {
      const start = Date.parse(startIso);
      for (const zone of zones) {
        for (let k = 0; k < (3 * 24 * 60) / 7; k++) {
          const at = new Date(start + k * 7 * 60_000);
          expect(localToday(at, zone), `${zone} ${at.toISOString()}`).toBe(localDate(at, zone));
        }
        const back = new Date(start - 1);
        expect(localToday(back, zone)).toBe(localDate(back, zone));
      }
    }
  });
});
