import { encodeFit, generateRide } from '@vatio/formats';
import { afterAll, describe, expect, test } from 'vitest';
import { inlinePreparer, threadPreparer } from './preparation-pool.ts';

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
    const inline = inlinePreparer();
    const threaded = await Promise.all(files.map((f) => pool.prepare(f.bytes, f.name, history as never)));
    for (const [k, f] of files.entries()) {
      const expected = await inline.prepare(f.bytes, f.name, history as never);
      expect(threaded[k]).toEqual(expected);
      expect(threaded[k]!.kind).toBe('ride');
    }
  }, 120_000);

  test('answers a broken file with its format error and a non-ride with its sport, and keeps working', async () => {
    const broken = await pool.prepare(new Uint8Array([1, 2, 3, 4]), 'broken.fit', []);
    expect(broken.kind).toBe('format-error');
    const ok = await pool.prepare(encodeFit(generateRide({ seed: 9, durationS: 120 })), 'ok.fit', []);
    expect(ok.kind).toBe('ride');
  }, 120_000);
});
