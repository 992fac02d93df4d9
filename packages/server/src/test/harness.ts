import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildVatio } from '../app.ts';
import { type JobQueue, startJobQueue } from '../jobs/queue.ts';
import { startWorkers } from '../job-workers.ts';
import type { RideServices } from '../services.ts';
import { loadConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { codeFromMail, codeFromSms, startSmsSink, startSmtpSink } from './mail-sink.ts';
import { openTestDatabase } from './test-database.ts';

export interface Harness {
  app: FastifyInstance;
  database: DatabaseHandle;
  queue: JobQueue;
  services: RideServices;
  dataDir: string;
  smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  sms: Awaited<ReturnType<typeof startSmsSink>>;
  /** Moves the server's clock forward. */
  advance: (seconds: number) => void;
  /** The server's clock. */
  now: () => Date;
  /** Asks for a code and returns it as the rider would read it (from the SMTP server or SMS provider). */
  requestCode: (
    contact: { email: string } | { phone: string },
    options?: RequestCodeOptions,
  ) => Promise<string>;
  /** Signs a new or returning rider in; returns the tokens. */
  signIn: (contact: { email: string } | { phone: string }) => Promise<SignedIn>;
  close: () => Promise<void>;
}

interface RequestCodeOptions {
  createUser?: boolean;
  ip?: string;
}

export interface SignedIn {
  access_token: string;
  refresh_token: string;
  user: { id: string };
  headers: { authorization: string };
}

/**
 * A request as the rider's app makes it: when the test's clock has moved past the rider's access
 * token (a 401), the token is refreshed once, as the web app does, and the request sent again.
 */
export async function injectRefreshing(
  app: FastifyInstance,
  rider: SignedIn,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) {
  const send = () => app.inject({ method, url, headers: rider.headers, ...(payload ? { payload } : {}) });
  const response = await send();
  if (response.statusCode !== 401) return response;
  const refreshed = await app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    payload: { refresh_token: rider.refresh_token },
  });
  const tokens = refreshed.json() as { access_token: string; refresh_token: string };
  rider.refresh_token = tokens.refresh_token;
  rider.headers.authorization = `Bearer ${tokens.access_token}`;
  return send();
}

let ipCounter = 0;

/** A Vatio app on a real database, a real SMTP server and an HTTP SMS provider, all on loopback. */
export async function createHarness(
  env: Record<string, string> = {},
  /** `logs`: the logger on (info), its records kept only for GET /api/health/logs, not printed. */
  options: { workers?: boolean; logs?: boolean } = {},
): Promise<Harness> {
  const database = await openTestDatabase();
  const smtp = await startSmtpSink();
  const sms = await startSmsSink();
  const dataDir = mkdtempSync(join(tmpdir(), 'vatio-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    SMS_PROVIDER_URL: sms.url,
    PUBLIC_URL: 'http://vatio.test',
    SECRET_KEY: 'a'.repeat(64),
    WEB_DIST_DIR: join(dataDir, 'no-web'),
    // Imports analyse in the test's own thread unless a test asks for threads (processes use them).
    ANALYSIS_THREADS: '0',
    // Sign-ins verify from the inject default address; a test of the per-address limit sets its own.
    OTP_VERIFY_FAILURES_PER_IP_PER_HOUR: '1000',
    ...env,
  });
  let nowMs = Date.now();
  const queue = await startJobQueue(database, { pollingIntervalSeconds: 0.5 });
  const { app, services } = await buildVatio({
    config,
    database,
    queue,
    logger: options.logs ? { level: 'info', stdout: false } : false,
    now: () => new Date(nowMs),
    checkResponses: true,
  });
  if (options.workers !== false) await startWorkers(queue, services);

  const requestCode: Harness['requestCode'] = async (contact, options = {}) => {
    const before = { mail: smtp.received.length, sms: sms.received.length };
    // Each call comes from its own address unless told otherwise, so per-address limits stay out of the way.
    const ip = options.ip ?? `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/otp',
      remoteAddress: ip,
      payload: { ...contact, create_user: options.createUser ?? true },
    });
    if (response.statusCode !== 202)
      throw new Error(`otp request failed: ${response.statusCode} ${response.body}`);
    const code =
      'email' in contact
        ? codeFromMail(smtp.received.slice(before.mail).at(-1)?.raw ?? '')
        : codeFromSms(sms.received.slice(before.sms).at(-1)?.text ?? '');
    if (!code) throw new Error('no code was delivered');
    return code;
  };

  const signIn: Harness['signIn'] = async (contact) => {
    const code = await requestCode(contact);
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      payload: { ...contact, token: code, type: 'email' in contact ? 'email' : 'sms' },
    });
    if (response.statusCode !== 200)
      throw new Error(`verify failed: ${response.statusCode} ${response.body}`);
    const body = response.json() as Omit<SignedIn, 'headers'>;
    return { ...body, headers: { authorization: `Bearer ${body.access_token}` } };
  };

  return {
    app,
    database,
    queue,
    services,
    dataDir,
    smtp,
    sms,
    advance: (seconds) => {
      nowMs += seconds * 1000;
    },
    now: () => new Date(nowMs),
    requestCode,
    signIn,
    close: async () => {
      await app.close();
      await queue.stop();
      await database.close();
      await smtp.close();
      await sms.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
