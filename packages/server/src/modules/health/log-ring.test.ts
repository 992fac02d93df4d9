import { describe, expect, test } from 'vitest';
import { LOG_RING_WINDOW_MS, LogRing, scrubText } from './log-ring.ts';

const line = (fields: Record<string, unknown>) => JSON.stringify({ level: 30, time: 1_000_000, ...fields });

describe('the operators’ log ring', () => {
  test('keeps one entry per request, with method and path from its start and status from its end', () => {
    const ring = new LogRing(10, () => 1_000_000);
    ring.push(
      line({ reqId: 'req-1', msg: 'incoming request', req: { method: 'GET', url: '/api/x?code=123456' } }),
    );
    ring.push(
      line({ reqId: 'req-1', msg: 'request completed', res: { statusCode: 404 }, responseTime: 1.234 }),
    );
    expect(ring.read({ level: 'info', sinceMs: 0, limit: 10 })).toEqual([
      expect.objectContaining({
        category: 'http',
        message: 'request completed',
        data: { method: 'GET', path: '/api/x', status: 404, duration_ms: 1.2, request_id: 'req-1' },
      }),
    ]);
  });

  test('drops secret-looking fields and values; keeps the rest', () => {
    const ring = new LogRing(10, () => 1_000_000);
    ring.push(
      line({
        level: 50,
        msg: 'sign-in failed for https://vatio.test/auth/callback?code=998877',
        token: 'abc',
        email: 'rider@example.org',
        to: 'r***@example.org',
        rides: 3,
        note: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.sig',
        err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at x' },
      }),
    );
    const [entry] = ring.read({ level: 'error', sinceMs: 0, limit: 10 });
    expect(entry?.message).toBe('sign-in failed for https://vatio.test/auth/callback');
    expect(entry?.data).toEqual({ rides: 3, note: '[redacted]', error_type: 'Error', error: 'boom' });
    expect(entry?.stack).toContain('Error: boom');
    expect(ring.read({ level: 'fatal', sinceMs: 0, limit: 10 })).toEqual([]);
  });

  test('bounded by count and by the hour', () => {
    let now = 1_000_000;
    const ring = new LogRing(3, () => now);
    for (let i = 0; i < 5; i++) ring.push(line({ msg: `m${i}`, time: now }));
    expect(ring.read({ level: 'trace', sinceMs: 0, limit: 10 }).map((e) => e.message)).toEqual([
      'm4',
      'm3',
      'm2',
    ]);
    expect(ring.dropped).toBe(2);
    for (let i = 5; i < 100; i++) ring.push(line({ msg: `m${i}`, time: now }));
    expect(ring.size).toBeLessThanOrEqual(3);
    expect(ring.read({ level: 'trace', sinceMs: 0, limit: 1 })[0]?.message).toBe('m99');
    now += LOG_RING_WINDOW_MS + 1;
    expect(ring.read({ level: 'trace', sinceMs: 0, limit: 10 })).toEqual([]);
    expect(ring.size).toBe(0);
  });

  test('scrubText keeps UUID paths, drops queries and long tokens', () => {
    expect(scrubText('/api/activities/3f1b6c2e-1111-2222-3333-444455556666/analysis')).toBe(
      '/api/activities/3f1b6c2e-1111-2222-3333-444455556666/analysis',
    );
    expect(scrubText('refresh failed: Xk3vQ9pLmN2rT7wYz5aB8cD1eF4gH6iJ0kL3mN5oP')).toBe(
      'refresh failed: [redacted]',
    );
  });
});
