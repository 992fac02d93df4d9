import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  BUDGETS_BYTES,
  budget,
  type ChunkInfo,
  describeWeight,
  gzipBytes,
  pageFiles,
  pageWeights,
  REPORT_FILE,
} from './budget.ts';

const text = (seed: number, length: number) => {
  // Incompressible enough that gzip sizes differ per chunk.
  let s = '';
  let x = seed;
  while (s.length < length) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    s += x.toString(36);
  }
  return s.slice(0, length);
};
const gz = (code: string) => gzipSync(code, { level: 9 }).length;

function chunk(fileName: string, code: string, parts: Partial<ChunkInfo> = {}): ChunkInfo {
  return { fileName, code, imports: [], dynamicImports: [], moduleIds: [], isEntry: false, ...parts };
}

const app = {
  entry: text(1, 4000),
  shared: text(2, 3000),
  landing: text(3, 2000),
  dashboard: text(4, 2500),
  chart: text(5, 1500),
  es: text(6, 1200),
  en: text(7, 800),
  esDashboard: text(8, 600),
  enDashboard: text(9, 700),
  unrelated: text(10, 5000),
};

const chunks: ChunkInfo[] = [
  chunk('index.js', app.entry, { isEntry: true, imports: ['shared.js'], moduleIds: ['/src/main.tsx'] }),
  chunk('shared.js', app.shared),
  chunk('landing.js', app.landing, {
    imports: ['shared.js'],
    moduleIds: ['/src/screens/Landing/LandingScreen.tsx'],
  }),
  chunk('dashboard.js', app.dashboard, {
    dynamicImports: ['chart.js'],
    moduleIds: ['/src/screens/Dashboard/DashboardScreen.tsx'],
  }),
  chunk('chart.js', app.chart),
  chunk('es.js', app.es, { moduleIds: ['/src/i18n/locales/es/index.ts'] }),
  chunk('en.js', app.en, { moduleIds: ['/src/i18n/locales/en/index.ts'] }),
  chunk('es-dashboard.js', app.esDashboard, { moduleIds: ['/src/i18n/locales/es/dashboard.json'] }),
  chunk('en-dashboard.js', app.enDashboard, { moduleIds: ['/src/i18n/locales/en/dashboard.json'] }),
  chunk('unrelated.js', app.unrelated, { moduleIds: ['/src/screens/Settings/SettingsScreen.tsx'] }),
];

describe('JavaScript budgets', () => {
  it('counts each page: entry and shared chunks once, its screen, its language (the larger), not its charts', () => {
    const weights = pageWeights(chunks);
    const base = gz(app.entry) + gz(app.shared);
    expect(weights.landing).toBe(base + gz(app.landing) + Math.max(gz(app.es), gz(app.en)));
    // The dashboard's charts are on its Performance tab: Chromium fetches them when it is opened.
    expect(weights.dashboard).toBe(
      base + gz(app.dashboard) + Math.max(gz(app.es) + gz(app.esDashboard), gz(app.en) + gz(app.enDashboard)),
    );
    expect(Object.keys(pageFiles(chunks).dashboard.es)).not.toContain('chart.js');
  });

  it('is the measure the bench uses: gzip level 9 of the file, KB of 1000 bytes', () => {
    expect(gzipBytes(app.entry)).toBe(gz(app.entry));
    expect(gzipBytes(Buffer.from(app.entry))).toBe(gz(app.entry));
    expect(describeWeight('landing', 170_400)).toBe(
      'landing 170.4 KB gzip (budget ≤ 170 KB: NOT met, -0.4 KB left)',
    );
    expect(describeWeight('dashboard', 197_700)).toMatch(
      /197\.7 KB gzip \(budget ≤ 250 KB: met, 52\.3 KB left\)/,
    );
  });

  it('weighs the code as written (writeBundle, after Vite fills in preload lists) and leaves the list for the bench', () => {
    const outDir = mkdtempSync(join(tmpdir(), 'vatio-budget-'));
    const plugin = budget();
    (plugin.configResolved as unknown as (c: unknown) => void)({ root: outDir, build: { outDir: 'dist' } });
    // Vite's generateBundle rewrites an entry's code; only the written code is what Chromium fetches.
    const written = chunks.map((c) =>
      c.fileName === 'index.js' ? { ...c, code: app.entry + text(12, 3000) } : c,
    );
    const bundle = Object.fromEntries(written.map((c) => [c.fileName, { type: 'chunk', ...c }]));
    const context = {
      info: () => {},
      error: (message: string) => {
        throw new Error(message);
      },
    };
    expect(plugin.generateBundle).toBeUndefined();
    const hook = plugin.writeBundle as unknown as (this: typeof context, o: unknown, b: unknown) => void;
    hook.call(context, {}, bundle);
    const report = JSON.parse(readFileSync(join(outDir, 'dist', REPORT_FILE), 'utf8'));
    expect(report.landing.es['index.js']).toBe(gz(app.entry + text(12, 3000)));
    expect(report).toEqual(pageFiles(written));
  });

  it('fails the build when a page is over its budget', () => {
    const huge = chunks.map((c) => (c.fileName === 'landing.js' ? { ...c, code: text(11, 600_000) } : c));
    const plugin = budget();
    (plugin.configResolved as unknown as (c: unknown) => void)({
      root: mkdtempSync(join(tmpdir(), 'vatio-budget-')),
      build: { outDir: 'dist' },
    });
    const bundle = Object.fromEntries(huge.map((c) => [c.fileName, { type: 'chunk', ...c }]));
    const messages: string[] = [];
    const context = {
      info: (message: string) => messages.push(message),
      error: (message: string) => {
        throw new Error(message);
      },
    };
    const hook = plugin.writeBundle as unknown as (this: typeof context, o: unknown, b: unknown) => void;
    expect(() => hook.call(context, {}, bundle)).toThrow(
      /budget exceeded: landing .* \(budget ≤ 170 KB: NOT met/,
    );
    expect(BUDGETS_BYTES.landing).toBe(170_000);
  });
});
