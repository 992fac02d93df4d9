import { describe, expect, test } from 'vitest';
import type { SyncStatus } from '../../api/strava';
import { resumeText, secondsRemaining, syncFraction } from './syncProgress';

const status = (over: Partial<SyncStatus>): SyncStatus => ({
  status: 'processing',
  action: 'import_activities',
  total_activities: 10,
  processed_activities: 0,
  failed_activities: 0,
  skipped_activities: 0,
  imported_activities: 0,
  current_activity: null,
  paused_until: null,
  pause_reason: null,
  bikes_queued_at: null,
  started_at: '2026-01-01T10:00:00Z',
  completed_at: null,
  error_code: null,
  error_message: null,
  updated_at: '2026-01-01T10:00:00Z',
  ...over,
});

describe('sync progress', () => {
  test('counts processed and failed rides as done', () => {
    expect(syncFraction(status({ processed_activities: 3, failed_activities: 1 }))).toBeCloseTo(0.4);
    expect(syncFraction(null)).toBe(0);
    expect(syncFraction(status({ status: 'completed', total_activities: 0 }))).toBe(1);
  });

  test('time left is the average time per finished ride times the rides left', () => {
    // 4 done in 60 s → 15 s each; 6 left → 90 s.
    const now = Date.parse('2026-01-01T10:01:00Z');
    expect(secondsRemaining(status({ processed_activities: 4 }), now)).toBe(90);
    expect(secondsRemaining(status({ processed_activities: 0 }), now)).toBeUndefined();
    expect(secondsRemaining(status({ processed_activities: 10 }), now)).toBeUndefined();
  });
});

describe('resumeText', () => {
  const now = new Date(2026, 0, 1, 10, 5);
  const at = (h: number, m: number, day = 1) => new Date(2026, 0, day, h, m).toISOString();

  test('"resumes at HH:MM" in the rider’s clock, keyed by why it waits', () => {
    expect(resumeText(status({ paused_until: at(10, 15), pause_reason: 'quarter' }), 'es', now)).toEqual({
      key: 'resumes.quarter',
      time: '10:15',
    });
    expect(resumeText(status({ paused_until: at(9 + 1, 7), pause_reason: 'backoff' }), 'en', now)).toEqual({
      key: 'resumes.backoff',
      time: '10:07',
    });
  });

  test('the day too when it is not today (the daily limit ends at midnight UTC)', () => {
    const text = resumeText(status({ paused_until: at(1, 0, 2), pause_reason: 'daily' }), 'en', now);
    expect(text?.key).toBe('resumes.daily');
    expect(text?.time).toMatch(/^Jan 2 01:00$/);
  });

  test('nothing when the run does not wait', () => {
    expect(resumeText(status({ paused_until: null }), 'en', now)).toBeUndefined();
  });
});
