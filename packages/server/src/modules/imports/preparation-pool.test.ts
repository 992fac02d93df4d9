import { encodeFit, generateRide } from '@vatio/formats';
import { afterAll, describe, expect, test } from 'vitest';
import { inlinePreparer, threadPreparer } from './preparation-pool.ts';

const noRider = { baseline: { history: [] }, bikeKg: null };

describe('ride preparation on worker threads', () => {
  const pool = threadPreparer(2);
  afterAll(() => pool.close());

  test('gives exactly what the inline preparation gives, for several files at once', async () => {
    const files = [1, 2, 3].map((seed) => ({
      name: `ride-${seed}.fit`,
      bytes: encodeFit(
        generateRide({ seed, durationS: 900, startTime: new Date(Date.UTC(2026, 5, seed, 7)) }),
      ),
    }));
    const history = [
      {
        id: '00000000-0000-4000-8000-000000000001',
        user_id: '00000000-0000-4000-8000-000000000002',
        effective_from: '2026-01-01',
        ftp_w: 250,
        weight_kg: 70,
        max_hr_bpm: 190,
        lthr_bpm: null,
        created_at: new Date('2026-01-01T00:00:00Z'),
      },
    ];
    const rider = { baseline: { history: history as never }, bikeKg: 8.2 };
    const inline = inlinePreparer();
    const threaded = await Promise.all(files.map((f) => pool.prepare(f.bytes, f.name, rider)));
    for (const [k, f] of files.entries()) {
      const expected = await inline.prepare(f.bytes, f.name, rider);
      expect(threaded[k]).toEqual(expected);
      expect(threaded[k]!.kind).toBe('ride');
    }
  }, 120_000);

  test('answers a broken file with its format error and a non-ride with its sport, and keeps working', async () => {
    const broken = await pool.prepare(new Uint8Array([1, 2, 3, 4]), 'broken.fit', noRider);
    expect(broken.kind).toBe('format-error');
    const ok = await pool.prepare(encodeFit(generateRide({ seed: 9, durationS: 120 })), 'ok.fit', noRider);
    expect(ok.kind).toBe('ride');
  }, 120_000);

  test('re-analyses a stored original on a thread, exactly as inline, with the rider it is given', async () => {
    const bytes = encodeFit(
      generateRide({ seed: 4, durationS: 900, startTime: new Date(Date.UTC(2026, 5, 4, 7)) }),
    );
    // The rider's only weight is dated after the ride: it is the nearest, and says so.
    const weight = {
      id: '00000000-0000-4000-8000-000000000003',
      user_id: '00000000-0000-4000-8000-000000000002',
      effective_from: '2026-07-01',
      ftp_w: null,
      weight_kg: 68.5,
      max_hr_bpm: null,
      lthr_bpm: null,
      created_at: new Date('2026-07-01T00:00:00Z'),
    };
    const rider = { baseline: { history: [weight] as never }, bikeKg: null };
    const threaded = await pool.reanalyse(bytes, 'ride-4.fit', rider);
    expect(threaded).toEqual(await inlinePreparer().reanalyse(bytes, 'ride-4.fit', rider));
    expect(JSON.parse(threaded.summaryJson)).toMatchObject({ weightKg: 68.5, weightSource: 'nearest' });
  }, 120_000);
});
