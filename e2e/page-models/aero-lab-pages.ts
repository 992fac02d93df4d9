import type { Page } from '@playwright/test';
import { accessToken } from './session.ts';

/** The rider's API with their own token. */
export async function apiCall<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const token = await accessToken(page);
  return page.evaluate(
    async ({ method, path, body, token }) => {
      const r = await fetch(`/api${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await r.json()) as T;
    },
    { method, path, body, token },
  );
}
