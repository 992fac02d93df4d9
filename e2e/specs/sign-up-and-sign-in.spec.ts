import { expect, test } from '../fixtures.ts';
import { requestCode, submitCode, typeCode } from '../page-models/auth-pages.ts';
import { addFirstBike, fillProfile } from '../page-models/onboarding-pages.ts';
import { readCode } from '../outbox.ts';
import { accessToken } from '../page-models/session.ts';

const WORDS = {
  es: {
    wrongCode: 'El código no es correcto',
    welcome: 'Bienvenido, Ana',
    welcomeBack: 'Bienvenido de nuevo, Ana',
    noData: 'sincroniza',
  },
  en: {
    wrongCode: 'The code is wrong',
    welcome: 'Welcome, Ana',
    welcomeBack: 'Welcome back, Ana',
    noData: 'sync your activities',
  },
} as const;

/** An address of another network (TEST-NET-2, RFC 5737), believed through the e2e server's TRUST_PROXY. */
const OTHER_NETWORK = '198.51.100.23';

for (const language of ['es', 'en'] as const) {
  test(`a new rider signs up by e-mail, onboards, adds a phone, logs out and signs in again by phone (${language})`, async ({
    page,
  }) => {
    const words = WORDS[language];
    await page.addInitScript((lang) => {
      if (!sessionStorage.getItem('vatio.e2e')) {
        localStorage.setItem('vatio.language', lang);
        sessionStorage.setItem('vatio.e2e', '1');
      }
    }, language);
    const email = `e2e-${language}-${Date.now()}@example.org`;
    const phone = language === 'es' ? '+34 611 000 001' : '+44 7700 900001';

    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await page.getByTestId('hero-signup').click();
    await expect(page).toHaveURL(/\/auth\/signup$/);

    const code = await requestCode(page, { email }, { signup: true });
    const wrong = code === '000000' ? '111111' : '000000';
    await submitCode(page, wrong);
    await expect(page.getByRole('alert').filter({ hasText: words.wrongCode })).toBeVisible();
    await submitCode(page, code);

    await fillProfile(page, { firstName: 'Ana', lastName: 'Ruiz', weightKg: '58.5' });
    await addFirstBike(page, { name: 'Tarmac SL7', type: 'road' });
    await expect(page).toHaveURL(/\/dashboard$/);
    // A new rider is welcomed, not welcomed back; the page's language is saved to the settings.
    await expect(page.getByTestId('dashboard-greeting')).toHaveText(words.welcome);
    const token = await accessToken(page);
    const settings = await page.evaluate(async (access) => {
      const response = await fetch('/api/settings', { headers: { authorization: `Bearer ${access}` } });
      return (await response.json()) as { language: string | null };
    }, token);
    expect(settings.language).toBe(language);
    await expect(page.getByTestId('dashboard-empty')).toBeVisible();

    // Issue 16: no token in the page's storage; the refresh token is an HttpOnly, SameSite=Strict
    // cookie for /api/auth only, and a reload signs the rider back in through it.
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(stored).not.toMatch(/token|eyJ/i);
    const cookie = (await page.context().cookies()).find((c) => c.name === 'vatio_refresh');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    expect(await page.evaluate(() => document.cookie)).not.toContain('vatio_refresh');
    await page.reload();
    await expect(page.getByTestId('dashboard-greeting')).toHaveText(words.welcome);

    // The profile lists the bike, and lets the rider add a phone to sign in with.
    await page.goto('/profile');
    await expect(page.getByTestId('bike-list')).toContainText('Tarmac SL7');
    await page.getByTestId('add-phone').click();
    await page.getByTestId('method-contact-input').fill(phone);
    const since = Date.now() - 1000;
    await page.getByTestId('method-send-code').click();
    const linkCode = await readCode(phone.replace(/\s+/g, ''), since);
    await typeCode(page, linkCode);
    await page.getByTestId('method-verify').click();
    await expect(page.getByTestId('method-phone')).toHaveText(phone.replace(/\s+/g, ''));

    await page.getByTestId('sign-out').click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth\/login$/);

    // A contact gets at most one code a minute from one address (tested in the server suite): the
    // rider signs in again from another network, as after a ride, rather than waiting out the minute.
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': OTHER_NETWORK });
    const signInCode = await requestCode(page, { phone }, { signup: false });
    await submitCode(page, signInCode);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('dashboard-greeting')).toHaveText(words.welcomeBack);
  });
}

test('signed-out visitors are sent to login, and a verify screen without a contact goes back to login', async ({
  page,
}) => {
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.goto('/auth/verify-otp');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('an unknown address shows the not-found page with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('404')).toBeVisible();
  await page
    .getByRole('link', { name: /home|inicio/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/$/);
});

test('the landing bar keeps its badge clear of the language selector, at 390 and 1280 px, in Spanish', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByTestId('language-switcher').selectOption('es');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    const badge = page.getByTestId('landing-nav').getByText('Análisis avanzado');
    if (!(await badge.isVisible())) continue;
    const badgeBox = await badge.boundingBox();
    const switcherBox = await page.getByTestId('language-switcher').boundingBox();
    expect(badgeBox!.x + badgeBox!.width).toBeLessThanOrEqual(switcherBox!.x);
  }
  await page.setViewportSize({ width: 1280, height: 844 });
  await expect(page.getByTestId('landing-nav').getByText('Análisis avanzado')).toBeVisible();
});

test('the landing bar gains a shadow after scrolling and the scroll-to-top button appears after 400 px', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByTestId('scroll-to-top')).toHaveCount(0);
  await expect(page.getByTestId('landing-nav')).not.toHaveClass(/shadow-md/);
  await page.evaluate(() => window.scrollTo(0, 1200));
  await expect(page.getByTestId('scroll-to-top')).toBeVisible();
  await expect(page.getByTestId('landing-nav')).toHaveClass(/shadow-md/);
  await page.getByTestId('scroll-to-top').click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(50);
});
