import { expect, type Page } from '@playwright/test';
import { readCode } from '../outbox.ts';

export type Contact = { email: string } | { phone: string };

/** The login and signup forms: choose the tab, type the contact, ask for a code. */
export async function requestCode(page: Page, contact: Contact, options: { signup: boolean }) {
  await page.getByTestId('email' in contact ? 'tab-email' : 'tab-phone').click();
  await page.getByTestId('contact-input').fill('email' in contact ? contact.email : contact.phone);
  if (options.signup) await page.getByTestId('terms-checkbox').click();
  const since = Date.now() - 1000;
  await page.getByTestId('send-code').click();
  await expect(page).toHaveURL(/\/auth\/verify-otp$/);
  const to = 'email' in contact ? contact.email : contact.phone.replace(/\s+/g, '');
  return readCode(to, since);
}

export async function typeCode(page: Page, code: string) {
  await page.getByTestId('otp-digit-0').click();
  await page.keyboard.type(code);
}

export async function submitCode(page: Page, code: string) {
  await typeCode(page, code);
  const verify = page.getByTestId('verify-code');
  // Entering the sixth digit may submit on its own; click only when the button is still there to click.
  if (await verify.isEnabled().catch(() => false)) await verify.click().catch(() => {});
}
