import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import { ApiKeyRepository } from './api-key.repository.ts';
import { ApiKeyService, RATE_WINDOW_MS } from './api-key.service.ts';

// Several `vatio serve` processes behind a proxy (docs/DEPLOYMENT.md) serve one key in turn: its rate
// window is counted in the database (migration 0022), so the limit holds for the key, not per process.
const LIMIT = 5;

let h: Harness;
let rider: SignedIn;
beforeAll(async () => {
  h = await createHarness({ API_KEY_REQUESTS_PER_10_MIN: String(LIMIT) });
  rider = await h.signIn({ email: 'shared-window@example.org' });
});
afterAll(async () => h?.close());

async function newKey(name: string): Promise<string> {
  const created = await h.app.inject({
    method: 'POST',
    url: '/api/me/api-keys',
    headers: rider.headers,
    payload: { name },
  });
  expect(created.statusCode).toBe(201);
  return (created.json() as { secret: string }).secret;
}

describe('an API key served by two processes', () => {
  test('counts into one window in the database: the limit holds across both, then the window resets', async () => {
    const secret = await newKey('two processes');
    const process = () =>
      new ApiKeyService({
        keys: new ApiKeyRepository(h.database.db),
        now: h.now,
        requestsPerWindow: LIMIT,
        sharedWindows: true,
      });
    const [a, b] = [process(), process()];
    for (let i = 0; i < LIMIT; i++) await (i % 2 ? a : b).authenticate(secret, 'GET');
    const refused = await a.authenticate(secret, 'GET').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('RATE_LIMITED');
    await expect(b.authenticate(secret, 'GET')).rejects.toThrow(AppError);
    h.advance(RATE_WINDOW_MS / 1000);
    await expect(b.authenticate(secret, 'GET')).resolves.toMatchObject({ userId: rider.user.id });
  });

  test('on PostgreSQL two whole servers share it (with 429 and Retry-After)', async (context) => {
    if (h.database.engine !== 'postgres') context.skip();
    const secret = await newKey('two servers');
    const config = loadConfig({
      DATA_DIR: h.dataDir,
      SECRET_KEY: 'a'.repeat(64),
      API_KEY_REQUESTS_PER_10_MIN: String(LIMIT),
    });
    const other: FastifyInstance = await buildApp({
      config,
      database: h.database,
      queue: h.queue,
      now: h.now,
      logger: false,
    });
    try {
      const get = (app: FastifyInstance) =>
        app.inject({ url: '/api/bikes', headers: { authorization: `Bearer ${secret}` } });
      for (let i = 0; i < LIMIT; i++) expect((await get(i % 2 ? h.app : other)).statusCode).toBe(200);
      const limited = await get(h.app);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await get(other)).statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });
});
