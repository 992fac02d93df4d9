import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.ts';
import { syntheticRideFile, uploadAndWait } from '../../test/upload.ts';
import type { ImportFileJob } from './import.service.ts';

// Issue 28 (fair sharing): every import file runs admitted by the server's ImportAdmission
// (jobs/fair-share.ts), which admits fewer files at once while riders' reads are waiting. Checked by
// the admission count each file sees as it starts, never by time.

let h: Harness;
/** The files in flight by the admission's count, as each file started. */
const seenAtStart: number[] = [];

beforeAll(async () => {
  h = await createHarness();
  const service = h.services.importService;
  const processFile = service.processFile.bind(service);
  service.processFile = async (job: ImportFileJob) => {
    seenAtStart.push(h.services.importAdmission.inFlight);
    return processFile(job);
  };
}, 60_000);
afterAll(async () => h?.close());

describe('import admission', () => {
  test('while a rider’s read waits, the files of an upload run within the busy limit, each admitted', async () => {
    const rider = await h.signIn({ email: 'admission@example.org' });
    const admission = h.services.importAdmission;
    const idleLimit = admission.limit;
    const endRead = h.services.reads!.begin();
    try {
      const busyLimit = admission.limit;
      expect(busyLimit).toBeLessThan(idleLimit);
      const files = [0, 1, 2].map((k) => ({
        name: `${k}.fit`,
        bytes: syntheticRideFile(3 + k, { seed: 300 + k, durationS: 900 }),
      }));
      const done = await uploadAndWait(h.app, rider.headers, files);
      expect(done.files.every((f) => f.status === 'done')).toBe(true);
      expect(seenAtStart).toHaveLength(3);
      // Each file counted itself in (admitted), and none ran beside more than the busy limit allows.
      for (const inFlight of seenAtStart) {
        expect(inFlight).toBeGreaterThanOrEqual(1);
        expect(inFlight).toBeLessThanOrEqual(busyLimit);
      }
    } finally {
      endRead();
    }
    expect(admission.limit).toBe(idleLimit);
  }, 120_000);
});
