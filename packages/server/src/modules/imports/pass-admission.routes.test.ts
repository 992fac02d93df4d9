import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.ts';
import { syntheticRideFile, upload, waitForImport } from '../../test/upload.ts';
import { waitUntil } from '../../test/wait.ts';

// Issue 28: a file kept its place among the import files running at once (jobs/fair-share.ts
// ImportAdmission) through its rider's batch pass, after it was stored. Under the 200-rider load on
// the embedded database the pass's read and settling were two of a file's five turns for the one
// connection, while the uploads queued behind the admitted files. The place now goes to the next file
// once the file is settled: a pass that takes long holds no place another rider's upload waits for.

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
}, 60_000);
afterAll(async () => h?.close());

async function uploadOne(email: string, seed: number) {
  const rider = await h.signIn({ email });
  const response = await upload(h.app, rider.headers, [
    { name: `${seed}.fit`, bytes: syntheticRideFile(3, { seed, durationS: 1200 }) },
  ]);
  expect(response.statusCode).toBe(202);
  return { headers: rider.headers, importId: (response.json() as { import_id: string }).import_id };
}

function fileStatus(rider: { headers: Record<string, string>; importId: string }) {
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
  test('is given to the next file once it is stored, not held through its rider’s batch pass', async () => {
    const admission = h.services.importAdmission;
    const passes = h.services.batchPasses;
    const run = passes.run.bind(passes);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holding = new Set<string>();
    // The passes of as many riders as files may run at once take until released.
    passes.run = async (userId, scope, options) => {
      holding.add(userId);
      await held;
      return run(userId, scope, options);
    };
    try {
      const riders = [];
      for (let k = 0; k < admission.maxInFlight; k++) {
        const rider = await uploadOne(`slow-pass-${k}@example.org`, 10 + k);
        await fileStatus(rider);
        riders.push(rider);
      }
      await waitUntil(
        'the passes started',
        async () => holding.size,
        (n) => n === admission.maxInFlight,
      );
      // Every rider's file is stored and in its pass: none holds a place (each held one before).
      expect(admission.inFlight).toBe(0);
      release();
      for (const rider of riders) {
        expect((await waitForImport(h.app, rider.headers, rider.importId)).status).toBe('done');
      }
    } finally {
      release();
      passes.run = run;
    }
  }, 90_000);
});
