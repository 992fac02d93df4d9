/**
 * Issue 28: on the embedded database a rider's fingerprint (the version every answer kept for them is
 * checked against) is read once per write epoch of theirs, however many of their kept answers check
 * it; and a write of theirs makes the next check read it again, so no answer outlives its data.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readFixture } from '../../../cli/src/test-support/fixtures.ts';
import { createHarness, type Harness, type SignedIn } from '../test/harness.ts';
import { statementsDuring } from '../test/statements.ts';
import { uploadAndWait } from '../test/upload.ts';
import { riderFingerprint } from './rider-fingerprint.repository.ts';

/** Statements are counted on the embedded database, where each waits its turn on one connection. */
const onPostgres = Boolean(process.env.DATABASE_URL);
const FINGERPRINT_READ = /as "fp_rides"/;
let h: Harness;
let rider: SignedIn;
let rideId = '';

beforeAll(async () => {
  h = await createHarness();
  rider = await h.signIn({ email: 'rider-fingerprint@example.org' });
  const name = 'garmin-edge-810-vector-road-1h18-power-laps.fit';
  const done = await uploadAndWait(h.app, rider.headers, [{ name, bytes: readFixture(name) }]);
  rideId = done.files[0]!.activity_id!;
}, 120_000);
afterAll(async () => h?.close());

const KEPT_ANSWERS = ['/api/dashboard', '/api/analytics/performance', '/api/analytics/training-load'];

async function askAll(): Promise<void> {
  for (const url of KEPT_ANSWERS) {
    const response = await h.app.inject({ url, headers: rider.headers });
    expect(response.statusCode, url).toBe(200);
  }
}

async function editNotes(notes: string): Promise<void> {
  const edit = await h.app.inject({
    method: 'PUT',
    url: `/api/activities/${rideId}`,
    headers: rider.headers,
    payload: { notes },
  });
  expect(edit.statusCode).toBe(200);
}

describe("a rider's fingerprint", () => {
  test.skipIf(onPostgres)('after a write of theirs, their kept answers check it with one read', async () => {
    await askAll();
    await editNotes('one read for all');
    const statements = await statementsDuring(h.database, askAll);
    expect(
      statements.filter((s) => FINGERPRINT_READ.test(s)),
      statements.join('\n'),
    ).toHaveLength(1);
    // Nothing written since: no answer of theirs asks the database at all.
    expect(await statementsDuring(h.database, askAll)).toEqual([]);
  });

  test('a change of theirs changes it at the next read, whatever was kept', async () => {
    const before = await riderFingerprint(h.database.db, rider.user.id, { bikes: false });
    expect(await riderFingerprint(h.database.db, rider.user.id, { bikes: false })).toBe(before);
    // A new FTP from a date: the rider's rides are measured against it.
    const ftp = await h.app.inject({
      method: 'POST',
      url: '/api/athlete-settings',
      headers: rider.headers,
      payload: { effective_from: '2020-01-01', ftp_w: 281, weight_kg: 71 },
    });
    expect(ftp.statusCode, ftp.body).toBe(201);
    const after = await riderFingerprint(h.database.db, rider.user.id, { bikes: false });
    expect(after).not.toBe(before);
    // The kinds with and without the bikes' part are made of one read and stay apart.
    await h.database.db
      .insertInto('bikes')
      .values({ user_id: rider.user.id, name: 'Spare', type: 'road', weight_kg: 8.1, is_primary: false })
      .execute();
    expect(await riderFingerprint(h.database.db, rider.user.id, { bikes: false })).toBe(after);
    const withBikes = await riderFingerprint(h.database.db, rider.user.id, { bikes: true });
    expect(withBikes.startsWith(`${after}#`)).toBe(true);
    expect(withBikes).toContain(':8.1:');
  });
});
