import { encodeFit, generateRide, type SyntheticRideOptions } from '@vatio/formats';
import type { FastifyInstance } from 'fastify';
import { waitUntil } from './wait.ts';

export interface UploadPart {
  name: string;
  bytes: Uint8Array;
}

/** Builds a real multipart/form-data body with one `file` part per file. */
export function multipartBody(files: UploadPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----vatio${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function upload(app: FastifyInstance, headers: Record<string, string>, files: UploadPart[]) {
  const body = multipartBody(files);
  return app.inject({
    method: 'POST',
    url: '/api/activities/upload',
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  });
}

interface ImportStatus {
  status: string;
  counts: Record<string, number>;
  files: {
    name: string;
    status: string;
    message_code: string | null;
    message: string | null;
    activity_id: string | null;
  }[];
}

/** Polls the import until no file is queued or processing. */
export async function waitForImport(
  app: FastifyInstance,
  headers: Record<string, string>,
  importId: string,
  timeoutMs = 60_000,
): Promise<ImportStatus> {
  return waitUntil(
    `import ${importId} not done`,
    async () => (await app.inject({ url: `/api/imports/${importId}`, headers })).json() as ImportStatus,
    (body) => body.status === 'done',
    { timeoutMs },
  );
}

/** Uploads the files through the real import (202 or it throws) and waits until it is done. */
export async function uploadAndWait(
  app: FastifyInstance,
  headers: Record<string, string>,
  files: UploadPart[],
  timeoutMs = 60_000,
): Promise<ImportStatus> {
  const response = await upload(app, headers, files);
  if (response.statusCode !== 202)
    throw new Error(`upload answered ${response.statusCode}: ${response.body}`);
  return waitForImport(app, headers, (response.json() as { import_id: string }).import_id, timeoutMs);
}

const DAY_MS = 86_400_000;

/** A synthetic ride `daysAgo` days before today at 08:00 UTC, as the FIT file a head unit would upload. */
export function syntheticRideFile(daysAgo: number, options: SyntheticRideOptions): Uint8Array {
  return encodeFit(
    generateRide({
      ...options,
      startTime: new Date(Math.floor(Date.now() / DAY_MS - daysAgo) * DAY_MS + 8 * 3_600_000),
    }),
  );
}

/**
 * A hard week and an easy ride: 12-min efforts at FTP (9 days ago), 30-s jumps at 170 % (6), 3-min
 * efforts at 120 % (4) and an easy ride (2): short jumps for sprints and surges, 3–12 min efforts for
 * the critical-power fit, and one ride without either.
 */
export const HARD_WEEK_AND_EASY_RIDE: ReadonlyArray<{
  daysAgo: number;
  intervals: NonNullable<SyntheticRideOptions['intervals']>;
}> = [
  { daysAgo: 9, intervals: { count: 3, workS: 720, restS: 300, intervalPct: 1 } },
  { daysAgo: 6, intervals: { count: 8, workS: 30, restS: 90, intervalPct: 1.7 } },
  { daysAgo: 4, intervals: { count: 4, workS: 180, restS: 180, intervalPct: 1.2 } },
  { daysAgo: 2, intervals: { count: 0, workS: 1, restS: 1, intervalPct: 1 } },
];

/**
 * Uploads `HARD_WEEK_AND_EASY_RIDE` (seeds `firstSeed`, `firstSeed` + 1, …; `durationS` each) in one
 * upload, through the real import, and waits for it; fails unless every file was stored.
 */
export async function importHardWeek(
  app: FastifyInstance,
  headers: Record<string, string>,
  options: { firstSeed: number; durationS: number },
): Promise<ImportStatus> {
  const files = HARD_WEEK_AND_EASY_RIDE.map((r, k) => ({
    name: `${String.fromCharCode(97 + k)}.fit`,
    bytes: syntheticRideFile(r.daysAgo, {
      seed: options.firstSeed + k,
      durationS: options.durationS,
      intervals: r.intervals,
    }),
  }));
  const response = await upload(app, headers, files);
  if (response.statusCode >= 300) throw new Error(`upload answered ${response.statusCode}: ${response.body}`);
  const result = await waitForImport(app, headers, response.json().import_id);
  const failed = result.files.filter((f) => f.status !== 'done');
  if (failed.length > 0) throw new Error(`files not stored: ${JSON.stringify(failed)}`);
  return result;
}

/** The first third of a file followed by 2,000 seeded random bytes, as a dying recorder leaves it. */
export function damagedCopy(full: Uint8Array): Uint8Array {
  const kept = Math.floor(full.length / 3);
  const out = new Uint8Array(kept + 2000);
  out.set(full.subarray(0, kept));
  let s = 12345;
  for (let i = kept; i < out.length; i++) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    out[i] = s & 0xff;
  }
  return out;
}
