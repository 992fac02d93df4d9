/**
 * `npm run bench -- web`: the JavaScript a real Chromium downloads before a page is usable, from the
 * compiled server on PGlite with the production build: the landing page signed out, and the
 * dashboard of a signed-in rider with a profile. Counts every script response: bytes on the wire
 * (the server sends Brotli to Chromium) and the same files' gzip size (the budgets are gzip, as the
 * build's own check in packages/web/build/budget.ts). Sizes, not timings: they may fail nothing here,
 * the build fails on them.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { freePort, signInTokensOverHttp, startServerProcess } from '../packages/server/src/test/processes.ts';
import {
  type BudgetReport,
  describeWeight,
  gzipBytes,
  LANGUAGES,
  type Language,
  PAGES,
  type Page,
  type PageFiles,
  pageWeight,
  REPORT_FILE,
} from '../packages/web/build/budget.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { rotatedRefreshToken, signInFromCookie } from '../scripts/cookie-session.mjs';

const DIST = join(import.meta.dirname, '../packages/web/dist');

export interface PageLoad {
  scripts: number;
  wireBytes: number;
  /** The larger language's gzip bytes, as the build's check (budget.ts) counts a page. */
  gzipBytes: number;
  /** Files Chromium fetched that the build did not count, or counted and Chromium did not fetch. */
  drift: string[];
}

/** Where the pages are, and the selector that says each is usable. */
const PAGE_PATHS: Record<Page, { path: string; signedIn: boolean; ready: string }> = {
  landing: { path: '/', signedIn: false, ready: 'a[href="/auth/signup"]' },
  dashboard: { path: '/dashboard', signedIn: true, ready: 'main h1' },
};

/**
 * The scripts one page fetches in Chromium, in one language, until the network is idle: each file
 * under assets/ with its gzip bytes (budget.ts's measure), and the bytes on the wire.
 */
export async function scriptsOfPage(
  browser: Browser,
  base: string,
  page: Page,
  language: Language,
  refreshToken?: string,
): Promise<{ files: PageFiles; wireBytes: number; refreshToken?: string }> {
  const { path, signedIn, ready } = PAGE_PATHS[page];
  const context = await browser.newContext({ locale: language, serviceWorkers: 'block' });
  await context.addInitScript(`localStorage.setItem('vatio.language', ${JSON.stringify(language)})`);
  if (signedIn) {
    if (!refreshToken) throw new Error(`${page} needs a signed-in rider`);
    await signInFromCookie(context, base, refreshToken);
  }
  const tab = await context.newPage();
  const fetched: Promise<{ file: string; wireBytes: number }>[] = [];
  tab.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    fetched.push(
      request.sizes().then((sizes) => ({
        file: new URL(request.url()).pathname.slice(1),
        wireBytes: sizes.responseBodySize,
      })),
    );
  });
  await tab.goto(`${base}${path}`);
  await tab.locator(ready).first().waitFor({ timeout: 30_000 });
  if (signedIn && new URL(tab.url()).pathname !== path)
    throw new Error(`${page}: Chromium was sent to ${tab.url()}, not signed in`);
  await tab.waitForLoadState('networkidle');
  const all = await Promise.all(fetched);
  // Signing in from the cookie rotated it: the next page gets the new one.
  const rotated = await rotatedRefreshToken(context, refreshToken);
  await context.close();
  return {
    refreshToken: rotated,
    files: Object.fromEntries(all.map(({ file }) => [file, gzipBytes(readFileSync(join(DIST, file)))])),
    wireBytes: all.reduce((sum, s) => sum + s.wireBytes, 0),
  };
}

/** The build's list of what each page fetches (budget.ts writes it); undefined before a build. */
export function budgetReport(): BudgetReport | undefined {
  const file = join(DIST, REPORT_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BudgetReport) : undefined;
}

/** How Chromium's files differ from the build's: `+file` fetched but not counted, `-file` the reverse. */
export function driftOf(fetched: PageFiles, counted: PageFiles): string[] {
  return [
    ...Object.keys(fetched)
      .filter((file) => !(file in counted))
      .map((file) => `+${file} (${fetched[file]} B)`),
    ...Object.keys(counted)
      .filter((file) => !(file in fetched))
      .map((file) => `-${file} (${counted[file]} B)`),
  ];
}

export async function measureWebLoads(): Promise<Record<Page, PageLoad>> {
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
    const report = budgetReport();
    let refreshToken: string | undefined = tokens.refresh_token;
    const loads = {} as Record<Page, PageLoad>;
    for (const page of PAGES) {
      const byLanguage = {} as Record<Language, PageFiles>;
      let wireBytes = 0;
      let scripts = 0;
      const drift: string[] = [];
      for (const language of LANGUAGES) {
        const loaded = await scriptsOfPage(browser, base, page, language, refreshToken);
        refreshToken = loaded.refreshToken;
        byLanguage[language] = loaded.files;
        wireBytes = Math.max(wireBytes, loaded.wireBytes);
        scripts = Math.max(scripts, Object.keys(loaded.files).length);
        if (report)
          drift.push(...driftOf(loaded.files, report[page][language]).map((d) => `${language} ${d}`));
      }
      loads[page] = { scripts, wireBytes, gzipBytes: pageWeight(byLanguage), drift };
    }
    return loads;
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function describeLoad(name: Page, load: PageLoad): string {
  return (
    `${describeWeight(name, load.gzipBytes)}; ${load.scripts} scripts, ` +
    `${(load.wireBytes / 1000).toFixed(1)} KB on the wire (Brotli)` +
    (load.drift.length > 0
      ? `\n  DRIFT from the build's count (${REPORT_FILE}): ${load.drift.join(', ')}`
      : '')
  );
}
