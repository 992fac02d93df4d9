import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { FORMULAS_PATH, renderFormulaPage } from './formulasMarkdown';
import { FORMULA_PAGES_PENDING_TRANSLATION } from './formulasPages';

// Issue 25 §7: the formulas pages in both languages. Every English page has a Spanish twin in
// docs/formulas/es (or is listed as pending, and then shows in English under a note), and a twin has
// exactly the English page's heading anchors, so `/formulas/<page>#anchor` lands in either language.

const root = join(import.meta.dirname, '../../../../../docs/formulas');
const names = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .map((f) => f.replace(/\.md$/, ''))
    .sort();
const english = names(root);
const spanish = names(join(root, 'es'));
const render = (page: string, language: 'en' | 'es') =>
  renderFormulaPage(readFileSync(join(root, language === 'es' ? 'es' : '', `${page}.md`), 'utf8'));

describe('the Spanish formulas pages', () => {
  test('every English page has a Spanish twin, except the pages listed as pending translation', () => {
    const missing = english.filter((page) => !spanish.includes(page));
    expect(missing.sort()).toEqual([...FORMULA_PAGES_PENDING_TRANSLATION].sort());
  });

  test('every Spanish page is the twin of an English page', () => {
    for (const page of spanish) expect(english, page).toContain(page);
  });

  test('a page listed as pending names a real English page (the list only shrinks)', () => {
    for (const page of FORMULA_PAGES_PENDING_TRANSLATION) {
      expect(existsSync(join(root, `${page}.md`)), page).toBe(true);
      expect(existsSync(join(root, 'es', `${page}.md`)), `${page} is translated: drop it from the list`).toBe(
        false,
      );
    }
  });

  test.each(spanish)('%s has the English page’s heading anchors, in the same order', (page) => {
    const en = render(page, 'en');
    const es = render(page, 'es');
    expect(es.anchors).toEqual(en.anchors);
    expect(es.title).not.toBe('');
    expect(es.title, 'the title is translated').not.toBe(en.title);
    expect(es.html).not.toMatch(/style=|<script|\{#/);
  });

  test.each(spanish)('%s links to real pages and anchors', (page) => {
    for (const [, href] of render(page, 'es').html.matchAll(/href="([^"]+)"/g)) {
      if (!href!.startsWith(FORMULAS_PATH)) continue;
      const [path, anchor] = href!.split('#');
      const target = path === FORMULAS_PATH ? 'README' : path!.slice(FORMULAS_PATH.length + 1);
      expect(english, `${page} → ${href}`).toContain(target);
      const language = spanish.includes(target) ? 'es' : 'en';
      if (anchor) expect(render(target, language).anchors, `${page} → ${href}`).toContain(anchor);
    }
  });

  test.each(spanish)('%s links to files that exist beside it (as GitHub resolves them)', (page) => {
    const markdown = readFileSync(join(root, 'es', `${page}.md`), 'utf8');
    for (const [, file] of markdown.matchAll(/\]\(((?:\.\.\/)?[\w-]+\.md)(?:#[^)]*)?\)/g))
      expect(existsSync(join(root, 'es', file!)), `${page} → ${file} (a pending page is ../page.md)`).toBe(
        true,
      );
  });

  test('an explicit {#id} names the heading and leaves its text', () => {
    const page = renderFormulaPage(
      '# Título {#title}\n\n## Potencia normalizada (NP) {#normalized-power-np}\n',
    );
    expect(page.title).toBe('Título');
    expect(page.anchors).toEqual(['title', 'normalized-power-np']);
    expect(page.sections).toEqual([{ id: 'normalized-power-np', title: 'Potencia normalizada (NP)' }]);
    expect(page.html).toContain('<h2 id="normalized-power-np">Potencia normalizada (NP)</h2>');
  });
});
