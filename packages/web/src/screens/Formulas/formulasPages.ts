// The markdown of docs/formulas, bundled at build time: one lazy chunk per page, loaded when the
// page is opened (the landing page ships none of it).
const files = import.meta.glob<string>('../../../../../docs/formulas/*.md', {
  query: '?raw',
  import: 'default',
});

const nameOf = (path: string) => /([\w-]+)\.md$/.exec(path)?.[1] ?? path;

const loaders = new Map(Object.entries(files).map(([path, load]) => [nameOf(path), load]));

/** The page's markdown (`README` is the index), or null for a page that does not exist. */
export function loadFormulaMarkdown(page: string): Promise<string> | null {
  return loaders.get(page)?.() ?? null;
}

/** Every page name, for tests and links. */
export const FORMULA_PAGES = [...loaders.keys()];
