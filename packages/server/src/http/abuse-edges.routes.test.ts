// Issue 28 (#4): what the docs promise at the edges of the API, over HTTP on a real server.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness, type SignedIn } from '../test/harness.ts';

let h: Harness;
let rider: SignedIn;
beforeAll(async () => {
  h = await createHarness({ UPLOAD_MAX_FILES: '2' });
  rider = await h.signIn({ email: 'edges@example.org' });
});
afterAll(async () => h?.close());

const BOUNDARY = 'vatio-edge-boundary';
function multipart(parts: Array<{ name: string; filename?: string; body: string }>): string {
  return `${parts
    .map(
      (p) =>
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}\r\n\r\n${p.body}\r\n`,
    )
    .join('')}--${BOUNDARY}--\r\n`;
}
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

describe('a JSON route sent multipart/form-data', () => {
  test.each([
    ['PUT', '/api/settings'],
    ['POST', '/api/bikes'],
    ['POST', '/api/auth/otp'],
  ] as const)(
    '%s %s answers 415 UNSUPPORTED_MEDIA_TYPE, not 200 with the body ignored',
    async (method, url) => {
      const response = await h.app.inject({
        method,
        url,
        headers: { ...rider.headers, 'content-type': MULTIPART },
        payload: multipart([{ name: 'name', body: 'x' }]),
      });
      expect(response.statusCode).toBe(415);
      expect(response.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    },
  );

  test('the upload routes still read multipart', async () => {
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/activities/upload',
      headers: { ...rider.headers, 'content-type': MULTIPART },
      payload: multipart([{ name: 'file', filename: 'a.gpx', body: 'not a ride' }]),
    });
    expect(response.statusCode).toBe(202);
  });
});

describe('personal answers are not stored by caches', () => {
  test.each(['/api/me', '/api/settings', '/api/activities', '/api/dashboard', '/api/imports'])(
    'GET %s carries Cache-Control: no-store',
    async (url) => {
      const response = await h.app.inject({ method: 'GET', url, headers: rider.headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
    },
  );

  test('the sign-in answer with tokens carries no-store; a public answer keeps its own', async () => {
    const code = await h.requestCode({ email: 'edges2@example.org' });
    const verified = await h.app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      payload: { email: 'edges2@example.org', token: code, type: 'email' },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.headers['cache-control']).toBe('no-store');
    const config = await h.app.inject({ method: 'GET', url: '/api/client-config' });
    expect(config.headers['cache-control']).toBe('no-cache');
  });
});

describe('e-mail addresses', () => {
  test.each([
    'x@exa<mple.com',
    'x@example.com>',
    'x@exa(mple).com',
    'x@exa,mple.com',
    'x@exa;mple.com',
    'x@[example].com',
    'x@exa"mple.com',
    'x@exa:mple.com',
  ])('%s is refused with email_invalid', async (email) => {
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/auth/otp',
      payload: { email, create_user: true },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ email: 'email_invalid' });
  });
});

describe('an upload over a limit', () => {
  test('too many files: 413 naming the file-count limit, not the body size', async () => {
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/activities/upload',
      headers: { ...rider.headers, 'content-type': MULTIPART },
      payload: multipart([1, 2, 3].map((i) => ({ name: 'file', filename: `${i}.gpx`, body: 'x' }))),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('UPLOAD_TOO_MANY_FILES');
    expect(response.json().error.message).toContain('2 files');
    expect(response.json().error.message).not.toContain('body is too large');
  });
});
