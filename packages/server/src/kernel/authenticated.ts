/** Whom a request acts for: its bearer as checked by modules/auth (auth.service.ts, api-key.service.ts). */
export interface Authenticated {
  userId: string;
  /** The signed-in session, or null when the request came with a personal API key. */
  sessionId: string | null;
  /** The personal API key used, or null for a signed-in session. */
  apiKeyId: string | null;
  /**
   * On PostgreSQL, the rider's write version read with the session or API key (db/write-epoch.ts): answers
   * kept at this version are still right (http/rider-response-cache.ts).
   */
  writeVersion?: string;
}
