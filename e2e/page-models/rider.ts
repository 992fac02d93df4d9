import { expect, type Page } from '@playwright/test';
import { requestCode, submitCode } from './auth-pages.ts';
import { addFirstBike, fillProfile } from './onboarding-pages.ts';

/** A new rider signs up by e-mail and completes onboarding; ends on /dashboard. */
export async function signUpAndOnboard(page: Page, email: string, language: 'es' | 'en' = 'en') {
  await page.addInitScript((lang) => {
    if (!localStorage.getItem('vatio.language')) localStorage.setItem('vatio.language', lang);
  }, language);
  await page.goto('/auth/signup');
  const code = await requestCode(page, { email }, { signup: true });
  await submitCode(page, code);
  await fillProfile(page, { firstName: 'Rita', lastName: 'Vega', weightKg: '64' });
  await addFirstBike(page, { name: 'Emonda', type: 'road' });
  await expect(page).toHaveURL(/\/dashboard$/);
}
