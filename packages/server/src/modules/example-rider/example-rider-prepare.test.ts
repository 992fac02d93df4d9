import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { BikeRepository } from '../../kernel/bike.repository.ts';
import { ProfileRepository } from '../../kernel/profile.repository.ts';
import { ExampleRiderRepository } from './example-rider.repository.ts';
import { EXAMPLE_EMAIL, ExampleRiderService, RESTART_GRACE_MS } from './example-rider.service.ts';

// Issue 25 §8: the example rider is prepared in the background after start-up, so the public
// /analytics is ready before anyone asks; tests that build the app never start it unless asked.

const base = { DATA_DIR: '/tmp/vatio-prepare-config', SECRET_KEY: 'a'.repeat(64) };

describe('EXAMPLE_RIDER_PREPARE', () => {
  test('on for a served instance, off under NODE_ENV=test, and the setting wins', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).exampleRiderPrepare).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'production', SMTP_URL: 'smtp://x:1' }).exampleRiderPrepare).toBe(
      true,
    );
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).exampleRiderPrepare).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'test', EXAMPLE_RIDER_PREPARE: 'true' }).exampleRiderPrepare).toBe(
      true,
    );
    expect(
      loadConfig({ ...base, NODE_ENV: 'development', EXAMPLE_RIDER_PREPARE: 'false' }).exampleRiderPrepare,
    ).toBe(false);
    expect(() => loadConfig({ ...base, EXAMPLE_RIDER_PREPARE: 'maybe' })).toThrow(ConfigError);
  });
});

describe('preparing the example rider in the background', () => {
  let h: Harness;
  let nowMs = Date.now();
  // No workers: the demo jobs stay queued, so what is queued is counted exactly.
  beforeAll(async () => {
    h = await createHarness({ EXAMPLE_RIDER_DAYS: '14' }, { workers: false });
  }, 120_000);
  afterAll(async () => h?.close());

  const service = () =>
    new ExampleRiderService({
      repository: new ExampleRiderRepository(h.database.db),
      profiles: new ProfileRepository(h.database.db),
      bikes: new BikeRepository(h.database.db),
      demo: h.services.demo,
      now: () => new Date(nowMs),
      days: 14,
    });
  const repository = () => new ExampleRiderRepository(h.database.db);

  test('building the app (as every server test does) does not create the example', async () => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await repository().find()).toBeUndefined();
  });

  test('prepare creates it and queues its rides with no request, and is bounded', async () => {
    const started = Date.now();
    const outcome = await service().prepare({ delayMs: 0, pollMs: 50, maxMs: 400 });
    // The jobs never run here: it gives up at its bound instead of waiting for ever.
    expect(outcome).toEqual({ ready: false, reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(5_000);
    const example = (await repository().find())!;
    expect(example.email).toBe(EXAMPLE_EMAIL);
    const { jobs } = await repository().progress(example.id);
    expect(jobs).toBeGreaterThan(0);

    // A second process on the same database, started at the same time: it only polls.
    const again = await service().prepare({ delayMs: 0, pollMs: 50, maxMs: 200 });
    expect(again).toEqual({ ready: false, reason: 'timeout' });
    expect((await repository().progress(example.id)).jobs).toBe(jobs);
  });

  test('stops when the server closes', async () => {
    const stop = new AbortController();
    const pending = service().prepare({ delayMs: 60_000, pollMs: 50, maxMs: 120_000, signal: stop.signal });
    stop.abort();
    expect(await pending).toEqual({ ready: false, reason: 'stopped' });
  });

  test('a young example with nothing queued is another process creating it; an old one is restarted', async () => {
    const example = (await repository().find())!;
    // As if the process that created it stopped before queueing: nothing queued, nothing stored.
    await sql`delete from pgboss.job where name = 'demo-rides'`.execute(h.database.db);
    expect((await repository().progress(example.id)).jobs).toBe(0);

    nowMs = example.created_at.getTime() + RESTART_GRACE_MS / 2;
    await service().prepare({ delayMs: 0, pollMs: 50, maxMs: 150 });
    expect((await repository().progress(example.id)).jobs).toBe(0);

    nowMs = example.created_at.getTime() + RESTART_GRACE_MS + 1_000;
    await service().prepare({ delayMs: 0, pollMs: 50, maxMs: 150 });
    expect((await repository().progress(example.id)).jobs).toBeGreaterThan(0);
  });
});
