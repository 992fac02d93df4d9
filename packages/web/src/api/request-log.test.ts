import { beforeEach, describe, expect, test } from 'vitest';
import {
  clearRequestLog,
  isFailedRequest,
  REQUEST_LOG_LIMIT,
  readRequestLog,
  recordRequest,
  subscribeRequestLog,
} from './request-log';

beforeEach(() => clearRequestLog());

describe('the client-side request log (spec 001 §7.7)', () => {
  test('keeps method, path without query or fragment, status, duration and time; nothing else', () => {
    recordRequest({
      method: 'get',
      path: '/api/auth/callback?code=918273&email=a@b.c#x',
      status: 400,
      durationMs: 12.6,
      at: 1000,
      // A caller passing more must not get it stored.
      ...({ body: { token: 'secret' } } as object),
    });
    expect(readRequestLog()).toEqual([
      { method: 'GET', path: '/api/auth/callback', status: 400, durationMs: 13, at: 1000 },
    ]);
    expect(JSON.stringify(readRequestLog())).not.toContain('918273');
  });

  test(`bounded to the latest ${REQUEST_LOG_LIMIT}; listeners hear each record; failed = no answer or ≥ 400`, () => {
    let heard = 0;
    const stop = subscribeRequestLog(() => heard++);
    for (let i = 0; i < REQUEST_LOG_LIMIT + 5; i++)
      recordRequest({ method: 'GET', path: `/api/x/${i}`, status: i % 2 ? 200 : 404, durationMs: 1, at: i });
    stop();
    const log = readRequestLog();
    expect(log).toHaveLength(REQUEST_LOG_LIMIT);
    expect(log[0]?.path).toBe('/api/x/5');
    expect(heard).toBe(REQUEST_LOG_LIMIT + 5);
    expect(isFailedRequest({ method: 'GET', path: '/', status: 0, durationMs: 0, at: 0 })).toBe(true);
    expect(isFailedRequest({ method: 'GET', path: '/', status: 399, durationMs: 0, at: 0 })).toBe(false);
    expect(isFailedRequest({ method: 'GET', path: '/', status: 400, durationMs: 0, at: 0 })).toBe(true);
  });
});
