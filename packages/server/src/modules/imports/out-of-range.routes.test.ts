// Issue 16: a GPX with power −1e308 decoded, then failed the database insert four times over 40 s
// and ended as a generic error. The decoder now drops impossible values with a warning: the ride is
// stored at once, and the warning is kept with it.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import { uploadAndWait } from '../../test/upload.ts';

let h: Harness;
let rider: SignedIn;
beforeAll(async () => {
  h = await createHarness();
  rider = await h.signIn({ email: 'out-of-range@example.org' });
});
afterAll(async () => h?.close());

/** A 20-minute GPX at 1 Hz, power varying 150–290 W, with power −1e308 at every 100th point. */
function gpxWithMinus1e308(): string {
  const start = Date.parse('2024-05-01T08:00:00Z');
  const points: string[] = [];
  for (let i = 0; i < 1200; i++) {
    const powerW = i % 100 === 50 ? '-1e308' : String(150 + ((i * 7) % 141));
    points.push(
      `<trkpt lat="${(45 + i * 0.0001).toFixed(7)}" lon="7.0000000"><ele>${100 + i * 0.05}</ele>` +
        `<time>${new Date(start + i * 1000).toISOString()}</time><extensions><power>${powerW}</power>` +
        '<gpxtpx:TrackPointExtension><gpxtpx:hr>140</gpxtpx:hr><gpxtpx:cad>90</gpxtpx:cad>' +
        '</gpxtpx:TrackPointExtension></extensions></trkpt>',
    );
  }
  return (
    '<?xml version="1.0" encoding="UTF-8"?><gpx creator="Test" version="1.1" ' +
    'xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">' +
    `<trk><name>Bad power</name><type>cycling</type><trkseg>${points.join('')}</trkseg></trk></gpx>`
  );
}

test('a GPX with power −1e308 is stored, with the values left out and a warning', async () => {
  const bad = gpxWithMinus1e308();
  expect(bad).toContain('-1e308');
  const started = Date.now();
  const done = await uploadAndWait(h.app, rider.headers, [
    { name: 'minus-1e308.gpx', bytes: Buffer.from(bad) },
  ]);
  // Stored at the first try, not after retries.
  expect(Date.now() - started).toBeLessThan(30_000);
  const file = done.files[0]!;
  expect(file.status).toBe('done');
  expect(file.activity_id).toBeTruthy();

  const ride = await h.app.inject({ url: `/api/activities/${file.activity_id}`, headers: rider.headers });
  expect(ride.statusCode).toBe(200);
  const activity = ride.json().activity ?? ride.json();
  expect(activity.max_power).toBeGreaterThan(0);
  expect(activity.max_power).toBeLessThanOrEqual(3000);
  expect(activity.average_power).toBeGreaterThan(0);

  const stored = await sql<{ summary: string | Record<string, unknown> }>`
    select summary from activities where id = ${file.activity_id}`.execute(h.database.db);
  const raw = stored.rows[0]!.summary;
  const summary = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { warnings: string[] };
  expect(summary.warnings.join('\n')).toMatch(
    /s of powerW outside 0…3000 \(e\.g\. -1e\+308\) are impossible values/,
  );
});
