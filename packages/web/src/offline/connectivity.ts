import { ApiError } from '../api/client';

/**
 * True when a call failed without any answer from the server (no network, DNS, a dropped
 * connection, the 10 s timeout): the rider is offline as far as this call knows, whatever
 * `navigator.onLine` says (some browsers keep it `true` behind a dead link or under emulated
 * offline). An answer from the server, even a 500, is not a connection failure.
 */
export function isConnectionFailure(error: unknown): boolean {
  return (
    error instanceof ApiError && error.status === 0 && (error.code === 'NETWORK' || error.code === 'TIMEOUT')
  );
}

/** Offline when the browser says so, or when the last call failed for want of a connection. */
export function isOffline(browserOnline: boolean, lastError: unknown): boolean {
  return !browserOnline || isConnectionFailure(lastError);
}
