import { expect, type Page } from '@playwright/test';

export async function fillProfile(
  page: Page,
  profile: { firstName: string; lastName: string; weightKg: string },
) {
  await expect(page).toHaveURL(/\/onboarding\/profile$/);
  await page.locator('[name=first_name]').fill(profile.firstName);
  await page.locator('[name=last_name]').fill(profile.lastName);
  await page.locator('[name=weight_kg]').fill(profile.weightKg);
  await page.locator('[name=cycling_experience]').selectOption('advanced');
  await page.getByTestId('profile-submit').click();
}

export async function addFirstBike(
  page: Page,
  bike: { name: string; type: 'road' | 'tt' | 'gravel' | 'mountain' },
) {
  await expect(page).toHaveURL(/\/onboarding\/bikes$/);
  await page.locator('[name=name]').fill(bike.name);
  await page.locator('[name=type]').selectOption(bike.type);
  await page.getByTestId('bike-submit').click();
}
