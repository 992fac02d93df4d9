import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import type { NewRide } from './activity.repository.ts';
import { ANALYSIS_VERSION } from './ride-import-analysis.ts';

/** A ride as an import would hand it to `storeRide`, with hand-picked figures. */
function ride(hash: string, start: string, elapsedS: number, parts: { file: boolean }): NewRide {
  return {
    activity: {
      source: 'upload',
      content_hash: hash,
      name: null,
      type: 'Ride',
      sport: 'cycling',
      sub_sport: null,
      start_time: new Date(start),
      day_part: 'morning',
      elapsed_time_s: elapsedS,
      moving_time_s: elapsedS,
      distance_m: null,
      elevation_gain_m: null,
      average_speed_mps: null,
      max_speed_mps: null,
      average_power_w: 200,
      max_power_w: 400,
      normalized_power_w: null,
      intensity_factor: null,
      training_stress_score: null,
      variability_index: null,
      work_kj: null,
      ftp_w: null,
      average_heartrate_bpm: null,
      max_heartrate_bpm: null,
      average_cadence_rpm: null,
      calories_kcal: null,
      device_name: null,
      has_power: true,
      has_heartrate: false,
      has_gps: false,
      bike_id: null,
      summary: '{}',
      analysis_version: ANALYSIS_VERSION,
    },
    file: parts.file
      ? { blob_key: hash, original_name: `${hash}.fit`, format: 'fit', size_bytes: 10 }
      : undefined,
    streams: parts.file
      ? { blob_key: `${hash}-streams`, sample_count: elapsedS, codec_version: 1 }
      : undefined,
    curve: parts.file ? { durations_s: [1, 5, 60], power_w: [400, 350, 250] } : undefined,
    laps: [],
  };
}

// The one write path of rides (uploads, demo rides, Strava): the same bytes or the same ride is
// found, not stored twice; a new ride is stored with its parts and its curve in the best envelope.
describe('RideStoreRepository.storeRide', () => {
  let h: Harness;
  let rider: SignedIn;
  let other: SignedIn;
  beforeAll(async () => {
    h = await createHarness({}, { workers: false });
    rider = await h.signIn({ email: 'store-ride@example.org' });
    other = await h.signIn({ email: 'store-ride-other@example.org' });
  }, 120_000);
  afterAll(async () => h?.close());

  const store = (userId: string, newRide: NewRide) =>
    h.database.db
      .transaction()
      .execute((trx) => h.services.rideStore.storeRide(trx, userId, newRide, new Date()));

  test('stores a new ride with its file, streams and curve, then finds it by its bytes or its span', async () => {
    const activities = h.services.activities;
    const userId = rider.user.id;
    const first = await store(userId, ride('hash-a', '2026-05-01T08:00:00Z', 3600, { file: true }));
    expect(first.kind).toBe('inserted');
    const id = first.kind === 'inserted' ? first.id : '';
    expect((await activities.filePointer(userId, id))?.blob_key).toBe('hash-a');
    expect((await activities.streamsPointer(userId, id))?.blob_key).toBe('hash-a-streams');
    expect((await activities.rideCurve(userId, id))?.power_w).toEqual([400, 350, 250]);
    const best = await activities.allTimeBestCurve(userId);
    expect(best.source.every((s) => s.activityId === id)).toBe(true);

    expect(await store(userId, ride('hash-a', '2026-05-01T08:00:00Z', 3600, { file: true }))).toEqual({
      kind: 'existing',
      match: { id, recovered: false, elapsedS: 3600, sameBytes: true },
    });
    // Other bytes of the same ride (its Strava copy, another head unit): 30 s later, mostly overlapping.
    expect(await store(userId, ride('hash-b', '2026-05-01T08:00:30Z', 3500, { file: false }))).toEqual({
      kind: 'existing',
      match: { id, recovered: false, elapsedS: 3600, sameBytes: false },
    });
    expect(await activities.list(userId, { limit: 10, offset: 0 })).toMatchObject({ total: 1 });
  });

  test('a ride without an original (a Strava summary) is stored without file or streams rows', async () => {
    const activities = h.services.activities;
    const userId = rider.user.id;
    const stored = await store(userId, ride('strava:1', '2026-05-01T18:00:00Z', 1800, { file: false }));
    expect(stored.kind).toBe('inserted');
    const id = stored.kind === 'inserted' ? stored.id : '';
    expect(await activities.filePointer(userId, id)).toBeUndefined();
    expect(await activities.streamsPointer(userId, id)).toBeUndefined();
  });

  test('another rider’s same ride is theirs alone', async () => {
    const stored = await store(other.user.id, ride('hash-a', '2026-05-01T08:00:00Z', 3600, { file: true }));
    expect(stored.kind).toBe('inserted');
  });
});
