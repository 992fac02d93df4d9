import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { WriteEpoch } from '../db/write-epoch.ts';
import { RiderResponseCache } from './rider-response-cache.ts';

/**
 * The size of one kept answer (issue 28): a bike's performance over 2,000 rides is ~309 KB
 * (bench/garage.ts), and a cap of 256 KB left it recomputed on every visit (warm p95 82.7 ms, 3.5×
 * health). An answer of that size is kept; one over the cap still is not.
 */
describe('RiderResponseCache entry size', () => {
  async function twice(bodyBytes: number) {
    const cache = new RiderResponseCache({
      writes: new WriteEpoch(true),
      now: () => new Date('2026-11-29T12:00:00Z'),
      maxBytes: 64 * 1024 * 1024,
    });
    const app = Fastify();
    cache.register(app);
    let computed = 0;
    app.get('/api/bikes/:id/performance', async (request, reply) => {
      if (cache.answer(request, reply, { userId: 'u1', sessionId: 's1', apiKeyId: null })) return reply;
      computed++;
      return { points: 'x'.repeat(bodyBytes) };
    });
    const first = await app.inject({ method: 'GET', url: '/api/bikes/b1/performance' });
    const second = await app.inject({ method: 'GET', url: '/api/bikes/b1/performance' });
    await app.close();
    expect(second.body).toBe(first.body);
    return { computed, stats: cache.stats() };
  }

  it('keeps a 309 KB answer (a bike with 2,000 rides)', async () => {
    const { computed, stats } = await twice(309 * 1024);
    expect(computed).toBe(1);
    expect(stats.hits).toBe(1);
  });

  it('does not keep an answer over the cap of one entry (1 MB)', async () => {
    const { computed, stats } = await twice(1100 * 1024);
    expect(computed).toBe(2);
    expect(stats.entries).toBe(0);
  });
});
