import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { encodeFit, generateRide } from '@vatio/formats';
import { unzipSync } from 'fflate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import { uploadAndWait } from '../../test/upload.ts';

let h: Harness;
let rider: SignedIn;
let other: SignedIn;
const fit = encodeFit(
  generateRide({ seed: 41, durationS: 900, startTime: new Date('2026-04-02T09:00:00Z') }),
);
const sharedFit = encodeFit(
  generateRide({ seed: 42, durationS: 600, startTime: new Date('2026-04-03T09:00:00Z') }),
);

function blobFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

beforeAll(async () => {
  h = await createHarness();
  rider = await h.signIn({ email: 'leaving@example.org' });
  other = await h.signIn({ email: 'staying@example.org' });
  await h.app.inject({
    method: 'POST',
    url: '/api/profile',
    headers: rider.headers,
    payload: { first_name: 'Lía', last_name: 'Sanz', cycling_experience: 'intermediate' },
  });
  await h.app.inject({
    method: 'POST',
    url: '/api/bikes',
    headers: rider.headers,
    payload: { name: 'Crux', type: 'gravel' },
  });
  for (const who of [rider, other]) {
    const files =
      who === rider
        ? [
            { name: 'mine.fit', bytes: fit },
            { name: 'shared.fit', bytes: sharedFit },
          ]
        : [{ name: 'shared.fit', bytes: sharedFit }];
    await uploadAndWait(h.app, who.headers, files);
  }
}, 120_000);
afterAll(async () => h?.close());

describe('export', () => {
  test('a zip with the original files byte for byte, and CSV and JSON of every ride', async () => {
    const response = await h.app.inject({ url: '/api/export', headers: rider.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="vatio-export-\d{4}-\d{2}-\d{2}\.zip"/,
    );
    const entries = unzipSync(new Uint8Array(response.rawPayload));
    const names = Object.keys(entries).sort();
    expect(names).toEqual(
      expect.arrayContaining([
        'README.txt',
        'profile.json',
        'bikes.json',
        'activities.csv',
        'activities.json',
        'laps.csv',
        'athlete-settings.json',
      ]),
    );
    const originals = names.filter((n) => n.startsWith('originals/'));
    expect(originals).toHaveLength(2);
    const contents = originals.map((n) => Buffer.from(entries[n]!));
    expect(contents.some((c) => c.equals(Buffer.from(fit)))).toBe(true);
    const csv = new TextDecoder().decode(entries['activities.csv']);
    expect(csv.split('\n')[0]).toContain('normalized_power');
    expect(csv.trim().split('\n')).toHaveLength(3);
    const profile = JSON.parse(new TextDecoder().decode(entries['profile.json']));
    expect(profile.profile.first_name).toBe('Lía');
    expect(profile.user.email).toBe('leaving@example.org');
    expect(JSON.stringify(profile)).not.toContain('code_hash');
  });

  test('needs a signed-in rider', async () => {
    expect((await h.app.inject('/api/export')).statusCode).toBe(401);
  });
});

describe('deleting the account', () => {
  test('removes every row and every file of the rider, and nothing of anyone else', async () => {
    const blobDir = join(h.dataDir, 'blobs');
    const before = blobFiles(blobDir).length;
    const response = await h.app.inject({ method: 'DELETE', url: '/api/account', headers: rider.headers });
    expect(response.statusCode).toBe(204);
    expect((await h.app.inject({ url: '/api/me', headers: rider.headers })).statusCode).toBe(401);

    const tables = [
      'user_profiles',
      'subscriptions',
      'user_settings',
      'bikes',
      'sessions',
      'refresh_tokens',
      'activities',
      'activity_files',
      'activity_streams',
      'activity_curves',
      'laps',
      'imports',
      'import_files',
      'athlete_settings_history',
    ];
    for (const table of tables) {
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from ${sql.table(table)} where user_id = ${rider.user.id}`.execute(
        h.database.db,
      );
      expect(rows[0]!.n, table).toBe(0);
    }
    // The rider's own file and its stream blob are gone; the file the other rider also uploaded stays.
    const after = blobFiles(blobDir).length;
    expect(after).toBe(before - 2);
    const others = (await h.app.inject({ url: '/api/activities', headers: other.headers })).json();
    expect(others.total).toBe(1);
    const stillThere = await h.app.inject({
      url: `/api/activities/${others.activities[0].id}/streams`,
      headers: other.headers,
    });
    expect(stillThere.statusCode).toBe(200);
  });
});
