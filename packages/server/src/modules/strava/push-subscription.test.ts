import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../config.ts';
import { type FakeStrava, startFakeStrava } from '../../test/fake-strava.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { runStravaCommand } from './push-subscription.ts';

// `vatio strava subscribe` against the fake Strava, which checks the callback with the real
// handshake on a listening Vatio.
let strava: FakeStrava;
let h: Harness;
let base: string;
const env = () => ({
  STRAVA_CLIENT_ID: strava.clientId,
  STRAVA_CLIENT_SECRET: strava.clientSecret,
  STRAVA_OAUTH_URL: strava.oauthUrl,
  STRAVA_API_URL: strava.apiUrl,
  STRAVA_WEBHOOK_VERIFY_TOKEN: 'push-secret',
});

beforeAll(async () => {
  strava = await startFakeStrava();
  h = await createHarness(env(), { workers: false });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await h?.close();
  await strava?.close();
});

const configWith = (extra: Record<string, string>) => {
  const config = loadConfig({ DATA_DIR: h.dataDir, SECRET_KEY: 'a'.repeat(64), ...env(), ...extra });
  return { ...config.strava, publicUrl: base };
};

describe('vatio strava', () => {
  test('subscribe creates the push subscription after the handshake; list and unsubscribe', async () => {
    const lines: string[] = [];
    expect(await runStravaCommand(['subscribe'], configWith({}), (l) => lines.push(l))).toBe(0);
    expect(strava.subscriptions).toEqual([
      { id: expect.any(Number), callback_url: `${base}/api/strava/webhook`, verify_token: 'push-secret' },
    ]);
    expect(lines.at(-1)).toMatch(/^Push subscription \d+ created\.$/);
    lines.length = 0;
    await runStravaCommand(['subscriptions'], configWith({}), (l) => lines.push(l));
    expect(lines).toEqual([`${strava.subscriptions[0]!.id}  ${base}/api/strava/webhook`]);
    const id = String(strava.subscriptions[0]!.id);
    expect(await runStravaCommand(['unsubscribe', id], configWith({}), () => {})).toBe(0);
    expect(strava.subscriptions).toHaveLength(0);
  });

  test('a wrong verify token fails the handshake, and Strava refuses the subscription', async () => {
    await expect(
      runStravaCommand(['subscribe'], configWith({ STRAVA_WEBHOOK_VERIFY_TOKEN: 'not-ours' }), () => {}),
    ).rejects.toThrow(/Strava answered 400/);
    expect(strava.subscriptions).toHaveLength(0);
  });
});
