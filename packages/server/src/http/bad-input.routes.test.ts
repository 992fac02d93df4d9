// Issue 16, "Found already": inputs PostgreSQL refuses (U+0000 in text, year 0) and multipart bodies
// the parser cannot split answered 500. Each must be a 400 with a field message, nothing stored.
// Runs on PGlite, and on PostgreSQL when DATABASE_URL is set (test/test-database.ts).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness, type SignedIn } from '../test/harness.ts';

let h: Harness;
let rider: SignedIn;
beforeAll(async () => {
  h = await createHarness();
  rider = await h.signIn({ email: 'bad-input@example.org' });
});
afterAll(async () => h?.close());

const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object, signedIn = true) =>
  h.app.inject({ method, url, ...(payload ? { payload } : {}), headers: signedIn ? rider.headers : {} });

function expectFieldError(
  response: {
    statusCode: number;
    json: () => { error: { code: string; message: string; fields?: Record<string, string> } };
  },
  field: string,
  key: string,
) {
  expect(response.statusCode).toBe(400);
  const error = response.json().error;
  expect(error.code).toBe('VALIDATION');
  expect(error.fields).toMatchObject({ [field]: key });
  expect(error.message).toBeTruthy();
}

const NUL = '\u0000';

describe('a NUL character', () => {
  test('in a search or a list filter is a 400 naming the parameter', async () => {
    expectFieldError(await send('GET', '/api/activities/search?q=a%00b'), 'q', 'text_nul');
    expectFieldError(await send('GET', '/api/activities?activity_type=ride%00'), 'activity_type', 'text_nul');
    expectFieldError(await send('GET', '/api/dashboard?tz=Europe/Madrid&locale=es%00'), 'locale', 'text_nul');
  });

  test('in an e-mail is a 400 on sign-in and on verify, and no code row is stored', async () => {
    const email = `nul${NUL}@example.org`;
    const response = await send('POST', '/api/auth/otp', { email, create_user: true }, false);
    expectFieldError(response, 'email', 'text_nul');
    expect(response.json().error.message).toBe('This text contains a character that is not allowed (NUL)');
    expectFieldError(
      await send('POST', '/api/auth/verify', { email, token: '123456', type: 'email' }, false),
      'email',
      'text_nul',
    );
    const rows = await sql<{
      n: number;
    }>`select count(*)::int as n from otp_codes where contact like 'nul%'`.execute(h.database.db);
    expect(rows.rows[0]!.n).toBe(0);
  });

  test('in a name is a 400 and nothing changes: API key, bike, profile', async () => {
    expectFieldError(await send('POST', '/api/me/api-keys', { name: `key${NUL}` }), 'name', 'text_nul');
    expectFieldError(
      await send('POST', '/api/bikes', { name: `bike${NUL}`, type: 'road' }),
      'name',
      'text_nul',
    );
    expectFieldError(
      await send('POST', '/api/profile', {
        first_name: `Ana${NUL}`,
        last_name: 'Ruiz',
        date_of_birth: '1990-05-01',
        weight_kg: 60,
        cycling_experience: 'beginner',
      }),
      'first_name',
      'text_nul',
    );
    const keys = await send('GET', '/api/me/api-keys');
    expect(keys.json()).toEqual([]);
    expect((await send('GET', '/api/bikes')).json()).toEqual([]);
  });

  test('deep in a body (an array item, a key) is found too', async () => {
    expectFieldError(
      await send('POST', '/api/strava/activities/import', { strava_ids: ['1', `2${NUL}`] }),
      'strava_ids.1',
      'text_nul',
    );
    const response = await send('PUT', '/api/settings', { [`the${NUL}me`]: 'dark' });
    expect(response.statusCode).toBe(400);
    expect(Object.values(response.json().error.fields)).toEqual(['text_nul']);
  });
});

describe('dates PostgreSQL refuses', () => {
  test('year 0000 and impossible days in a filter are a 400 naming the parameter', async () => {
    for (const [param, value] of [
      ['start_date', '0000-01-01'],
      ['end_date', '0000-12-31'],
      ['start_date', '0999-12-31'],
      ['start_date', '2024-02-30'],
      ['end_date', '2023-02-29'],
    ] as const) {
      const response = await send('GET', `/api/activities?${param}=${value}`);
      expect(response.statusCode, `${param}=${value}`).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION', fields: { [param]: 'invalid' } });
      expect(response.json().error.message).toBe(`${param}: Enter a valid date`);
    }
    // The edges of the range still work.
    expect((await send('GET', '/api/activities?start_date=1000-01-01&end_date=9999-12-31')).statusCode).toBe(
      200,
    );
    expect((await send('GET', '/api/activities?start_date=2024-02-29')).statusCode).toBe(200);
  });

  test('year 0000 in a dated setting or a birth date is a 400 with the field message', async () => {
    expectFieldError(
      await send('POST', '/api/athlete-settings', { effective_from: '0000-01-01', ftp_w: 250 }),
      'effective_from',
      'date_invalid',
    );
    expectFieldError(
      await send('POST', '/api/profile', {
        first_name: 'Ana',
        last_name: 'Ruiz',
        date_of_birth: '0000-01-01',
        weight_kg: 60,
        cycling_experience: 'beginner',
      }),
      'date_of_birth',
      'date_of_birth_invalid',
    );
  });
});

describe('multipart bodies the parser cannot split', () => {
  const uploadRaw = (contentType: string, payload: string) =>
    h.app.inject({
      method: 'POST',
      url: '/api/activities/upload',
      headers: { ...rider.headers, 'content-type': contentType },
      payload,
    });
  const imports = async () =>
    (await sql<{ n: number }>`select count(*)::int as n from imports`.execute(h.database.db)).rows[0]!.n;

  test('without a boundary, an empty boundary, cut short or garbage: 400 with a field message, no import', async () => {
    const before = await imports();
    expectFieldError(
      await uploadRaw('multipart/form-data', '--x\r\n\r\nabc\r\n--x--\r\n'),
      'content-type',
      'multipart_boundary_missing',
    );
    expectFieldError(
      await uploadRaw('multipart/form-data; boundary=', 'abc'),
      'content-type',
      'multipart_boundary_missing',
    );
    expectFieldError(
      await uploadRaw(
        'multipart/form-data; boundary=abc',
        '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.gpx"\r\n\r\n<gpx',
      ),
      'body',
      'multipart_malformed',
    );
    expectFieldError(
      await uploadRaw('multipart/form-data; boundary=abc', 'garbage'),
      'body',
      'multipart_malformed',
    );
    expect(await imports()).toBe(before);
    // The server still serves.
    expect((await send('GET', '/api/activities')).statusCode).toBe(200);
  });
});
