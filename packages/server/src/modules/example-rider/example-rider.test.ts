import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildVatio } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import { ExampleRiderRepository } from './example-rider.repository.ts';
import { EXAMPLE_EMAIL } from './example-rider.service.ts';

const PUBLIC = [
  'performance?weeks=4',
  'training-load?days=90',
  'predictive?weeks=4',
  'comparative?period=4w',
  'evolution?metric=vo2max&range=6m',
].map((path) => `/api/public/analytics/${path}`);

describe('the public example rider (issue 13)', () => {
  let h: Harness;
  let rider: SignedIn;
  beforeAll(async () => {
    // A short plan keeps the test quick; production generates the full 182-day demo plan.
    h = await createHarness({ EXAMPLE_RIDER_DAYS: '14' });
    rider = await h.signIn({ email: 'real@example.org' });
  }, 120_000);
  afterAll(async () => h?.close());

  test('the first call starts the generation and answers 503 EXAMPLE_PREPARING with progress', async () => {
    const response = await h.app.inject({ url: PUBLIC[0]! });
    expect(response.statusCode).toBe(503);
    const { error } = response.json();
    expect(error.code).toBe('EXAMPLE_PREPARING');
    expect(error.retry_after_s).toBeGreaterThan(0);
    expect(response.headers['retry-after']).toBe(String(error.retry_after_s));
    expect(error.progress.done).toBe(0);
    expect(error.progress.total).toBeGreaterThan(3);
  });

  test('once the jobs have run, the three endpoints answer with their schemas, without sign-in', async () => {
    const deadline = Date.now() + 100_000;
    let status = 503;
    while (status === 503 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const response = await h.app.inject({ url: PUBLIC[1]! });
      status = response.statusCode;
      if (status === 503)
        expect(response.json().error.progress.done).toBeLessThanOrEqual(response.json().error.progress.total);
    }
    expect(status).toBe(200);
    // The harness checks every answer against its contract's response schema.
    for (const url of PUBLIC) {
      const response = await h.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
    }
    // Compare two of the example's rides, without sign-in (issue 14).
    const rides = (await h.app.inject({ url: PUBLIC[3]! })).json().rides as { id: string }[];
    expect(rides.length).toBeGreaterThan(1);
    const compare = await h.app.inject({
      url: `/api/public/analytics/compare?a=${rides[0]!.id}&b=${rides[1]!.id}`,
    });
    expect(compare.statusCode).toBe(200);
    expect(compare.json().a.ride.id).toBe(rides[0]!.id);
    // Two efforts of one of the example's segments, over distance, without sign-in (issue 14).
    const segments = (await h.app.inject({ url: '/api/public/analytics/segments' })).json().segments as {
      id: string;
    }[];
    expect(segments.length).toBeGreaterThan(0);
    const detail = (await h.app.inject({ url: `/api/public/analytics/segments/${segments[0]!.id}` })).json();
    const [ea, eb] = [detail.efforts[0].id, detail.efforts.at(-1).id];
    const efforts = await h.app.inject({
      url: `/api/public/analytics/segments/${segments[0]!.id}/compare?a=${ea}&b=${eb}`,
    });
    expect(efforts.statusCode).toBe(200);
    expect(efforts.json().sections).toHaveLength(3);
    const load = (await h.app.inject({ url: PUBLIC[1]! })).json();
    expect(load.needs).toEqual([]);
    expect(load.current.ctl).toBeGreaterThan(0);
  }, 120_000);

  test("a real rider's analytics never include the example's rides", async () => {
    const list = (await h.app.inject({ url: '/api/activities', headers: rider.headers })).json();
    expect(list.total).toBe(0);
    const load = (
      await h.app.inject({ url: '/api/analytics/training-load?days=90', headers: rider.headers })
    ).json();
    expect(load.needs).toEqual(['power']);
  });

  test('the example cannot sign in', async () => {
    const request = await h.app.inject({
      method: 'POST',
      url: '/api/auth/otp',
      remoteAddress: '10.9.9.9',
      payload: { email: EXAMPLE_EMAIL, create_user: true },
    });
    expect(request.statusCode).toBe(403);
    expect(request.json().error.code).toBe('EXAMPLE_NO_SIGN_IN');
    const verify = await h.app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      payload: { email: EXAMPLE_EMAIL, token: '123456', type: 'email' },
    });
    expect(verify.statusCode).toBe(403);
    expect(verify.json().error.code).toBe('EXAMPLE_NO_SIGN_IN');
  });

  test('a second instance start answers at once and does not generate again', async () => {
    const example = (await new ExampleRiderRepository(h.database.db).find())!;
    const before = (await h.services.imports.list(example.id, 100)).length;
    expect(before).toBeGreaterThan(0);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: h.dataDir,
      SECRET_KEY: 'a'.repeat(64),
      WEB_DIST_DIR: `${h.dataDir}/no-web`,
      ANALYSIS_THREADS: '0',
      EXAMPLE_RIDER_DAYS: '14',
    });
    const second = await buildVatio({ config, database: h.database, queue: h.queue, logger: false });
    try {
      const response = await second.app.inject({ url: PUBLIC[0]! });
      expect(response.statusCode).toBe(200);
      expect((await h.services.imports.list(example.id, 100)).length).toBe(before);
    } finally {
      await second.app.close();
    }
  });
});
