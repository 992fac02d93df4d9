import { expect, test } from '../fixtures.ts';
import { signUpAndOnboard } from '../page-models/rider.ts';
import { E2E_TILE_ATTRIBUTION, E2E_TILE_PORT } from '../playwright.config.ts';

/** A 20-minute loop north of Madrid at 1 Hz, as a GPX file (position and time only). */
function loopGpx(): Buffer {
  const start = Date.parse('2025-05-10T08:00:00Z');
  const points: string[] = [];
  for (let s = 0; s < 1200; s++) {
    const angle = (2 * Math.PI * s) / 1200;
    const lat = 40.5 + 0.02 * Math.sin(angle);
    const lon = -3.7 + 0.03 * Math.cos(angle);
    const time = new Date(start + s * 1000).toISOString();
    points.push(`<trkpt lat="${lat.toFixed(6)}" lon="${lon.toFixed(6)}"><time>${time}</time></trkpt>`);
  }
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="vatio-e2e" xmlns="http://www.topografix.com/GPX/1/1">
<trk><name>Map loop</name><type>cycling</type><trkseg>${points.join('\n')}</trkseg></trk>
</gpx>`,
  );
}

test('the ride map draws the tiles of the configured tile server under the route, with its attribution', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const tileOrigin = `http://127.0.0.1:${E2E_TILE_PORT}/`;
  const tileResponses: number[] = [];
  page.on('response', (response) => {
    if (response.url().startsWith(tileOrigin)) tileResponses.push(response.status());
  });

  await signUpAndOnboard(page, `maps-${Date.now()}@example.org`);
  await page.goto('/activities');
  await page
    .getByTestId('upload-input')
    .setInputFiles([{ name: 'map-loop.gpx', mimeType: 'application/gpx+xml', buffer: loopGpx() }]);
  const card = page.getByTestId('activity-card');
  // Generous: on a busy two-core machine the import queue can take a while.
  await expect(card).toHaveCount(1, { timeout: 120_000 });
  await card.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/activities\/[0-9a-f-]+$/);

  const map = page.getByTestId('ride-map');
  await expect(map).toBeVisible({ timeout: 20_000 });
  // The loop is 0.06° wide: zoom 12 or 13 depending on the map's width (never the plain map).
  await expect(map).toHaveAttribute('data-tile-zoom', /^1[23]$/);
  const tiles = map.getByTestId('map-tile');
  expect(await tiles.count()).toBeGreaterThan(0);
  for (const href of await tiles.evaluateAll((images) => images.map((i) => i.getAttribute('href') ?? ''))) {
    expect(href).toMatch(new RegExp(`^${tileOrigin}1[23]/\\d+/\\d+\\.svg$`));
  }
  await expect.poll(() => tileResponses.filter((status) => status === 200).length).toBeGreaterThan(0);
  expect(tileResponses.every((status) => status === 200)).toBe(true);
  await expect(page.getByTestId('map-attribution')).toHaveText(E2E_TILE_ATTRIBUTION);
  // The track and its start and finish are drawn over the tiles.
  await expect(map.locator('path').first()).toBeVisible();
  await expect(map.locator('circle')).toHaveCount(2);
});
