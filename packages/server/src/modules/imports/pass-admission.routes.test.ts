import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startWorkers } from '../../job-workers.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { syntheticRideFile, upload, waitForImport } from '../../test/upload.ts';
import { waitUntil } from '../../test/wait.ts';

// Issue 28: a file kept its place among the import files running at once (jobs/fair-share.ts
// ImportAdmission) through its rider's batch pass, after it was stored: under the 200-rider load on
// the embedded database the uploads queued behind the admitted files, each of which held its place
// through its pass too (its read, the facts of up to 90 days of rides, its writes). A file now leaves
// its place once it is settled, and its pass waits for a place of its own, after the files waiting
// already: those are stored first. (The pass keeps to the places: it competes with riders' reads.)

let h: Harness;

beforeAll(async () => {
  // The workers start once the uploads are queued: a worker takes them together.
  h = await createHarness({}, { workers: false });
}, 60_000);
afterAll(async () => h?.close());

async function uploadOne(email: string, seed: number) {
  const rider = await h.signIn({ email });
  const response = await upload(h.app, rider.headers, [
    { name: `${seed}.fit`, bytes: syntheticRideFile(3, { seed, durationS: 1200 }) },
  ]);
  expect(response.statusCode).toBe(202);
  return {
    userId: rider.user.id,
    headers: rider.headers,
    importId: (response.json() as { import_id: string }).import_id,
  };
}

function fileStored(rider: { headers: Record<string, string>; importId: string }) {
  return waitUntil(
    `the file of import ${rider.importId} was not stored`,
    async () =>
      (
        (await h.app.inject({ url: `/api/imports/${rider.importId}`, headers: rider.headers })).json() as {
          files: { status: string }[];
        }
      ).files[0]?.status,
    (status) => status === 'done',
    { timeoutMs: 20_000 },
  );
}

describe('an import file’s place among those running at once (issue 28)', () => {
  test('goes to the next file waiting once it is stored; its rider’s pass waits for a place after it', async () => {
    const admission = h.services.importAdmission;
    const passes = h.services.batchPasses;
    const run = passes.run.bind(passes);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = new Set<string>();
    const started = new Set<string>();
    // The passes of the first riders (as many as files may run at once) take until released.
    passes.run = async (userId, scope, options) => {
      started.add(userId);
      if (slow.has(userId)) await held;
      return run(userId, scope, options);
    };
    try {
      const first = [];
      for (let k = 0; k < admission.maxInFlight; k++) {
        const rider = await uploadOne(`slow-pass-${k}@example.org`, 10 + k);
        slow.add(rider.userId);
        first.push(rider);
      }
      const next = await uploadOne('next@example.org', 20);
      await startWorkers(h.queue, h.services);
      for (const rider of first) await fileStored(rider);
      // Every place was held by a file in its pass before: the next file waited for them.
      expect(await fileStored(next)).toBe('done');
      expect([...slow].every((userId) => started.has(userId))).toBe(true);
      release();
      for (const rider of [...first, next]) {
        expect((await waitForImport(h.app, rider.headers, rider.importId)).status).toBe('done');
      }
    } finally {
      release();
      passes.run = run;
    }
  }, 90_000);
});
