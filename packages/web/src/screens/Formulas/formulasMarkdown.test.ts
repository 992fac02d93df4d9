import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { FORMULAS_BASE, type FormulaId, formulaHref } from '../../lib/formula-links';
import { FORMULAS_PATH, formulasHref, githubSlug, renderFormulaPage } from './formulasMarkdown';

const root = join(import.meta.dirname, '../../../../../docs/formulas');
const pages = readdirSync(root)
  .filter((f) => f.endsWith('.md'))
  .map((f) => f.replace(/\.md$/, ''));
const render = (page: string) => renderFormulaPage(readFileSync(join(root, `${page}.md`), 'utf8'));

describe('the formulas renderer', () => {
  test('headings get GitHub-style anchors, repeated ones numbered', () => {
    expect(githubSlug('Predicted FTP (`ftp_trend_prediction`)')).toBe('predicted-ftp-ftp_trend_prediction');
    expect(githubSlug('FTP, critical power and W′')).toBe('ftp-critical-power-and-w');
    const page = renderFormulaPage('# Title\n\n## Worked number\n\ntext\n\n## Worked number\n');
    expect(page.title).toBe('Title');
    expect(page.anchors).toEqual(['title', 'worked-number', 'worked-number-1']);
    expect(page.sections).toEqual([
      { id: 'worked-number', title: 'Worked number' },
      { id: 'worked-number-1', title: 'Worked number' },
    ]);
    expect(page.html).toContain('<h2 id="worked-number-1">Worked number</h2>');
  });

  test('links between pages go to the app routes; other links are kept', () => {
    expect(formulasHref('critical-power.md')).toBe('/formulas/critical-power');
    expect(formulasHref('critical-power.md#estimated-ftp-for-load')).toBe(
      '/formulas/critical-power#estimated-ftp-for-load',
    );
    expect(formulasHref('./README.md')).toBe(FORMULAS_PATH);
    expect(formulasHref('../critical-power.md#cp')).toBe('/formulas/critical-power#cp');
    expect(formulasHref('https://example.org/a.md')).toBe('https://example.org/a.md');
    expect(formulasHref('#np')).toBe('#np');
    const html = renderFormulaPage('See [CP](critical-power.md#cp) and [x](https://example.org).').html;
    expect(html).toContain('<a href="/formulas/critical-power#cp">CP</a>');
    expect(html).toContain('<a href="https://example.org" rel="noopener noreferrer" target="_blank">x</a>');
  });

  test('tables and code blocks render without inline styles (strict CSP)', () => {
    const html = renderFormulaPage('| a | b |\n|---|--:|\n| 1 | 2 |\n\n    NP = (mean P⁴)^(1/4)\n').html;
    expect(html).toContain('<table>');
    expect(html).toContain('align="right"');
    expect(html).toContain('<pre><code>NP = (mean P⁴)^(1/4)');
    expect(html).not.toMatch(/style=|<script/);
  });

  test('every page of docs/formulas renders, with a title, and its links name real pages', () => {
    expect(pages).toContain('README');
    for (const page of pages) {
      const { title, html } = render(page);
      expect(title, page).not.toBe('');
      expect(html, page).not.toMatch(/style=|<script/);
      for (const [, href] of html.matchAll(/href="([^"]+)"/g)) {
        if (!href!.startsWith(FORMULAS_PATH)) continue;
        const [path, anchor] = href!.split('#');
        const target = path === FORMULAS_PATH ? 'README' : path!.slice(FORMULAS_PATH.length + 1);
        expect(pages, `${page} → ${href}`).toContain(target);
        if (anchor) expect(render(target).anchors, `${page} → ${href}`).toContain(anchor);
      }
    }
  });

  test("every number's link on the analysis screens lands on a heading the renderer made", () => {
    expect(FORMULAS_BASE).toBe(`${FORMULAS_PATH}/`);
    const ids: FormulaId[] = [
      'ctl',
      'form',
      'tss',
      'plan',
      'predictedFtp',
      'riderType',
      'tactical',
      'summary',
      'rideFtpEstimates',
      'ftpBest20Min',
      'ftpCp2p',
      'ftpCp3p',
      'ftpSpecRule',
      'ftpConfidence',
      'ftpUsed',
      'advOverall',
      'advReadiness',
      'advDurability',
      'advImprovement',
      'advVo2max',
      'advThresholds',
      'advPedaling',
      'pedalPhase',
      'advCadence',
      'advCda',
      'advSprints',
      'advRepeatability',
      'advEfficiency',
      'advPeriodLoad',
      'advGradient',
      'advSummary',
    ];
    for (const id of ids) {
      const [path, anchor] = formulaHref(id).split('#');
      const page = path!.slice(FORMULAS_BASE.length);
      expect(pages).toContain(page);
      if (anchor) expect(render(page).anchors, formulaHref(id)).toContain(anchor);
    }
  });
});
