import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';

let h: Harness;
let rider: SignedIn;
let stranger: SignedIn;
beforeAll(async () => {
  h = await createHarness();
  rider = await h.signIn({ email: 'bikes@example.org' });
  stranger = await h.signIn({ phone: '+15555550123' });
});
afterAll(async () => h?.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who: SignedIn | null,
  payload?: object,
) => h.app.inject({ method, url, headers: who ? who.headers : {}, ...(payload ? { payload } : {}) });

describe('bikes', () => {
  test('need a signed-in rider', async () => {
    expect((await call('GET', '/api/bikes', null)).statusCode).toBe(401);
    expect((await call('POST', '/api/bikes', null, { name: 'x', type: 'road' })).statusCode).toBe(401);
  });

  test('the first bike becomes primary; the list is primary first, then newest first', async () => {
    const first = await call('POST', '/api/bikes', rider, {
      name: 'Tarmac SL7',
      type: 'road',
      brand: 'Specialized',
      year: 2022,
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      name: 'Tarmac SL7',
      type: 'road',
      brand: 'Specialized',
      model: null,
      is_primary: true,
    });
    h.advance(1);
    const second = await call('POST', '/api/bikes', rider, { name: 'Shiv', type: 'tt' });
    expect(second.json().is_primary).toBe(false);
    h.advance(1);
    await call('POST', '/api/bikes', rider, { name: 'Crux', type: 'gravel' });
    const list = (await call('GET', '/api/bikes', rider)).json() as { name: string; is_primary: boolean }[];
    expect(list.map((b) => b.name)).toEqual(['Tarmac SL7', 'Crux', 'Shiv']);
  });

  test('setting a primary bike clears the others first', async () => {
    const list = (await call('GET', '/api/bikes', rider)).json() as { id: string; name: string }[];
    const shiv = list.find((b) => b.name === 'Shiv')!;
    const response = await call('POST', `/api/bikes/${shiv.id}/primary`, rider);
    expect(response.json().is_primary).toBe(true);
    const after = (await call('GET', '/api/bikes', rider)).json() as { name: string; is_primary: boolean }[];
    expect(after.filter((b) => b.is_primary).map((b) => b.name)).toEqual(['Shiv']);
    expect(after[0]!.name).toBe('Shiv');
  });

  test('a new bike marked primary takes the role; deleting the primary hands it to the newest bike', async () => {
    const mtb = (
      await call('POST', '/api/bikes', rider, { name: 'Epic', type: 'mountain', is_primary: true })
    ).json();
    expect(mtb.is_primary).toBe(true);
    expect((await call('DELETE', `/api/bikes/${mtb.id}`, rider)).statusCode).toBe(204);
    const after = (await call('GET', '/api/bikes', rider)).json() as { name: string; is_primary: boolean }[];
    expect(after.filter((b) => b.is_primary).map((b) => b.name)).toEqual(['Crux']);
  });

  test('update changes only the given fields, and validates them', async () => {
    const [bike] = (await call('GET', '/api/bikes', rider)).json() as { id: string }[];
    const updated = await call('PUT', `/api/bikes/${bike!.id}`, rider, { model: 'S-Works', year: 2024 });
    expect(updated.json()).toMatchObject({ model: 'S-Works', year: 2024, name: 'Crux' });
    const bad = await call('PUT', `/api/bikes/${bike!.id}`, rider, { type: 'bmx', year: 1800 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ type: 'bike_type_invalid', year: 'year_invalid' });
    expect(
      (await call('POST', '/api/bikes', rider, { name: '  ', type: 'road' })).json().error.fields,
    ).toEqual({
      name: 'bike_name_required',
    });
  });

  test("another rider's bike does not exist for you: 404 on read, update, delete and primary", async () => {
    const [bike] = (await call('GET', '/api/bikes', rider)).json() as { id: string }[];
    const id = bike!.id;
    expect((await call('GET', `/api/bikes/${id}`, stranger)).statusCode).toBe(404);
    expect((await call('PUT', `/api/bikes/${id}`, stranger, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/bikes/${id}`, stranger)).statusCode).toBe(404);
    expect((await call('POST', `/api/bikes/${id}/primary`, stranger)).statusCode).toBe(404);
    expect((await call('GET', '/api/bikes', stranger)).json()).toEqual([]);
    expect((await call('GET', `/api/bikes/${id}`, rider)).json().name).not.toBe('Mine now');
  });

  test('an id that is not a UUID is a 404, not a server error', async () => {
    expect((await call('GET', '/api/bikes/42', rider)).statusCode).toBe(404);
    expect((await call('DELETE', "/api/bikes/1'%20or%201=1", rider)).statusCode).toBe(404);
  });
});
