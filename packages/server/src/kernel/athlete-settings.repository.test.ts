import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { AthleteSettingsRepository } from './athlete-settings.repository.ts';
import { BikeRepository } from './bike.repository.ts';

// Issue 28: an imported file reads the rider's dated settings and primary bike in one statement
// (`baselineAndPrimaryBike`). It answers exactly what the two reads it replaces answer, one by one.

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

async function rider(email: string): Promise<string> {
  const user = await database.db
    .insertInto('users')
    .values({ email, phone: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return user.id;
}

async function bothWays(userId: string) {
  const settings = new AthleteSettingsRepository(database.db);
  const one = await settings.baselineAndPrimaryBike(userId);
  expect(one).toEqual({
    baseline: await settings.baseline(userId),
    bike: await new BikeRepository(database.db).primary(userId),
  });
  return one;
}

describe('the rider’s settings and primary bike in one read', () => {
  test('neither', async () => {
    expect(await bothWays(await rider('neither@example.org'))).toEqual({
      baseline: { history: [] },
      bike: undefined,
    });
  });

  test('settings without a bike, a bike without settings, both, and a bike that is not primary', async () => {
    const withSettings = await rider('settings@example.org');
    const withBike = await rider('bike@example.org');
    const withBoth = await rider('both@example.org');
    for (const userId of [withSettings, withBoth])
      await database.db
        .insertInto('athlete_settings_history')
        .values([
          {
            user_id: userId,
            effective_from: '2026-01-01',
            ftp_w: 250,
            weight_kg: 70.5,
            max_hr_bpm: null,
            lthr_bpm: null,
          },
          {
            user_id: userId,
            effective_from: '2026-03-01',
            ftp_w: 265,
            weight_kg: null,
            max_hr_bpm: 190,
            lthr_bpm: 170,
          },
        ])
        .execute();
    for (const userId of [withBike, withBoth])
      await database.db
        .insertInto('bikes')
        .values([
          { user_id: userId, name: 'Road', type: 'road', is_primary: true, weight_kg: 8.2 },
          { user_id: userId, name: 'Gravel', type: 'gravel', is_primary: false, weight_kg: 9.9 },
        ])
        .execute();
    const settings = await bothWays(withSettings);
    expect(settings.baseline.history.map((h) => [h.effective_from, h.ftp_w])).toEqual([
      ['2026-03-01', 265],
      ['2026-01-01', 250],
    ]);
    expect(settings.bike).toBeUndefined();
    expect((await bothWays(withBike)).bike?.weight_kg).toBeCloseTo(8.2, 5);
    const both = await bothWays(withBoth);
    expect(both.baseline.history).toHaveLength(2);
    expect(both.bike?.weight_kg).toBeCloseTo(8.2, 5);
  });
});
