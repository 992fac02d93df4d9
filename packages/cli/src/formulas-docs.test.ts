/**
 * The formulas pages (`docs/formulas/`) must cover every metric of the analysis registry by its
 * stable id, and the index must link every page. The analysis package cannot read files, so the
 * check lives here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { METRICS } from '@vatio/analysis';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './test-support/fixtures.ts';

const DOCS_DIR = join(REPO_ROOT, 'docs', 'formulas');
const pages = readdirSync(DOCS_DIR).filter((name) => name.endsWith('.md'));
const text = (name: string) => readFileSync(join(DOCS_DIR, name), 'utf8');

describe('docs/formulas', () => {
  it('names every metric id of the analysis registry on some page', () => {
    const all = pages.map(text).join('\n');
    const missing = METRICS.map((m) => m.id).filter((id) => !all.includes(`\`${id}\``));
    expect(missing).toEqual([]);
  });

  it('links every page from the index, and every linked page exists', () => {
    const index = text('README.md');
    const linked = [...index.matchAll(/\]\(([a-z0-9-]+\.md)\)/g)].map((m) => m[1]);
    for (const page of pages.filter((p) => p !== 'README.md')) expect(linked).toContain(page);
    for (const page of linked) expect(pages).toContain(page);
  });

  it('gives each metric page a source and a worked number', () => {
    for (const page of pages.filter((p) => p !== 'README.md')) {
      const body = text(page);
      expect(body, page).toMatch(/Source|source/);
      expect(body, page).toMatch(/Worked number/);
      expect(body, page).toMatch(/Metric ids?:/);
    }
  });
});
