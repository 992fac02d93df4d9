import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * JavaScript budgets (issue 12), gzip level 9 bytes of every chunk a page needs before it is usable:
 * the entry and its static imports, the route's screen and its static imports, the rider's language
 * (the larger of the two, in case) and, for the dashboard, the charts it loads at once and the text
 * namespaces of signed-in screens. `npm run bench` measures the same pages in a real Chromium.
 */
export const BUDGETS_BYTES = { landing: 170_000, dashboard: 250_000 } as const;

export interface ChunkInfo {
  fileName: string;
  code: string;
  imports: string[];
  dynamicImports: string[];
  /** Source modules in the chunk (ids end with their path). */
  moduleIds: string[];
  isEntry: boolean;
}

export interface PageWeights {
  landing: number;
  dashboard: number;
}

const LANDING = /\/screens\/Landing\/LandingScreen\.tsx$/;
const DASHBOARD = /\/screens\/Dashboard\/DashboardScreen\.tsx$/;
const LANGUAGE_CORE = (language: string) => new RegExp(`/i18n/locales/${language}/index\\.ts$`);
const APP_NAMESPACE = (language: string) =>
  new RegExp(`/i18n/locales/${language}/(dashboard|activity|strava|activities|sync|bikes)\\.json$`);

/** What each page loads, from the bundle's chunk graph. */
export function pageWeights(chunks: ChunkInfo[]): PageWeights {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const gzipped = new Map<string, number>();
  const size = (fileName: string) => {
    let bytes = gzipped.get(fileName);
    if (bytes === undefined) {
      bytes = gzipSync(byName.get(fileName)?.code ?? '', { level: 9 }).length;
      gzipped.set(fileName, bytes);
    }
    return bytes;
  };
  const closure = (fileName: string, into = new Set<string>()) => {
    if (into.has(fileName) || !byName.has(fileName)) return into;
    into.add(fileName);
    for (const next of byName.get(fileName)?.imports ?? []) closure(next, into);
    return into;
  };
  const containing = (pattern: RegExp) =>
    chunks.filter((chunk) => chunk.moduleIds.some((id) => pattern.test(id)));
  const sum = (files: Set<string>) => [...files].reduce((total, file) => total + size(file), 0);

  const entries = chunks.filter((chunk) => chunk.isEntry);
  const page = (screen: RegExp, extra: (language: string, files: Set<string>) => void) => {
    const screenChunk = containing(screen)[0];
    if (!screenChunk || entries.length === 0) throw new Error(`budget: no chunk holds ${screen}`);
    return Math.max(
      ...['es', 'en'].map((language) => {
        const files = new Set<string>();
        for (const entry of entries) closure(entry.fileName, files);
        closure(screenChunk.fileName, files);
        for (const chunk of containing(LANGUAGE_CORE(language))) closure(chunk.fileName, files);
        extra(language, files);
        return sum(files);
      }),
    );
  };
  return {
    landing: page(LANDING, () => {}),
    dashboard: page(DASHBOARD, (language, files) => {
      const dashboard = containing(DASHBOARD)[0]!;
      for (const lazy of dashboard.dynamicImports) closure(lazy, files);
      for (const chunk of containing(APP_NAMESPACE(language))) closure(chunk.fileName, files);
    }),
  };
}

/** Fails the build when a page's JavaScript is over its budget, and prints both figures. */
export function budget(): Plugin {
  return {
    name: 'vatio-js-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: ChunkInfo[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.push({
          fileName: output.fileName,
          code: output.code,
          imports: output.imports,
          dynamicImports: output.dynamicImports,
          moduleIds: output.moduleIds,
          isEntry: output.isEntry,
        });
      }
      const weights = pageWeights(chunks);
      const lines = (Object.keys(BUDGETS_BYTES) as (keyof PageWeights)[]).map(
        (page) =>
          `${page} ${(weights[page] / 1000).toFixed(1)} KB gzip (budget ${(BUDGETS_BYTES[page] / 1000).toFixed(0)} KB)`,
      );
      this.info(`JavaScript to a usable page: ${lines.join('; ')}`);
      const over = (Object.keys(BUDGETS_BYTES) as (keyof PageWeights)[]).filter(
        (page) => weights[page] > BUDGETS_BYTES[page],
      );
      if (over.length > 0) this.error(`JavaScript budget exceeded: ${lines.join('; ')}`);
    },
  };
}
