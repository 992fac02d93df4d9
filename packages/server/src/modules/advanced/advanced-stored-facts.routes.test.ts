import { advancedResponseSchema } from '@vatio/schemas';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { join } from 'node:path';
import { FsBlobStore } from '../../storage/blob-store.ts';
import { decodeStreams, encodeStreams } from '../../storage/stream-codec.ts';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import { importHardWeek, syntheticRideFile, uploadAndWait } from '../../test/upload.ts';
import { ANALYSIS_VERSION } from '../activities/ride-import-analysis.ts';
import { waitUntil } from '../../test/wait.ts';

// The advanced page adds up each ride's advanced facts, stored once by the import
// (activities.advanced_facts, migration 0015); a ride without them is read from its stream. Rides
// here go through the real upload and import; the answer from the stored facts must equal the one
// the page gives when every ride is read from its stream.

let h: Harness;
let rider: SignedIn;

async function advanced(period: '4w' | '1y') {
  const response = await h.app.inject({
    url: `/api/analytics/advanced?period=${period}`,
    headers: rider.headers,
  });
  expect(response.statusCode).toBe(200);
  return advancedResponseSchema.parse(response.json());
}

function storedFacts() {
  return h.database.db
    .selectFrom('activities')
    .select(['id', 'ftp_w', 'advanced_facts', 'analysis_version'])
    .where('user_id', '=', rider.user.id)
    .orderBy('start_time')
    .execute();
}

/** Every ride's stored facts dropped, as an analysis older than version 6 left them. */
async function dropStoredFacts() {
  await h.database.db
    .updateTable('activities')
    .set({ advanced_facts: null, updated_at: new Date() })
    .where('user_id', '=', rider.user.id)
    .execute();
}

beforeAll(async () => {
  h = await createHarness();
  rider = await h.signIn({ email: 'advanced-facts@example.org' });
  // An FTP and a weight: sprints and hard efforts are found against the FTP, the durability split
  // is 15 kJ/kg.
  await h.database.db
    .insertInto('athlete_settings_history')
    .values({
      user_id: rider.user.id,
      effective_from: '2000-01-01',
      ftp_w: 250,
      weight_kg: 70,
      max_hr_bpm: null,
      lthr_bpm: null,
    })
    .execute();
  const result = await importHardWeek(h.app, rider.headers, { firstSeed: 41, durationS: 5400 });
  expect(result.files.every((f) => f.status === 'done')).toBe(true);
  // The jobs an import batch leaves behind (facts measured again against the batch) read streams:
  // wait for them, so that the blob reads counted below are the page's own (a CI run caught one).
  await waitUntil(
    'the import batch left jobs running',
    async () =>
      (
        await sql<{ n: number }>`select count(*)::int as n from pgboss.job
      where state in ('retry', 'active') or (state = 'created' and start_after <= now())`.execute(
          h.database.db,
        )
      ).rows[0]!.n,
    (n) => n === 0,
    { pollMs: 100 },
  ).catch(() => undefined); // as before: after a minute the test goes on and its own checks decide
}, 180_000);
afterAll(async () => h?.close());

describe('advanced analysis from stored advanced facts', () => {
  test('the import stores each ride’s facts against its FTP and the rider’s weight', async () => {
    const rides = await storedFacts();
    expect(rides).toHaveLength(4);
    for (const r of rides) {
      expect(r.analysis_version).toBe(ANALYSIS_VERSION);
      expect(r.advanced_facts, r.id).not.toBeNull();
      expect(r.advanced_facts!.hasPower).toBe(true);
      expect(r.advanced_facts!.ftpW).toBe(r.ftp_w);
      expect(r.advanced_facts!.durabilityWorkKj).toBe(15 * 70);
      expect(r.advanced_facts!.gradient?.flat?.powerW).toHaveLength(10);
      // Compact: a few kB at most for a 90-min ride.
      expect(JSON.stringify(r.advanced_facts).length).toBeLessThan(4000);
    }
  });

  test('the answer from stored facts equals the answer from the streams', async () => {
    const reads = vi.spyOn(FsBlobStore.prototype, 'get');
    const stored = [await advanced('4w'), await advanced('1y')];
    // No stream decoded: every ride's stored facts held.
    expect(reads).not.toHaveBeenCalled();
    // Sanity: the figures that need seconds are there.
    expect(stored[0]!.rides).toBe(4);
    expect(stored[0]!.specific.sprints).not.toBeNull();
    expect(stored[0]!.power.gradient).not.toBeNull();
    expect(stored[0]!.biomechanics.cadence).not.toBeNull();
    await dropStoredFacts();
    const fromStreams = [await advanced('4w'), await advanced('1y')];
    expect(reads).toHaveBeenCalled();
    reads.mockRestore();
    expect(fromStreams).toEqual(stored);
  });

  test('re-analysis fills the column again', async () => {
    await dropStoredFacts();
    // As a changed weight or FTP does (athlete-settings.routes.ts): every ride re-analysed.
    expect(await h.services.reanalysis.scheduleFrom(rider.user.id, undefined)).toBe(4);
    const rides = await waitUntil('re-analysis did not store the advanced facts', storedFacts, (rows) =>
      rows.every((r) => r.advanced_facts !== null),
    );
    for (const r of rides) expect(r.advanced_facts!.ftpW).toBe(r.ftp_w);
  });

  test('re-analysis gives a ride stored before power phase was read its pedal phase channels', async () => {
    const vector = await h.signIn({ email: 'advanced-facts-vector@example.org' });
    await uploadAndWait(h.app, vector.headers, [
      { name: 'vector.fit', bytes: syntheticRideFile(1, { seed: 50, durationS: 1800, pedalPhase: true }) },
    ]);
    const db = h.database.db;
    const row = await db
      .selectFrom('activity_streams')
      .select(['activity_id', 'blob_key'])
      .where('user_id', '=', vector.user.id)
      .executeTakeFirstOrThrow();
    const blobs = new FsBlobStore(join(h.dataDir, 'blobs'));
    const current = decodeStreams(await blobs.get(row.blob_key));
    expect(current.powerPhaseStartLeftDeg).toBeDefined();
    // As a ride stored before ANALYSIS_VERSION 7 is: its blob without the channels, no such facts.
    const older: Record<string, unknown> = { ...current };
    for (const name of Object.keys(older))
      if (name.startsWith('powerPhase') || name.startsWith('platformCentreOffset')) delete older[name];
    const olderKey = await blobs.put(encodeStreams(older as typeof current));
    await db
      .updateTable('activity_streams')
      .set({ blob_key: olderKey })
      .where('activity_id', '=', row.activity_id)
      .execute();
    await db
      .updateTable('activities')
      .set({ advanced_facts: null, analysis_version: ANALYSIS_VERSION - 1 })
      .where('id', '=', row.activity_id)
      .execute();
    expect(await h.services.reanalysis.scheduleFrom(vector.user.id, undefined)).toBe(1);
    const ride = await waitUntil(
      're-analysis did not store the advanced facts',
      () =>
        db
          .selectFrom('activities')
          .select(['advanced_facts'])
          .where('id', '=', row.activity_id)
          .executeTakeFirstOrThrow(),
      (r) => r.advanced_facts !== null,
    );
    expect(ride.advanced_facts!.pedaling.pco?.[0]).toBeTypeOf('number');
    expect(ride.advanced_facts!.pedaling.phase?.left?.[2]).toBeGreaterThan(150);
    const renewed = await db
      .selectFrom('activity_streams')
      .select('blob_key')
      .where('activity_id', '=', row.activity_id)
      .executeTakeFirstOrThrow();
    expect(renewed.blob_key).not.toBe(olderKey);
    expect(decodeStreams(await blobs.get(renewed.blob_key)).platformCentreOffsetRightMm).toBeDefined();
    // The replaced blob is gone (no ride points to it).
    await expect(blobs.get(olderKey)).rejects.toThrow();
  });
});
