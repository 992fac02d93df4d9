import { describe, expect, test } from 'vitest';
import { DemoFileCache } from './demo-files.ts';

const file = (n: number) => ({
  name: `demo-${n}.fit`,
  bytes: new Uint8Array([n, n + 1, n + 2]),
  sizeBytes: 3,
});

describe('the demo files kept for a day (issue 27)', () => {
  test('a batch is generated once per day and length of the plan; another day replaces it', () => {
    const cache = new DemoFileCache(60_000);
    let generated = 0;
    const generate = () => {
      generated++;
      return [file(generated)];
    };
    const day = new Date('2026-11-29T08:00:00Z');
    const first = cache.files(day, 182, 0, generate);
    // Later the same UTC day: the same bytes, not generated again.
    expect(cache.files(new Date('2026-11-29T23:59:00Z'), 182, 0, generate)).toBe(first);
    expect(generated).toBe(1);
    // Another length (the example rider's), another batch, another day: each its own.
    cache.files(day, 14, 0, generate);
    expect(generated).toBe(2);
    cache.files(new Date('2026-11-30T00:01:00Z'), 14, 0, generate);
    expect(generated).toBe(3);
    expect(cache.size).toBe(1);
  });

  test('only the held files are the demo; what is kept goes after the idle time', async () => {
    const cache = new DemoFileCache(50);
    const [demo] = cache.files(new Date('2026-11-29T08:00:00Z'), 182, 0, () => [file(1)]);
    expect(cache.demoHash(demo!.bytes!)).toMatch(/^[0-9a-f]{64}$/);
    // Same length, other bytes: an upload of the rider's own.
    expect(cache.demoHash(new Uint8Array([9, 9, 9]))).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(cache.size).toBe(0);
    expect(cache.demoHash(demo!.bytes!)).toBeUndefined();
  });

  test('each caller gets a copy of what was kept: changing one changes no other', async () => {
    const cache = new DemoFileCache(60_000);
    cache.files(new Date('2026-11-29T08:00:00Z'), 182, 0, () => [file(1)]);
    let computed = 0;
    const compute = async () => {
      computed++;
      return { columns: { ftp_w: 250 }, streams: new Uint8Array([1, 2, 3]) };
    };
    const a = await cache.memo('rider', 'prepare x', compute);
    a.columns.ftp_w = 1;
    a.streams[0] = 9;
    const b = await cache.memo('rider', 'prepare x', compute);
    expect(computed).toBe(1);
    expect(b).toEqual({ columns: { ftp_w: 250 }, streams: new Uint8Array([1, 2, 3]) });
    b.columns.ftp_w = 2;
    expect((await cache.memo('rider', 'prepare x', compute)).columns.ftp_w).toBe(250);
    // Other settings: computed for them.
    await cache.memo('other rider', 'prepare x', compute);
    expect(computed).toBe(2);
    expect(cache.stats).toEqual({ hits: 2, misses: 2 });
  });
});
