import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, test } from '../fixtures.ts';
import { loadDemoRidesByApi } from '../page-models/dashboard-pages.ts';
import { signUpAndOnboard } from '../page-models/rider.ts';
import { accessToken } from '../page-models/session';

const SHOTS = join(import.meta.dirname, '../../docs/screenshots/live');
const PLAN_SHOTS = join(import.meta.dirname, '../../docs/screenshots/training-plan');

/**
 * A stand-in for `navigator.bluetooth` with one smart trainer offering the Fitness Machine Service
 * (0x1826, Bluetooth SIG FTMS v1.0): Indoor Bike Data 0x2AD2 notified every second (flags 0x0044:
 * speed 30.00 km/h, cadence 90 rpm in 0.5 rpm units, power = the target it holds, 150 W before any),
 * Supported Power Range 0x2AD8 (0–2000 W by 1 W), the Fitness Machine Status 0x2ADA, and the control
 * point 0x2AD9: every write is recorded with the page clock's time in `window.__ftmsWrites`, and
 * answered by an indication 0x80, op code, result, where the result is 0x05 (control not permitted)
 * for Request Control when `refuse` is set, else 0x01 (success).
 */
function fakeTrainer(refuse: boolean) {
  const writes: { atMs: number; bytes: number[] }[] = [];
  (window as unknown as { __ftmsWrites: typeof writes }).__ftmsWrites = writes;
  let holdW = 150;
  const le16 = (v: number) => [v & 0xff, (v >> 8) & 0xff];
  class Characteristic extends EventTarget {
    value: DataView | null = null;
    constructor(private readonly uuid: number) {
      super();
    }
    emit(bytes: number[]) {
      this.value = new DataView(Uint8Array.from(bytes).buffer);
      this.dispatchEvent(new Event('characteristicvaluechanged'));
    }
    async startNotifications() {
      if (this.uuid === 0x2ad2)
        setInterval(() => this.emit([0x44, 0x00, ...le16(3000), ...le16(180), ...le16(holdW)]), 1000);
      return this;
    }
    async readValue() {
      return new DataView(Uint8Array.from([...le16(0), ...le16(2000), ...le16(1)]).buffer);
    }
    async writeValueWithResponse(value: BufferSource) {
      const bytes = [...new Uint8Array(value instanceof ArrayBuffer ? value : (value as Uint8Array).buffer)];
      writes.push({ atMs: Date.now(), bytes });
      const op = bytes[0]!;
      const result = op === 0x00 && refuse ? 0x05 : 0x01;
      if (op === 0x05 && result === 0x01) holdW = bytes[1]! | (bytes[2]! << 8);
      // The indication comes after the write's response, as a separate event.
      void Promise.resolve().then(() => this.emit([0x80, op, result]));
    }
  }
  const characteristics = new Map([0x2ad2, 0x2ad8, 0x2ad9, 0x2ada].map((u) => [u, new Characteristic(u)]));
  const bluetooth = {
    async requestDevice(options: { filters: { services: number[] }[] }) {
      if (options.filters[0]!.services[0] !== 0x1826) throw new DOMException('none', 'NotFoundError');
      const device = new EventTarget() as EventTarget & { name: string; gatt: unknown };
      device.name = 'Fake Trainer 1826';
      device.gatt = {
        connect: async () => ({
          getPrimaryService: async () => ({
            getCharacteristic: async (c: number) => {
              const found = characteristics.get(c);
              if (!found) throw new Error('no such characteristic');
              return found;
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

type Write = { atMs: number; bytes: number[] };
const writes = (page: Page) =>
  page.evaluate(() => (window as unknown as { __ftmsWrites: Write[] }).__ftmsWrites.slice());

async function riderFtpW(page: Page): Promise<number> {
  const access = await accessToken(page);
  return page.evaluate(async (token) => {
    const r = await fetch('/api/dashboard/overview?tz=UTC&locale=en', {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await r.json()) as { live: { ftp_w: number } }).live.ftp_w;
  }, access);
}

/** Scrolls the ride's panel to just under the sticky app bar, for a screenshot. */
async function showPanel(page: Page) {
  await page.evaluate(() => {
    const panel = document.querySelector('[data-testid="live-panel"]')!;
    window.scrollTo(0, panel.getBoundingClientRect().top + window.scrollY - 72);
  });
}

/** Runs the page clock forward in one-minute slices, so the view renders between them. */
async function ride(page: Page, seconds: number) {
  for (let left = seconds; left > 0; left -= 60) await page.clock.runFor(Math.min(60, left) * 1000);
}

async function startWorkout(page: Page, workoutId: string, language: 'es' | 'en', shots = false) {
  await page.goto(`/dashboard/responsive?workout=${workoutId}`);
  // A bare library id in the link is the picker's `library:<id>` (Live/workoutChoices.ts).
  await expect(page.getByTestId('workout-select')).toHaveValue(
    workoutId.includes(':') ? workoutId : `library:${workoutId}`,
  );
  await expect(page.getByTestId('workout-profile').first()).toBeVisible();
  if (shots)
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      await page.getByTestId('workout-picker').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, `workout-pick-${width}-${language}.png`) });
    }
  return startRide(page, language);
}

/** Connects the simulated trainer and starts the ride; from here the page's clock moves only when told. */
async function startRide(page: Page, language: 'es' | 'en') {
  await page.getByTestId('live-connect-trainer').click();
  await expect(page.getByTestId('live-connect-trainer')).toContainText('Fake Trainer 1826');
  // From here the page's clock moves only when the test moves it.
  const nowMs = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(nowMs + 1000);
  const startMs = await page.evaluate(() => Date.now());
  await page.getByTestId('live-start-activity').click();
  await expect(page.getByTestId('live-banner')).toContainText(
    language === 'es' ? 'Actividad en directo' : 'Live Activity',
  );
  return startMs;
}

async function finishAndOpen(page: Page) {
  await page.clock.resume();
  await page.getByTestId('live-finish').click();
  const link = page.getByTestId('live-saved-link');
  await expect(link).toBeVisible({ timeout: 60_000 });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/activities\/[\w-]+$/);
  return href!;
}

interface PlanDayJson {
  date: string;
  goal_id: string | null;
  planned_tss: number;
  workout: { source: string; id: string; name: string | null; duration_s: number } | null;
  override: { action: string; other_day: string | null } | null;
  compliance: {
    activity_id: string;
    score: number | null;
    in_target_fraction: number | null;
    duration_ratio: number | null;
  } | null;
}
interface PlanJson {
  status: string;
  today: string;
  days: PlanDayJson[];
}

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** Seconds as the app's hours and minutes in English ("1h 5m", "45m"), worked out here. */
const hoursMinutes = (s: number) => {
  const m = Math.round(s / 60);
  return m >= 60 ? `${Math.floor(m / 60)}h ${m % 60}m` : `${m}m`;
};

test.describe('ride a workout on /dashboard/responsive', () => {
  test('a smart trainer in ERG mode: control, start, each step’s target power at its second; saved under the workout’s name', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await page.clock.install();
    await page.addInitScript(fakeTrainer, false);
    await signUpAndOnboard(page, `live-erg-${Date.now()}@example.org`, 'en');
    const ftpW = await riderFtpW(page);
    const startMs = await startWorkout(page, 'anaerobic-tabata', 'en', true);
    await expect(page.getByTestId('workout-name')).toHaveText('Tabata 8 × 20 s');

    // Tabata (library): warm-up ramp 10 min 45 → 65 % FTP, then 8 × (20 s at 200 %, 10 s at 40 %), 5 min
    // at 50 %. Ride 0–1000 s and compare with the targets worked out here from the text form:
    // a ramp's second k is low + (high − low)·(k + ½)/600 of FTP, an interval's value is flat.
    await ride(page, 1000);
    const expected: number[] = [];
    for (let k = 0; k <= 1000; k++) {
      let w: number;
      if (k < 600) {
        const low = (45 * ftpW) / 100;
        const high = (65 * ftpW) / 100;
        w = low + ((high - low) * (k + 0.5)) / 600;
      } else if (k < 840) w = (((k - 600) % 30 < 20 ? 200 : 40) * ftpW) / 100;
      else w = (50 * ftpW) / 100;
      expected.push(Math.round(w));
    }
    // One Set Target Power per change of whole watts, written when that second begins.
    const want: { second: number; watts: number }[] = [];
    expected.forEach((w, k) => {
      if (k === 0 || w !== expected[k - 1]) want.push({ second: k, watts: w });
    });
    const sent = await writes(page);
    expect(sent[0]!.bytes).toEqual([0x00]); // Request Control
    expect(sent[1]!.bytes).toEqual([0x07]); // Start or Resume
    const targets = sent.slice(2).map((w) => ({
      second: Math.round((w.atMs - startMs) / 1000),
      op: w.bytes[0],
      // sint16 little-endian
      watts: new DataView(Uint8Array.from(w.bytes).buffer).getInt16(1, true),
    }));
    expect(targets.every((w) => w.op === 0x05)).toBe(true);
    expect(targets.map(({ second, watts }) => ({ second, watts }))).toEqual(want);
    // The interval's bytes, worked by hand for this rider: 0x05 then 200 % of FTP as sint16 LE.
    const interval = sent.find((w) => Math.round((w.atMs - startMs) / 1000) === 600)!;
    expect(interval.bytes).toEqual([0x05, (2 * ftpW) & 0xff, ((2 * ftpW) >> 8) & 0xff]);

    // The view: ERG mode, the step, its countdown and what comes next. At 1000 s: the 5-min step at 50 %
    // (840–1140 s), 160 s into it, 140 s = 2:20 left; the next step is the cool-down ramp.
    await expect(page.getByTestId('workout-mode')).toHaveAttribute('data-mode', 'erg');
    const halfW = Math.round((50 * ftpW) / 100);
    await expect(page.getByTestId('workout-target')).toHaveText(`${halfW} W`);
    await expect(page.getByTestId('workout-countdown')).toHaveText('2:20');
    await expect(page.getByTestId('workout-next')).toContainText('Cool-down · 10:00');
    await expect(page.getByTestId('workout-trainer-set')).toContainText(`${halfW} W`);
    // The trainer's power (it holds the target) is the ride's power.
    await expect(page.getByTestId('live-card-power-value')).toHaveText(`${halfW} W`);
    await expect(page.getByTestId('workout-status')).toHaveText('On target');

    for (const language of ['en', 'es'] as const) {
      await page.getByTestId('language-switcher').selectOption(language);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
        await page.clock.runFor(1000);
        await showPanel(page);
        await page.screenshot({ path: join(SHOTS, `workout-erg-${width}-${language}.png`) });
      }
    }
    await page.getByTestId('language-switcher').selectOption('en');

    const href = await finishAndOpen(page);
    // The stop at the end of the ride: 0x08 0x01 after the targets.
    expect((await writes(page)).at(-1)!.bytes).toEqual([0x08, 0x01]);
    await page.goto(href);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Tabata 8 × 20 s');
  });

  test('a trainer that refuses control: the rider follows the targets; the ride is imported', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.clock.install();
    await page.addInitScript(fakeTrainer, true);
    await signUpAndOnboard(page, `live-follow-${Date.now()}@example.org`, 'es');
    const ftpW = await riderFtpW(page);
    await startWorkout(page, 'recovery-30', 'es', true);
    await expect(page.getByTestId('workout-mode')).toHaveAttribute('data-mode', 'follow');
    await expect(page.getByTestId('workout-reason')).toContainText('no permitió el control');
    // recovery-30 is 30 min at 45–55 % FTP: a range, shown as its bounds; the target now is its middle.
    const low = Math.round((45 * ftpW) / 100);
    const high = Math.round((55 * ftpW) / 100);
    await expect(page.getByTestId('workout-target')).toHaveText(
      `${low.toLocaleString('es')}–${high.toLocaleString('es')} W`,
    );
    await ride(page, 90);
    await expect(page.getByTestId('workout-countdown')).toHaveText('28:30');
    await expect(page.getByTestId('workout-target-now')).toHaveText(
      `${Math.round(((45 * ftpW) / 100 + (55 * ftpW) / 100) / 2)} W`,
    );
    // Only the request was written: no start, no target.
    expect((await writes(page)).map((w) => w.bytes)).toEqual([[0x00]]);
    // The trainer's own power (150 W, it holds nothing) is recorded.
    await expect(page.getByTestId('live-card-power-value')).toHaveText('150 W');
    // 150 W is over the 45–55 % band (the trainer holds no target): the view says so.
    await expect(page.getByTestId('workout-status')).toContainText('Por encima del objetivo');

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      await page.clock.runFor(1000);
      await showPanel(page);
      await page.screenshot({ path: join(SHOTS, `workout-follow-${width}-es.png`) });
    }

    const href = await finishAndOpen(page);
    await page.goto(href);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Recuperación 30 min');
  });
  test('today’s planned workout: the demo’s plan, a day swapped onto today, “ride it”, ERG on the simulated trainer, the ride’s compliance on the plan', async ({
    page,
  }) => {
    test.setTimeout(600_000);
    await page.clock.install();
    await page.addInitScript(fakeTrainer, false);
    await signUpAndOnboard(page, `live-plan-${Date.now()}@example.org`, 'en');
    await loadDemoRidesByApi(page);
    const tz = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const planJson = async () => {
      const access = await accessToken(page);
      return page.evaluate(
        async ([token, zone]) => {
          const r = await fetch(`/api/plan?tz=${encodeURIComponent(zone!)}`, {
            headers: { authorization: `Bearer ${token}` },
          });
          return (await r.json()) as PlanJson;
        },
        [access, tz] as const,
      );
    };

    // The demo rider has a plan. A short session of the rider's own (8 min: the ride runs on the page's
    // clock, and the demo's sessions last an hour or more) is put on a day of the coming week through the
    // API (editing a day is the training-plan spec's), and that day is swapped onto today on the screen.
    const plan = await planJson();
    expect(plan.status).toBe('active');
    const access = await accessToken(page);
    const headers = { authorization: `Bearer ${access}` };
    const created = await page.request.post('/api/workouts', {
      headers,
      data: { name: 'Short ERG check', text: 'wu ramp 2m 50-70%, 2x(1m 105%, 1m 55%), cd ramp 2m 60-45%' },
    });
    expect(created.ok()).toBe(true);
    const own = (await created.json()) as { id: string; duration_s: number };
    // 2 + 2 × (1 + 1) + 2 minutes.
    expect(own.duration_s).toBe(480);
    const before = plan.days.find((d) => d.date === plan.today)!;
    const other = plan.days.find(
      (d) => d.date > plan.today && d.date <= addDays(plan.today, 6) && d.goal_id === null && !d.override,
    )!;
    expect(other).toBeDefined();
    const edit = await page.request.put(`/api/plan/days/${other.date}`, {
      headers,
      data: { action: 'edit', workout_id: own.id, tss: 12 },
    });
    expect(edit.ok()).toBe(true);

    await page.goto('/training-plan');
    await page.getByTestId('calendar-view-week').click();
    const todayCell = page.locator(`[data-date="${plan.today}"] button`).first();
    await todayCell.click();
    await page.getByTestId('day-swap').click();
    await page.getByTestId('day-other').fill(other.date);
    await page.getByTestId('day-confirm').click();
    await expect(page.getByTestId('day-dialog')).toBeHidden();
    await expect(todayCell).toContainText('Swapped');
    const swapped = await planJson();
    const today = swapped.days.find((d) => d.date === plan.today)!;
    expect(today.override?.action).toBe('swap');
    expect(today.override?.other_day).toBe(other.date);
    // The two days changed places: today has the other day's session and TSS, the other day today's.
    expect([today.workout?.source, today.workout?.id, today.planned_tss]).toEqual(['own', own.id, 12]);
    const there = swapped.days.find((d) => d.date === other.date)!;
    expect([there.workout?.id ?? null, there.planned_tss]).toEqual([
      before.workout?.id ?? null,
      before.planned_tss,
    ]);

    // Today's dialog offers "Ride it", which opens the live screen with today's session chosen.
    mkdirSync(PLAN_SHOTS, { recursive: true });
    for (const language of ['en', 'es'] as const) {
      await page.getByTestId('language-switcher').first().selectOption(language);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
        await todayCell.click();
        await expect(page.getByTestId('day-ride-it')).toBeVisible();
        await page.screenshot({ path: join(PLAN_SHOTS, `day-ride-it-${width}-${language}.png`) });
        await page.keyboard.press('Escape');
        await expect(page.getByTestId('day-dialog')).toBeHidden();
      }
    }
    await page.getByTestId('language-switcher').first().selectOption('en');
    await page.setViewportSize({ width: 1280, height: 900 });
    await todayCell.click();
    await page.getByTestId('day-ride-it').click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/responsive\\?workout=plan%3A${plan.today}$`));
    const select = page.getByTestId('workout-select');
    await expect(select).toHaveValue(`plan:${plan.today}`);
    // First in the list, after the free ride.
    const first = select.locator('option').nth(1);
    await expect(first).toHaveAttribute('value', `plan:${plan.today}`);
    await expect(first).toHaveText('Today: Short ERG check');
    const name = 'Short ERG check';
    await expect(page.getByTestId('workout-planned-today')).toBeVisible();
    // The session as the plan holds it today: its duration, 8 min.
    await expect(page.getByTestId('workout-chosen')).toContainText(hoursMinutes(today.workout!.duration_s));
    for (const language of ['en', 'es'] as const) {
      await page.getByTestId('language-switcher').first().selectOption(language);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
        await page.getByTestId('workout-picker').scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(SHOTS, `workout-pick-plan-${width}-${language}.png`) });
      }
    }
    await page.getByTestId('language-switcher').first().selectOption('en');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Ride it to its end on the trainer in ERG, then a few seconds more, and save.
    await startRide(page, 'en');
    await expect(page.getByTestId('workout-mode')).toHaveAttribute('data-mode', 'erg');
    await ride(page, today.workout!.duration_s + 1);
    await expect(page.getByTestId('workout-complete')).toBeVisible();
    const href = await finishAndOpen(page);
    const activityId = href.split('/').at(-1)!;
    await page.goto(href);
    // Saved under the session's name (the FIT file's `plan:<date>` tag names the plan day).
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name);

    // The plan compares today's first ride with today's workout. The trainer held every target, so
    // nearly all of the ride is in its band (a change of target reaches the ride's power a second later).
    let scored: PlanDayJson | undefined;
    await expect(async () => {
      scored = (await planJson()).days.find((d) => d.date === plan.today);
      expect(scored?.compliance?.activity_id).toBe(activityId);
    }).toPass({ timeout: 60_000 });
    const c = scored!.compliance!;
    expect(c.score).not.toBeNull();
    expect(c.in_target_fraction!).toBeGreaterThan(0.9);
    // Ridden to the end and a few seconds on (the start and the finish are clicks apart): 480 s ± 2 %.
    expect(Math.abs(c.duration_ratio! - 1)).toBeLessThan(0.02);
    await page.goto('/training-plan');
    await page.getByTestId('calendar-view-week').click();
    await expect(page.locator(`[data-date="${plan.today}"]`).getByTestId('day-compliance')).toContainText(
      String(Math.round(c.score!)),
    );
    await page.locator(`[data-date="${plan.today}"] button`).first().click();
    const actual = page.getByTestId('day-actual');
    await expect(actual).toContainText(`${Math.round(c.score!)} %`);
    await expect(actual.getByRole('link')).toHaveAttribute('href', href);
    await page.screenshot({ path: join(PLAN_SHOTS, 'day-ridden-1280-en.png') });
    // The ride's page says the same.
    await page.goto(href);
    const onRide = page.getByTestId('ride-plan-compliance');
    await expect(onRide).toContainText(`${Math.round(c.score!)} %`);
    await onRide.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(PLAN_SHOTS, 'ride-compliance-1280-en.png') });
  });
});
