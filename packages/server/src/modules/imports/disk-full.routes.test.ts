import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startWorkers } from '../../job-workers.ts';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import { syntheticRideFile, upload, uploadAndWait, waitForImport } from '../../test/upload.ts';
import { waitUntil } from '../../test/wait.ts';

// Issue 16 ("Faults"): the file store's disk fills during an upload. The blob folder is a real 2 MB
// filesystem (tmpfs), so the ENOSPC is the kernel's, half-way through a write. The upload must fail
// with a clear 507 STORAGE_FULL, leave nothing behind (no partial or temporary files, no blob of the
// files before, no import row, no ride, no job), the server must keep answering, and once space is
// freed the same upload must go through. Multipart bodies are read into memory (upload.ts), never
// spooled to disk, so they leave no temporary file anywhere. Needs mount (root); skipped without it.
const MB = 1024 * 1024;

let h: Harness;
let rider: SignedIn;
let blobsDir: string;
let mounted = false;
let reason = '';

/** Files in the blob store, relative paths, sorted. */
function blobFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else out.push(relative(blobsDir, path));
    }
  };
  walk(blobsDir);
  return out.sort();
}

const freeBytes = () => {
  const s = statfsSync(blobsDir);
  return s.bavail * s.bsize;
};

/** Fills the store up to `leaveBytes` free with one file (the operator's other data, as it were). */
function fill(leaveBytes: number) {
  rmSync(join(blobsDir, 'filler'), { force: true });
  writeFileSync(join(blobsDir, 'filler'), Buffer.alloc(Math.max(0, freeBytes() - leaveBytes)));
}

const rides = (seed: number, n: number) =>
  Array.from({ length: n }, (_, k) => ({
    name: `ride-${seed + k}.fit`,
    bytes: syntheticRideFile(20 + k, { seed: seed + k, durationS: 1800 }),
  }));

async function riderRows() {
  const db = h.database.db;
  const count = async (table: 'imports' | 'import_files' | 'activities') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .$if(table !== 'import_files', (q) => q.where('user_id' as never, '=', rider.user.id as never))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    imports: await count('imports'),
    files: await count('import_files'),
    rides: await count('activities'),
  };
}

beforeAll(async () => {
  // Workers start later: the last test fills the disk between the upload and the job.
  h = await createHarness({}, { workers: false });
  rider = await h.signIn({ email: 'disk-full@example.org' });
  blobsDir = join(h.dataDir, 'blobs');
  mkdirSync(blobsDir, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m,mode=0700', 'tmpfs', blobsDir], { stdio: 'pipe' });
    mounted = true;
  } catch (error) {
    reason = `mount -t tmpfs is not permitted here (${(error as Error).message.split('\n')[0]})`;
  }
}, 120_000);

afterAll(async () => {
  if (mounted) execFileSync('umount', ['-l', blobsDir]);
  await h?.close();
});

describe('the file store fills', () => {
  test('during an upload: a 507 STORAGE_FULL, nothing half-written, the server still up', async (context) => {
    if (!mounted) context.skip(reason);
    const started = Date.now();
    const files = rides(500, 6);
    const total = files.reduce((sum, f) => sum + f.bytes.length, 0);
    // Room for about half of them: the disk fills in the middle of the upload.
    fill(Math.round(total / 2));
    expect(blobFiles()).toEqual(['filler']);

    // Twice: the first failure leaves the store as it found it, so the second fails the same way.
    for (let attempt = 0; attempt < 2; attempt++) {
      const full = await upload(h.app, rider.headers, files);
      expect(full.statusCode).toBe(507);
      expect(full.json()).toEqual({
        error: {
          code: 'STORAGE_FULL',
          message:
            'The server has no room left to store files. Nothing was kept: try again later, or tell its administrator.',
        },
      });
      // Nothing half-written: no partial blob, no temporary file, no blob of the files that fitted.
      expect(blobFiles()).toEqual(['filler']);
    }
    // A zip whose entries fill the disk as they are unpacked: the same, and the rider's archive slot
    // is free again (a second zip is not refused as UPLOAD_BUSY).
    const zip = zipSync(Object.fromEntries(files.map((f) => [`rides/${f.name}`, f.bytes])));
    for (let attempt = 0; attempt < 2; attempt++) {
      const zipped = await upload(h.app, rider.headers, [{ name: 'rides.zip', bytes: zip }]);
      expect(zipped.statusCode).toBe(507);
      expect(zipped.json().error.code).toBe('STORAGE_FULL');
      expect(blobFiles()).toEqual(['filler']);
    }
    expect(await riderRows()).toEqual({ imports: 0, files: 0, rides: 0 });
    expect(await importJobs()).toBe(0);

    // The server is up and answers everything else.
    expect((await h.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect((await h.app.inject({ url: '/api/activities', headers: rider.headers })).json().total).toBe(0);
    console.log(
      `disk full during upload: ${files.length} files, ${(total / MB).toFixed(2)} MB, on a 2 MB store with ${(total / 2 / MB).toFixed(2)} MB free; ${(Date.now() - started) / 1000} s`,
    );
  }, 60_000);

  test('between the upload and its analysis: the file fails with STORAGE_FULL, nothing stuck; once freed, all goes through', async (context) => {
    if (!mounted) context.skip(reason);
    rmSync(join(blobsDir, 'filler'), { force: true });
    const files = rides(500, 6);
    // Stored with room to spare; the analysis (no worker yet) comes after the disk filled up.
    const accepted = await upload(h.app, rider.headers, files.slice(0, 1));
    expect(accepted.statusCode).toBe(202);
    fill(0);
    await startWorkers(h.queue, h.services);
    const failed = await waitForImport(h.app, rider.headers, accepted.json().import_id);
    expect(failed.files).toMatchObject([{ status: 'failed', message_code: 'STORAGE_FULL' }]);
    expect(blobFiles().filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect((await riderRows()).rides).toBe(0);
    // Nothing stuck: its job ends too. pg-boss completes a job after its handler returns, without
    // awaiting it (jobs/queue.ts), and the handler goes on to the rider's batch pass after settling
    // the file, so the rider can see "failed" a moment before the job leaves `active` (PostgreSQL).
    await waitUntil(
      'the failed file’s job stayed active',
      () => importJobs('active'),
      (n) => n === 0,
      {
        timeoutMs: 30_000,
      },
    );

    // Space freed: the whole upload goes through, the file that failed among them.
    rmSync(join(blobsDir, 'filler'));
    const done = await uploadAndWait(h.app, rider.headers, files);
    expect(done.files.map((f) => f.status)).toEqual(files.map(() => 'done'));
    expect((await riderRows()).rides).toBe(files.length);
  }, 60_000);
});

/** The queue's import jobs (in a state, or any). */
async function importJobs(state?: string): Promise<number> {
  const rows = await h.database.db
    .selectFrom('pgboss.job' as never)
    .select(['id' as never, 'state' as never])
    .where('name' as never, '=', 'import-file' as never)
    .execute();
  return (rows as { state: string }[]).filter((r) => state === undefined || r.state === state).length;
}
