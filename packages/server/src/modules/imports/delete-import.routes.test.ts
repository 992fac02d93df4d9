// Issue 28 (disk filling): a rider could not delete a failed import; its list entry stayed for good.
// DELETE /api/imports/:id takes a settled import and its file rows out (rides it stored stay), for the
// rider's session or a write-scope key; a read key gets 403, another rider 404, a running import 409.
import { encodeFit, generateRide } from '@vatio/formats';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import { upload, waitForImport } from '../../test/upload.ts';

let h: Harness;
let rider: SignedIn;
beforeAll(async () => {
  h = await createHarness();
  rider = await h.signIn({ email: 'delete-import@example.org' });
}, 120_000);
afterAll(async () => h?.close());

const noise = (seed: number) => Buffer.alloc(20_000, seed);

async function failedImport(headers: Record<string, string>, seed: number): Promise<string> {
  const response = await upload(h.app, headers, [{ name: `noise-${seed}.fit`, bytes: noise(seed) }]);
  expect(response.statusCode).toBe(202);
  const id = response.json().import_id as string;
  const done = await waitForImport(h.app, headers, id);
  expect(done.files[0]!.status).toBe('failed');
  return id;
}

const del = (id: string, headers: Record<string, string>) =>
  h.app.inject({ method: 'DELETE', url: `/api/imports/${id}`, headers });

describe('deleting an import', () => {
  test('a rider deletes their failed import: 204, then it is gone from the list and its detail', async () => {
    const id = await failedImport(rider.headers, 3);
    const response = await del(id, rider.headers);
    expect(response.statusCode).toBe(204);
    expect((await h.app.inject({ url: `/api/imports/${id}`, headers: rider.headers })).statusCode).toBe(404);
    const list = (await h.app.inject({ url: '/api/imports?limit=50', headers: rider.headers })).json();
    expect(list.imports.map((i: { id: string }) => i.id)).not.toContain(id);
    const rows = await sql<{
      n: number;
    }>`select count(*)::int as n from import_files where import_id = ${id}`.execute(h.database.db);
    expect(rows.rows[0]!.n).toBe(0);
    // Deleting it again: not found.
    expect((await del(id, rider.headers)).statusCode).toBe(404);
  });

  test("another rider's import is not found, and stays", async () => {
    const id = await failedImport(rider.headers, 4);
    const stranger = await h.signIn({ email: 'delete-import-stranger@example.org' });
    expect((await del(id, stranger.headers)).statusCode).toBe(404);
    expect((await h.app.inject({ url: `/api/imports/${id}`, headers: rider.headers })).statusCode).toBe(200);
  });

  test('a write-scope key may delete; a read-scope key gets 403', async () => {
    const key = async (scope: 'read' | 'write') => {
      const response = await h.app.inject({
        method: 'POST',
        url: '/api/me/api-keys',
        headers: rider.headers,
        payload: { name: `${scope} key`, scope },
      });
      expect(response.statusCode).toBe(201);
      return { authorization: `Bearer ${(response.json() as { secret: string }).secret}` };
    };
    const id = await failedImport(rider.headers, 5);
    const read = await del(id, await key('read'));
    expect(read.statusCode).toBe(403);
    expect(read.json().error.code).toBe('API_KEY_READ_ONLY');
    expect((await del(id, await key('write'))).statusCode).toBe(204);
  });

  test('the rides an import stored stay when the import is deleted', async () => {
    const ride = encodeFit(
      generateRide({ seed: 91, durationS: 300, startTime: new Date('2026-04-01T08:00:00Z') }),
    );
    const response = await upload(h.app, rider.headers, [
      { name: 'ride.fit', bytes: ride },
      { name: 'noise.fit', bytes: noise(6) },
    ]);
    const id = response.json().import_id as string;
    const done = await waitForImport(h.app, rider.headers, id);
    const activityId = done.files.find((f) => f.status === 'done')!.activity_id!;
    expect((await del(id, rider.headers)).statusCode).toBe(204);
    const detail = await h.app.inject({ url: `/api/activities/${activityId}`, headers: rider.headers });
    expect(detail.statusCode).toBe(200);
  });

  test('an import still running is refused with 409 IMPORT_RUNNING', async () => {
    const id = await failedImport(rider.headers, 7);
    // As if a file were still waiting for its job.
    await sql`update import_files set status = 'queued' where import_id = ${id}`.execute(h.database.db);
    const response = await del(id, rider.headers);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('IMPORT_RUNNING');
    await sql`update import_files set status = 'failed' where import_id = ${id}`.execute(h.database.db);
    expect((await del(id, rider.headers)).statusCode).toBe(204);
  });
});
