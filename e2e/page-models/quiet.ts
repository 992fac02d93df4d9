import { expect, type Page, type Request } from '@playwright/test';

/** The requests each watched page has in flight, as the browser reports them. */
const inFlight = new WeakMap<Page, Set<Request>>();

/** From now on, counts the page's requests in flight (for `untilQuiet`). */
export function watchRequests(page: Page): void {
  const open = new Set<Request>();
  inFlight.set(page, open);
  page.on('request', (request) => open.add(request));
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
}

/**
 * Waits until the page has no request in flight and starts none over two animation frames: a screen's
 * query starts in an effect after its render, and a query that waits for another's answer starts
 * after the render of that answer, so a page quiet for two frames has asked for all it shows. The
 * condition itself instead of `networkidle`, which waits out 500 ms of silence after every load
 * (issue 27: 35 s of the language walk's 83 s).
 */
export async function untilQuiet(page: Page): Promise<void> {
  const open = inFlight.get(page);
  if (!open) throw new Error('untilQuiet: call watchRequests(page) first');
  await expect
    .poll(
      async () => {
        if (open.size > 0) return false;
        await page.evaluate(
          () =>
            new Promise<void>((resolve) =>
              requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
            ),
        );
        return open.size === 0;
      },
      { timeout: 30_000, intervals: [50] },
    )
    .toBe(true);
}
