// The formulas pages (docs/formulas/*.md) as HTML, for /formulas and /formulas/:page (issue 13: every
// number links to its definition, with its source). Pure: no React, no DOM, so it is unit-tested alone.
//
// The markdown is ours and read at build time (formulasPages.ts), so the HTML is trusted; it carries
// no inline style or script (tables align with the `align` attribute), which the strict CSP requires.
import { Marked, type Tokens } from 'marked';

/** Where the pages are served in the app. */
export const FORMULAS_PATH = '/formulas';

/**
 * GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens; a repeated heading
 * gets -1, -2… (github-slugger). The app's links (analyticsLoadFormat.ts) and GitHub's rendering of
 * docs/formulas use the same anchors, so a link works in both places.
 */
export function githubSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** A heading's text as GitHub slugs it: the visible words, without markdown markup. */
function headingText(raw: string): string {
  return raw.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/<[^>]+>/g, '');
}

/**
 * A link between formula pages (`critical-power.md#x`, `README.md`, `../critical-power.md` from a
 * Spanish page) to its route in the app
 * (`/formulas/critical-power#x`, `/formulas`); any other link is left as it is.
 */
export function formulasHref(href: string): string {
  // `../page.md` is how a Spanish page (docs/formulas/es) links to a page not translated yet.
  const match = /^(?:\.\.?\/)?([\w-]+)\.md(#.*)?$/.exec(href);
  if (!match) return href;
  const [, page, hash = ''] = match;
  return `${page === 'README' ? FORMULAS_PATH : `${FORMULAS_PATH}/${page}`}${hash}`;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface FormulaPage {
  /** The first heading: the page's title. */
  title: string;
  html: string;
  /** Every heading's anchor, in page order. */
  anchors: string[];
  /** The page's sections (level-2 headings), for its table of contents. */
  sections: { id: string; title: string }[];
}

/**
 * An explicit anchor at the end of a heading, `## Potencia normalizada {#normalized-power-np}`: the
 * Spanish twin of a page keeps the English page's anchors, so links from the app and between pages
 * land in both languages. The braces are dropped from the heading's text.
 */
const EXPLICIT_ID = /\s*\{#([\w-]+)\}\s*$/;

/** One formulas page to HTML, with GitHub's heading ids and links rewritten to the app's routes. */
export function renderFormulaPage(markdown: string): FormulaPage {
  const seen = new Map<string, number>();
  const anchors: string[] = [];
  const sections: FormulaPage['sections'] = [];
  let title = '';
  const marked = new Marked({ gfm: true, async: false });
  marked.use({
    renderer: {
      heading({ tokens, depth, text }: Tokens.Heading) {
        const explicit = EXPLICIT_ID.exec(text)?.[1];
        const plain = headingText(text.replace(EXPLICIT_ID, ''));
        const base = explicit ?? githubSlug(plain);
        const count = seen.get(base) ?? 0;
        seen.set(base, count + 1);
        const id = explicit ?? (count === 0 ? base : `${base}-${count}`);
        anchors.push(id);
        const words = plain.replace(/[`*]/g, '');
        if (!title && depth === 1) title = words;
        if (depth === 2) sections.push({ id, title: words });
        const inner = this.parser.parseInline(tokens).replace(EXPLICIT_ID, '');
        return `<h${depth} id="${escapeAttribute(id)}">${inner}</h${depth}>\n`;
      },
      link({ href, title: linkTitle, tokens }: Tokens.Link) {
        const target = formulasHref(href);
        const external = /^https?:\/\//.test(target);
        const attributes = [
          `href="${escapeAttribute(target)}"`,
          linkTitle ? `title="${escapeAttribute(linkTitle)}"` : '',
          external ? 'rel="noopener noreferrer" target="_blank"' : '',
        ].filter(Boolean);
        return `<a ${attributes.join(' ')}>${this.parser.parseInline(tokens)}</a>`;
      },
    },
  });
  const html = marked.parse(markdown) as string;
  return { title, html, anchors, sections };
}
