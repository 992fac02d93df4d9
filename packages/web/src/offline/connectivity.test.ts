import { describe, expect, test } from 'vitest';
import { ApiError } from '../api/client';
import { isConnectionFailure, isOffline } from './connectivity';

describe('offline or server error', () => {
  test('a call with no answer is a connection failure; an answer from the server is not', () => {
    expect(isConnectionFailure(new ApiError(0, 'NETWORK', 'Failed to fetch'))).toBe(true);
    expect(isConnectionFailure(new ApiError(0, 'TIMEOUT', 'Timed out'))).toBe(true);
    expect(isConnectionFailure(new ApiError(500, 'INTERNAL', 'boom'))).toBe(false);
    expect(isConnectionFailure(new ApiError(503, 'UNKNOWN', 'Service Unavailable'))).toBe(false);
    expect(isConnectionFailure(new Error('other'))).toBe(false);
    expect(isConnectionFailure(null)).toBe(false);
  });

  test('offline follows the browser, or a failed connection while the browser still says online', () => {
    expect(isOffline(false, null)).toBe(true);
    expect(isOffline(true, null)).toBe(false);
    expect(isOffline(true, new ApiError(0, 'NETWORK', 'Failed to fetch'))).toBe(true);
    expect(isOffline(true, new ApiError(500, 'INTERNAL', 'boom'))).toBe(false);
  });
});
