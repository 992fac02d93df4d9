import { expect, test } from '../fixtures.ts';

// Issue 13: /analytics is public; signed out it shows the built-in example rider, labelled as such,
// with a sign-up call to action (the e2e server generates a short example plan: EXAMPLE_RIDER_DAYS).
test.describe('the public example rider', () => {
  for (const [lang, words] of [
    ['en', { banner: 'these are not your numbers', signUp: 'Sign up free', panel: 'Performance panel' }],
    ['es', { banner: 'no son tus números', signUp: 'Regístrate gratis', panel: 'Panel de Rendimiento' }],
  ] as const) {
    test(`signed out, /analytics shows the example with a banner and a sign-up link (${lang})`, async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await page.addInitScript((language) => localStorage.setItem('vatio.language', language), lang);
      await page.goto('/analytics');
      // Either still preparing (polling) or already the example's panel; the banner shows in both.
      await expect(page.getByTestId('example-banner')).toContainText(words.banner);
      await expect(page.getByTestId('example-signup')).toHaveText(words.signUp);
      await expect(page.getByTestId('example-preparing')).toBeHidden({ timeout: 150_000 });
      await expect(page.getByRole('heading', { name: words.panel })).toBeVisible();
      await expect(page.getByTestId('training-load-card')).toBeVisible();
      await page.getByTestId('example-signup').click();
      await expect(page).toHaveURL(/\/auth\/signup$/);
    });
  }
});
