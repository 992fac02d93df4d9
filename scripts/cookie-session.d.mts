// Types of cookie-session.mjs for TypeScript code (bench/, e2e/).
import type { BrowserContext } from 'playwright-core';

export function signInFromCookie(
  context: BrowserContext,
  baseUrl: string,
  refreshToken: string,
): Promise<void>;
export function rotatedRefreshToken<T extends string | undefined>(
  context: BrowserContext,
  previous: T,
): Promise<string | T>;
