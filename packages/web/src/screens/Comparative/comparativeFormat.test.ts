import { describe, expect, test } from 'vitest';
import { createFormatter } from '../../lib/format';
import {
  formatDifference,
  formatEvolutionChange,
  formatFigure,
  formatRideMetric,
  sourceHref,
} from './comparativeFormat';

describe('comparative formats', () => {
  const metric = createFormatter('en', 'metric');
  const imperial = createFormatter('en', 'imperial');

  test('ride metrics and figures in the rider’s units', () => {
    expect(formatRideMetric(metric, 'speed', 10)).toBe('36.0 km/h');
    expect(formatRideMetric(imperial, 'speed', 10)).toBe('22.4 mph');
    expect(formatRideMetric(metric, 'if', 0.8123)).toBe('0.81');
    expect(formatFigure(metric, 'distance_m', 42_195)).toBe('42.2 km');
    expect(formatFigure(imperial, 'distance_m', 42_195)).toBe('26.2 mi');
  });

  test('differences carry their sign, never "undefined" or NaN', () => {
    expect(formatDifference(metric, 'normalized_power_w', 12)).toMatch(/^\+12/);
    expect(formatDifference(metric, 'normalized_power_w', -12)).toMatch(/^−12/);
    expect(formatDifference(metric, 'normalized_power_w', null)).toBe('—');
    expect(formatEvolutionChange(metric, 'cda', -0.0123)).toBe('−0.012 m²');
  });

  test('a point opens its ride, or the athlete settings', () => {
    expect(
      sourceHref({ date: '2026-01-01', value: 1, basis: 'set', source: { kind: 'setting', id: 'x' } }),
    ).toBe('/settings#athlete');
    expect(
      sourceHref({ date: '2026-01-01', value: 1, basis: 'test_20min', source: { kind: 'test', id: 'r1' } }),
    ).toBe('/activities/r1');
  });
});
