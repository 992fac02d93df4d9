import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../fixtures.ts';
import { apiCall } from '../page-models/aero-lab-pages.ts';
import { signUpAndOnboard } from '../page-models/rider.ts';

// Real ride files from public repositories, read in place (never copied into the project): the two
// tests that upload one are skipped, and say so, where the shared corpus is absent.
const FIXTURES =
  process.env.VATIO_FIXTURES ?? join(import.meta.dirname, '../../../shared/fixtures/activities');
const skipWithout = (file: string) => {
  const present = existsSync(join(FIXTURES, file));
  if (!present)
    console.warn(`[e2e] ride fixture ${file} not found in ${FIXTURES}: its phone-width test is skipped`);
  test.skip(!present, `ride fixture ${file} not found in ${FIXTURES}`);
};

// A real export whose ride name is long ("Rose X-Lite CRS Force – Do., 18. Apr. 2019, 16:12").
const LONG_NAME_GPX = 'urban-biker-app-1h04-hr-cadence-no-power.gpx';

test('on a 390 px phone the aero lab stays within the screen with a long ride name in its picker', async ({
  page,
}) => {
  skipWithout(LONG_NAME_GPX);
  test.setTimeout(180_000);
  await signUpAndOnboard(page, `phone-${Date.now()}@example.org`);
  await page.goto('/activities');
  await page.getByTestId('upload-input').setInputFiles([
    {
      name: LONG_NAME_GPX,
      mimeType: 'application/gpx+xml',
      buffer: readFileSync(join(FIXTURES, LONG_NAME_GPX)),
    },
  ]);
  // Generous: on a busy two-core machine the import queue can take a while.
  await expect(page.getByTestId('activity-card')).toHaveCount(1, { timeout: 120_000 });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/analytics/aero-lab');
  await expect(page.getByTestId('aero-ride-list')).toContainText('Rose X-Lite');
  // Before the fix the picker's card was 475 px wide: the page scrolled sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('on a 390 px phone the profile shows the whole sign-in e-mail, in Spanish beside its button', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = `phone-profile-${Date.now()}@example.org`;
  await signUpAndOnboard(page, email, 'es');
  await apiCall(page, 'PUT', '/profile', {
    first_name: 'Ana',
    last_name: 'García Fernández-Villaverde',
    weight_kg: 64,
    cycling_experience: 'advanced',
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/profile');
  // Before the fix the header read 'Ana García Fernández-Vil…': the rider's own name was cut.
  const name = page.getByTestId('profile-name');
  await expect(name).toHaveText('Ana García Fernández-Villaverde');
  expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  const shown = page.getByTestId('method-email');
  await expect(shown).toHaveText(email);
  // Before the fix it read 'phone-profile-17…' beside 'Cambiar': the address itself was cut.
  expect(await shown.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('on a 390 px phone the fitting page shows its labels and the measurement history whole, in Spanish', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpAndOnboard(page, `phone-fit-${Date.now()}@example.org`, 'es');
  const bikes = await apiCall<{ id: string }[]>(page, 'GET', '/bikes');
  await apiCall(page, 'POST', '/fitting/measurements', {
    measured_on: '2026-11-01',
    height_cm: 172,
    weight_kg: 68.5,
    inseam_cm: 85,
  });
  await apiCall(page, 'POST', '/fitting/positions', {
    bike_id: bikes[0]!.id,
    name: 'Road',
    fit_date: '2026-11-01',
    saddle_height_mm: 745,
    knee_angle_min_deg: 33,
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/fitting');
  const history = page.getByTestId('measurement-history');
  await expect(history).toContainText('Entrepierna 85,0 cm');
  await expect(page.getByTestId('position')).toContainText('Flexión de rodilla, abajo');
  // Before the fix the history line read 'Altura …' and the label 'Flexión de rodilla, a…'.
  const cut = await page.evaluate(() =>
    Array.from(document.querySelectorAll('[data-testid="measurements-card"] *, [data-testid="position"] *'))
      .filter((el) => el.children.length === 0 && el.scrollWidth > el.clientWidth + 1)
      .map((el) => el.textContent),
  );
  expect(cut).toEqual([]);
});

test('on a 390 px phone a bike’s efficiency is shown whole inside its tile, in Spanish', async ({ page }) => {
  // A flat outdoor ride with power (507 m over 56.6 km): the one kind the efficiency counts.
  const srm = 'srm-road-1h55-power-pedal-dynamics-no-laps.fit';
  skipWithout(srm);
  test.setTimeout(180_000);
  await signUpAndOnboard(page, `phone-bike-${Date.now()}@example.org`, 'es');
  await page.goto('/activities');
  await page
    .getByTestId('upload-input')
    .setInputFiles([
      { name: srm, mimeType: 'application/octet-stream', buffer: readFileSync(join(FIXTURES, srm)) },
    ]);
  await expect(page.getByTestId('activity-card')).toHaveCount(1, { timeout: 120_000 });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/bikes');
  const tile = page
    .getByTestId('bike-detail')
    .locator('div.rounded-lg', { has: page.getByText('Eficiencia', { exact: true }) });
  await expect(tile).toContainText('km/h/(W/kg)');
  // Before the fix '…km/h/(W/k' ran past the tile's right edge, on one line.
  const value = tile.locator('p').nth(1);
  const [tileBox, valueBox] = [await tile.boundingBox(), await value.boundingBox()];
  expect(valueBox!.x + valueBox!.width).toBeLessThanOrEqual(tileBox!.x + tileBox!.width);
  expect(await value.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
});
