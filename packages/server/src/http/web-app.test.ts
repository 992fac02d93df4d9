import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
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
const SCRIPT = 'export const zones = [55, 75, 90, 105, 120, 150];\n'.repeat(500);

beforeAll(async () => {
  database = await openTestDatabase();
  queue = await startJobQueue(database, {});
  dir = mkdtempSync(join(tmpdir(), 'vatio-web-app-test-'));
  web = join(dir, 'web');
  mkdirSync(join(web, 'assets'), { recursive: true });
  writeFileSync(join(web, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(web, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  // What the web build writes: the hashed script, its precompressed twins and its source map.
  const script = join(web, 'assets', 'index-Ab12Cd.js');
  writeFileSync(script, SCRIPT);
  writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
  writeFileSync(`${script}.map`, '{"version":3,"sources":["src/main.tsx"],"mappings":""}');
  writeFileSync(join(web, 'assets', 'index-Ab12Cd.css'), 'body{margin:0}');
});
afterAll(async () => {
  await queue?.stop();
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function app(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const config = loadConfig({ DATA_DIR: dir, SECRET_KEY: 'f'.repeat(64), WEB_DIST_DIR: web, ...env });
  return buildApp({ config, database, queue, logger: false });
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('delivering the web build', () => {
  test('hashed assets: the Brotli or gzip twin per Accept-Encoding, a year of immutable caching, Vary', async () => {
    const server = await app();
    const url = '/assets/index-Ab12Cd.js';

    const br = await server.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await server.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const identity = await server.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(SCRIPT);
    expect(identity.headers['cache-control']).toBe(IMMUTABLE);

    // An asset without twins is sent as it is, still immutable.
    const css = await server.inject({
      url: '/assets/index-Ab12Cd.css',
      headers: { 'accept-encoding': 'br' },
    });
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.body).toBe('body{margin:0}');
    expect(css.headers['cache-control']).toBe(IMMUTABLE);
    await server.close();
  });

  test('index.html (any client route) and sw.js are revalidated on every load', async () => {
    const server = await app();
    for (const path of ['/', '/dashboard', '/activities/42']) {
      const page = await server.inject(path);
      expect(page.statusCode, path).toBe(200);
      expect(page.body).toContain('id="root"');
      expect(page.headers['cache-control'], path).toBe('no-cache');
    }
    const sw = await server.inject('/sw.js');
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
    await server.close();
  });

  test('HEAD of a client route answers like GET, without a body (uptime checks, link previews)', async () => {
    const server = await app();
    for (const path of ['/', '/dashboard']) {
      const head = await server.inject({ method: 'HEAD', url: path });
      expect(head.statusCode, path).toBe(200);
      expect(head.headers['content-type'], path).toMatch(/text\/html/);
      expect(head.body).toBe('');
    }
    await server.close();
  });

  test('source maps are not served by default (404), and are with SERVE_SOURCE_MAPS=true', async () => {
    const closed = await app();
    const hidden = await closed.inject('/assets/index-Ab12Cd.js.map');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain('src/main.tsx');
    await closed.close();

    const open = await app({ SERVE_SOURCE_MAPS: 'true' });
    const shown = await open.inject('/assets/index-Ab12Cd.js.map');
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('src/main.tsx');
    await open.close();
  });

  test('a missing asset is a 404, never index.html (a script must not come back as HTML)', async () => {
    const server = await app();
    for (const path of ['/assets/index-Gone99.js', '/assets/nothing.css', '/missing.png']) {
      const response = await server.inject(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
    await server.close();
  });
});
