import { describe, expect, test } from 'vitest';
import {
  chartDateFormat,
  createFormatter,
  formatAxisNumbers,
  formatClock,
  formatDate,
  formatDistance,
  formatDurationLabel,
  formatElevation,
  formatHoursMinutes,
  formatNumber,
  formatPercent,
  formatSignedNumber,
  formatSignedPercent,
  formatSpeed,
  formatWatts,
  formatWeight,
  fromWeightUnit,
  MISSING,
} from './format';

describe('numbers', () => {
  test('decimals follow the language', () => {
    expect(formatNumber(0.9, 'es', 2)).toBe('0,90');
    expect(formatNumber(0.9, 'en', 2)).toBe('0.90');
    expect(formatNumber(12345.6, 'en', 1)).toBe('12,345.6');
  });
  test('missing values are a dash, never 0 or NaN', () => {
    expect(formatNumber(null, 'en')).toBe(MISSING);
    expect(formatNumber(undefined, 'en')).toBe(MISSING);
    expect(formatNumber(Number.NaN, 'en')).toBe(MISSING);
    expect(formatWatts(null, 'es')).toBe(MISSING);
  });
  test('no negative zero', () => {
    expect(formatNumber(-0.01, 'en', 1)).toBe('0.0');
  });
  test('watts are whole numbers', () => {
    expect(formatWatts(245.4, 'en')).toBe('245 W');
    expect(formatWatts(1234, 'en')).toBe('1,234 W');
  });
});

describe('durations', () => {
  test('clock', () => {
    expect(formatClock(3723)).toBe('1:02:03');
    expect(formatClock(123)).toBe('2:03');
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(59.6)).toBe('1:00');
    expect(formatClock(null)).toBe(MISSING);
  });
  test('hours and minutes', () => {
    expect(formatHoursMinutes(3723)).toBe('1h 2m');
    expect(formatHoursMinutes(2700)).toBe('45m');
    expect(formatHoursMinutes(7200)).toBe('2h 0m');
  });
  test('axis labels', () => {
    expect([1, 5, 30, 60, 300, 1200, 3600].map(formatDurationLabel)).toEqual([
      '1s',
      '5s',
      '30s',
      '1m',
      '5m',
      '20m',
      '60m',
    ]);
    expect(formatDurationLabel(90)).toBe('1m30s');
    expect(formatDurationLabel(7200)).toBe('2h');
    expect(formatDurationLabel(9000)).toBe('2h 30m');
  });
});

describe('units', () => {
  test('distance in km or miles', () => {
    expect(formatDistance(42_195, 'metric', 'en')).toBe('42.2 km');
    expect(formatDistance(42_195, 'imperial', 'en')).toBe('26.2 mi');
    expect(formatDistance(5_000, 'metric', 'es')).toBe('5,00 km');
  });
  test('speed in km/h or mph', () => {
    expect(formatSpeed(10, 'metric', 'en')).toBe('36.0 km/h');
    expect(formatSpeed(10, 'imperial', 'en')).toBe('22.4 mph');
    expect(formatSpeed(10, 'metric', 'es')).toBe('36,0 km/h');
  });
  test('elevation in m or ft', () => {
    expect(formatElevation(1000, 'metric', 'en')).toBe('1,000 m');
    expect(formatElevation(1000, 'imperial', 'en')).toBe('3,281 ft');
  });
  test('weight in kg or lb', () => {
    expect(formatWeight(70, 'metric', 'es')).toBe('70,0 kg');
    expect(formatWeight(70, 'imperial', 'en')).toBe('154.3 lb');
    expect(fromWeightUnit(154.3236, 'imperial')).toBeCloseTo(70, 3);
  });
  test('a formatter binds language and units', () => {
    const f = createFormatter('en', 'imperial');
    expect(f.distance(1609.344)).toBe('1.00 mi');
    expect(f.elevation(null)).toBe(MISSING);
    expect(f.clock(3600)).toBe('1:00:00');
  });
});

describe('dates', () => {
  test('per locale', () => {
    // vitest runs with TZ=UTC.
    expect(formatDate('2026-05-01T07:30:00.000Z', 'en')).toBe('May 1, 2026');
    expect(formatDate('2026-05-01T07:30:00.000Z', 'es')).toBe('1 may 2026');
  });
  test('a calendar day stays that day', () => {
    expect(formatDate('2026-03-01', 'en')).toBe('Mar 1, 2026');
  });
  test('invalid is a dash', () => {
    expect(formatDate('not a date', 'en')).toBe(MISSING);
    expect(formatDate(null, 'en')).toBe(MISSING);
  });
});

describe('heart rate', () => {
  test('reads "lpm" in Spanish and "bpm" in English; a missing value is a dash', () => {
    expect(createFormatter('es', 'metric').bpm(132)).toBe('132 lpm');
    expect(createFormatter('es', 'metric').bpmUnit).toBe('lpm');
    expect(createFormatter('en', 'metric').bpm(132)).toBe('132 bpm');
    expect(createFormatter('en', 'metric').bpm(null)).toBe(MISSING);
  });
});

describe('percentages and signed changes through Intl (issue 25 §7)', () => {
  // Intl's es-ES percent style puts a non-breaking space before the sign.
  const nbsp = '\u00a0';
  test('Spanish writes a decimal comma and a spaced sign; English a point and no space', () => {
    expect(formatPercent(1.5, 'es')).toBe(`1,5${nbsp}%`);
    expect(formatPercent(1.5, 'en')).toBe('1.5%');
    expect(formatPercent(100, 'es', 0)).toBe(`100${nbsp}%`);
    expect(formatPercent(12.345, 'en', 2)).toBe('12.35%');
    expect(formatPercent(null, 'es')).toBe(MISSING);
    expect(formatPercent(-0.01, 'en', 1)).toBe('0.0%');
  });
  test('a change carries its sign: + , the minus sign, ± for none', () => {
    expect(formatSignedPercent(1.5, 'es')).toBe(`+1,5${nbsp}%`);
    expect(formatSignedPercent(1.5, 'en')).toBe('+1.5%');
    expect(formatSignedPercent(-3.25, 'en', 1)).toBe('−3.3%');
    expect(formatSignedPercent(0.01, 'en', 1)).toBe('±0.0%');
    expect(formatSignedNumber(1.5, 'es', 1)).toBe('+1,5');
    expect(formatSignedNumber(-1234, 'en')).toBe('−1,234');
    expect(formatSignedNumber(undefined, 'en')).toBe(MISSING);
  });
  test('the bound formatter exposes them', () => {
    const es = createFormatter('es', 'metric');
    expect(es.signedPercent(1.5)).toBe(`+1,5${nbsp}%`);
    expect(es.signedNumber(-2, 0)).toBe('−2');
  });
});

describe('chart text in the language', () => {
  // 3 May 2026, 14:05 local time.
  const date = new Date(2026, 4, 3, 14, 5, 0);
  test("uPlot's templates become Intl dates in the language's order and words", () => {
    const es = chartDateFormat('es');
    const en = chartDateFormat('en');
    expect(es('{M}/{D}')(date)).toBe('3 may');
    expect(en('{M}/{D}')(date)).toBe('May 3');
    expect(es('{MMM}')(date)).toBe('may');
    expect(es('{YYYY}')(date)).toBe('2026');
    expect(es('{M}/{D}\n{YYYY}')(date)).toBe('3 may\n2026');
    // uPlot's legend default is an ISO date with a 12-hour clock.
    const legend = es('{YYYY}-{MM}-{DD} {h}:{mm}{aa}')(date);
    expect(legend).not.toMatch(/\d{4}-\d{2}-\d{2}|PM/);
    expect(legend).toContain('14:05');
    expect(legend).toContain('2026');
  });
  test('axis numbers take as many decimals as the step needs, in the language', () => {
    expect(formatAxisNumbers([0.2, 0.25, 0.3], 'es')).toEqual(['0,20', '0,25', '0,30']);
    expect(formatAxisNumbers([0, 0.5, 1], 'en')).toEqual(['0.0', '0.5', '1.0']);
    expect(formatAxisNumbers([0, 500, 1000, 1500], 'es')).toEqual(['0', '500', '1000', '1500']);
    expect(formatAxisNumbers([null, 10, 20], 'en')).toEqual(['', '10', '20']);
  });
});
