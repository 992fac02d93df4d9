import type { Page } from '@playwright/test';

/** The rider's API with their own token. */
export async function apiCall<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const t = JSON.parse(localStorage.getItem('vatio.tokens') ?? '{}') as { access_token?: string };
      const r = await fetch(`/api${path}`, {
        method,
        headers: { authorization: `Bearer ${t.access_token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await r.json()) as T;
    },
    { method, path, body },
  );
}
