import { expect, test } from '../fixtures.ts';

// Issue 13: /analytics is public; signed out it shows the built-in example rider, labelled as such,
// with a sign-up call to action (the e2e server generates a short example plan: EXAMPLE_RIDER_DAYS).
test.describe('the public example rider', () => {
  for (const [lang, words] of [
    [
      'en',
      {
        banner: 'these are not your numbers',
        signUp: 'Sign up free',
        panel: 'Performance panel',
        ftp: 'set by the example rider',
        table: "The example rider's profile does not say",
      },
    ],
    [
      'es',
      {
        banner: 'no son tus números',
        signUp: 'Regístrate gratis',
        panel: 'Panel de Rendimiento',
        ftp: 'configurado por el ciclista de ejemplo',
        table: 'El perfil del ciclista de ejemplo no indica',
      },
    ],
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
      // The example's FTP is the example rider's, never "set by you"; its W/kg names the men's table,
      // assumed because the example's profile does not say.
      await expect(page.getByTestId('metric-ftp').getByTestId('ftp-source')).toHaveText(words.ftp);
      await page.getByTestId('panel-tab-climbing').click();
      await expect(
        page.getByTestId('metric-power_to_weight').getByTestId('profile-table-note'),
      ).toContainText(words.table);
      await expect(page.getByTestId('training-load-card')).toBeVisible();
      await page.getByTestId('example-signup').click();
      await expect(page).toHaveURL(/\/auth\/signup$/);
    });
  }
});
