import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, test } from '../fixtures.ts';
import { loadDemoRidesByApi } from '../page-models/dashboard-pages.ts';
import { signUpAndOnboard } from '../page-models/rider.ts';
import { accessToken } from '../page-models/session';

const SHOTS = join(import.meta.dirname, '../../docs/screenshots/live');

/**
 * A stand-in for `navigator.bluetooth` with three sensors that notify real GATT-format values every
 * 250 ms (Bluetooth SIG layouts, as packages/web/src/screens/Live/gatt.ts reads them):
 * Cycling Power Measurement 0x2A63 (flags 0x0020: crank revolution data; power 240–260 W; a crank
 * revolution every 2/3 s, 90 rpm), Heart Rate Measurement 0x2A37 (flags 0: uint8 bpm 150) and CSC
 * Measurement 0x2A5B (flags 0x03: wheel and crank; 4 wheel revolutions a second, 1/1024 s clock).
 */
function fakeBluetooth() {
  const services = new Map<number, { name: string; characteristic: number; value: (k: number) => number[] }>([
    [
      0x1818,
      {
        name: 'Fake Power 1818',
        characteristic: 0x2a63,
        value: (k) => {
          const power = 240 + (k % 5) * 5;
          const crankRevs = Math.floor((k * 0.25 * 90) / 60);
          const crankTicks = Math.round(((crankRevs * 60) / 90) * 1024) % 0x10000;
          return [
            0x20,
            0x00,
            power & 0xff,
            power >> 8,
            crankRevs & 0xff,
            crankRevs >> 8,
            crankTicks & 0xff,
            crankTicks >> 8,
          ];
        },
      },
    ],
    [0x180d, { name: 'Fake HRM 180D', characteristic: 0x2a37, value: () => [0x00, 150] }],
    [
      0x1816,
      {
        name: 'Fake CSC 1816',
        characteristic: 0x2a5b,
        value: (k) => {
          const wheelRevs = k; // a revolution every 250 ms
          const wheelTicks = (k * 256) % 0x10000;
          return [0x01, wheelRevs & 0xff, (wheelRevs >> 8) & 0xff, 0, 0, wheelTicks & 0xff, wheelTicks >> 8];
        },
      },
    ],
  ]);
  class FakeCharacteristic extends EventTarget {
    value: DataView | null = null;
    constructor(private readonly make: (k: number) => number[]) {
      super();
    }
    async startNotifications() {
      let k = 0;
      setInterval(() => {
        this.value = new DataView(Uint8Array.from(this.make(k++)).buffer);
        this.dispatchEvent(new Event('characteristicvaluechanged'));
      }, 250);
      return this;
    }
  }
  const bluetooth = {
    async requestDevice(options: { filters: { services: number[] }[] }) {
      const uuid = options.filters[0]!.services[0]!;
      const spec = services.get(uuid)!;
      const device = new EventTarget() as EventTarget & { name: string; gatt: unknown };
      device.name = spec.name;
      device.gatt = {
        connect: async () => ({
          getPrimaryService: async () => ({
            getCharacteristic: async (c: number) => {
              if (c !== spec.characteristic) throw new Error('no such characteristic');
              return new FakeCharacteristic(spec.value);
            },
          }),
          disconnect() {},
        }),
        disconnect() {},
      };
      return device;
    },
  };
  Object.defineProperty(navigator, 'bluetooth', { value: bluetooth, configurable: true });
}

const cardValue = (page: Page, card: string) => page.getByTestId(`live-card-${card}-value`).innerText();

test.describe('live ride overview (/dashboard/responsive)', () => {
  test('a new rider loads the demo, sees the overview, replays a ride at 20×, pauses and resumes', async ({
    page,
  }) => {
    test.setTimeout(420_000);
    // The page's clock (timers, Date, performance.now, animation frames) is Playwright's: it runs with
    // real time, and `runFor` moves it on at once, firing every timer due, instead of a real wait.
    await page.clock.install();
    await signUpAndOnboard(page, `live-${Date.now()}@example.org`, 'en');
    await loadDemoRidesByApi(page);

    await page.goto('/dashboard/responsive');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Performance Overview');
    // The overview's numbers are the API's.
    const access = await accessToken(page);
    const overview = await page.evaluate(async (accessTokenValue) => {
      const t = { access_token: accessTokenValue };
      const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
      const r = await fetch(`/api/dashboard/overview?tz=${tz}&locale=en`, {
        headers: { authorization: `Bearer ${t.access_token}` },
      });
      return (await r.json()) as {
        latest_ride: { id: string; average_power: number | null } | null;
        week: { tss: number; target: { tss: number } | null };
        record: { power_w: number } | null;
      };
    }, access);
    expect(overview.latest_ride).not.toBeNull();
    if (overview.latest_ride!.average_power !== null)
      await expect(page.getByTestId('live-card-power-value')).toHaveText(
        `${Math.round(overview.latest_ride!.average_power!).toLocaleString('en')} W`,
      );
    if (overview.week.target)
      await expect(page.getByTestId('live-week-tss')).toContainText(
        `/ ${overview.week.target.tss.toLocaleString('en')}`,
      );
    if (overview.record)
      await expect(page.getByTestId('live-record')).toContainText(
        `${overview.record.power_w.toLocaleString('en')} W`,
      );
    await expect(page.getByTestId('live-action-latest')).toHaveAttribute(
      'href',
      `/activities/${overview.latest_ride!.id}`,
    );
    await expect(page.getByTestId('live-action-fit')).toHaveAttribute('href', '/fitting');
    await expect(page.getByTestId('live-load-ctl')).toBeVisible();
    await expect(page.getByTestId('live-curve').locator('canvas').first()).toBeVisible();

    // Replay at 20×: the cards move.
    await page.getByTestId('live-replay-speed').selectOption('20');
    await page.getByTestId('live-start-replay').click();
    await expect(page.getByTestId('live-banner')).toContainText('20×');
    const elapsed = page.getByTestId('live-elapsed');
    await expect(elapsed).not.toHaveText('0:00');
    const distance1 = await cardValue(page, 'distance');
    const time1 = await elapsed.innerText();
    await page.clock.runFor(1500);
    const distance2 = await cardValue(page, 'distance');
    const time2 = await elapsed.innerText();
    expect(time2).not.toBe(time1);
    expect(distance2).not.toBe(distance1);
    await expect(page.getByTestId('live-wprime')).toContainText('kJ');
    await expect(page.getByTestId('live-zone')).toContainText(/Zone \d|No power/);
    await expect(page.getByTestId('live-trace').locator('canvas').first()).toBeVisible();

    // Pause: the replay stands still; resume: it moves again.
    await page.getByTestId('live-pause').click();
    await expect(page.getByTestId('live-banner')).toContainText('Paused');
    const pausedAt = await elapsed.innerText();
    await page.clock.runFor(1200);
    await expect(elapsed).toHaveText(pausedAt);
    await page.getByTestId('live-resume').click();
    await expect(elapsed).not.toHaveText(pausedAt);

    // Screenshots for people to look at: replaying and at rest, 1280 and 390 px, Spanish and English.
    for (const language of ['es', 'en'] as const) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto('/dashboard/responsive');
      await page.getByTestId('language-switcher').selectOption(language);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        language === 'es' ? 'Resumen de rendimiento' : 'Performance Overview',
      );
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
        await page.goto('/dashboard/responsive');
        await expect(page.getByTestId('live-load-ctl')).toBeVisible();
        await expect(page.getByTestId('live-curve').locator('canvas').first()).toBeVisible();
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.clock.runFor(300);
        await page.screenshot({ path: join(SHOTS, `overview-${width}-${language}.png`) });
        await page.getByTestId('live-today').scrollIntoViewIfNeeded();
        await page.clock.runFor(300);
        await page.screenshot({ path: join(SHOTS, `overview-cards-${width}-${language}.png`) });
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.getByTestId('live-start-replay').click();
        await expect(page.getByTestId('live-trace').locator('canvas').first()).toBeVisible();
        await page.clock.runFor(6000);
        await page.getByTestId('live-pause').click();
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: join(SHOTS, `replay-${width}-${language}.png`) });
      }
    }
  });

  test('Bluetooth sensors drive a short live ride; Finish uploads it and the ride is in /activities', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    // The sensors' notifications and the recorder's seconds run on Playwright's clock (see above).
    await page.clock.install();
    await page.addInitScript(fakeBluetooth);
    await signUpAndOnboard(page, `live-ble-${Date.now()}@example.org`, 'en');
    await page.goto('/dashboard/responsive');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Performance Overview');

    await page.getByTestId('live-connect-power').click();
    await expect(page.getByTestId('live-connect-power')).toHaveText('Fake Power 1818 connected');
    await page.getByTestId('live-connect-heartRate').click();
    await expect(page.getByTestId('live-connect-heartRate')).toHaveText('Fake HRM 180D connected');
    await page.getByTestId('live-connect-speedCadence').click();
    await expect(page.getByTestId('live-connect-speedCadence')).toHaveText('Fake CSC 1816 connected');
    await page.getByTestId('live-start-activity').click();
    await expect(page.getByTestId('live-banner')).toContainText('Live Activity');

    // The sensors' values reach the cards: 240–260 W, 150 bpm, 90 rpm, 4 × 2.105 m/s = 30.3 km/h.
    await expect(async () => {
      const power = Number((await cardValue(page, 'power')).replace(/[^\d]/g, ''));
      expect(power).toBeGreaterThanOrEqual(240);
      expect(power).toBeLessThanOrEqual(260);
    }).toPass({ timeout: 10_000 });
    await expect(page.getByTestId('live-card-heartRate-value')).toHaveText('150 bpm');
    await expect(page.getByTestId('live-card-cadence-value')).toHaveText('90 rpm');
    await expect(page.getByTestId('live-card-speed-value')).toHaveText('30.3 km/h');
    await expect(page.getByTestId('live-zone')).toContainText('Zone');
    // A pause is a gap; the ride goes on after it.
    await page.getByTestId('live-pause').click();
    await page.clock.runFor(2000);
    await page.getByTestId('live-resume').click();
    await page.clock.runFor(8000);
    const distance = await cardValue(page, 'distance');
    expect(distance).toMatch(/km$/);

    // Finish: the FIT file is written in the browser and goes through the ordinary import.
    await page.getByTestId('live-finish').click();
    const link = page.getByTestId('live-saved-link');
    await expect(link).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('live-saved')).toContainText('Ride saved');
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/activities\/[\w-]+$/);

    await page.goto('/activities');
    await expect(page.locator(`a[href="${href}"]`).first()).toBeVisible();
    await page.goto(href!);
    // The ride page analyses it like any other: its average power is the sensors'.
    await expect(page.getByText(/2[45]\d W/).first()).toBeVisible();
  });
});
