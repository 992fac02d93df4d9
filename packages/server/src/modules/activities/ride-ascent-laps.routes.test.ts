/**
 * Issue 25, items 3 and 6, through the real server: a ride's ascent is the device's own figure where
 * the file carries one and says so (`total_elevation_gain_source`); a file with none shows the estimate,
 * labelled; stored laps never outlast the ride; and rides stored by an older analysis are re-analysed
 * into both.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readFixture } from '../../../../cli/src/test-support/fixtures.ts';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import { uploadAndWait } from '../../test/upload.ts';
import { ANALYSIS_VERSION } from './ride-import-analysis.ts';
import { waitUntil } from '../../test/wait.ts';

let h: Harness;
let rider: SignedIn;

// A vendored ride (always in the repository): the Edge 810's session states 514 m of ascent, 8 laps.
const EDGE_810 = 'garmin-edge-810-vector-road-1h18-power-laps.fit';

/**
 * A GPX with no ascent of its own: 10 min climbing 0.25 m/s, one point a second. The estimate's
 * 11-s centred mean leaves a straight climb unchanged, so it gains 0.25 × 600 = 150 m.
 */
function climbingGpx(): Uint8Array {
  const start = Date.parse('2026-04-02T08:00:00Z');
  const points: string[] = [];
  for (let i = 0; i <= 600; i++) {
    const time = new Date(start + i * 1000).toISOString();
    points.push(
      `<trkpt lat="${(40 + i * 0.00005).toFixed(6)}" lon="-3.7"><ele>${(600 + 0.25 * i).toFixed(2)}</ele><time>${time}</time></trkpt>`,
    );
  }
  return new TextEncoder().encode(
    `<?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><type>cycling</type><trkseg>${points.join('')}</trkseg></trk></gpx>`,
  );
}

beforeAll(async () => {
  h = await createHarness();
  rider = await h.signIn({ email: 'ascent-laps@example.org' });
}, 120_000);
afterAll(async () => h?.close());

async function importOne(name: string, bytes: Uint8Array): Promise<string> {
  const done = await uploadAndWait(h.app, rider.headers, [{ name, bytes }]);
  expect(done.files[0]?.status).toBe('done');
  return done.files[0]!.activity_id!;
}

async function detail(id: string) {
  return (await h.app.inject({ url: `/api/activities/${id}`, headers: rider.headers })).json();
}

describe('ascent and laps on the ride page', () => {
  let edgeId = '';

  test("shows the device's ascent, labelled, and laps that fit inside the ride", async () => {
    edgeId = await importOne(EDGE_810, readFixture(EDGE_810));
    const ride = await detail(edgeId);
    expect(ride.total_elevation_gain).toBe(514);
    expect(ride.total_elevation_gain_source).toBe('device');
    expect(ride.laps).toHaveLength(8);
    let sumS = 0;
    for (const lap of ride.laps) {
      expect(lap.start_offset_s + lap.elapsed_time).toBeLessThanOrEqual(ride.elapsed_time + 1);
      sumS += lap.elapsed_time;
    }
    expect(sumS).toBeLessThanOrEqual(ride.elapsed_time + 1);
  });

  test('shows the estimate, labelled, for a file with no ascent of its own', async () => {
    const ride = await detail(await importOne('climb.gpx', climbingGpx()));
    expect(ride.total_elevation_gain_source).toBe('estimated');
    expect(ride.total_elevation_gain).toBeCloseTo(150, 6);
  });

  test('a ride stored by an older analysis gains the source and laps clipped to the ride', async () => {
    const db = h.database.db;
    const row = await db
      .selectFrom('activities')
      .select(['summary', 'elevation_gain_m'])
      .where('id', '=', edgeId)
      .executeTakeFirstOrThrow();
    const { elevationGainSource: _dropped, ...olderSummary } = row.summary as Record<string, unknown>;
    // As version 7 stored it: the estimate as the ride's ascent, and a lap past the ride's end.
    await db
      .updateTable('activities')
      .set({
        analysis_version: ANALYSIS_VERSION - 1,
        summary: JSON.stringify(olderSummary),
        elevation_gain_m: 541,
      })
      .where('id', '=', edgeId)
      .execute();
    await db
      .updateTable('laps')
      .set({ elapsed_time_s: 99_999, average_power_w: null })
      .where('activity_id', '=', edgeId)
      .where('lap_index', '=', 7)
      .execute();
    const stale = await detail(edgeId);
    expect(stale.total_elevation_gain_source).toBeNull();
    expect(stale.laps[7].elapsed_time).toBe(99_999);

    expect(await h.services.reanalysis.scheduleOutdated(10)).toBeGreaterThanOrEqual(1);
    const ride = await waitUntil(
      'the re-analysis did not give the ride its ascent',
      () => detail(edgeId),
      (r) => r.total_elevation_gain_source !== null,
      { timeoutMs: 30_000 },
    );
    expect(ride.total_elevation_gain).toBe(514);
    expect(ride.total_elevation_gain_source).toBe('device');
    expect(ride.laps).toHaveLength(8);
    const last = ride.laps[7];
    expect(last.start_offset_s + last.elapsed_time).toBeLessThanOrEqual(ride.elapsed_time + 1);
    expect(last.average_power).toBeGreaterThan(0);
  });
});
