import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';

let h: Harness;
let rider: SignedIn;
let n = 0;
beforeAll(async () => {
  h = await createHarness();
  rider = await h.signIn({ email: 'profile-rider@example.org' });
});
afterAll(async () => h?.close());

const validProfile = {
  first_name: '  Ana ',
  last_name: 'Ruiz',
  date_of_birth: '1991-04-30',
  weight_kg: 58.46,
  height_cm: 168,
  cycling_experience: 'advanced',
  preferred_units: 'metric',
  goals: '  Sub-1h 40 km TT  ',
};

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => h.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

describe('onboarding profile', () => {
  test('every profile route needs a signed-in rider', async () => {
    for (const [method, url] of [
      ['GET', '/api/profile'],
      ['POST', '/api/profile'],
      ['PUT', '/api/profile'],
      ['GET', '/api/subscription'],
      ['GET', '/api/settings'],
      ['PUT', '/api/settings'],
    ] as const) {
      expect((await call(method, url, {}, {})).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  test('refuses a profile without the required fields, with the spec messages', async () => {
    const response = await call('POST', '/api/profile', rider.headers, { first_name: ' ', last_name: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      first_name: 'first_name_required',
      last_name: 'last_name_required',
      cycling_experience: 'experience_required',
    });
    expect(response.json().error.message).toBe('First name is required');
    const badNumbers = await call('POST', '/api/profile', rider.headers, {
      ...validProfile,
      weight_kg: 5,
      height_cm: 170.5,
      date_of_birth: '2999-01-01',
    });
    expect(badNumbers.json().error.fields).toEqual({
      weight_kg: 'weight_invalid',
      height_cm: 'height_invalid',
      date_of_birth: 'date_of_birth_invalid',
    });
    const unknownField = await call('POST', '/api/profile', rider.headers, {
      ...validProfile,
      is_admin: true,
    });
    expect(unknownField.statusCode).toBe(400);
  });

  test('creating the profile trims text, rounds weight to 0.1 kg and creates the free, active subscription', async () => {
    const response = await call('POST', '/api/profile', rider.headers, validProfile);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      first_name: 'Ana',
      last_name: 'Ruiz',
      date_of_birth: '1991-04-30',
      weight_kg: 58.5,
      height_cm: 168,
      goals: 'Sub-1h 40 km TT',
    });
    const subscription = await call('GET', '/api/subscription', rider.headers);
    expect(subscription.json()).toMatchObject({ tier: 'free', status: 'active' });
    const me = await call('GET', '/api/me', rider.headers);
    expect(me.json().profile.first_name).toBe('Ana');
    const twice = await call('POST', '/api/profile', rider.headers, validProfile);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('PROFILE_EXISTS');
  });

  test('updating the profile turns empty optional values into null', async () => {
    const response = await call('PUT', '/api/profile', rider.headers, {
      ...validProfile,
      first_name: 'Ana María',
      goals: '   ',
      weight_kg: null,
      date_of_birth: null,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      first_name: 'Ana María',
      goals: null,
      weight_kg: null,
      date_of_birth: null,
    });
  });

  test('the sex (only for the power-profile table) is optional, kept, changed and cleared', async () => {
    const said = await h.signIn({ email: `sex${++n}@example.org` });
    // Not sent: not said.
    const created = await call('POST', '/api/profile', said.headers, validProfile);
    expect(created.json().sex).toBeNull();
    const female = await call('PUT', '/api/profile', said.headers, { ...validProfile, sex: 'female' });
    expect(female.statusCode).toBe(200);
    expect(female.json().sex).toBe('female');
    expect((await call('GET', '/api/profile', said.headers)).json().sex).toBe('female');
    expect((await call('GET', '/api/me', said.headers)).json().profile.sex).toBe('female');
    const male = await call('PUT', '/api/profile', said.headers, { ...validProfile, sex: 'male' });
    expect(male.json().sex).toBe('male');
    const cleared = await call('PUT', '/api/profile', said.headers, { ...validProfile, sex: null });
    expect(cleared.json().sex).toBeNull();
    const bad = await call('PUT', '/api/profile', said.headers, { ...validProfile, sex: 'other' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ sex: 'sex_invalid' });
  });

  test('a rider without a profile cannot update one', async () => {
    const newcomer = await h.signIn({ email: `newcomer${++n}@example.org` });
    const response = await call('PUT', '/api/profile', newcomer.headers, validProfile);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('PROFILE_REQUIRED');
  });

  test("one rider never sees another's profile", async () => {
    const other = await h.signIn({ email: `other${++n}@example.org` });
    const me = await call('GET', '/api/me', other.headers);
    expect(me.json().profile).toBeNull();
    expect((await call('GET', '/api/profile', other.headers)).statusCode).toBe(404);
    expect((await call('GET', '/api/subscription', other.headers)).statusCode).toBe(404);
  });
});

describe('settings', () => {
  test('start from the defaults and persist each change; units live on the profile', async () => {
    const initial = await call('GET', '/api/settings', rider.headers);
    expect(initial.json()).toEqual({
      notifications: true,
      theme: 'light',
      auto_sync: true,
      language: null,
      units: 'metric',
    });
    const changed = await call('PUT', '/api/settings', rider.headers, {
      theme: 'dark',
      language: 'es',
      units: 'imperial',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      theme: 'dark',
      language: 'es',
      units: 'imperial',
      notifications: true,
    });
    await call('PUT', '/api/settings', rider.headers, { notifications: false });
    const again = await call('GET', '/api/me', rider.headers);
    expect(again.json().settings).toEqual({
      notifications: false,
      theme: 'dark',
      auto_sync: true,
      language: 'es',
      units: 'imperial',
    });
    expect(again.json().profile.preferred_units).toBe('imperial');
  });

  test('refuses unknown settings and wrong values', async () => {
    expect((await call('PUT', '/api/settings', rider.headers, { theme: 'neon' })).statusCode).toBe(400);
    expect((await call('PUT', '/api/settings', rider.headers, { colour: 'red' })).statusCode).toBe(400);
  });
});
