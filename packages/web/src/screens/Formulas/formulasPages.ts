// The markdown of docs/formulas, bundled at build time: one lazy chunk per page, loaded when the
// page is opened (the landing page ships none of it). English pages are docs/formulas/<page>.md;
// their Spanish twins are docs/formulas/es/<page>.md, with the same heading anchors (explicit
// `{#id}` on each heading), so every `/formulas/<page>#anchor` link lands in either language.
const english = import.meta.glob<string>('../../../../../docs/formulas/*.md', {
  query: '?raw',
  import: 'default',
});
const spanish = import.meta.glob<string>('../../../../../docs/formulas/es/*.md', {
  query: '?raw',
  import: 'default',
});

const nameOf = (path: string) => /([\w-]+)\.md$/.exec(path)?.[1] ?? path;

const loaders = {
  en: new Map(Object.entries(english).map(([path, load]) => [nameOf(path), load])),
  es: new Map(Object.entries(spanish).map(([path, load]) => [nameOf(path), load])),
};

/**
 * English pages with no Spanish twin yet: in Spanish they show in English under a note that says so.
 * Every page has its twin now; a new English page gets its docs/formulas/es twin, or is listed here
 * until it has one (formulasTranslations.test.ts fails on a twin missing outside this list, and on a
 * page listed here that has one).
 */
export const FORMULA_PAGES_PENDING_TRANSLATION: readonly string[] = [];

export type FormulaLanguage = keyof typeof loaders;

/** A page's markdown and the language it is written in (English when the language has no twin). */
export interface FormulaMarkdown {
  markdown: string;
  language: FormulaLanguage;
}

/**
 * The page's markdown in the UI language, falling back to English (`README` is the index), or null
 * for a page that does not exist.
 */
export function loadFormulaMarkdown(page: string, language = 'en'): Promise<FormulaMarkdown> | null {
  const lang: FormulaLanguage = language === 'es' ? 'es' : 'en';
  const own = loaders[lang].get(page);
  if (own) return own().then((markdown) => ({ markdown, language: lang }));
  const fallback = loaders.en.get(page);
  return fallback ? fallback().then((markdown) => ({ markdown, language: 'en' as const })) : null;
}
