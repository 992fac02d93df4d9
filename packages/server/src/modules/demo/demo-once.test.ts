import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';

// Issue 27: the demo's files are generated once a day and their analysis kept for riders with the
// same settings in force (demo-files.ts, demo-preparer.ts). A rider whose demo came from what was kept
// must have exactly the rows and answers of a rider whose demo was computed: every column of every
// ride, curve, lap, segment and effort, and every screen's answer, ids aside.

/** Two weeks of demo rides (the example rider's e2e length): the comparison, not the volume, counts. */
const DAYS = 14;

/** Ids, riders and times of writing differ between any two riders; every other value must not. */
const DIFFERS =
  /^(id|user_id|activity_id|segment_id|import_id|bike_id|created_at|updated_at|import_file_id)$/;

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

function withoutIds(value: unknown, rideIds: Map<string, number>): unknown {
  // A ride's id in a link (the aero lab's `?activity=`) is its rank too.
  if (typeof value === 'string') return value.replace(UUID, (id) => `ride ${rideIds.get(id) ?? '?'}`);
  if (Array.isArray(value)) return value.map((v) => withoutIds(v, rideIds));
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !DIFFERS.test(key))
        .map(([key, v]) => [key, withoutIds(v, rideIds)]),
    );
  }
  return value;
}

describe('the demo computed once for riders with the same settings (issue 27)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({}, { workers: false });
  }, 120_000);
  afterAll(async () => h?.close());

  /** Loads the demo as the job queue would: each batch, then each of its files. */
  async function loadDemo(rider: SignedIn, today: string) {
    const started = await h.services.demo.start(rider.user.id, DAYS);
    expect(started?.rides).toBeGreaterThan(5);
    for (let batch = 0; batch * 12 < started!.rides; batch++) {
      await h.services.demo.run({ userId: rider.user.id, batch, today, days: DAYS });
    }
    const { db } = h.database;
    const files = await db
      .selectFrom('import_files')
      .select('id')
      .where('user_id', '=', rider.user.id)
      .orderBy('name')
      .execute();
    for (const file of files)
      await h.services.importService.processFile({ fileId: file.id, userId: rider.user.id });
  }

  /** Every stored row of the rider's demo, ordered by ride start (ids replaced by the ride's rank). */
  async function stored(userId: string) {
    const { db } = h.database;
    const activities = await db
      .selectFrom('activities')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('start_time')
      .execute();
    const rideIds = new Map(activities.map((a, k) => [a.id, k]));
    const ids = activities.map((a) => a.id);
    const byRide = <T extends { activity_id: string }>(rows: T[]) =>
      rows.sort((a, b) => rideIds.get(a.activity_id)! - rideIds.get(b.activity_id)!);
    const rows = {
      activities,
      files: byRide(
        await db.selectFrom('activity_files').selectAll().where('activity_id', 'in', ids).execute(),
      ),
      streams: byRide(
        await db.selectFrom('activity_streams').selectAll().where('activity_id', 'in', ids).execute(),
      ),
      curves: byRide(
        await db.selectFrom('activity_curves').selectAll().where('activity_id', 'in', ids).execute(),
      ),
      laps: byRide(
        await db
          .selectFrom('laps')
          .selectAll()
          .where('activity_id', 'in', ids)
          .orderBy('lap_index')
          .execute(),
      ),
      best: await db.selectFrom('rider_best_curves').selectAll().where('user_id', '=', userId).execute(),
      segments: await db
        .selectFrom('segments')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('start_lat')
        .orderBy('start_lng')
        .execute(),
      efforts: (
        await db.selectFrom('segment_efforts').selectAll().where('activity_id', 'in', ids).execute()
      ).sort(
        (a, b) =>
          rideIds.get(a.activity_id)! - rideIds.get(b.activity_id)! || a.start_offset_s - b.start_offset_s,
      ),
    };
    return { rows: withoutIds(rows, rideIds), rideIds, ids };
  }

  /** The answers the screens read, ids replaced by the ride's rank. */
  async function answers(rider: SignedIn, rideIds: Map<string, number>, ids: string[]) {
    const get = async (url: string) => {
      const response = await h.app.inject({ url, headers: rider.headers });
      expect(response.statusCode, url).toBe(200);
      return withoutIds(response.json(), rideIds);
    };
    const urls = [
      '/api/activities?limit=100',
      '/api/dashboard?tz=UTC',
      '/api/dashboard/stats?tz=UTC',
      '/api/dashboard/power-curve',
      '/api/dashboard/weekly-summary?tz=UTC',
      '/api/dashboard/narrative?tz=UTC',
      '/api/dashboard/overview?tz=UTC',
      '/api/analytics/performance?weeks=4&tz=UTC',
      '/api/analytics/predictive?weeks=4&tz=UTC',
      '/api/analytics/advanced?weeks=4&tz=UTC',
      '/api/analytics/segments',
      ...ids.flatMap((id) => [`/api/activities/${id}`, `/api/activities/${id}/analysis`]),
    ];
    const out: Record<string, unknown> = {};
    for (const url of urls) out[url.replace(UUID, (id) => `ride ${rideIds.get(id)}`)] = await get(url);
    // Segments with as many attempts are listed in the order of their ids (random), for any two riders.
    const list = out['/api/analytics/segments'] as { segments: { start: { lat: number; lng: number } }[] };
    list.segments.sort((p, q) => p.start.lat - q.start.lat || p.start.lng - q.start.lng);
    return out;
  }

  test('a second rider gets the same rides, facts, curves, segments and answers, without analysing them again', async () => {
    const today = h.now().toISOString();
    const first = await h.signIn({ email: 'demo-first@example.org' });
    await loadDemo(first, today);
    const computed = { ...h.services.demoFiles.stats };
    expect(computed.misses).toBeGreaterThan(0);

    const second = await h.signIn({ email: 'demo-second@example.org' });
    await loadDemo(second, today);
    // Nothing decoded, analysed or measured again: every pure step came from what the first kept.
    expect(h.services.demoFiles.stats.misses).toBe(computed.misses);
    expect(h.services.demoFiles.stats.hits).toBeGreaterThanOrEqual(computed.misses);

    const a = await stored(first.user.id);
    const b = await stored(second.user.id);
    expect(a.ids.length).toBeGreaterThan(5);
    expect(b.rows).toEqual(a.rows);
    // Every ride has its facts (the batch pass ran for both riders).
    const rides = (a.rows as { activities: { tactics: unknown; advanced_facts: unknown }[] }).activities;
    expect(rides.every((r) => r.tactics !== null && r.advanced_facts !== null)).toBe(true);
    expect(await answers(second, b.rideIds, b.ids)).toEqual(await answers(first, a.rideIds, a.ids));
  }, 240_000);

  test('a rider whose settings differ is analysed with their own (nothing kept is used)', async () => {
    const today = h.now().toISOString();
    const rider = await h.signIn({ email: 'demo-heavier@example.org' });
    // Their own weight, set before the demo (the demo fills only the gaps).
    const { db } = h.database;
    await db
      .insertInto('athlete_settings_history')
      .values({ user_id: rider.user.id, effective_from: '2000-01-01', weight_kg: 90 })
      .execute();
    const before = { ...h.services.demoFiles.stats };
    // One ride is enough: its file is the first rider's (generated once), its analysis is its own.
    await h.services.demo.start(rider.user.id, DAYS);
    await h.services.demo.run({ userId: rider.user.id, batch: 0, today, days: DAYS });
    const file = await db
      .selectFrom('import_files')
      .select('id')
      .where('user_id', '=', rider.user.id)
      .orderBy('name')
      .executeTakeFirstOrThrow();
    await h.services.importService.processFile({ fileId: file.id, userId: rider.user.id });
    expect(h.services.demoFiles.stats.hits).toBe(before.hits);
    expect(h.services.demoFiles.stats.misses).toBeGreaterThan(before.misses);
  }, 240_000);
});
