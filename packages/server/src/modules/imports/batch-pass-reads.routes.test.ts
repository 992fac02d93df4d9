import { join } from 'node:path';
import { type Activity, encodeFit, generateRide } from '@vatio/formats';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FsBlobStore } from '../../storage/blob-store.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { readsDuring } from '../../test/statements.ts';
import { uploadAndWait } from '../../test/upload.ts';
import { RideFtpService } from '../activities/ride-ftp.service.ts';
import { RideTacticsService } from '../activities/ride-tactics.service.ts';

// Issue 28: a rider with years of rides who uploads one ride made the batch pass read every ride with
// power (its facts, ~1.8 KB each) and every curve, in ~6 statements each waiting its turn on the
// embedded database's one connection. Now one read of the rides the ride can change (those of the
// 90 days from it) with the curves of their windows, and the statement that settles the import: the
// same statements and the same bytes whether the rider has 30 or 300 rides before the window.

const DAY_MS = 86_400_000;
const onPostgres = Boolean(process.env.DATABASE_URL);
let h: Harness;

beforeAll(async () => {
  h = await createHarness();
}, 60_000);
afterAll(async () => h?.close());

/** A 30-min ride with power and no FTP in its file (measured against an eFTP), `daysAgo` days ago at 08:00 UTC. */
function rideFile(seed: number, daysAgo: number): Uint8Array {
  const ride: Activity = generateRide({
    seed,
    durationS: 1800,
    intervals: { count: 4, workS: 180, restS: 180, intervalPct: 1.15 },
    startTime: new Date((Math.floor(Date.now() / DAY_MS) - daysAgo) * DAY_MS + 8 * 3_600_000),
  });
  return encodeFit({ ...ride, deviceSummary: { ...ride.deviceSummary, ftpW: undefined } });
}

/**
 * The ride stored from `template`'s file copied onto other days, each with its stream, curve, facts
 * and summary (as an import stores them, without importing each): a history in seconds.
 */
async function copies(userId: string, templateId: string, daysBefore: readonly number[]) {
  const columns = await sql<{ column_name: string }>`select column_name from information_schema.columns
    where table_name = 'activities' and is_generated = 'NEVER'
      and column_name not in ('id', 'start_time', 'content_hash')`.execute(h.database.db);
  const list = sql.raw(columns.rows.map((c) => `"${c.column_name}"`).join(', '));
  const prefixed = sql.raw(columns.rows.map((c) => `a."${c.column_name}"`).join(', '));
  await sql`with made as (
      insert into activities (start_time, content_hash, ${list})
      select a.start_time - make_interval(days => d), a.content_hash || '-' || d, ${prefixed}
      from activities a, unnest(${[...daysBefore]}::int[]) d
      where a.user_id = ${userId} and a.id = ${templateId}
      returning id, start_time
    ), streams as (
      insert into activity_streams (activity_id, user_id, blob_key, sample_count, codec_version)
      select made.id, s.user_id, s.blob_key, s.sample_count, s.codec_version
      from made, activity_streams s where s.activity_id = ${templateId}
    )
    insert into activity_curves (activity_id, user_id, start_time, durations_s, power_w)
    select made.id, c.user_id, made.start_time, c.durations_s, c.power_w
    from made, activity_curves c where c.activity_id = ${templateId}`.execute(h.database.db);
}

/** A rider with `old` rides before the window and the same three within it; then one ride today. */
async function oneRideUpload(name: string, old: number) {
  const rider = await h.signIn({ email: `${name}@example.org` });
  const userId = rider.user.id;
  // The template: 400 days ago; its copies `old` days further back, and 10, 20 and 30 days ago.
  await uploadAndWait(h.app, rider.headers, [{ name: 't.fit', bytes: rideFile(3, 400) }]);
  const template = await h.database.db
    .selectFrom('activities')
    .select('id')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  await copies(
    userId,
    template.id,
    Array.from({ length: old - 1 }, (_, k) => k + 1),
  );
  await copies(userId, template.id, [-390, -380, -370]);
  const total = await h.database.db
    .selectFrom('activities')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  expect(total.n).toBe(old + 3);
  const reads = await readsDuring(h.database, () =>
    uploadAndWait(h.app, rider.headers, [{ name: 'today.fit', bytes: rideFile(9, 0) }]),
  );
  // The pass: from its read to the statement that settles the import.
  const first = reads.findIndex((r) => r.query.startsWith('with points as'));
  const last = reads.findIndex((r) => /^update "imports" set "batch_pass_pending"/.test(r.query));
  expect(first, reads.map((r) => r.query).join('\n')).toBeGreaterThanOrEqual(0);
  // Less the reads of the import's status that the wait sends meanwhile.
  const pass = reads
    .slice(first, last + 1)
    .filter((r) => !/^select .* from "(sessions|users|imports|import_files)"/.test(r.query));
  const read = pass[0]!.rows[0] as Record<string, unknown[] | null>;
  const rows = Object.values(read).reduce((n, list) => n + (list?.length ?? 0), 0);
  return { rider, pass, rows, bytes: pass[0]!.bytes };
}

describe('the batch pass of a one-ride upload', () => {
  test.skipIf(onPostgres)(
    'is one read and the settling statement, and reads no more with more rides before the window',
    async () => {
      const few = await oneRideUpload('batch-reads-few', 30);
      const many = await oneRideUpload('batch-reads-many', 300);
      for (const run of [few, many]) {
        // No ride's facts or load changed: nothing is written but the import's settling.
        expect(
          run.pass.map((r) => r.query.slice(0, 40)),
          run.pass.map((r) => r.query).join('\n'),
        ).toHaveLength(2);
        // The new ride (estimated and with power) and the four curves of its window; the rider's settings.
        const read = run.pass[0]!.rows[0] as Record<string, unknown[] | null>;
        expect(read.estimated).toHaveLength(1);
        expect(read.with_power).toHaveLength(1);
        expect(read.curves).toHaveLength(4);
      }
      expect(many.rows).toBe(few.rows);
      // Ids, dates and facts of the same sizes: the same bytes but for a rounding digit here and there.
      expect(Math.abs(many.bytes - few.bytes)).toBeLessThanOrEqual(0.01 * few.bytes);

      // The whole-history pass it replaced read ten times the bytes for ten times the rides.
      const wholePass = async (userId: string) => {
        const rideFtp = new RideFtpService({ activities: h.services.activities, now: h.now });
        const rideTactics = new RideTacticsService({
          activities: h.services.activities,
          blobs: new FsBlobStore(join(h.dataDir, 'blobs')),
          now: h.now,
          athleteSettings: h.services.athleteSettings,
        });
        const reads = await readsDuring(h.database, async () => {
          await rideFtp.rederiveEstimated(userId);
          await rideTactics.rederive(userId);
        });
        return reads.filter((r) => r.query.startsWith('select')).reduce((n, r) => n + r.bytes, 0);
      };
      const wholeFew = await wholePass(few.rider.user.id);
      const wholeMany = await wholePass(many.rider.user.id);
      expect(wholeMany).toBeGreaterThan(5 * wholeFew);
      expect(few.bytes).toBeLessThan(wholeFew / 2);
    },
    300_000,
  );
});
