import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SecretBox } from '../../lib/secret-box.ts';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import { StravaConnectionRepository } from './strava-connection.repository.ts';

describe('StravaConnectionRepository.save', () => {
  let h: Harness;
  let rider: SignedIn;
  beforeAll(async () => {
    h = await createHarness({}, { workers: false });
    rider = await h.signIn({ email: 'reconnect@example.org' });
  }, 120_000);
  afterAll(async () => h?.close());

  test('reconnecting another Strava athlete drops the previous athlete’s activity list', async () => {
    const db = h.database.db;
    const repository = new StravaConnectionRepository(db, new SecretBox(randomBytes(32)));
    const tokens = { accessToken: 'a', refreshToken: 'r', expiresAt: new Date('2030-01-01T00:00:00Z') };
    const now = new Date();
    const userId = rider.user.id;
    expect(
      await repository.save(userId, { athleteId: 1, athleteName: 'One', scopes: 'read', tokens }, now),
    ).toBe(true);
    await db
      .insertInto('strava_activities')
      .values({
        user_id: userId,
        strava_id: 555,
        name: 'Morning Ride',
        sport_type: 'Ride',
        start_time: new Date('2026-05-01T08:00:00Z'),
        distance_m: null,
        moving_time_s: null,
        elapsed_time_s: null,
        elevation_gain_m: null,
        average_speed_mps: null,
        max_speed_mps: null,
        average_watts: null,
        max_watts: null,
        device_watts: false,
        has_heartrate: false,
        gear_id: null,
        raw: '{}',
        state: 'listed',
        claimed_at: null,
        message: null,
        activity_id: null,
      })
      .execute();
    const count = async () =>
      (await db.selectFrom('strava_activities').select('strava_id').where('user_id', '=', userId).execute())
        .length;

    // The same athlete again (a token refresh by reconnecting): the list stays.
    await repository.save(userId, { athleteId: 1, athleteName: 'One', scopes: 'read', tokens }, now);
    expect(await count()).toBe(1);
    // Another athlete: the old list goes, in the same transaction as the new connection.
    await repository.save(userId, { athleteId: 2, athleteName: 'Two', scopes: 'read', tokens }, now);
    expect(await count()).toBe(0);
    expect((await repository.find(userId))?.athlete_id).toBe(2);
  });
});
