import { describe, expect, it } from 'vitest';
import * as analysis from '../index.ts';
import { CHANNEL_NAMES } from '../streams/activity-streams.ts';
import { METRICS, metricById, metricsAvailableFor } from './registry.ts';

describe('metric registry', () => {
  it('has unique snake_case ids', () => {
    const ids = METRICS.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
  });

  it('grades evidence from 0 to 5 and cites a source for every metric', () => {
    for (const metric of METRICS) {
      expect(Number.isInteger(metric.evidence) && metric.evidence >= 0 && metric.evidence <= 5).toBe(true);
      expect(metric.source.length).toBeGreaterThan(5);
    }
  });

  it('names only real channels and functions the package exports', () => {
    const exported = analysis as Record<string, unknown>;
    for (const metric of METRICS) {
      for (const channel of metric.requires) expect(CHANNEL_NAMES).toContain(channel);
      expect(typeof exported[metric.fn]).toBe('function');
    }
  });

  it('lists what a ride without power can still show', () => {
    const ids = metricsAvailableFor(['heartRateBpm']).map((m) => m.id);
    expect(ids).toContain('average_heart_rate');
    expect(ids).not.toContain('normalized_power');
    expect(metricById('normalized_power')?.unit).toBe('W');
  });
});
