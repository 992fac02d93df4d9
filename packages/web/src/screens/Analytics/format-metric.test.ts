import { describe, expect, test } from 'vitest';
import { createFormatter } from '../../lib/format';
import { formatChange, formatChangePct, formatMetricValue } from './format-metric';

describe('panel values in their units', () => {
  const en = createFormatter('en', 'metric');
  test('each unit of the API in words', () => {
    expect(formatMetricValue(en, 'W', 265)).toBe(en.watts(265));
    expect(formatMetricValue(en, 'W/kg', 3.75)).toBe('3.75 W/kg');
    expect(formatMetricValue(en, 'm/h', 912)).toBe('912 m/h');
    expect(formatMetricValue(en, 's', 5400)).toBe(en.hoursMinutes(5400));
    expect(formatMetricValue(en, 'm', 1200)).toBe(en.elevation(1200));
    expect(formatMetricValue(en, '', 0.726)).toBe('0.73');
    expect(formatMetricValue(en, 'W', null)).toBe(en.watts(null));
  });

  test('elevation follows the rider’s units', () => {
    const imperial = createFormatter('en', 'imperial');
    expect(formatMetricValue(imperial, 'm', 1000)).toBe(imperial.elevation(1000));
    expect(formatMetricValue(imperial, 'm', 1000)).not.toBe(en.elevation(1000));
  });

  test('changes carry their sign', () => {
    expect(formatChange(en, 'W', 12)).toBe(`+${en.watts(12)}`);
    expect(formatChange(en, 'TSS/d', -7)).toBe('−7.0');
    expect(formatChange(en, 'W', null)).toBe('');
    expect(formatChangePct(en, -3.8)).toBe(`−${en.percent(3.8, 1)}`);
  });
});
