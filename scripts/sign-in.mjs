#!/usr/bin/env node
// Signs a rider in on a running server whose mail goes to the outbox, for scripts/shoot.mjs:
//   node scripts/sign-in.mjs <baseUrl> <dataDir> <email> [--demo]
// Prints `SHOOT_REFRESH_TOKEN=<token>` (and loads the demo rides first with --demo, waiting for them).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [baseUrl, dataDir, email] = process.argv.slice(2);
if (!baseUrl || !dataDir || !email) {
  console.error('usage: node scripts/sign-in.mjs <baseUrl> <dataDir> <email> [--demo]');
  process.exit(2);
}

async function api(path, { method = 'GET', token, body } = {}) {
  const response = await fetch(new URL(path, baseUrl), {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** The six digits of the newest outbox message to `to` written at or after `since`. */
async function readCode(to, since) {
  const dir = join(dataDir, 'outbox');
  for (let i = 0; i < 100; i++) {
    if (existsSync(dir)) {
      const newest = readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')))
        .filter((m) => m.to === to && Date.parse(m.created_at) >= since)
        .sort((a, b) => a.created_at.localeCompare(b.created_at))
        .at(-1);
      const code = /\b(\d{6})\b/.exec(newest?.text ?? '')?.[1];
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code for ${to} in ${dir}`);
}

const since = Date.now() - 1000;
await api('/api/auth/otp', { method: 'POST', body: { email, create_user: true } });
const code = await readCode(email, since);
const tokens = await api('/api/auth/verify', { method: 'POST', body: { email, token: code, type: 'email' } });
if (process.argv.includes('--demo')) {
  await api('/api/demo', { method: 'POST', token: tokens.access_token, body: {} });
  console.error('demo requested; rides are analysed in the background');
}
console.log(`SHOOT_REFRESH_TOKEN=${tokens.refresh_token}`);
