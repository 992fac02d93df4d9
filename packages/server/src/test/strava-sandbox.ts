import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config.ts';
import { startServer } from '../main.ts';
import { answerConsent, startFakeStrava } from './fake-strava.ts';

// A Vatio server wired to the fake Strava, with a signed-in rider whose Strava account holds a mix
// of rides and other sports, for looking at the Strava screens by hand or in screenshots:
//   npx tsx packages/server/src/test/strava-sandbox.ts [port] [connect|import]
// Prints the rider's tokens (the refresh token is SHOOT_REFRESH_TOKEN of scripts/shoot.mjs) and keeps running.
const port = Number(process.argv[2] ?? 3321);
const stage = process.argv[3] ?? 'import'; // none | connect | import
const strava = await startFakeStrava();
const ATHLETE = 7001;
strava.addAthlete({
  id: ATHLETE,
  firstname: 'Lucía',
  lastname: 'Ortega',
  bikes: [
    {
      id: 'b1',
      name: 'Canyon Aeroad',
      primary: true,
      brand_name: 'Canyon',
      model_name: 'Aeroad CF SLX',
      frame_type: 3,
    },
    {
      id: 'b2',
      name: 'Grizl',
      primary: false,
      brand_name: 'Canyon',
      model_name: 'Grizl CF SL',
      frame_type: 2,
    },
  ],
});
strava.signInAs(ATHLETE);
const names = [
  'Vuelta al embalse',
  'Puerto de Navacerrada',
  'Series en rodillo',
  'Rodaje suave',
  'Gravel por la sierra',
];
const types = ['Ride', 'Ride', 'VirtualRide', 'Ride', 'GravelRide', 'Run', 'Ride', 'Swim'];
for (let i = 0; i < 36; i++) {
  const type = types[i % types.length]!;
  const start = new Date(Date.now() - (i * 2.3 + 0.5) * 86_400_000);
  start.setUTCHours(7 + (i % 10), 0, 0, 0);
  strava.addActivity(ATHLETE, {
    id: 880_000 + i,
    name: type === 'Run' ? 'Carrera matinal' : type === 'Swim' ? 'Piscina' : names[i % names.length]!,
    sport_type: type,
    start_date: start.toISOString().replace('.000', ''),
    elapsed_time: 1800 + (i % 5) * 900,
    average_speed: type === 'Run' ? 3.2 : type === 'Swim' ? 0.9 : 7 + (i % 4),
    device_watts: type.endsWith('Ride'),
    average_watts: type.endsWith('Ride') ? 180 + (i % 7) * 12 : undefined,
    gear_id: type === 'GravelRide' ? 'b2' : type === 'Ride' ? 'b1' : null,
  });
}

const dataDir = mkdtempSync(join(tmpdir(), 'vatio-strava-sandbox-'));
const base = `http://127.0.0.1:${port}`;
await startServer(
  loadConfig({
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: '',
    PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
    STRAVA_CLIENT_ID: strava.clientId,
    STRAVA_CLIENT_SECRET: strava.clientSecret,
    STRAVA_OAUTH_URL: strava.oauthUrl,
    STRAVA_API_URL: strava.apiUrl,
    STRAVA_WEBHOOK_VERIFY_TOKEN: 'sandbox',
  }),
);

async function json(path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  const response = await fetch(`${base}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
    redirect: 'manual',
  });
  return {
    status: response.status,
    body: (await response.json().catch(() => null)) as Record<string, unknown>,
  };
}

const email = 'lucia@example.org';
await json('/auth/otp', { method: 'POST', body: { email, create_user: true, language: 'es' } });
const outbox = join(dataDir, 'outbox');
const text = readdirSync(outbox)
  .map((f) => readFileSync(join(outbox, f), 'utf8'))
  .join('\n');
const code = /\b(\d{6})\b/.exec(text)![1];
const tokens = (await json('/auth/verify', { method: 'POST', body: { email, token: code, type: 'email' } }))
  .body;
const token = tokens.access_token as string;
await json('/profile', {
  method: 'POST',
  token,
  body: {
    first_name: 'Lucía',
    last_name: 'Ortega',
    cycling_experience: 'advanced',
    preferred_units: 'metric',
  },
});
if (stage !== 'none') {
  // As a browser would: the state cookie /connect sets goes back with Strava's redirect.
  const started = await fetch(`${base}/api/strava/connect`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ return_to: '/sync' }),
  });
  const stateCookie = (started.headers.get('set-cookie') ?? '').split(';')[0]!;
  const { authorize_url } = (await started.json()) as { authorize_url: string };
  const a = new URL(authorize_url);
  const approved = await answerConsent(strava, a);
  await fetch(approved.headers.get('location')!, { redirect: 'manual', headers: { cookie: stateCookie } });
}
if (stage === 'import') {
  await json('/strava/sync', { method: 'POST', token, body: { action: 'import_bikes' } });
  for (let i = 0; i < 50 && (await json('/sync/status', { token })).body?.status !== 'completed'; i++)
    await new Promise((r) => setTimeout(r, 300));
  await json('/strava/sync', { method: 'POST', token, body: { action: 'import_activities' } });
  for (let i = 0; i < 200 && (await json('/sync/status', { token })).body?.status !== 'completed'; i++)
    await new Promise((r) => setTimeout(r, 500));
}
console.log(`SANDBOX_READY ${base}`);
console.log(`SHOOT_REFRESH_TOKEN=${tokens.refresh_token}`);
