import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import { multipartBody } from '../../test/upload.ts';
import { greyPng } from '../../test/png.ts';

let h: Harness;
let rider: SignedIn;
let stranger: SignedIn;
let bikeId: string;
let otherBikeId: string;
let strangerBikeId: string;

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who: SignedIn | null,
  payload?: object,
) => h.app.inject({ method, url, headers: who ? who.headers : {}, ...(payload ? { payload } : {}) });

const uploadPhoto = (who: SignedIn, bytes: Buffer, name = 'side.png') => {
  const body = multipartBody([{ name, bytes }]);
  return h.app.inject({
    method: 'POST',
    url: '/api/fitting/photos',
    headers: { ...who.headers, ...body.headers },
    payload: body.payload,
  });
};

function blobFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

beforeAll(async () => {
  h = await createHarness();
  rider = await h.signIn({ email: 'fitting@example.org' });
  stranger = await h.signIn({ email: 'other-fit@example.org' });
  bikeId = (await call('POST', '/api/bikes', rider, { name: 'Tarmac', type: 'road' })).json().id;
  otherBikeId = (await call('POST', '/api/bikes', rider, { name: 'Shiv', type: 'tt' })).json().id;
  strangerBikeId = (await call('POST', '/api/bikes', stranger, { name: 'Not yours', type: 'road' })).json()
    .id;
});
afterAll(async () => h?.close());

const position = (overrides: object = {}) => ({
  bike_id: bikeId,
  fit_date: '2026-03-01',
  saddle_height_mm: 745,
  saddle_setback_mm: 60,
  crank_length_mm: 172.5,
  knee_angle_min_deg: 28,
  back_angle_deg: 38,
  comfort_rating: 6,
  power_rating: 8,
  ...overrides,
});

describe('body measurements', () => {
  test('need a signed-in rider', async () => {
    expect((await call('GET', '/api/fitting/measurements', null)).statusCode).toBe(401);
    expect((await call('POST', '/api/fitting/positions', null, position())).statusCode).toBe(401);
  });

  test('round trip: create, list newest first, replace, delete', async () => {
    const first = await call('POST', '/api/fitting/measurements', rider, {
      measured_on: '2026-01-10',
      height_cm: 178,
      weight_kg: 71.25,
      inseam_cm: 85,
      flexibility_score: 6,
      injury_history: '  left knee, 2024  ',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      measured_on: '2026-01-10',
      height_cm: 178,
      weight_kg: 71.3,
      inseam_cm: 85,
      torso_cm: null,
      flexibility_score: 6,
      injury_history: 'left knee, 2024',
    });
    h.advance(1);
    const second = (
      await call('POST', '/api/fitting/measurements', rider, { measured_on: '2026-02-10', inseam_cm: 85.5 })
    ).json();
    const list = (await call('GET', '/api/fitting/measurements', rider)).json() as { id: string }[];
    expect(list.map((m) => m.id)).toEqual([second.id, first.json().id]);

    const replaced = await call('PUT', `/api/fitting/measurements/${second.id}`, rider, {
      measured_on: '2026-02-11',
      inseam_cm: 86,
      sit_bone_width_cm: 12.5,
    });
    expect(replaced.json()).toMatchObject({
      measured_on: '2026-02-11',
      inseam_cm: 86,
      sit_bone_width_cm: 12.5,
    });
    expect((await call('DELETE', `/api/fitting/measurements/${second.id}`, rider)).statusCode).toBe(204);
    expect((await call('GET', '/api/fitting/measurements', rider)).json()).toHaveLength(1);
  });

  test('bounds refused with a message in the field; nothing stored', async () => {
    const bad = await call('POST', '/api/fitting/measurements', rider, {
      measured_on: '2026-13-40',
      height_cm: 20,
      inseam_cm: 300,
      flexibility_score: 11,
      sit_bone_width_cm: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION');
    expect(bad.json().error.fields).toEqual({
      measured_on: 'date_invalid',
      height_cm: 'fit_height_invalid',
      inseam_cm: 'inseam_invalid',
      flexibility_score: 'flexibility_invalid',
      sit_bone_width_cm: 'sit_bone_invalid',
    });
    const empty = await call('POST', '/api/fitting/measurements', rider, { measured_on: '2026-01-01' });
    expect(empty.json().error.message).toBe('Enter at least one measurement');
    expect((await call('GET', '/api/fitting/measurements', rider)).json()).toHaveLength(1);
  });
});

describe('bike positions', () => {
  test('saddle height 0 or 3000 mm, angles outside their range, ratings over 10: refused in the field', async () => {
    for (const saddle of [0, 3000]) {
      const bad = await call('POST', '/api/fitting/positions', rider, position({ saddle_height_mm: saddle }));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields).toEqual({ saddle_height_mm: 'saddle_height_invalid' });
      expect(bad.json().error.message).toBe('Saddle height must be between 400 and 1100 mm');
    }
    const bad = await call(
      'POST',
      '/api/fitting/positions',
      rider,
      position({
        back_angle_deg: 95,
        elbow_angle_deg: 20,
        comfort_rating: 11,
        power_rating: 7.5,
        crank_length_mm: 250,
      }),
    );
    expect(bad.json().error.fields).toEqual({
      back_angle_deg: 'back_angle_invalid',
      elbow_angle_deg: 'elbow_angle_invalid',
      comfort_rating: 'rating_invalid',
      power_rating: 'rating_invalid',
      crank_length_mm: 'crank_length_invalid',
    });
    const order = await call(
      'POST',
      '/api/fitting/positions',
      rider,
      position({ knee_angle_min_deg: 60, knee_angle_max_deg: 40 }),
    );
    expect(order.json().error.fields).toEqual({ knee_angle_min_deg: 'knee_angle_order' });
    expect((await call('GET', '/api/fitting/positions', rider)).json()).toEqual([]);
  });

  test('a position carries its hints (spec §5; the knee by Holmes 1994); the first of a bike is active', async () => {
    const created = await call('POST', '/api/fitting/positions', rider, position({ knee_angle_min_deg: 22 }));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      bike_id: bikeId,
      saddle_height_mm: 745,
      crank_length_mm: 172.5,
      is_active: true,
    });
    expect(created.json().hints).toEqual([
      { code: 'knee_flexion_low', severity: 'warning', value: 22 },
      { code: 'comfort_low', severity: 'critical', value: 6 },
      { code: 'aggressive_position', severity: 'info', value: 38 },
    ]);
  });

  test('one active position per bike: a new active one, activate, delete the active', async () => {
    h.advance(1);
    const second = (
      await call(
        'POST',
        '/api/fitting/positions',
        rider,
        position({ fit_date: '2026-04-01', saddle_height_mm: 750 }),
      )
    ).json();
    expect(second.is_active).toBe(false);
    const onOther = (
      await call('POST', '/api/fitting/positions', rider, position({ bike_id: otherBikeId }))
    ).json();
    expect(onOther.is_active).toBe(true);
    const activeOf = async (bike: string) =>
      (
        (await call('GET', `/api/fitting/positions?bike_id=${bike}`, rider)).json() as {
          id: string;
          is_active: boolean;
        }[]
      )
        .filter((p) => p.is_active)
        .map((p) => p.id);

    const activated = await call('POST', `/api/fitting/positions/${second.id}/activate`, rider);
    expect(activated.json().is_active).toBe(true);
    expect(await activeOf(bikeId)).toEqual([second.id]);
    expect(await activeOf(otherBikeId)).toEqual([onOther.id]);

    const third = (
      await call(
        'POST',
        '/api/fitting/positions',
        rider,
        position({ fit_date: '2026-05-01', is_active: true }),
      )
    ).json();
    expect(await activeOf(bikeId)).toEqual([third.id]);

    // The database refuses a second active position of a bike, whatever the code does.
    await expect(
      sql`update bike_positions set is_active = true where bike_id = ${bikeId}`.execute(h.database.db),
    ).rejects.toThrow();

    // Replacing keeps it active; deleting the active hands the role to the newest remaining one.
    const replaced = await call(
      'PUT',
      `/api/fitting/positions/${third.id}`,
      rider,
      position({
        fit_date: '2026-05-01',
        saddle_height_mm: 752,
        comfort_rating: 8,
        knee_angle_min_deg: 31,
        back_angle_deg: 45,
      }),
    );
    expect(replaced.json()).toMatchObject({ is_active: true, saddle_height_mm: 752, hints: [] });
    expect((await call('DELETE', `/api/fitting/positions/${third.id}`, rider)).statusCode).toBe(204);
    expect(await activeOf(bikeId)).toEqual([second.id]);
  });

  test("a bike that is not the rider's is refused in the field", async () => {
    const bad = await call('POST', '/api/fitting/positions', rider, position({ bike_id: strangerBikeId }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ bike_id: 'fit_bike_required' });
  });
});

describe('fitting sessions', () => {
  test('round trip with lists, and bounds', async () => {
    const created = await call('POST', '/api/fitting/sessions', rider, {
      session_date: '2026-03-01',
      bike_id: bikeId,
      session_type: 'initial',
      fitter_name: 'Ana',
      goals: ['Comfort on long rides', '  ', 'Less neck pain'],
      issues_addressed: ['Numb hands'],
      adjustments_made: ['Saddle +5 mm'],
      comfort_improvement: 7,
      follow_up_required: true,
      follow_up_on: '2026-04-01',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      goals: ['Comfort on long rides', 'Less neck pain'],
      issues_addressed: ['Numb hands'],
      power_improvement: null,
      follow_up_required: true,
      follow_up_on: '2026-04-01',
    });
    const id = created.json().id;
    const replaced = await call('PUT', `/api/fitting/sessions/${id}`, rider, {
      session_date: '2026-03-02',
      session_type: 'follow_up',
      goals: [],
    });
    expect(replaced.json()).toMatchObject({
      session_type: 'follow_up',
      bike_id: null,
      goals: [],
      follow_up_required: false,
    });
    const bad = await call('POST', '/api/fitting/sessions', rider, {
      session_date: '2026-03-01',
      session_type: 'magic',
      comfort_improvement: -1,
    });
    expect(bad.json().error.fields).toEqual({
      session_type: 'session_type_invalid',
      comfort_improvement: 'rating_invalid',
    });
    expect((await call('GET', '/api/fitting/sessions', rider)).json()).toHaveLength(1);
  });
});

describe('photos', () => {
  let photoId: string;
  const png = greyPng(40, 30);

  test('only JPEG, PNG or WebP by their bytes, whatever the name says', async () => {
    const fake = await uploadPhoto(rider, Buffer.from('GIF89a not really a photo'), 'photo.png');
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error.fields).toEqual({ file: 'photo_type_invalid' });
    const html = await uploadPhoto(rider, Buffer.from('<html><script>alert(1)</script>'), 'x.jpg');
    expect(html.json().error.fields).toEqual({ file: 'photo_type_invalid' });
    const big = Buffer.concat([png, Buffer.alloc(8 * 1024 * 1024)]);
    const tooBig = await uploadPhoto(rider, big);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().error.fields).toEqual({ file: 'photo_too_large' });
    expect((await call('GET', '/api/fitting/photos', rider)).json()).toEqual([]);
  });

  test('upload, served back to its owner only, with its type and Cache-Control: no-store (issue 28: stricter than private)', async () => {
    const response = await uploadPhoto(rider, png, 'side.png');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      content_type: 'image/png',
      size_bytes: png.length,
      points: null,
      angles: null,
    });
    photoId = response.json().id;
    const image = await call('GET', `/api/fitting/photos/${photoId}/image`, rider);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('no-store');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.from(image.rawPayload).equals(png)).toBe(true);
    expect((await call('GET', `/api/fitting/photos/${photoId}/image`, null)).statusCode).toBe(401);
    expect((await call('GET', `/api/fitting/photos/${photoId}/image`, stranger)).statusCode).toBe(404);
  });

  test('marked points give the angles, saved with the position (whose joint angles fill in)', async () => {
    const [active] = (
      (await call('GET', `/api/fitting/positions?bike_id=${bikeId}`, rider)).json() as {
        id: string;
        is_active: boolean;
      }[]
    ).filter((p) => p.is_active);
    // The worked rider of fitting.test.ts: knee 126.9° (flexion 53.1°), hip 73.7°, back 36.9°,
    // shoulder 53.1°, elbow 90° — shifted to stay on the photo.
    const o = { x: 500, y: 400 };
    const points = {
      hip: { x: o.x, y: o.y },
      knee: { x: o.x + 400, y: o.y + 300 },
      ankle: { x: o.x + 400, y: o.y + 800 },
      shoulder: { x: o.x + 400, y: o.y - 300 },
      elbow: { x: o.x + 400, y: o.y },
      wrist: { x: o.x + 700, y: o.y },
    };
    const saved = await call('PUT', `/api/fitting/photos/${photoId}`, rider, {
      points,
      position_id: active!.id,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().angles).toEqual({
      knee_angle_deg: 126.9,
      knee_flexion_deg: 53.1,
      hip_angle_deg: 73.7,
      back_angle_deg: 36.9,
      shoulder_angle_deg: 53.1,
      elbow_angle_deg: 90,
    });
    expect(saved.json().points).toEqual(points);
    const filled = (await call('GET', `/api/fitting/positions?bike_id=${bikeId}`, rider))
      .json()
      .find((p: { id: string }) => p.id === active!.id);
    expect(filled).toMatchObject({
      knee_angle_min_deg: 53.1,
      hip_angle_deg: 73.7,
      back_angle_deg: 36.9,
      shoulder_angle_deg: 53.1,
      elbow_angle_deg: 90,
    });
    // The flexion above 35° hints a low saddle; the back under 40° an aggressive position.
    expect(filled.hints.map((x: { code: string }) => x.code)).toEqual(
      expect.arrayContaining(['knee_flexion_high', 'aggressive_position']),
    );
    const offPhoto = await call('PUT', `/api/fitting/photos/${photoId}`, rider, {
      points: { hip: { x: -5, y: 3 } },
    });
    expect(offPhoto.json().error.fields).toEqual({ 'points.hip.x': 'point_invalid' });
  });
});

describe("another rider's records do not exist for you", () => {
  test('404 on every id; your lists stay empty; their rows unchanged', async () => {
    const m = (await call('GET', '/api/fitting/measurements', rider)).json()[0];
    const p = (await call('GET', '/api/fitting/positions', rider)).json()[0];
    const s = (await call('GET', '/api/fitting/sessions', rider)).json()[0];
    const photo = (await call('GET', '/api/fitting/photos', rider)).json()[0];
    const cases: [string, string, object | undefined][] = [
      ['PUT', `/api/fitting/measurements/${m.id}`, { measured_on: '2026-01-01', height_cm: 150 }],
      ['DELETE', `/api/fitting/measurements/${m.id}`, undefined],
      ['PUT', `/api/fitting/positions/${p.id}`, position({ bike_id: strangerBikeId })],
      ['POST', `/api/fitting/positions/${p.id}/activate`, undefined],
      ['DELETE', `/api/fitting/positions/${p.id}`, undefined],
      ['PUT', `/api/fitting/sessions/${s.id}`, { session_date: '2026-01-01', session_type: 'initial' }],
      ['DELETE', `/api/fitting/sessions/${s.id}`, undefined],
      ['GET', `/api/fitting/photos/${photo.id}/image`, undefined],
      ['PUT', `/api/fitting/photos/${photo.id}`, { points: {} }],
      ['DELETE', `/api/fitting/photos/${photo.id}`, undefined],
    ];
    for (const [method, url, payload] of cases) {
      const response = await call(method as 'GET', url, stranger, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    // Naming another rider's position on your photo is refused too.
    const mine = (await uploadPhoto(stranger, greyPng(10, 10))).json();
    const borrowed = await call('PUT', `/api/fitting/photos/${mine.id}`, stranger, {
      points: {},
      position_id: p.id,
    });
    expect(borrowed.json().error.fields).toEqual({ position_id: 'invalid' });
    for (const list of ['measurements', 'positions', 'sessions'])
      expect((await call('GET', `/api/fitting/${list}`, stranger)).json()).toEqual([]);
    expect((await call('GET', '/api/fitting/measurements', rider)).json()[0].height_cm).toBe(178);
    expect((await call('GET', `/api/fitting/photos/${photo.id}/image`, rider)).statusCode).toBe(200);
    expect((await call('GET', '/api/fitting/positions/42', rider)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/fitting/photos/not-a-uuid', rider)).statusCode).toBe(404);
  });
});

describe('export and account deletion', () => {
  test('the export holds the three record kinds and the photos byte for byte', async () => {
    const response = await call('GET', '/api/export', rider);
    expect(response.statusCode).toBe(200);
    const entries = unzipSync(new Uint8Array(response.rawPayload));
    const fitting = JSON.parse(new TextDecoder().decode(entries['fitting.json']));
    expect(fitting.body_measurements).toHaveLength(1);
    expect(fitting.bike_positions).toHaveLength(3);
    expect(fitting.fitting_sessions).toHaveLength(1);
    expect(fitting.photos).toHaveLength(1);
    expect(fitting.photos[0].angles.knee_flexion_deg).toBe(53.1);
    const file = fitting.photos[0].file as string;
    expect(file).toMatch(/^fitting-photos\/\d{4}-\d{2}-\d{2}_[0-9a-f-]+\.png$/);
    expect(Buffer.from(entries[file]!).equals(greyPng(40, 30))).toBe(true);
    expect(JSON.stringify(fitting)).not.toContain('blob_key');
  });

  test('deleting a photo removes its file; deleting the account removes every row and photo', async () => {
    const blobDir = join(h.dataDir, 'blobs');
    const extra = (await uploadPhoto(rider, greyPng(12, 12))).json();
    const withExtra = blobFiles(blobDir).length;
    expect((await call('DELETE', `/api/fitting/photos/${extra.id}`, rider)).statusCode).toBe(204);
    expect(blobFiles(blobDir).length).toBe(withExtra - 1);

    const before = blobFiles(blobDir).length;
    expect((await call('DELETE', '/api/account', rider)).statusCode).toBe(204);
    for (const table of ['body_measurements', 'bike_positions', 'fitting_sessions', 'fitting_photos']) {
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from ${sql.table(table)} where user_id = ${rider.user.id}`.execute(
        h.database.db,
      );
      expect(rows[0]!.n, table).toBe(0);
    }
    // The rider's one photo is gone; the stranger's stays and is still served.
    expect(blobFiles(blobDir).length).toBe(before - 1);
    const theirs = (await call('GET', '/api/fitting/photos', stranger)).json();
    expect(theirs).toHaveLength(1);
    expect((await call('GET', `/api/fitting/photos/${theirs[0].id}/image`, stranger)).statusCode).toBe(200);
  });
});
