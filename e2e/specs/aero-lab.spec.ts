import { join } from 'node:path';
import { expect, test } from '../fixtures.ts';
import { apiCall } from '../page-models/aero-lab-pages.ts';
import { loadDemoRidesByApi } from '../page-models/dashboard-pages.ts';
import { signUpAndOnboard } from '../page-models/rider.ts';

const SHOTS = join(import.meta.dirname, '../../docs/screenshots/aero-lab');

test.describe('the aero lab', () => {
  test('a new rider loads the demo, opens the lab on a ride, drags CdA, fits automatically and saves to the bike', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await signUpAndOnboard(page, `aero-lab-${Date.now()}@example.org`, 'en');
    await loadDemoRidesByApi(page);

    // An outdoor demo ride, on the rider's bike (the onboarding's first bike).
    const { activities } = await apiCall<{
      activities: { id: string; type: string; bike_id: string | null }[];
    }>(page, 'GET', '/activities?limit=20');
    const ride = activities.find((a) => a.type === 'Ride')!;
    const bikes = await apiCall<{ id: string; is_primary: boolean }[]>(page, 'GET', '/bikes');
    const bikeId = ride.bike_id ?? bikes.find((b) => b.is_primary)!.id;
    if (ride.bike_id === null) await apiCall(page, 'PUT', `/activities/${ride.id}`, { bike_id: bikeId });

    await page.goto(`/analytics/aero-lab?activity=${ride.id}`);
    await expect(page.getByRole('heading', { name: 'Aero lab' })).toBeVisible();
    await expect(page.getByTestId('aero-lab-chart').locator('canvas')).toBeVisible();
    const rmse = page.getByTestId('aero-rmse');
    await expect(rmse).toContainText(' m');
    const before = await rmse.textContent();

    // Dragging CdA redraws the curve in the browser: the RMSE moves, and it is the server's for the
    // same values.
    await page.locator('#aero-cda').fill('0.6');
    await expect(page.getByTestId('aero-cda-value')).toHaveText('0.600 m²');
    await expect(rmse).not.toHaveText(before!);
    const crr = Number(await page.locator('#aero-crr').inputValue());
    const mass = Number(await page.locator('#aero-mass').inputValue());
    const server = await apiCall<{ rmse_m: number }>(page, 'POST', `/activities/${ride.id}/aero-fit`, {
      cda_m2: 0.6,
      crr,
      mass_kg: mass,
      wind_mps: 0,
    });
    await expect(rmse).toHaveText(`${server.rmse_m.toFixed(2)} m`);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: join(SHOTS, 'aero-lab-en-1280.png'), fullPage: true });

    // Fit automatically: the server's least-squares CdA and Crr, and a closer profile.
    await page.getByTestId('aero-fit').click();
    await expect(page.getByTestId('aero-fit-result')).toContainText('R²');
    await expect(page.getByTestId('aero-cda-value')).not.toHaveText('0.600 m²');
    const fitted = Number((await rmse.textContent())!.replace(/[^\d.]/g, ''));
    expect(fitted).toBeLessThan(Number(server.rmse_m.toFixed(2)));

    // Save to the bike.
    await page.getByTestId('aero-save').click();
    await expect(page.getByTestId('aero-saved')).toContainText('CdA');
    const bike = await apiCall<{ cda_m2: number | null; aero_activity_id: string | null }>(
      page,
      'GET',
      `/bikes/${bikeId}`,
    );
    expect(bike.cda_m2).not.toBeNull();
    expect(bike.aero_activity_id).toBe(ride.id);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(SHOTS, 'aero-lab-en-390.png'), fullPage: true });

    // Spanish: the rider switches the language; the same screen in words of the other language.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByTestId('language-switcher').first().selectOption('es');
    await expect(page.getByRole('heading', { name: 'Laboratorio aerodinámico' })).toBeVisible();
    await expect(page.getByTestId('aero-lab-chart').locator('canvas')).toBeVisible();
    await expect(page.getByTestId('aero-rmse')).toContainText(' m');
    await page.screenshot({ path: join(SHOTS, 'aero-lab-es-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(SHOTS, 'aero-lab-es-390.png'), fullPage: true });
  });
});
