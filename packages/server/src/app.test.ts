import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { type JobQueue, startJobQueue } from './jobs/queue.ts';
import { openTestDatabase } from './test/test-database.ts';

let database: DatabaseHandle;
let queue: JobQueue;
let dir: string;
beforeAll(async () => {
  database = await openTestDatabase();
  queue = await startJobQueue(database, {});
  dir = mkdtempSync(join(tmpdir(), 'vatio-app-test-'));
});
afterAll(async () => {
  await queue?.stop();
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('health', () => {
  test('GET /api/health reports status, database and version', async () => {
    const app = await buildApp({
      config: loadConfig({ DATA_DIR: dir, SECRET_KEY: 'b'.repeat(64) }),
      database,
      queue,
      logger: false,
    });
    const response = await app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: 'ok', version: '0.1.0' });
    await app.close();
  });
});

describe('configuration', () => {
  test('production without SMTP refuses to start with a clear message', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dir })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dir })).toThrow(/SMTP_URL/);
  });

  test('a secret key is generated on first start and kept', () => {
    const keyDir = join(dir, 'keys');
    const first = loadConfig({ DATA_DIR: keyDir }).secretKey;
    expect(first).toHaveLength(32);
    expect(loadConfig({ DATA_DIR: keyDir }).secretKey.equals(first)).toBe(true);
  });

  test('a wrong number is refused', () => {
    expect(() => loadConfig({ DATA_DIR: dir, PORT: 'eighty' })).toThrow(/PORT/);
  });
});

describe('without SMTP or an SMS provider', () => {
  test('each message is one file in DATA_DIR/outbox with the recipient and the code, and the log never holds the code', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const dataDir = join(dir, 'outbox-test');
    const config = loadConfig({ DATA_DIR: dataDir, SECRET_KEY: 'c'.repeat(64) });
    const app = await buildApp({ config, database, queue, logger: { level: 'info', stream } as never });
    for (const payload of [{ email: 'outbox@example.org' }, { phone: '+34 699 000 111' }]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/otp',
        payload: { ...payload, create_user: true },
      });
      expect(response.statusCode).toBe(202);
    }
    const files = readdirSync(join(dataDir, 'outbox')).sort();
    expect(files).toHaveLength(2);
    const messages = files.map((f) => JSON.parse(readFileSync(join(dataDir, 'outbox', f), 'utf8')));
    const mail = messages.find((m) => m.channel === 'email');
    const sms = messages.find((m) => m.channel === 'sms');
    expect(mail.to).toBe('outbox@example.org');
    const mailCode = /\b(\d{6})\b/.exec(mail.text)![1]!;
    expect(sms.to).toBe('+34699000111');
    const smsCode = /\b(\d{6})\b/.exec(sms.text)![1]!;

    const verified = await app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      payload: { email: 'outbox@example.org', token: mailCode, type: 'email' },
    });
    expect(verified.statusCode).toBe(200);
    const { access_token, refresh_token } = verified.json();
    await app.inject({ url: `/auth/callback?email=x&code=${mailCode}` });
    await app.close();

    const log = lines.join('');
    expect(log).toContain('outbox');
    for (const secret of [mailCode, smsCode, access_token, refresh_token]) expect(log).not.toContain(secret);
    expect(log).not.toContain('outbox@example.org');
  });
});

describe('serving the web app', () => {
  test('serves the built app, its files, and index.html for client routes; unknown API paths stay JSON 404s', async () => {
    const web = join(dir, 'web');
    mkdirSync(join(web, 'assets'), { recursive: true });
    writeFileSync(join(web, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(web, 'favicon.svg'), '<svg/>');
    writeFileSync(join(web, 'assets', 'app-1234.js'), 'console.log(1)');
    const config = loadConfig({ DATA_DIR: dir, SECRET_KEY: 'd'.repeat(64), WEB_DIST_DIR: web });
    const app = await buildApp({ config, database, queue, logger: false });
    for (const path of ['/', '/dashboard', '/auth/verify-otp', '/no/such/page']) {
      const response = await app.inject(path);
      expect(response.statusCode, path).toBe(200);
      expect(response.body).toContain('id="root"');
    }
    const asset = await app.inject('/assets/app-1234.js');
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await app.inject('/favicon.svg')).statusCode).toBe(200);
    expect((await app.inject('/missing.png')).statusCode).toBe(404);
    const api = await app.inject('/api/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('NOT_FOUND');
    await app.close();
  });
});
