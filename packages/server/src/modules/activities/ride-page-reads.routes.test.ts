/**
 * Issue 28: the ride page (GET /api/activities/:id) reads the ride with its laps in one statement,
 * and its answer is the one the two reads it replaced made: the ride row and its laps, each value as
 * the driver reads it (odd doubles, NaN and infinities too), through the same presenters. On the
 * embedded database every statement waits its turn behind the imports, so the first view of a ride
 * page is held to two statements besides the session's: the ride, and the plan's compliance (none
 * while the rider's write epoch vouches that they still have no plan).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readFixture } from '../../../../cli/src/test-support/fixtures.ts';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import { statementsDuring } from '../../test/statements.ts';
import { uploadAndWait } from '../../test/upload.ts';
import { presentActivity, presentLap } from './activity.presenter.ts';
import { AthleteSettingsRepository } from '../../kernel/athlete-settings.repository.ts';
import { ActivityRepository } from './activity.repository.ts';

/** Statements are counted on the embedded database, where each waits its turn on one connection. */
const onPostgres = Boolean(process.env.DATABASE_URL);
let h: Harness;
let rider: SignedIn;
let rideId = '';
let repo: ActivityRepository;

// A vendored ride with 8 laps (always in the repository).
const EDGE_810 = 'garmin-edge-810-vector-road-1h18-power-laps.fit';

beforeAll(async () => {
  h = await createHarness();
  rider = await h.signIn({ email: 'ride-page-reads@example.org' });
  const done = await uploadAndWait(h.app, rider.headers, [{ name: EDGE_810, bytes: readFixture(EDGE_810) }]);
  expect(done.files[0]?.status).toBe('done');
  rideId = done.files[0]!.activity_id!;
  repo = new ActivityRepository(h.database.db);
}, 120_000);
afterAll(async () => h?.close());

/** The answer as the route made it from the row and the laps read one after the other. */
async function answerFromSeparateReads(language: 'es' | 'en') {
  const row = await repo.find(rider.user.id, rideId);
  const laps = await repo.laps(rider.user.id, rideId);
  return JSON.parse(
    JSON.stringify({ ...presentActivity(row!, language), laps: laps.map(presentLap), plan_compliance: null }),
  );
}

describe('the ride page in one read', () => {
  test('the answer is the one of the separate reads, in both languages', async () => {
    for (const lang of ['es', 'en'] as const) {
      const response = await h.app.inject({
        url: `/api/activities/${rideId}?lang=${lang}`,
        headers: rider.headers,
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.laps).toHaveLength(8);
      expect(body).toEqual(await answerFromSeparateReads(lang));
    }
  });

  test('the ride and laps read as one are the rows read apart, odd values included', async () => {
    // Values JSON and the driver could tell apart: the shortest exact forms of doubles, NaN, infinities.
    await h.database.db
      .updateTable('laps')
      .set({ distance_m: 0.1 + 0.2, average_speed_mps: 1e-300, normalized_power_w: null })
      .where('activity_id', '=', rideId)
      .where('lap_index', '=', 0)
      .execute();
    await h.database.db
      .updateTable('laps')
      .set({ average_cadence_rpm: Number.NaN, max_power_w: Number.POSITIVE_INFINITY, distance_m: 123456.789 })
      .where('activity_id', '=', rideId)
      .where('lap_index', '=', 1)
      .execute();
    const apart = {
      row: await repo.find(rider.user.id, rideId),
      laps: await repo.laps(rider.user.id, rideId),
    };
    expect(apart.laps[1]!.average_cadence_rpm).toBeNaN();
    expect(await repo.findWithLaps(rider.user.id, rideId)).toEqual(apart);
  });

  test("another rider's ride is a 404, and has no laps to read", async () => {
    const other = await h.signIn({ email: 'ride-page-reads-other@example.org' });
    expect(await repo.findWithLaps(other.user.id, rideId)).toBeUndefined();
    const response = await h.app.inject({ url: `/api/activities/${rideId}`, headers: other.headers });
    expect(response.statusCode).toBe(404);
  });

  test.skipIf(onPostgres)("a first view (nothing kept) is the session's statement and two more", async () => {
    // A change of the rider's: no answer of theirs kept from before stands.
    const edit = await h.app.inject({
      method: 'PUT',
      url: `/api/activities/${rideId}`,
      headers: rider.headers,
      payload: { notes: 'first view' },
    });
    expect(edit.statusCode).toBe(200);
    const statements = await statementsDuring(h.database, async () => {
      const response = await h.app.inject({ url: `/api/activities/${rideId}`, headers: rider.headers });
      expect(response.statusCode).toBe(200);
    });
    const ours = statements.filter((s) => !/from "sessions"/.test(s));
    expect(ours, statements.join('\n')).toHaveLength(2);
    // Another page of the rider's while nothing of theirs changed: that they have no plan still holds.
    const again = await statementsDuring(h.database, async () => {
      const response = await h.app.inject({
        url: `/api/activities/${rideId}?lang=es`,
        headers: rider.headers,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().plan_compliance).toBeNull();
    });
    expect(
      again.filter((s) => !/from "sessions"/.test(s)),
      again.join('\n'),
    ).toHaveLength(1);
  });

  test.skipIf(onPostgres)(
    "the ride's analysis, kept: once the rider's epoch moved, one statement tells it still holds",
    async () => {
      const url = `/api/activities/${rideId}/analysis`;
      expect((await h.app.inject({ url, headers: rider.headers })).statusCode).toBe(200);
      // As a write of theirs that changed nothing the analysis reads would move it.
      h.database.writes.bump(rider.user.id);
      const statements = await statementsDuring(h.database, async () => {
        const response = await h.app.inject({ url, headers: rider.headers });
        expect(response.statusCode).toBe(200);
      });
      expect(
        statements.filter((s) => !/from "sessions"/.test(s)),
        statements.join('\n'),
      ).toHaveLength(1);
    },
  );

  test("the analysis's read: the row, its laps and its bike's weight as read apart", async () => {
    const bike = await h.app.inject({
      method: 'POST',
      url: '/api/bikes',
      headers: rider.headers,
      payload: { name: 'Road', type: 'road', weight_kg: 7.9 },
    });
    expect(bike.statusCode, bike.body).toBe(201);
    const bikeId = bike.json().id as string;
    const settings = new AthleteSettingsRepository(h.database.db);
    for (const bikeOfRide of [null, bikeId]) {
      const put = await h.app.inject({
        method: 'PUT',
        url: `/api/activities/${rideId}`,
        headers: rider.headers,
        payload: { bike_id: bikeOfRide },
      });
      expect(put.statusCode, put.body).toBe(200);
      const read = await repo.forAnalysis(rider.user.id, rideId, 42);
      expect(read?.row).toEqual(await repo.find(rider.user.id, rideId));
      expect(read?.laps).toEqual(await repo.laps(rider.user.id, rideId));
      expect(read?.bikeKg).toBe(await settings.bikeWeightKg(rider.user.id, bikeOfRide));
    }
    expect((await repo.forAnalysis(rider.user.id, rideId, 42))?.bikeKg).toBeCloseTo(7.9, 5);
    const other = await h.signIn({ email: 'ride-page-reads-third@example.org' });
    expect(await repo.forAnalysis(other.user.id, rideId, 42)).toBeUndefined();
  });

  test.skipIf(onPostgres)(
    "the ride's analysis, first made: the ride's statement and the settings', then the curves'",
    async () => {
      const edit = await h.app.inject({
        method: 'PUT',
        url: `/api/activities/${rideId}`,
        headers: rider.headers,
        payload: { notes: 'analysed again' },
      });
      expect(edit.statusCode).toBe(200);
      const statements = await statementsDuring(h.database, async () => {
        const response = await h.app.inject({
          url: `/api/activities/${rideId}/analysis`,
          headers: rider.headers,
        });
        expect(response.statusCode).toBe(200);
      });
      expect(
        statements.filter((s) => !/from "sessions"/.test(s)),
        statements.join('\n'),
      ).toHaveLength(5);
    },
  );
});
