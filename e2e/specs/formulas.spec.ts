import { expect, test } from '../fixtures.ts';

// Issue 13: every number links to its definition on the formulas page (docs/formulas rendered by the
// app at /formulas), with its source. Runs under the real CSP (fixtures.ts): the rendered markdown
// and its stylesheet must need no inline style or script.
test.describe('the formulas pages', () => {
  test('the footer opens the index, a page link opens its page, an anchor lands on its heading', async ({
    page,
  }) => {
    await page.addInitScript(() => localStorage.setItem('vatio.language', 'en'));
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Formulas and sources' }).click();
    await expect(page).toHaveURL(/\/formulas$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Formulas' })).toBeVisible();
    // The index's table links every page; README links are rewritten to app routes.
    const table = page.locator('.formulas-doc table');
    await expect(table.locator('a[href="/formulas/critical-power"]').first()).toBeVisible();
    await expect(page.locator('.formulas-doc a[href$=".md"]')).toHaveCount(0);
    await expect(page.getByTestId('formulas-not-translated')).toHaveCount(0);

    await table.getByRole('link', { name: 'Power summary and Normalized Power' }).click();
    await expect(page).toHaveURL(/\/formulas\/normalized-power$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Power summary and Normalized Power' }),
    ).toBeVisible();
    await expect(page.locator('h2#normalized-power-np')).toBeVisible();
    // The formula itself, in a code block, and the page's contents beside it.
    await expect(page.locator('.formulas-doc pre').first()).toContainText(
      'NP = ( mean over i of Pᵢ30⁴ )^(1/4)',
    );
    await page.getByRole('navigation').getByRole('link', { name: 'Normalized Power (NP)' }).click();
    await expect(page).toHaveURL(/#normalized-power-np$/);

    // A number's link (analyticsLoadFormat.ts) opened directly: the page scrolls to its heading.
    await page.goto('/formulas/predictive-analysis#predicted-ftp-ftp_trend_prediction');
    const heading = page.locator('#predicted-ftp-ftp_trend_prediction');
    await expect(heading).toBeInViewport();
    await expect(heading).not.toHaveText('');

    await page.getByRole('link', { name: 'All formulas' }).click();
    await expect(page).toHaveURL(/\/formulas$/);
  });

  test('in Spanish a page is in Spanish with the same anchors; one pending translation says so; an unknown page says so', async ({
    page,
  }) => {
    await page.addInitScript(() => localStorage.setItem('vatio.language', 'es'));
    await page.goto('/formulas/training-stress');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Factor de intensidad y puntuación de estrés de entrenamiento',
    );
    await expect(page.getByTestId('formulas-not-translated')).toHaveCount(0);
    // A number's link keeps its English anchor in Spanish (explicit ids on the Spanish headings).
    await page.goto('/formulas/normalized-power#normalized-power-np');
    const np = page.locator('h2#normalized-power-np');
    await expect(np).toHaveText('Potencia normalizada (NP)');
    await expect(np).toBeInViewport();
    // A page still pending translation (formulasPages.ts) is shown in English under a Spanish note.
    await page.goto('/formulas/critical-power');
    await expect(page.getByTestId('formulas-not-translated')).toHaveText(
      'Esta página aún no está traducida: se muestra en inglés.',
    );
    await page.goto('/formulas/no-such-page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('No existe esta página de fórmulas');
  });
});
