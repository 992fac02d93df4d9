import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import { planDemoRides } from './demo-plan.ts';

describe('the demo plan', () => {
  const today = new Date('2026-11-22T10:00:00Z');
  const rides = planDemoRides(today);

  test('six months of rides, four to five a week, all before today', () => {
    expect(rides.length).toBeGreaterThan(26 * 3.5);
    expect(rides.length).toBeLessThan(26 * 5.5);
    expect(rides.every((r) => r.startTime < today)).toBe(true);
    expect(rides[0]!.startTime.getTime()).toBeGreaterThan(today.getTime() - 183 * 86_400_000);
  });

  test('the FTP rises over the months, and long rides come at the weekend', () => {
    expect(rides[0]!.ftpW).toBeLessThan(rides.at(-1)!.ftpW);
    const longest = rides.reduce((a, b) => (b.durationS > a.durationS ? b : a));
    expect([0, 6]).toContain(longest.startTime.getUTCDay());
  });

  test('every 4 weeks before today hold a 20-minute test, and long rides end hard', () => {
    const DAY = 86_400_000;
    for (const fromDays of [28, 56, 84]) {
      const tests = rides.filter(
        (r) =>
          r.intervals?.workS === 1200 &&
          r.intervals.count === 1 &&
          r.startTime.getTime() >= today.getTime() - fromDays * DAY &&
          r.startTime.getTime() < today.getTime() - (fromDays - 28) * DAY,
      );
      expect(tests, `${fromDays} days`).toHaveLength(1);
      expect(tests[0]!.lateEffort?.intervalPct).toBeGreaterThan(1.2);
    }
    const long = rides.filter((r) => r.durationS >= 9000);
    expect(long.length).toBeGreaterThan(15);
    expect(long.every((r) => r.lateEffort && r.lateEffort.atFraction >= 0.7)).toBe(true);
  });

  test('the same day gives the same plan', () => {
    expect(planDemoRides(today)).toEqual(rides);
  });
});

describe('POST /api/demo', () => {
  let h: Harness;
  let rider: SignedIn;
  beforeAll(async () => {
    h = await createHarness({}, { workers: false });
    rider = await h.signIn({ email: 'demo@example.org' });
  }, 120_000);
  afterAll(async () => h?.close());

  test('fills an empty account with demo rides through the import pipeline, and only an empty one', async () => {
    const response = await h.app.inject({ method: 'POST', url: '/api/demo', headers: rider.headers });
    expect(response.statusCode).toBe(202);
    expect(response.json().rides).toBeGreaterThan(90);
    const settings = (await h.app.inject({ url: '/api/athlete-settings', headers: rider.headers })).json();
    expect(settings.history.length).toBeGreaterThanOrEqual(6);

    // Run the first batch by hand (this harness has no workers), then its imports.
    await h.services.demo.run({ userId: rider.user.id, batch: 0, today: new Date().toISOString() });
    const imports = (await h.app.inject({ url: '/api/imports', headers: rider.headers })).json().imports;
    expect(imports).toHaveLength(1);
    const files = (
      await h.app.inject({ url: `/api/imports/${imports[0].id}`, headers: rider.headers })
    ).json().files;
    for (const file of files) await h.services.importService.processFile({ fileId: file.id });
    const list = (await h.app.inject({ url: '/api/activities', headers: rider.headers })).json();
    expect(list.total).toBe(files.length);
    expect(
      list.activities.every(
        (a: { source: string; training_stress_score: number }) =>
          a.source === 'demo' && a.training_stress_score > 0,
      ),
    ).toBe(true);

    const again = await h.app.inject({ method: 'POST', url: '/api/demo', headers: rider.headers });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('DEMO_NOT_EMPTY');
  }, 120_000);

  test('/sync counts the whole demo, not its last batch of files (issue 25 §8)', async () => {
    // The demo is stored in batches of 12 rides, each an import; /sync shows the latest import, which
    // said "7 archivos procesados" after a 103-ride demo. Two batches here: 24 rides.
    const demoRider = await h.signIn({ email: 'demo-count@example.org' });
    const started = await h.app.inject({ method: 'POST', url: '/api/demo', headers: demoRider.headers });
    expect(started.statusCode).toBe(202);
    const today = new Date().toISOString();
    for (const batch of [0, 1]) await h.services.demo.run({ userId: demoRider.user.id, batch, today });
    const imports = (await h.app.inject({ url: '/api/imports', headers: demoRider.headers })).json().imports;
    expect(imports).toHaveLength(2);
    for (const { id } of imports) {
      const { files } = (
        await h.app.inject({ url: `/api/imports/${id}`, headers: demoRider.headers })
      ).json() as { files: { id: string }[] };
      for (const file of files) await h.services.importService.processFile({ fileId: file.id });
    }
    const stored = (await h.app.inject({ url: '/api/activities', headers: demoRider.headers })).json().total;
    expect(stored).toBe(24);

    // What /sync reads: the latest import, then its detail.
    const latest = (await h.app.inject({ url: '/api/imports?limit=1', headers: demoRider.headers })).json()
      .imports[0];
    const detail = (
      await h.app.inject({ url: `/api/imports/${latest.id}`, headers: demoRider.headers })
    ).json();
    expect(detail.status).toBe('done');
    expect(detail.counts.done + detail.counts.recovered + detail.counts.duplicate).toBe(stored);
    expect(detail.counts.total).toBe(stored);
    expect(detail.files).toHaveLength(stored);
    // Started when the demo's first batch was stored.
    expect(detail.created_at <= imports[1].created_at).toBe(true);
    // An upload afterwards is an import of its own: its detail is only its files.
    const upload = await h.app.inject({
      method: 'POST',
      url: '/api/activities/upload',
      headers: { ...demoRider.headers, 'content-type': 'multipart/form-data; boundary=X' },
      payload:
        '--X\r\nContent-Disposition: form-data; name="files"; filename="x.gpx"\r\n\r\nnot a ride\r\n--X--\r\n',
    });
    expect(upload.statusCode, upload.body).toBe(202);
    const own = (
      await h.app.inject({ url: `/api/imports/${upload.json().import_id}`, headers: demoRider.headers })
    ).json();
    expect(own.counts.total).toBe(1);
    // The demo's detail is still the whole demo.
    const again = (
      await h.app.inject({ url: `/api/imports/${latest.id}`, headers: demoRider.headers })
    ).json();
    expect(again.counts.total).toBe(stored);
  }, 120_000);
});
