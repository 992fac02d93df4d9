import type { ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { encodeFit, generateRide, createRng } from '@vatio/formats';
import { zipSync } from 'fflate';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { ImportProgress } from './processes.ts';
import { multipartBody } from './upload.ts';

// Issue 16 (Faults): shared by the tests that kill Vatio processes with SIGKILL mid-import.

/** A small deterministic random sequence (mulberry32, `@vatio/formats`), so a kill point is random but repeatable. */
export const seededRandom = createRng;

/** A zip of `count` short synthetic rides (5 min each, one a day), the bulk import a rider sends. */
export function ridesZip(count: number, seed: number): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (let i = 0; i < count; i++) {
    const ride = generateRide({
      seed: seed + i,
      durationS: 300,
      startTime: new Date(Date.UTC(2025, 0, 1 + i, 7)),
    });
    files[`rides/ride-${String(i).padStart(3, '0')}.fit`] = encodeFit(ride);
  }
  return zipSync(files, { level: 1 });
}

export async function uploadOverHttp(
  base: string,
  headers: Record<string, string>,
  name: string,
  bytes: Uint8Array,
): Promise<string> {
  const body = multipartBody([{ name, bytes }]);
  const response = await fetch(`${base}/api/activities/upload`, {
    method: 'POST',
    headers: { ...headers, ...body.headers },
    body: body.payload,
  });
  if (response.status !== 202)
    throw new Error(`upload answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { import_id: string }).import_id;
}

export async function importProgress(
  base: string,
  headers: Record<string, string>,
  importId: string,
): Promise<ImportProgress> {
  return (await (await fetch(`${base}/api/imports/${importId}`, { headers })).json()) as ImportProgress;
}

/** Settled files (stored, recovered, duplicate or failed). */
export function settled(progress: ImportProgress): number {
  const c = progress.counts;
  return (c.done ?? 0) + (c.recovered ?? 0) + (c.duplicate ?? 0) + (c.failed ?? 0);
}

/** Waits until at least `count` files of the import are settled (or the time is up). */
export async function waitUntilSettled(
  base: string,
  headers: Record<string, string>,
  importId: string,
  count: number,
  timeoutMs: number,
): Promise<ImportProgress> {
  const deadline = Date.now() + timeoutMs;
  let progress = await importProgress(base, headers, importId);
  while (settled(progress) < count && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    progress = await importProgress(base, headers, importId);
  }
  return progress;
}

export async function kill9(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}

/** Every blob file in the store (content keys), and half-written temporary files. */
export function blobFiles(root: string): { keys: string[]; partial: string[] } {
  const keys: string[] = [];
  const partial: string[] = [];
  const list = (dir: string) => {
    try {
      return readdirSync(dir);
    } catch {
      return [];
    }
  };
  for (const a of list(root))
    for (const b of list(join(root, a)))
      for (const name of list(join(root, a, b))) (name.endsWith('.tmp') ? partial : keys).push(name);
  return { keys, partial };
}

export interface StoreAudit {
  rides: number;
  distinctStarts: number;
  /** Import files still queued or processing. */
  unsettledFiles: number;
  /** Blob files no row points to. */
  orphanBlobs: string[];
  /**
   * Keys with no file on disk that rows still need: a ride's original file and streams, a photo, a
   * file still to be analysed. (A settled import file's key is only its history: the blob goes when no
   * ride uses it, as `ActivityRepository.blobInUse` says, e.g. the part a complete file replaced.)
   */
  missingBlobs: string[];
  partialBlobs: string[];
  /** Jobs of the import queue still waiting, retrying or active. */
  openJobs: number;
}

/** What a kill may have broken, read from the database and the blob folder once everything is done. */
export async function auditStore(
  db: Kysely<Database>,
  blobRoot: string,
  userId?: string,
): Promise<StoreAudit> {
  const rides = await sql<{ n: number; starts: number }>`select count(*)::int as n,
      count(distinct start_time)::int as starts from activities
      ${userId ? sql`where user_id = ${userId}` : sql``}`.execute(db);
  const unsettled = await sql<{ n: number }>`select count(*)::int as n from import_files
      where status in ('queued', 'processing')`.execute(db);
  // Every key a row names, and whether a row still needs its blob (see `missingBlobs`).
  const referenced = await sql<{ key: string; needed: boolean }>`
      select key, bool_or(needed) as needed from (
        select blob_key as key, true as needed from activity_files
        union all select blob_key, true from activity_streams
        union all select blob_key, status in ('queued', 'processing') from import_files
          where blob_key is not null
        union all select blob_key, true from fitting_photos) as named
      group by key`.execute(db);
  const jobs = await sql<{ n: number }>`select count(*)::int as n from pgboss.job
      where name = 'import-file' and state in ('created', 'retry', 'active')`.execute(db);
  const onDisk = blobFiles(blobRoot);
  const keys = new Set(referenced.rows.map((r) => r.key));
  const disk = new Set(onDisk.keys);
  return {
    rides: Number(rides.rows[0]!.n),
    distinctStarts: Number(rides.rows[0]!.starts),
    unsettledFiles: Number(unsettled.rows[0]!.n),
    orphanBlobs: onDisk.keys.filter((k) => !keys.has(k)),
    missingBlobs: referenced.rows.filter((r) => r.needed && !disk.has(r.key)).map((r) => r.key),
    partialBlobs: onDisk.partial,
    openJobs: Number(jobs.rows[0]!.n),
  };
}

/**
 * The audit once the import queue is quiet: a job whose file was settled just before its process
 * was killed stays active until a live process hands it back (seconds), then runs as a no-op.
 */
export async function auditWhenQuiet(
  db: Kysely<Database>,
  blobRoot: string,
  timeoutMs = 60_000,
): Promise<StoreAudit> {
  const deadline = Date.now() + timeoutMs;
  let audit = await auditStore(db, blobRoot);
  while (audit.openJobs > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 1_000));
    audit = await auditStore(db, blobRoot);
  }
  return audit;
}
