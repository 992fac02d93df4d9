// Issue 26 over HTTP on the real database: goals, workouts (CRUD, library, files), the plan (made from
// today's CTL, re-planned on read, day changes, rule checks), compliance, the calendar feed, scoping
// and API-key scopes, and every bad input of the issue refused with nothing stored.
import { Decoder, Stream } from '@garmin/fitsdk';
import { unzipSync } from 'fflate';
import { encodeFit, generateRide, SYNTHETIC_ROUTES } from '@vatio/formats';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import { storeRide } from '../dashboard/stored-rides.test-helper.ts';

let h: Harness;
let rider: SignedIn;
let stranger: SignedIn;
const DAY_MS = 86_400_000;
const isoDay = (offsetDays: number) =>
  new Date(h.now().getTime() + offsetDays * DAY_MS).toISOString().slice(0, 10);

beforeAll(async () => {
  h = await createHarness({}, { workers: false });
  rider = await h.signIn({ email: 'plan@example.org' });
  stranger = await h.signIn({ email: 'plan-stranger@example.org' });
}, 60_000);
afterAll(async () => h?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (
  method: Method,
  url: string,
  who: SignedIn | { headers: Record<string, string> } | null,
  payload?: object,
) => h.app.inject({ method, url, headers: who ? who.headers : {}, ...(payload ? { payload } : {}) });

async function setFtp(who: SignedIn, ftpW: number) {
  const response = await call('POST', '/api/athlete-settings', who, {
    effective_from: isoDay(-400),
    ftp_w: ftpW,
    weight_kg: 70,
  });
  expect(response.statusCode, response.body).toBe(201);
}

describe('workouts', () => {
  test('need a rider: 401 without a token', async () => {
    expect((await call('GET', '/api/workouts', null)).statusCode).toBe(401);
    expect((await call('GET', '/api/workouts/library', null)).statusCode).toBe(401);
  });

  test('CRUD with JSON steps and with the text form; another rider gets 404', async () => {
    await setFtp(rider, 250);
    const json = await call('POST', '/api/workouts', rider, {
      name: 'Threshold',
      purpose: 'threshold',
      structure: {
        steps: [
          { kind: 'warmup', durationS: 600, target: { type: 'ftpPercent', low: 55, high: 55 } },
          { kind: 'steady', durationS: 3600, target: { type: 'ftpPercent', low: 100, high: 100 } },
        ],
      },
    });
    expect(json.statusCode, json.body).toBe(201);
    const created = json.json();
    // Coggan's NP re-implemented here on the 1 Hz plan (600 s at 137.5 W, 3,600 s at 250 W): 30-s
    // rolling mean, 4th power, mean, 4th root; TSS = s · NP · IF / (FTP · 3600) · 100.
    const trace = [...new Array(600).fill(137.5), ...new Array(3600).fill(250)] as number[];
    const rolled: number[] = [];
    for (let i = 29; i < trace.length; i++)
      rolled.push(trace.slice(i - 29, i + 1).reduce((a, b) => a + b, 0) / 30);
    const np = (rolled.reduce((a, v) => a + v ** 4, 0) / rolled.length) ** 0.25;
    expect(created.duration_s).toBe(4200);
    expect(created.np_w).toBeCloseTo(np, 1);
    expect(created.tss).toBeCloseTo(((4200 * np * (np / 250)) / (250 * 3600)) * 100, 1);
    expect(created.text).toBe('wu 10m 55%, 1h 100%');

    const text = await call('POST', '/api/workouts', rider, {
      name: 'Over-unders',
      text: 'wu 10m 55%, 3x(2m 95%, 1m 105%), cd 5m 50%',
    });
    expect(text.statusCode, text.body).toBe(201);
    expect(text.json().structure.steps[1]).toMatchObject({ kind: 'repeat', count: 3 });
    expect(text.json().duration_s).toBe(600 + 3 * 180 + 300);

    const list = (await call('GET', '/api/workouts', rider)).json() as { name: string }[];
    expect(list.map((w) => w.name)).toEqual(['Over-unders', 'Threshold']);

    const patched = await call('PATCH', `/api/workouts/${created.id}`, rider, {
      name: 'FTP hour',
      text: '1h 95%',
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ name: 'FTP hour', text: '1h 95%', duration_s: 3600 });
    // 1 h at 95 %: TSS = 1 · 0.95² · 100 = 90.25.
    expect(patched.json().tss).toBeCloseTo(90.3, 1);

    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const r = await call(
        method,
        `/api/workouts/${created.id}`,
        stranger,
        method === 'PATCH' ? { name: 'x' } : undefined,
      );
      expect(r.statusCode, `${method} by another rider`).toBe(404);
    }
    expect((await call('GET', `/api/workouts/${created.id}/download?format=fit`, stranger)).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/api/workouts/${text.json().id}`, rider)).statusCode).toBe(204);
    expect((await call('GET', `/api/workouts/${text.json().id}`, rider)).statusCode).toBe(404);
  });

  test('bad steps are refused with the step named and nothing stored: 0 s, 400 % FTP, text that does not parse', async () => {
    const before = ((await call('GET', '/api/workouts', rider)).json() as unknown[]).length;
    const zero = await call('POST', '/api/workouts', rider, {
      name: 'Zero',
      structure: {
        steps: [{ kind: 'steady', durationS: 0, target: { type: 'ftpPercent', low: 90, high: 90 } }],
      },
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().error).toMatchObject({
      code: 'VALIDATION',
      fields: { 'structure.steps.0': 'workout_step_duration_invalid' },
    });
    const tooHard = await call('POST', '/api/workouts', rider, {
      name: 'Typo',
      structure: {
        steps: [
          { kind: 'warmup', durationS: 600, target: { type: 'ftpPercent', low: 55, high: 55 } },
          {
            kind: 'repeat',
            count: 5,
            steps: [{ kind: 'steady', durationS: 60, target: { type: 'ftpPercent', low: 400, high: 400 } }],
          },
        ],
      },
    });
    expect(tooHard.statusCode).toBe(400);
    expect(tooHard.json().error.fields).toEqual({ 'structure.steps.1.0': 'workout_target_out_of_range' });
    // Watts compared through the FTP: 1,000 W is 400 % of 250 W.
    const watts = await call('POST', '/api/workouts', rider, { name: 'Watts', text: '1m 1000W' });
    expect(watts.json().error.fields).toEqual({ 'structure.steps.0': 'workout_target_out_of_range' });
    const unreadable = await call('POST', '/api/workouts', rider, { name: 'Text', text: '10m 95%, 3x' });
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().error.fields).toEqual({ text: 'workout_text_invalid' });
    expect(unreadable.json().error.workout_text_error.position).toBeGreaterThan(0);
    const both = await call('POST', '/api/workouts', rider, {
      name: 'Both',
      text: '1h 50%',
      structure: { steps: [] },
    });
    expect(both.statusCode).toBe(400);
    expect(((await call('GET', '/api/workouts', rider)).json() as unknown[]).length).toBe(before);
  });

  test('the library is read-only and has the core sessions with their TSS', async () => {
    const library = (await call('GET', '/api/workouts/library', rider)).json() as {
      id: string;
      tss: number;
      name_key: string;
    }[];
    expect(library.length).toBeGreaterThanOrEqual(20);
    const classic = library.find((w) => w.id === 'threshold-2x20')!;
    expect(classic.name_key).toBe('library.threshold-2x20.name');
    expect(classic.tss).toBeGreaterThan(50);
    expect((await call('POST', '/api/workouts/library', rider, {})).statusCode).toBe(404);
  });

  test('files: FIT decodes with the Garmin SDK, ZWO is XML, ERG/MRC text, each as an attachment', async () => {
    const created = (
      await call('POST', '/api/workouts', rider, {
        name: 'Sweet spot 3×15',
        text: 'wu 10m 55%, 3x(15m 90%, 5m 55%), cd 5m 50%',
      })
    ).json();
    const fit = await call('GET', `/api/workouts/${created.id}/download?format=fit`, rider);
    expect(fit.statusCode).toBe(200);
    expect(fit.headers['content-type']).toBe('application/vnd.ant.fit');
    expect(fit.headers['content-disposition']).toBe('attachment; filename="Sweet-spot-315.fit"');
    const decoder = new Decoder(Stream.fromByteArray(new Uint8Array(fit.rawPayload)));
    expect(decoder.checkIntegrity()).toBe(true);
    const { messages, errors } = decoder.read();
    expect(errors).toEqual([]);
    const m = messages as unknown as Record<string, { wktName?: string; numValidSteps?: number }[]>;
    expect(m.workoutMesgs?.[0]?.wktName).toBe('Sweet spot 3×15');
    // Warm-up, the two steps of the block, the repeat step, the cool-down.
    expect(m.workoutMesgs?.[0]?.numValidSteps).toBe(5);

    const zwo = await call('GET', `/api/workouts/${created.id}/download?format=zwo`, rider);
    expect(zwo.headers['content-type']).toMatch(/^application\/xml/);
    expect(zwo.headers['content-disposition']).toBe('attachment; filename="Sweet-spot-315.zwo"');
    expect(zwo.body).toContain('<workout_file>');
    const erg = await call('GET', `/api/workouts/${created.id}/download?format=erg`, rider);
    expect(erg.headers['content-type']).toMatch(/^text\/plain/);
    expect(erg.body).toContain('[COURSE DATA]');
    const mrc = await call('GET', `/api/workouts/${created.id}/download?format=mrc`, rider);
    expect(mrc.headers['content-disposition']).toMatch(/\.mrc"$/);

    const library = await call('GET', '/api/workouts/library/download?workout=vo2max-4x8&format=zwo', rider);
    expect(library.statusCode).toBe(200);
    expect(library.headers['content-disposition']).toBe('attachment; filename="vo2max-4x8.zwo"');
    expect(
      (await call('GET', '/api/workouts/library/download?workout=nope&format=zwo', rider)).statusCode,
    ).toBe(404);
    expect((await call('GET', `/api/workouts/${created.id}/download?format=pdf`, rider)).statusCode).toBe(
      400,
    );

    // A heart-rate step cannot be set as power in ERG: a 422 with the writer's code.
    const hr = (await call('POST', '/api/workouts', rider, { name: 'Z2', text: '2h Z2' })).json();
    const refused = await call('GET', `/api/workouts/${hr.id}/download?format=erg`, rider);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: 'WORKOUT_EXPORT_UNSUPPORTED',
      fields: { format: 'export_heart_rate_target_unsupported' },
    });
    expect(
      (await call('GET', `/api/workouts/${hr.id}/download?format=erg&hr_as_power=true`, rider)).statusCode,
    ).toBe(200);
  });
});

describe('goals', () => {
  test('an event in the past, or an A event a week from another, is refused and nothing is stored', async () => {
    const past = await call('POST', '/api/goals', stranger, {
      name: 'Old',
      date: isoDay(-3),
      priority: 'B',
      kind: 'climb',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fields).toEqual({ date: 'goal_date_past' });
    const first = await call('POST', '/api/goals', stranger, {
      name: 'Nationals',
      date: isoDay(60),
      priority: 'A',
      kind: 'road_race',
    });
    expect(first.statusCode, first.body).toBe(201);
    const close = await call('POST', '/api/goals', stranger, {
      name: 'Too close',
      date: isoDay(67),
      priority: 'A',
      kind: 'time_trial',
    });
    expect(close.statusCode).toBe(400);
    expect(close.json().error.fields).toEqual({ date: 'goal_a_events_too_close' });
    // As a B event it is fine: B events do not peak.
    expect(
      (
        await call('POST', '/api/goals', stranger, {
          name: 'Tune-up',
          date: isoDay(67),
          priority: 'B',
          kind: 'time_trial',
        })
      ).statusCode,
    ).toBe(201);
    const goals = (await call('GET', '/api/goals', stranger)).json() as { name: string }[];
    expect(goals.map((g) => g.name)).toEqual(['Nationals', 'Tune-up']);
    // A bad field: named.
    const bad = await call('POST', '/api/goals', stranger, {
      name: 'X',
      date: isoDay(30),
      priority: 'D',
      kind: 'crit',
    });
    expect(bad.json().error.fields).toMatchObject({
      priority: 'goal_priority_invalid',
      kind: 'goal_kind_invalid',
    });
  });

  test("another rider's goal is a 404; another rider's ride is no course", async () => {
    const goal = (await call('GET', '/api/goals', stranger)).json()[0] as { id: string };
    expect((await call('GET', `/api/goals/${goal.id}`, rider)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/goals/${goal.id}`, rider, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/goals/${goal.id}`, rider)).statusCode).toBe(404);
    const strangersRide = await storeRide(h.database.db, stranger.user.id, {
      start: new Date(h.now().getTime() - 5 * DAY_MS).toISOString(),
      movingS: 3600,
      tss: 60,
      distanceM: 30_000,
      elevationM: 300,
    });
    const r = await call('POST', '/api/goals', rider, {
      name: 'Course',
      date: isoDay(40),
      priority: 'C',
      kind: 'climb',
      course_activity_id: strangersRide,
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().error.fields).toEqual({ course_activity_id: 'goal_course_invalid' });
  });

  test('a goal with its course gets a predicted power and time from the event model', async () => {
    const ride = await storeRide(h.database.db, stranger.user.id, {
      start: new Date(h.now().getTime() - 4 * DAY_MS).toISOString(),
      movingS: 3600,
      tss: 70,
      distanceM: 40_000,
      elevationM: 0,
    });
    await setFtp(stranger, 280);
    const goal = await call('POST', '/api/goals', stranger, {
      name: 'Club TT',
      date: isoDay(20),
      priority: 'C',
      kind: 'time_trial',
      course_activity_id: ride,
    });
    expect(goal.statusCode, goal.body).toBe(201);
    const body = goal.json();
    if (body.prediction === null) expect(body.prediction_unavailable).toBe('no_model');
    else {
      expect(body.prediction.source).toBe('course');
      expect(body.prediction.distance_m).toBe(40_000);
      // A flat 40 km at a sustainable power between 150 and 400 W takes 50 to 80 minutes.
      expect(body.prediction.time_s).toBeGreaterThan(45 * 60);
      expect(body.prediction.time_s).toBeLessThan(90 * 60);
    }
  });
});

/** CTL and ATL by hand: the exponential PMC (τ 42 and 7 days) over daily TSS, from 0. */
function handPmc(daily: number[]) {
  let ctl = 0;
  let atl = 0;
  for (const tss of daily) {
    ctl += (tss - ctl) * (1 - Math.exp(-1 / 42));
    atl += (tss - atl) * (1 - Math.exp(-1 / 7));
  }
  return { ctl, atl };
}

describe('the plan', () => {
  let planner: SignedIn;
  beforeAll(async () => {
    planner = await h.signIn({ email: 'planner@example.org' });
  });

  test('without an FTP: refused, nothing stored; without an A event: refused', async () => {
    const noFtp = await call('POST', '/api/plan', planner, {});
    expect(noFtp.statusCode).toBe(409);
    expect(noFtp.json().error.code).toBe('FTP_REQUIRED');
    expect((await call('GET', '/api/plan', planner)).json().status).toBe('none');
    await setFtp(planner, 260);
    const badZone = await call('POST', '/api/plan', planner, { time_zone: 'Mars/Olympus_Mons' });
    expect(badZone.json().error.fields).toEqual({ time_zone: 'invalid' });
    const noGoal = await call('POST', '/api/plan', planner, {});
    expect(noGoal.statusCode).toBe(400);
    expect(noGoal.json().error.fields).toEqual({ goals: 'plan_no_a_event' });
    expect((await call('GET', '/api/plan', planner)).json().status).toBe('none');
  });

  test("made from today's CTL: ramp capped at 8 a week, positive TSB on race day", async () => {
    // Six weeks of 60 TSS a day until yesterday (12:00 UTC: the same UTC day in the plan's zone).
    const daily: number[] = [];
    for (let d = 42; d >= 1; d--) {
      const start = new Date(Date.parse(`${isoDay(-d)}T12:00:00Z`)).toISOString();
      await storeRide(h.database.db, planner.user.id, { start, movingS: 3600, tss: 60 });
      daily.push(60);
    }
    const race = isoDay(16 * 7);
    const goal = await call('POST', '/api/goals', planner, {
      name: 'Gran fondo',
      date: race,
      priority: 'A',
      kind: 'gran_fondo',
      expected_tss: 250,
    });
    expect(goal.statusCode, goal.body).toBe(201);
    const made = await call('POST', '/api/plan', planner, {
      training_weekdays: [1, 2, 3, 4, 5, 6, 7],
      time_zone: 'UTC',
    });
    expect(made.statusCode, made.body).toBe(201);
    const plan = made.json();
    expect(plan.status).toBe('active');
    expect(plan.start_date).toBe(isoDay(0));
    const hand = handPmc(daily);
    expect(plan.current.ctl).toBeCloseTo(hand.ctl, 1);
    expect(plan.current.atl).toBeCloseTo(hand.atl, 1);
    expect(plan.days[0].date).toBe(isoDay(0));
    expect(plan.days.at(-1).date).toBe(race);
    expect(plan.days.at(-1)).toMatchObject({ purpose: 'race', goal_id: goal.json().id, planned_tss: 250 });

    // The ramp rate (CTL today − CTL 7 days before) recomputed here by hand from the planned TSS.
    const tss = plan.days.map((d: { planned_tss: number }) => d.planned_tss) as number[];
    let ctl = hand.ctl;
    let atl = hand.atl;
    const ctlSeries: number[] = [];
    const before: number[] = [];
    for (let d = 7; d >= 1; d--) before.push(handPmc(daily.slice(0, daily.length - d + 1)).ctl);
    let raceTsb = Number.NaN;
    tss.forEach((t, k) => {
      if (k === tss.length - 1) raceTsb = ctl - atl;
      ctl += (t - ctl) * (1 - Math.exp(-1 / 42));
      atl += (t - atl) * (1 - Math.exp(-1 / 7));
      ctlSeries.push(ctl);
    });
    const all = [...before, ...ctlSeries];
    for (let k = 7; k < all.length - 1; k++) expect(all[k]! - all[k - 7]!).toBeLessThanOrEqual(8 + 1e-9);
    expect(raceTsb).toBeGreaterThan(0);
    expect(plan.days.at(-1).tsb).toBeCloseTo(raceTsb, 1);
    expect(plan.events).toEqual([
      {
        goal_id: goal.json().id,
        date: race,
        priority: 'A',
        ctl: expect.any(Number),
        tsb: plan.days.at(-1).tsb,
      },
    ]);
    // Weeks add up to their days.
    const sum = plan.weeks.reduce((s: number, w: { planned_tss: number }) => s + w.planned_tss, 0);
    expect(sum).toBe(tss.reduce((s, t) => s + t, 0));
    expect(plan.weeks.at(-2).kind).toBe('taper');
    // Library sessions of the next four weeks are resized to the day's TSS: within 15 % of it on most
    // days (the nearest the session's repeat count or 5-minute steps allow).
    type Day = { planned_tss: number; workout: { source: string; tss: number; fitted: boolean } | null };
    const fitted = (plan.days as Day[]).filter((d) => d.workout?.fitted);
    expect(fitted.length).toBeGreaterThan(15);
    // Beyond the next four weeks the session is the library's own (fitted: false).
    expect(
      (plan.days as (Day & { date: string })[]).filter((d) => d.date > isoDay(27) && d.workout?.fitted),
    ).toEqual([]);
    const near = fitted.filter((d) => Math.abs(d.workout!.tss - d.planned_tss) <= 0.15 * d.planned_tss);
    expect(near.length / fitted.length).toBeGreaterThan(0.8);
  });

  test('a second A event a week after the first is refused; the plan is unchanged', async () => {
    const before = (await call('GET', '/api/plan', planner)).body;
    const r = await call('POST', '/api/goals', planner, {
      name: 'Another',
      date: isoDay(16 * 7 + 7),
      priority: 'A',
      kind: 'climb',
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().error.fields).toEqual({ date: 'goal_a_events_too_close' });
    expect((await call('GET', '/api/plan', planner)).body).toBe(before);
  });

  test('days: skip, move, swap, edit; past days and the event day stay; undo', async () => {
    const plan = (await call('GET', '/api/plan', planner)).json();
    const day = (k: number) => plan.days[k] as { date: string; planned_tss: number; purpose: string };
    const skip = await call('PUT', `/api/plan/days/${day(2).date}`, planner, { action: 'skip' });
    expect(skip.statusCode, skip.body).toBe(200);
    const afterSkip = skip.json().days[2];
    expect(afterSkip).toMatchObject({
      planned_tss: 0,
      purpose: 'rest',
      workout: null,
      override: { action: 'skip' },
    });

    const moved = (
      await call('PUT', `/api/plan/days/${day(3).date}`, planner, { action: 'move', other_day: day(5).date })
    ).json();
    expect(moved.days[3].planned_tss).toBe(0);
    expect(moved.days[5].planned_tss).toBe(day(3).planned_tss);

    const swapped = (
      await call('PUT', `/api/plan/days/${day(8).date}`, planner, { action: 'swap', other_day: day(9).date })
    ).json();
    expect(swapped.days[8].planned_tss).toBe(day(9).planned_tss);
    expect(swapped.days[9].planned_tss).toBe(day(8).planned_tss);

    const own = (await call('POST', '/api/workouts', planner, { name: 'Hour', text: '1h 75%' })).json();
    const edited = (
      await call('PUT', `/api/plan/days/${day(10).date}`, planner, {
        action: 'edit',
        workout_id: own.id,
        note: 'Indoors',
      })
    ).json();
    // 1 h at 75 %: 56.25 TSS, whole: 56.
    expect(edited.days[10]).toMatchObject({
      planned_tss: 56,
      workout: { source: 'own', id: own.id, name: 'Hour' },
      override: { action: 'edit', note: 'Indoors' },
    });

    const race = plan.days.at(-1).date;
    const eventDay = await call('PUT', `/api/plan/days/${race}`, planner, { action: 'skip' });
    expect(eventDay.json().error.fields).toEqual({ date: 'plan_day_is_event' });
    const past = await call('PUT', `/api/plan/days/${isoDay(-2)}`, planner, { action: 'skip' });
    expect(past.json().error.fields).toEqual({ date: 'plan_day_past' });
    const library = await call('PUT', `/api/plan/days/${day(11).date}`, planner, {
      action: 'edit',
      library_workout_id: 'nope',
    });
    expect(library.json().error.fields).toEqual({ library_workout_id: 'plan_workout_invalid' });
    // Another rider's workout is no workout of this rider.
    const strangers = (await call('POST', '/api/workouts', stranger, { name: 'S', text: '1h 60%' })).json();
    const foreign = await call('PUT', `/api/plan/days/${day(11).date}`, planner, {
      action: 'edit',
      workout_id: strangers.id,
    });
    expect(foreign.json().error.fields).toEqual({ workout_id: 'plan_workout_invalid' });
    // Nobody else changes this rider's days.
    expect(
      (await call('PUT', `/api/plan/days/${day(11).date}`, stranger, { action: 'skip' })).statusCode,
    ).toBe(404);

    expect((await call('DELETE', `/api/plan/days/${day(2).date}`, planner)).statusCode).toBe(204);
    const undone = (await call('GET', '/api/plan', planner)).json();
    expect(undone.days[2].planned_tss).toBe(day(2).planned_tss);
    expect(undone.days[2].override).toBeNull();
  });

  test('a ride on a planned day is compared with its workout, on the plan and on the ride', async () => {
    const today = isoDay(0);
    const set = await call('PUT', `/api/plan/days/${today}`, planner, {
      action: 'edit',
      library_workout_id: 'endurance-60',
    });
    expect(set.statusCode, set.body).toBe(200);
    const bytes = encodeFit(
      generateRide({
        seed: 26,
        startTime: new Date(Date.parse(`${today}T00:30:00Z`)),
        durationS: 3600,
        ftpW: 260,
        route: SYNTHETIC_ROUTES.find((r) => r.id === 'valley')!,
      }),
    );
    const created = await h.services.importService.createImport(planner.user.id, 'upload', [
      { name: 'today.fit', bytes, sizeBytes: bytes.length },
    ]);
    for (const file of created.files) await h.services.importService.processFile({ fileId: file.id });
    const plan = (await call('GET', '/api/plan', planner)).json();
    const day = plan.days.find((d: { date: string }) => d.date === today);
    expect(day.ride_ids).toHaveLength(1);
    expect(day.compliance).toMatchObject({
      activity_id: day.ride_ids[0],
      workout_ref: { source: 'library', id: 'endurance-60' },
      unavailable: null,
      planned_duration_s: 3600,
    });
    expect(day.compliance.score).toBeGreaterThanOrEqual(0);
    expect(day.compliance.score).toBeLessThanOrEqual(100);
    expect(day.compliance.steps.length).toBeGreaterThan(0);
    const ride = (await call('GET', `/api/activities/${day.ride_ids[0]}`, planner)).json();
    expect(ride.plan_compliance).toEqual(day.compliance);
    // A ride with no plan behind it says so.
    const other = (await call('GET', '/api/activities', stranger)).json().activities[0];
    expect((await call('GET', `/api/activities/${other.id}`, stranger)).json().plan_compliance).toBeNull();
  });

  test('missed days re-plan the season on read: actual 0, weeks planned vs ridden, CTL falls', async () => {
    const before = (await call('GET', '/api/plan', planner)).json();
    h.advance(3 * 86_400);
    planner = await h.signIn({ email: 'planner@example.org' });
    const after = (await call('GET', '/api/plan', planner)).json();
    expect(after.today).toBe(isoDay(0));
    const missed = after.days.find((d: { date: string }) => d.date === isoDay(-1));
    expect(missed.actual_tss).toBe(0);
    expect(missed.projected).toBe(false);
    const week = after.weeks[0];
    type Day = { date: string; planned_tss: number; actual_tss: number | null };
    const lived = (after.days as Day[]).filter(
      (d) => d.date >= week.start_date && d.date <= week.end_date && d.date < after.today,
    );
    const planned = lived.reduce((s, d) => s + d.planned_tss, 0);
    const ridden = lived.reduce((s, d) => s + (d.actual_tss ?? 0), 0);
    expect(week.planned_to_date_tss).toBe(planned);
    expect(week.actual_tss).toBeCloseTo(ridden, 1);
    // 100 · max(0, 1 − |ridden/planned − 1|): the weekly score of docs/formulas/training-plan.md.
    expect(week.score).toBeCloseTo(100 * Math.max(0, 1 - Math.abs(ridden / planned - 1)), 0);
    expect(lived.filter((d) => d.date > isoDay(-3)).every((d) => d.actual_tss === 0)).toBe(true);
    expect(after.current.ctl).toBeLessThan(before.days[2].ctl);
    expect(after.days.at(-1).tsb).toBeGreaterThan(0);
  });

  test('API keys: a read key reads the plan, goals and workouts but changes nothing; a write key does', async () => {
    const keyOf = async (scope: 'read' | 'write') =>
      (await call('POST', '/api/me/api-keys', planner, { name: `plan-${scope}`, scope })).json()
        .secret as string;
    const read = { headers: { authorization: `Bearer ${await keyOf('read')}` } };
    const write = { headers: { authorization: `Bearer ${await keyOf('write')}` } };
    for (const url of [
      '/api/plan',
      '/api/goals',
      '/api/workouts',
      '/api/workouts/library',
      '/api/plan/calendar-token',
    ])
      expect((await call('GET', url, read)).statusCode, url).toBe(200);
    const refused = await call('POST', '/api/workouts', read, { name: 'R', text: '1h 50%' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('API_KEY_READ_ONLY');
    expect((await call('POST', '/api/plan/replan', read)).statusCode).toBe(403);
    expect((await call('POST', '/api/workouts', write, { name: 'W', text: '1h 50%' })).statusCode).toBe(201);
    // The calendar token is for a signed-in session only.
    const token = await call('POST', '/api/plan/calendar-token', write);
    expect(token.statusCode).toBe(403);
    expect(token.json().error.code).toBe('API_KEY_NOT_ALLOWED');
  });

  test('the calendar feed: RFC 5545 lines, one all-day event per session; a rotated or revoked token is a 404', async () => {
    expect((await call('GET', '/api/plan/calendar-token', planner)).json()).toEqual({
      active: false,
      created_at: null,
    });
    const created = await call('POST', '/api/plan/calendar-token', planner);
    expect(created.statusCode).toBe(201);
    const { token, path } = created.json() as { token: string; path: string };
    const feed = await h.app.inject({ url: `${path}&lang=es` });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const body = feed.body;
    expect(body.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(body.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of body.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    const unfolded = body.replace(/\r\n /g, '');
    const events = unfolded.split('BEGIN:VEVENT').slice(1);
    const plan = (await call('GET', '/api/plan', planner)).json();
    const sessions = plan.days.filter(
      (d: { date: string; planned_tss: number; purpose: string }) =>
        d.date >= isoDay(-14) && d.planned_tss > 0 && d.purpose !== 'rest',
    );
    expect(events.length).toBe(sessions.length);
    for (const e of events) {
      expect(e).toMatch(/\r\nUID:[^\r\n]+@vatio\r\n/);
      expect(e).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);
      expect(e).toMatch(/\r\nDTSTART;VALUE=DATE:\d{8}\r\nDTEND;VALUE=DATE:\d{8}\r\n/);
      expect(e).toMatch(/\r\nDESCRIPTION:[^\r\n]*TSS/);
    }
    expect(unfolded).toContain('SUMMARY:Objetivo A: Gran fondo');
    expect(unfolded).toContain('DESCRIPTION:Sesión: ');

    expect((await h.app.inject({ url: '/api/plan/calendar.ics?token=vcal_nope' })).statusCode).toBe(404);
    expect((await h.app.inject({ url: '/api/plan/calendar.ics?token=' })).statusCode).toBe(400);
    const rotated = (await call('POST', '/api/plan/calendar-token', planner)).json();
    expect((await h.app.inject({ url: `/api/plan/calendar.ics?token=${token}` })).statusCode).toBe(404);
    expect((await h.app.inject({ url: rotated.path })).statusCode).toBe(200);
    expect((await call('DELETE', '/api/plan/calendar-token', planner)).statusCode).toBe(204);
    const revoked = await h.app.inject({ url: rotated.path });
    expect(revoked.statusCode).toBe(404);
    expect(revoked.body).not.toContain(planner.user.id);
  });

  test('the account export holds the goals, workouts, plan settings and day changes', async () => {
    const response = await call('GET', '/api/export', planner);
    expect(response.statusCode).toBe(200);
    const entries = unzipSync(new Uint8Array(response.rawPayload));
    const plan = JSON.parse(new TextDecoder().decode(entries['training-plan.json']));
    expect(plan.goals.map((g: { name: string }) => g.name)).toEqual(['Gran fondo']);
    expect(plan.workouts.map((w: { name: string }) => w.name)).toContain('Hour');
    expect(plan.plan).toMatchObject({ training_weekdays: [1, 2, 3, 4, 5, 6, 7] });
    expect(plan.day_changes.length).toBeGreaterThan(0);
    expect(JSON.stringify(plan)).not.toContain('token_hash');
  });

  test('after the A event the plan is finished: every day lived, measured against the plan as made', async () => {
    h.advance((16 * 7 + 1) * 86_400);
    planner = await h.signIn({ email: 'planner@example.org' });
    const plan = (await call('GET', '/api/plan', planner)).json();
    expect(plan.status).toBe('finished');
    expect(
      plan.days.every(
        (d: { projected: boolean; actual_tss: number | null }) => !d.projected && d.actual_tss !== null,
      ),
    ).toBe(true);
    expect(
      plan.weeks.every(
        (w: { partial: boolean; actual_tss: number | null }) => !w.partial && w.actual_tss !== null,
      ),
    ).toBe(true);
    // Nothing can be changed any more: every day is past.
    const last = plan.days.at(-2).date;
    expect(
      (await call('PUT', `/api/plan/days/${last}`, planner, { action: 'skip' })).json().error.fields,
    ).toEqual({ date: 'plan_day_past' });
  });

  test('delete: the plan goes, goals and workouts stay', async () => {
    expect((await call('DELETE', '/api/plan', planner)).statusCode).toBe(204);
    expect((await call('GET', '/api/plan', planner)).json().status).toBe('none');
    expect(((await call('GET', '/api/goals', planner)).json() as unknown[]).length).toBe(1);
    expect((await call('DELETE', '/api/plan', planner)).statusCode).toBe(404);
  });
});
