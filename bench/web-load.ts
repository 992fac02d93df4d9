/**
 * `npm run bench -- web`: the JavaScript a real Chromium downloads before a page is usable, from the
 * compiled server on PGlite with the production build: the landing page signed out, and the
 * dashboard of a signed-in rider with a profile. Counts every script response: bytes on the wire
 * (the server sends Brotli to Chromium) and the same files' gzip size (the budgets are gzip, as the
 * build's own check in packages/web/build/budget.ts). Sizes, not timings: they may fail nothing here,
 * the build fails on them.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { freePort, signInTokensOverHttp, startServerProcess } from '../packages/server/src/test/processes.ts';
import { BUDGETS_BYTES } from '../packages/web/build/budget.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

const DIST = join(import.meta.dirname, '../packages/web/dist');

export interface PageLoad {
  scripts: number;
  wireBytes: number;
  gzipBytes: number;
}

function gzipOf(path: string): number {
  const twin = `${path}.gz`;
  if (existsSync(twin)) return statSync(twin).size;
  return gzipSync(readFileSync(path), { level: 9 }).length;
}

export async function measureWebLoads(): Promise<{ landing: PageLoad; dashboard: PageLoad }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vatio-bench-web-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startServerProcess({ DATA_DIR: dataDir }, port, { compiled: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const tokens = await signInTokensOverHttp(base, dataDir, 'bench-web@example.org');
    await fetch(`${base}/api/profile`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ first_name: 'Ana', last_name: 'Bench', cycling_experience: 'intermediate' }),
    });
    const load = async (path: string, signedIn: boolean, ready: string): Promise<PageLoad> => {
      const context = await browser.newContext({ locale: 'es-ES', serviceWorkers: 'block' });
      if (signedIn)
        await context.addInitScript(
          `localStorage.setItem('vatio.tokens', ${JSON.stringify(JSON.stringify(tokens))})`,
        );
      const page = await context.newPage();
      const scripts: Promise<PageLoad>[] = [];
      page.on('requestfinished', (request) => {
        if (request.resourceType() !== 'script') return;
        scripts.push(
          request.sizes().then((sizes) => {
            const file = new URL(request.url()).pathname;
            return { scripts: 1, wireBytes: sizes.responseBodySize, gzipBytes: gzipOf(join(DIST, file)) };
          }),
        );
      });
      await page.goto(`${base}${path}`);
      await page.locator(ready).first().waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      const all = await Promise.all(scripts);
      await context.close();
      return all.reduce(
        (sum, s) => ({
          scripts: sum.scripts + s.scripts,
          wireBytes: sum.wireBytes + s.wireBytes,
          gzipBytes: sum.gzipBytes + s.gzipBytes,
        }),
        { scripts: 0, wireBytes: 0, gzipBytes: 0 },
      );
    };
    const landing = await load('/', false, 'a[href="/auth/signup"]');
    const dashboard = await load('/dashboard', true, 'main h1');
    return { landing, dashboard };
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function describeLoad(name: keyof typeof BUDGETS_BYTES, load: PageLoad): string {
  const budget = BUDGETS_BYTES[name];
  return (
    `${name}: ${load.scripts} scripts, ${(load.wireBytes / 1000).toFixed(1)} KB on the wire (Brotli), ` +
    `${(load.gzipBytes / 1000).toFixed(1)} KB gzip (budget ≤ ${budget / 1000} KB: ${load.gzipBytes <= budget ? 'met' : 'NOT met'})`
  );
}
