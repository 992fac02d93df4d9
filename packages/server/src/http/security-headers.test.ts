import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { type JobQueue, startJobQueue } from '../jobs/queue.ts';
import { openTestDatabase } from '../test/test-database.ts';

let database: DatabaseHandle;
let queue: JobQueue;
let dir: string;
let web: string;
beforeAll(async () => {
  database = await openTestDatabase();
  queue = await startJobQueue(database, {});
  dir = mkdtempSync(join(tmpdir(), 'vatio-headers-test-'));
  web = join(dir, 'web');
  mkdirSync(join(web, 'assets'), { recursive: true });
  writeFileSync(join(web, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(web, 'assets', 'app-1234.js'), 'console.log(1)');
});
afterAll(async () => {
  await queue?.stop();
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function app(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const config = loadConfig({ DATA_DIR: dir, SECRET_KEY: 'e'.repeat(64), WEB_DIST_DIR: web, ...env });
  return buildApp({ config, database, queue, logger: false });
}

/** The CSP header as a map of directive → its sources. */
function policy(header: unknown): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const PATHS = ['/', '/dashboard', '/assets/app-1234.js', '/api/health', '/api/client-config', '/api/nothing'];

describe('security headers', () => {
  test('every response (page, asset, JSON, 404) carries a strict CSP, nosniff, no framing and a Referrer-Policy', async () => {
    const server = await app();
    for (const path of PATHS) {
      const response = await server.inject(path);
      const h = response.headers;
      const csp = policy(h['content-security-policy']);
      expect(csp.get('default-src'), path).toEqual(["'self'"]);
      expect(csp.get('script-src'), path).toEqual(["'self'"]);
      expect(csp.get('script-src-attr'), path).toEqual(["'none'"]);
      expect(csp.get('connect-src'), path).toEqual(["'self'"]);
      expect(csp.get('img-src'), path).toEqual(["'self'", 'data:', 'blob:']);
      expect(csp.get('object-src'), path).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors'), path).toEqual(["'none'"]);
      expect(csp.get('base-uri'), path).toEqual(["'self'"]);
      expect(csp.get('form-action'), path).toEqual(["'self'"]);
      expect(csp.has('upgrade-insecure-requests'), path).toBe(false);
      expect(h['x-content-type-options'], path).toBe('nosniff');
      expect(h['x-frame-options'], path).toBe('DENY');
      expect(h['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
      // Plain-http PUBLIC_URL (the default): no HSTS.
      expect(h['strict-transport-security'], path).toBeUndefined();
    }
    await server.close();
  });

  test('the configured tile server, and only its origin, is added to img-src', async () => {
    const server = await app({ MAP_TILE_URL: 'https://tiles.example.org:8443/osm/{z}/{x}/{y}.png' });
    const csp = policy((await server.inject('/dashboard')).headers['content-security-policy']);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://tiles.example.org:8443']);
    // Tiles are images: scripts and connections stay on this origin.
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    await server.close();
  });

  test('HSTS and upgrade-insecure-requests only when PUBLIC_URL is https', async () => {
    const secure = await app({ PUBLIC_URL: 'https://vatio.example.org' });
    for (const path of ['/', '/api/health']) {
      const response = await secure.inject(path);
      expect(response.headers['strict-transport-security'], path).toBe('max-age=31536000; includeSubDomains');
      expect(policy(response.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
    }
    await secure.close();
    const plain = await app({ PUBLIC_URL: 'http://vatio.example.org' });
    expect((await plain.inject('/api/health')).headers['strict-transport-security']).toBeUndefined();
    await plain.close();
  });
});
