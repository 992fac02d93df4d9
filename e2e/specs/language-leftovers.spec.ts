import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, test } from '../fixtures.ts';
import { loadDemoRidesByApi } from '../page-models/dashboard-pages.ts';
import { signUpAndOnboard } from '../page-models/rider.ts';
import { untilQuiet, watchRequests } from '../page-models/quiet.ts';
import { steady } from '../page-models/steady.ts';

// Issue 25 §7: every screen in the rider's language. A rider in Spanish visits every main screen
// (and every tab of it) and the visible text must hold no decimal point, no ISO date and none of the
// English words that used to leak through (uPlot's "Time", "(Performance panel)"…). Chart axes are
// drawn on canvas, out of the DOM: UPlotChart writes what it drew into `data-axis-text`, read here.
// Then the same rider switches to English and the screens must hold no Spanish leftover.

const LOCALES = join(import.meta.dirname, '../../packages/web/src/i18n/locales');

/** English words that must not appear on a Spanish screen (whole words, case as written). */
const ENGLISH_LEFTOVERS = [
  'Time',
  'Value',
  'Performance panel',
  'Power',
  'Heart rate',
  'Distance',
  'Duration',
  'Speed',
  'Cadence',
  'Elevation',
  'Loading',
  'Date',
  'Week',
  'Today',
  'Yesterday',
  'Jan',
  'Feb',
  'Apr',
  'Aug',
  'Oct',
  'Dec',
  'Mon',
  'Tue',
  'Wed',
  'Thu',
  'Fri',
  'Sat',
  'Sun',
  'AM',
  'PM',
];

/** Spanish words that must not appear on an English screen. */
const SPANISH_LEFTOVERS = [
  'Potencia',
  'potencia',
  'Distancia',
  'Duración',
  'Velocidad',
  'Cadencia',
  'Tiempo',
  'Cargando',
  'Frecuencia cardiaca',
  'Semana',
  'semanas',
  'Hoy',
  'Fecha',
  'Desnivel',
  'Rendimiento',
];

/**
 * What may legitimately hold a decimal point or a dash date, removed before the checks: e-mail
 * addresses, URLs and host names, and version strings (1.2.3). Kept short on purpose.
 */
const EXCLUSIONS = [
  /\S+@\S+\.\S+/g,
  /\bhttps?:\/\/\S+/g,
  /\b\d+\.\d+\.\d+(?:[-+.][\w.]+)?\b/g,
  /\b127\.0\.0\.1(?::\d+)?/g,
];

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const wholeWord = (word: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(word)}(?![\\p{L}\\p{N}])`, 'u');

/** The screen's visible text and the text its charts drew on canvas (formula code blocks aside). */
async function screenText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const hidden: HTMLElement[] = [];
    // Formulas in code blocks are notation (as in a spreadsheet), not prose: 0.95 × P20 stays; and
    // the titles of cited works (italics on the formulas pages) keep their language: *Training and
    // Racing with a Power Meter*.
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('pre, code, .formulas-doc em'))) {
      hidden.push(el);
      el.dataset.i18nCheckDisplay = el.style.display;
      el.style.display = 'none';
    }
    const text = document.body.innerText;
    for (const el of hidden) el.style.display = el.dataset.i18nCheckDisplay ?? '';
    const axes = Array.from(document.querySelectorAll<HTMLElement>('[data-axis-text]')).map(
      (el) => el.dataset.axisText ?? '',
    );
    // SVG charts (sparklines, the comparative charts) write their labels as <text>.
    const svg = Array.from(document.querySelectorAll('svg text')).map((el) => el.textContent ?? '');
    return [text, ...axes, ...svg].join('\n');
  });
}

interface Finding {
  screen: string;
  problem: string;
  context: string;
}

function findProblems(screen: string, raw: string, language: 'es' | 'en'): Finding[] {
  let text = raw;
  for (const pattern of EXCLUSIONS) text = text.replace(pattern, ' ');
  const found: Finding[] = [];
  const report = (problem: string, index: number) =>
    found.push({
      screen,
      problem,
      context: text.slice(Math.max(0, index - 40), index + 40).replace(/\s+/g, ' '),
    });
  for (const m of text.matchAll(/\b\d{4}-\d{2}-\d{2}\b/g)) report(`ISO date ${m[0]}`, m.index);
  if (language === 'es') {
    for (const m of text.matchAll(/\d\.\d/g)) report(`decimal point ${m[0]}`, m.index);
    for (const word of ENGLISH_LEFTOVERS) {
      const m = wholeWord(word).exec(text);
      if (m) report(`English "${word}"`, m.index);
    }
  } else {
    for (const word of SPANISH_LEFTOVERS) {
      const m = wholeWord(word).exec(text);
      if (m) report(`Spanish "${word}"`, m.index);
    }
  }
  return found;
}

/** Waits for the screen to settle: every request answered, no spinner, no "Loading…" left, charts drawn. */
async function settle(page: Page) {
  await untilQuiet(page);
  // A screen's code arrives after the requests for it are answered (compiled off the main thread):
  // meanwhile its "Cargando…"/"Loading…" placeholder stands, a status that is no skeleton (issue 27).
  await expect(
    page.locator(
      '[role="status"][aria-busy="true"], .animate-pulse, [role="status"]:text-matches("^(Cargando|Loading)")',
    ),
  ).toHaveCount(0, { timeout: 30_000 });
  await steady(page);
}

/** Screens to photograph when I18N_SHOTS names a folder (for a person to look at, 1280 and 390 px). */
const SHOTS = process.env.I18N_SHOTS;
const SHOT_SCREENS = new Set([
  '/dashboard',
  '/analytics',
  '/analytics/advanced',
  'a ride',
  '/bikes › performance',
  '/formulas/normalized-power',
]);

async function shoot(page: Page, name: string, language: 'es' | 'en') {
  if (!SHOTS || !SHOT_SCREENS.has(name)) return;
  const file = name.replace(/[^\w]+/g, '_').replace(/^_|_$/g, '');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
    await steady(page);
    await page.screenshot({ path: join(SHOTS, `${file}-${width}-${language}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** Checks the screen, then each of its tabs in turn. */
async function checkScreen(page: Page, name: string, language: 'es' | 'en', findings: Finding[]) {
  await settle(page);
  findings.push(...findProblems(name, await screenText(page), language));
  await shoot(page, name, language);
  const tabs = page.locator('main [role="tab"]');
  const count = await tabs.count();
  for (let i = 0; i < count; i++) {
    const tab = tabs.nth(i);
    if (!(await tab.isVisible())) continue;
    const label = (await tab.innerText()).trim();
    await tab.click();
    await settle(page);
    findings.push(...findProblems(`${name} › ${label}`, await screenText(page), language));
  }
}

/** Spanish pages of docs/formulas (those still pending translation show English by design). */
const TRANSLATED_FORMULA_PAGE = 'normalized-power';

async function visitEverything(page: Page, language: 'es' | 'en'): Promise<Finding[]> {
  const findings: Finding[] = [];
  const visit = async (path: string, name = path) => {
    await page.goto(path);
    await checkScreen(page, name, language, findings);
  };
  for (const path of [
    '/dashboard',
    '/dashboard/cycling',
    '/dashboard/narrative',
    '/dashboard/health',
    '/dashboard/responsive',
    '/activities',
    '/activities/sync',
    '/analytics',
    '/analytics/predictive',
    '/analytics/comparative',
    '/analytics/advanced',
    '/analytics/aero-lab',
    '/fitting',
    '/sync',
    '/profile',
    '/settings',
    '/formulas',
    `/formulas/${TRANSLATED_FORMULA_PAGE}`,
  ])
    await visit(path);

  // A ride: the most recent one of the list.
  await page.goto('/activities');
  const ride = page.getByTestId('activity-card').first().getByRole('link').first();
  await expect(ride).toBeVisible();
  await ride.click();
  await expect(page).toHaveURL(/\/activities\/[\w-]+$/);
  await checkScreen(page, 'a ride', language, findings);

  // Bikes and each tab of the primary bike (Rendimiento among them).
  await page.goto('/bikes');
  await expect(page.getByTestId('bike-detail')).toBeVisible();
  for (const tab of ['overview', 'performance', 'components', 'maintenance']) {
    await page.getByTestId(`bike-tab-${tab}`).click();
    await settle(page);
    findings.push(...findProblems(`/bikes › ${tab}`, await screenText(page), language));
    await shoot(page, `/bikes › ${tab}`, language);
    if (tab === 'performance') {
      // The canvas text is checked through the DOM: the trend chart's axes (dates, speeds) are there.
      const axes = page.getByTestId('bike-speed-trend');
      await expect(axes).toHaveAttribute('data-axis-text', /\d/);
      if (SHOTS) console.log(language, 'bike speed axes:', await axes.getAttribute('data-axis-text'));
    }
  }
  return findings;
}

test.describe('every screen in the rider language', () => {
  test('the Spanish copy holds none of the English words the screens are checked for', () => {
    const dir = join(LOCALES, 'es');
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      const text = readFileSync(join(dir, file), 'utf8');
      for (const word of ENGLISH_LEFTOVERS) {
        expect.soft(wholeWord(word).test(text), `${file} contains "${word}"`).toBe(false);
      }
    }
    const en = join(LOCALES, 'en');
    for (const file of readdirSync(en).filter((f) => f.endsWith('.json'))) {
      const text = readFileSync(join(en, file), 'utf8');
      for (const word of SPANISH_LEFTOVERS)
        expect.soft(wholeWord(word).test(text), `${file} contains "${word}"`).toBe(false);
    }
  });

  test('a Spanish rider reads every screen without a decimal point, an ISO date or an English word; in English, no Spanish word', async ({
    page,
  }) => {
    test.setTimeout(600_000);
    watchRequests(page);
    await signUpAndOnboard(page, `language-${Date.now()}@example.org`, 'es');
    await loadDemoRidesByApi(page);

    const spanish = await visitEverything(page, 'es');
    expect.soft(spanish, JSON.stringify(spanish, null, 1)).toEqual([]);

    await page.goto('/settings');
    await page.getByTestId('language-switcher').first().selectOption('en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const english = await visitEverything(page, 'en');
    expect(english, JSON.stringify(english, null, 1)).toEqual([]);
  });
});
