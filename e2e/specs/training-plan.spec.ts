import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Decoder, Stream } from '@garmin/fitsdk';
import type { Page } from 'playwright-core';
import { encodeFit, generateRide } from '@vatio/formats';
import { XMLParser } from 'fast-xml-parser';
import { expect, test } from '../fixtures.ts';
import { loadDemoRidesByApi } from '../page-models/dashboard-pages.ts';
import { signUpAndOnboard } from '../page-models/rider.ts';
import { accessToken } from '../page-models/session.ts';
import { steady } from '../page-models/steady.ts';

const SHOTS = join(import.meta.dirname, '../../docs/screenshots/training-plan');

/** A GET of the rider's own API with their token, to compare the screen with the answer. */
async function apiJson<T>(page: Page, path: string): Promise<T> {
  const access_token = await accessToken(page);
  const response = await page.request.get(`/api/${path}`, {
    headers: { authorization: `Bearer ${access_token}` },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as T;
}

interface PlanDayJson {
  date: string;
  week_index: number;
  goal_id: string | null;
  planned_tss: number;
  workout: { id: string; name: string | null; name_key: string | null } | null;
  override: { action: string } | null;
  actual_tss: number | null;
  compliance: { score: number | null } | null;
}
interface PlanJson {
  status: string;
  today: string;
  days: PlanDayJson[];
  weeks: {
    index: number;
    start_date: string;
    phase: string;
    planned_tss: number;
    actual_tss: number | null;
    score: number | null;
  }[];
  events: { goal_id: string; date: string; priority: string; ctl: number; tsb: number }[];
}
interface GoalJson {
  id: string;
  name: string;
  date: string;
  priority: string;
  prediction: { power_w: number; time_s: number } | null;
}

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** Seconds as the app's clock (H:MM:SS), worked out here rather than read from the app. */
const clock = (s: number) => {
  const t = Math.round(s);
  const h = Math.floor(t / 3600);
  const mm = String(Math.floor((t % 3600) / 60)).padStart(2, '0');
  const ss = String(t % 60).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${Number(mm)}:${ss}`;
};

test.describe('the training plan', () => {
  test('a new rider loads the demo, sets an A event 12 weeks ahead, sees the plan and its projection, builds and exports workouts, sees compliance', async ({
    page,
  }) => {
    test.setTimeout(480_000);
    await signUpAndOnboard(page, `plan-${Date.now()}@example.org`, 'en');
    await loadDemoRidesByApi(page);
    // A ride today, so today's planned workout has a ride to be compared with (the demo's rides end
    // yesterday): 90 minutes from just after midnight UTC, as a head unit would upload it.
    const midnight = Math.floor(Date.now() / 86_400_000) * 86_400_000;
    await page.goto('/activities');
    await page.getByTestId('upload-input').setInputFiles([
      {
        name: 'today.fit',
        mimeType: 'application/octet-stream',
        buffer: Buffer.from(
          encodeFit(generateRide({ seed: 26, durationS: 5400, startTime: new Date(midnight + 60_000) })),
        ),
      },
    ]);
    await expect(page.getByTestId('import-progress').locator('[data-status="done"]')).toHaveCount(1, {
      timeout: 120_000,
    });
    const tz = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const planJson = () => apiJson<PlanJson>(page, `plan?tz=${encodeURIComponent(tz)}`);

    // Spec 000: the narrative dashboard's 'Ver Plan de Entrenamiento' leads to /training-plan.
    await page.goto('/dashboard/narrative');
    await page.getByTestId('view-training-plan').click();
    await expect(page).toHaveURL(/\/training-plan$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Training plan' })).toBeVisible();
    await expect(page.getByTestId('plan-calendar')).toBeVisible();

    // ---- Events: the API's error in the rider's language, then an A event 12 weeks ahead ----
    await page.getByTestId('language-switcher').selectOption('es');
    await page.getByTestId('tab-goals').click();
    const today = (await planJson()).today;
    await page.getByTestId('goal-add').click();
    await page.getByTestId('goal-name').fill('Quebrantahuesos');
    // The demo's A event is 12 weeks out: another A event 10 weeks out is too close (28 days).
    await page.getByTestId('goal-date').fill(addDays(today, 70));
    await page.getByTestId('goal-save').click();
    await expect(page.getByTestId('goal-form')).toContainText(
      'Dos eventos A deben estar separados al menos 28 días.',
    );
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await page.getByTestId('language-switcher').selectOption('en');

    const demoGoals = await apiJson<GoalJson[]>(page, 'goals');
    const demoA = demoGoals.find((g) => g.priority === 'A');
    expect(demoA).toBeDefined();
    await page.getByRole('button', { name: `Delete ${demoA?.name}` }).click();
    await expect(page.getByTestId('goal-card')).toHaveCount(demoGoals.length - 1);

    const eventDate = addDays(today, 84);
    await page.getByTestId('goal-add').click();
    await page.getByTestId('goal-name').fill('Mallorca 312');
    await page.getByTestId('goal-date').fill(eventDate);
    await page.getByTestId('goal-priority-A').check();
    await page.getByTestId('goal-kind').selectOption('gran_fondo');
    // The course: the longest stored ride (the list is sorted by distance).
    const course = page.getByTestId('goal-course');
    await expect(course.locator('option')).not.toHaveCount(1);
    await course.selectOption({ index: 1 });
    await page.getByTestId('goal-save').click();
    await expect(page.getByTestId('goal-saved')).toBeVisible();
    const goals = await apiJson<GoalJson[]>(page, 'goals');
    const mine = goals.find((g) => g.name === 'Mallorca 312');
    expect(mine?.date).toBe(eventDate);
    expect(mine?.priority).toBe('A');
    if (mine?.prediction) {
      // The predicted power and time the event model gave, formatted for English.
      await expect(page.getByTestId('goal-saved')).toContainText(
        `${Math.round(mine.prediction.power_w).toLocaleString('en')} W`,
      );
      await expect(page.getByTestId('goal-saved')).toContainText(clock(mine.prediction.time_s));
    } else {
      await expect(page.getByTestId('goal-prediction-none')).toBeVisible();
    }
    await page.getByTestId('goal-done').click();

    // ---- The plan: figures, the PMC projection, the calendar with its phases ----
    await page.getByTestId('tab-plan').click();
    const plan = await planJson();
    expect(plan.status).toBe('active');
    const raceDay = plan.events.find((e) => e.goal_id === mine?.id);
    expect(raceDay?.date).toBe(eventDate);
    await expect(page.getByTestId('plan-race-day')).toContainText(
      `CTL ${Math.round(raceDay?.ctl ?? 0)} · TSB ${Math.round(raceDay?.tsb ?? 0)}`,
    );
    const chart = page.getByTestId('plan-load-chart');
    await expect(chart.locator('canvas')).toBeVisible();
    await expect(chart).toContainText('Fitness (CTL) (planned)');
    // Built back from the A event: the weeks end in a taper, and the bands on screen are the API's phases.
    expect(plan.weeks.map((w) => w.phase)).toContain('taper');
    expect(plan.weeks.map((w) => w.phase)).toContain('base');
    // Page forward to the event's month: its day carries the flag.
    for (let i = 0; i < 4; i++) {
      if ((await page.locator(`[data-date="${eventDate}"] [data-testid="calendar-goal"]`).count()) > 0) break;
      await page.getByRole('button', { name: 'Next month' }).click();
    }
    await expect(page.locator(`[data-date="${eventDate}"]`).getByTestId('calendar-goal')).toContainText(
      'A · Mallorca 312',
    );
    // The band of the event's row is the phase of the plan week its first planned day belongs to.
    const eventRow = page
      .getByTestId('calendar-week')
      .filter({ has: page.locator(`[data-date="${eventDate}"]`) });
    const rowMonday = addDays(eventDate, -((new Date(`${eventDate}T12:00:00Z`).getUTCDay() + 6) % 7));
    const rowFirst = plan.days.find((d) => d.date >= rowMonday);
    await expect(eventRow.getByTestId('week-band')).toHaveAttribute(
      'data-phase',
      plan.weeks.find((w) => w.index === rowFirst?.week_index)?.phase ?? '',
    );
    await page.getByRole('button', { name: 'Today' }).click();

    // Today was ridden: its dialog shows the ride and, with a planned workout, how closely it was followed.
    const todayPlan = plan.days.find((d) => d.date === plan.today);
    expect(todayPlan?.actual_tss ?? 0).toBeGreaterThan(0);
    await page.locator(`[data-date="${plan.today}"] button`).first().click();
    await expect(page.getByTestId('day-actual')).toContainText(
      `${Math.round(todayPlan?.actual_tss ?? 0)} TSS`,
    );
    if (todayPlan?.compliance?.score != null)
      await expect(page.getByTestId('day-actual')).toContainText(
        `${Math.round(todayPlan.compliance.score)} %`,
      );
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('day-dialog')).toBeHidden();

    // ---- Week view and a day's actions ----
    await page.getByTestId('calendar-view-week').click();
    await expect(page.getByTestId('calendar-week')).toHaveCount(1);
    await expect(page.getByTestId('calendar-day')).toHaveCount(7);
    // The week's completed rides are on their days, linked to their pages.
    const weekRides = await apiJson<{ activities: { id: string; start_date: string }[] }>(
      page,
      `activities?start_date=${addDays(plan.today, -8)}&end_date=${addDays(plan.today, 8)}&limit=200`,
    );
    const weekDates = await page
      .locator('[data-testid="calendar-day"]')
      .evaluateAll((cells) => cells.map((c) => c.getAttribute('data-date') ?? ''));
    const localDays = await page.evaluate(
      (starts) =>
        starts.map((iso) => {
          const d = new Date(iso);
          return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
        }),
      weekRides.activities.map((a) => a.start_date),
    );
    await expect(page.getByTestId('calendar-ride')).toHaveCount(
      localDays.filter((d) => weekDates.includes(d)).length,
    );
    // Compliance: each ridden day of this week with a planned workout shows the API's score.
    const weekStart = addDays(plan.today, -((new Date(`${plan.today}T12:00:00Z`).getUTCDay() + 6) % 7));
    const scoredDays = plan.days.filter(
      (d) => d.date >= weekStart && d.date <= addDays(weekStart, 6) && d.compliance?.score != null,
    );
    await expect(page.getByTestId('day-compliance')).toHaveCount(scoredDays.length);
    for (const d of scoredDays) {
      await expect(page.locator(`[data-date="${d.date}"]`).getByTestId('day-compliance')).toContainText(
        String(Math.round(d.compliance?.score ?? 0)),
      );
    }
    const weekEnd = addDays(
      plan.today,
      7 - (((new Date(`${plan.today}T12:00:00Z`).getUTCDay() + 6) % 7) + 1),
    );
    let target = plan.days.find((d) => d.date > plan.today && d.date <= weekEnd && d.workout && !d.goal_id);
    if (!target) {
      await page.getByRole('button', { name: 'Next week' }).click();
      target = plan.days.find(
        (d) => d.date > weekEnd && d.date <= addDays(weekEnd, 7) && d.workout && !d.goal_id,
      );
    }
    expect(target).toBeDefined();
    const cell = page.locator(`[data-date="${target?.date}"] button`);
    await cell.click();
    await expect(page.getByTestId('day-dialog')).toBeVisible();
    await page.getByTestId('day-skip').click();
    await expect(page.getByTestId('day-dialog')).toBeHidden();
    await expect(cell).toContainText('Skipped');
    expect((await planJson()).days.find((d) => d.date === target?.date)?.override?.action).toBe('skip');
    await cell.click();
    await page.getByTestId('day-reset').click();
    await expect(page.getByTestId('day-dialog')).toBeHidden();
    await expect(cell).not.toContainText('Skipped');
    expect((await planJson()).days.find((d) => d.date === target?.date)?.override).toBeNull();
    // Move it one day on.
    await cell.click();
    await page.getByTestId('day-move').click();
    await page.getByTestId('day-other').fill(addDays(target?.date ?? today, 1));
    await page.getByTestId('day-confirm').click();
    await expect(page.getByTestId('day-dialog')).toBeHidden();
    expect((await planJson()).days.find((d) => d.date === target?.date)?.override?.action).toBe('move');
    // Edit another day: a library session in its place, with a TSS of 90.
    const before = await planJson();
    const other = before.days.find(
      (d) =>
        d.date > addDays(target?.date ?? today, 1) &&
        d.date <= addDays(plan.today, 13) &&
        d.workout &&
        !d.goal_id &&
        !d.override,
    );
    expect(other).toBeDefined();
    for (let i = 0; i < 2 && (await page.locator(`[data-date="${other?.date}"] button`).count()) === 0; i++)
      await page.getByRole('button', { name: 'Next week' }).click();
    await page.locator(`[data-date="${other?.date}"] button`).click();
    await page.getByTestId('day-edit').click();
    await page.getByTestId('day-workout').selectOption('library:vo2max-5x5');
    await page.getByTestId('day-tss').fill('90');
    await page.getByTestId('day-save').click();
    await expect(page.getByTestId('day-dialog')).toBeHidden();
    const edited = (await planJson()).days.find((d) => d.date === other?.date);
    expect(edited?.override?.action).toBe('edit');
    expect(edited?.planned_tss).toBe(90);
    expect(edited?.workout?.id).toBe('vo2max-5x5');
    await expect(page.locator(`[data-date="${other?.date}"] button`)).toContainText('VO2max 5 × 5 min');

    // ---- Compliance: the weekly table and the days ridden, as the API scored them ----
    const scored = await planJson();
    const weekRows = page.getByTestId('week-row');
    await expect(weekRows).toHaveCount(scored.weeks.length);
    const first = scored.weeks[0];
    await expect(weekRows.first()).toContainText(
      first?.actual_tss === null ? '—' : Math.round(first?.actual_tss ?? 0).toLocaleString('en'),
    );
    if (first?.score !== null && first?.score !== undefined)
      await expect(weekRows.first()).toContainText(String(Math.round(first.score)));

    // ---- The builder: buttons, then text; the figures are Coggan's on the planned trace ----
    await page.getByTestId('tab-builder').click();
    await page.getByTestId('builder-name').fill('Hour at FTP');
    await page.getByTestId('builder-add-steady').click();
    await page.getByLabel('Step 1: minutes').fill('60');
    await page.getByLabel('Step 1: from (range)').fill('100');
    await page.getByLabel('Step 1: to (range)').fill('100');
    await expect(page.getByTestId('builder-text')).toHaveValue('1h 100%');
    // An hour at FTP is by definition IF 1.00 and TSS 100.
    await expect(page.getByTestId('figure-if')).toHaveText('1.00');
    await expect(page.getByTestId('figure-tss')).toHaveText('100');
    await expect(page.getByTestId('figure-duration')).toHaveText('1h 0m');

    await page.getByTestId('builder-name').fill('Micro-bursts');
    await page.getByTestId('builder-text').fill('wu 10m 55%, 5x(30s 150%, 30s 50%), cd 10m 50%');
    await expect(page.getByTestId('builder-repeat')).toHaveCount(1);
    await expect(page.getByTestId('builder-repeat-count')).toHaveValue('5');
    await expect(page.getByTestId('builder-step')).toHaveCount(4);
    await expect(page.getByTestId('figure-duration')).toHaveText('25m');
    // A typo is pointed at, in words, and the builder keeps the last good workout.
    await page.getByTestId('builder-text').fill('wu 10m 55%, 5x(30s 150%, 30s');
    await expect(page.getByTestId('workout-builder')).toContainText('At character');
    await page.getByTestId('builder-text').fill('wu 10m 55%, 5x(30s 150%, 30s 50%), cd 10m 50%');
    await page.getByTestId('builder-save').click();
    await expect(page.getByTestId('builder-saved')).toBeVisible();

    const builder = page.getByTestId('workout-builder');
    const [fit] = await Promise.all([
      page.waitForEvent('download'),
      builder.getByTestId('export-fit').click(),
    ]);
    expect(fit.suggestedFilename()).toMatch(/\.fit$/);
    const decoder = new Decoder(Stream.fromByteArray(readFileSync(await fit.path())));
    expect(decoder.checkIntegrity()).toBe(true);
    const { messages, errors } = decoder.read();
    expect(errors).toEqual([]);
    expect(messages.workoutMesgs?.[0]).toMatchObject({
      wktName: 'Micro-bursts',
      sport: 'cycling',
      numValidSteps: 5,
    });
    const steps = messages.workoutStepMesgs ?? [];
    // wu, on, off, "repeat from step 1, 5 times", cd.
    expect(steps.map((s) => s.durationTime ?? null)).toEqual([600, 30, 30, null, 600]);
    expect(steps[3]).toMatchObject({ durationStep: 1, repeatSteps: 5 });

    const [zwo] = await Promise.all([
      page.waitForEvent('download'),
      builder.getByTestId('export-zwo').click(),
    ]);
    expect(zwo.suggestedFilename()).toMatch(/\.zwo$/);
    const xml = readFileSync(await zwo.path(), 'utf8');
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml) as {
      workout_file: { name: string; workout: { IntervalsT: Record<string, string> } };
    };
    expect(doc.workout_file.name).toBe('Micro-bursts');
    expect(doc.workout_file.workout.IntervalsT).toMatchObject({
      Repeat: '5',
      OnDuration: '30',
      OffDuration: '30',
      OnPower: '1.5',
      OffPower: '0.5',
    });
    await expect(page.getByTestId('own-workout')).toHaveCount(1);

    // ---- The library by purpose, each with its figures at the rider's FTP ----
    await page.getByTestId('tab-library').click();
    const library = await apiJson<{ id: string; purpose: string; tss: number | null }[]>(
      page,
      'workouts/library',
    );
    await expect(page.getByTestId('library-workout')).toHaveCount(library.length);
    await page.getByTestId('library-filter-threshold').click();
    await expect(page.getByTestId('library-workout')).toHaveCount(
      library.filter((w) => w.purpose === 'threshold').length,
    );
    const session = library.find((w) => w.purpose === 'threshold');
    const card = page.locator(`[data-testid="library-workout"][data-id="${session?.id}"]`);
    await expect(card.getByTestId('figure-tss')).toHaveText(
      session?.tss === null ? '—' : Math.round(session?.tss ?? 0).toLocaleString('en'),
    );
    const [mrc] = await Promise.all([page.waitForEvent('download'), card.getByTestId('export-mrc').click()]);
    expect(readFileSync(await mrc.path(), 'utf8')).toContain('[COURSE DATA]');

    // ---- The calendar feed: made, read, revoked ----
    await page.getByTestId('tab-plan').click();
    await page.getByTestId('feed-create').click();
    const url = await page.getByTestId('feed-url').inputValue();
    expect(url).toMatch(/\/api\/plan\/calendar\.ics\?token=[^&]+&lang=en$/);
    const feed = await page.request.get(url);
    expect(feed.ok()).toBe(true);
    expect(await feed.text()).toContain('BEGIN:VCALENDAR');
    await page.getByTestId('feed-revoke').click();
    await expect(page.getByTestId('feed-status')).toContainText('No feed yet.');
    expect((await page.request.get(url)).ok()).toBe(false);

    // ---- Screenshots, 1280 and 390 px, Spanish and English ----
    mkdirSync(SHOTS, { recursive: true });
    for (const language of ['es', 'en'] as const) {
      await page.getByTestId('language-switcher').first().selectOption(language);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
        await page.goto('/training-plan');
        await expect(page.getByTestId('plan-calendar')).toBeVisible();
        await page.screenshot({ path: join(SHOTS, `plan-month-${width}-${language}.png`), fullPage: true });
        await page.getByTestId('calendar-view-week').click();
        await page.getByTestId('plan-calendar').scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(SHOTS, `plan-week-${width}-${language}.png`) });
        await page.getByTestId('tab-builder').click();
        await page
          .getByRole('button', { name: language === 'es' ? 'Editar Micro-bursts' : 'Edit Micro-bursts' })
          .click();
        await expect(page.getByTestId('builder-text')).toHaveValue(
          'wu 10m 55%, 5x(30s 150%, 30s 50%), cd 10m 50%',
        );
        await steady(page);
        await page.screenshot({ path: join(SHOTS, `builder-${width}-${language}.png`), fullPage: true });
        await page.getByTestId('tab-goals').click();
        await expect(page.getByTestId('goal-card').first()).toBeVisible();
        await steady(page);
        await page.screenshot({ path: join(SHOTS, `goals-${width}-${language}.png`), fullPage: true });
        await page.getByTestId('goal-add').click();
        await expect(page.getByTestId('goal-form')).toBeVisible();
        await page.screenshot({ path: join(SHOTS, `goal-form-${width}-${language}.png`) });
        await page.keyboard.press('Escape');
      }
    }
  });
});
