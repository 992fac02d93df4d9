/**
 * The import figure of `npm run bench`: synthetic rides of 1–5 h uploaded through the HTTP API of a
 * real Vatio server process (PGlite, in-process workers, as `npm start` runs it), end to end: from the
 * first upload until every ride is stored and analysed. Printed: rides per second, the ratio to bare
 * decoding of the same files in this process, and the server's peak memory. No timed assertions.
 *
 * The rides are generated once and kept in the system's temporary folder (keyed by count and seed),
 * so later runs measure the import, not the generator.
 */
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeActivity, encodeFit, generateRide } from '@vatio/formats';
import {
  freePort,
  signInOverHttp,
  startServerProcess,
  waitForImportOverHttp,
} from '../packages/server/src/test/processes.ts';
import { FILES_FINISHED_STAGE } from '../packages/server/src/modules/imports/import-stage-times.ts';

export interface ImportBenchOptions {
  rides: number;
  /** Files per upload request (a rider dropping a folder sends them in batches like this). */
  filesPerRequest: number;
  /** Upload requests in flight at once. */
  concurrentRequests: number;
}

const SEED = 7_000;
const CORPUS_VERSION = 1;

/** Ride k: 1–5 h, spread evenly, one every day going back from 2026-01-01 so no two collide. */
function rideSpec(k: number) {
  const durationS = 3600 + Math.round((((k * 7919) % 1000) / 1000) * 4 * 3600);
  const startTime = new Date(Date.UTC(2026, 0, 1, 8) - k * 86_400_000);
  return { seed: SEED + k, durationS, startTime };
}

/** Writes the corpus once (FIT files named ride-0000.fit …); returns its folder and how long writing took. */
function ensureCorpus(rides: number): { dir: string; generatedMs?: number } {
  const dir = join(tmpdir(), `vatio-bench-rides-v${CORPUS_VERSION}-${SEED}-${rides}`);
  if (existsSync(join(dir, 'complete'))) return { dir };
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const t0 = performance.now();
  for (let k = 0; k < rides; k++) {
    const spec = rideSpec(k);
    const ride = generateRide({
      seed: spec.seed,
      durationS: spec.durationS,
      ftpW: 250,
      startTime: spec.startTime,
    });
    writeFileSync(join(dir, `ride-${String(k).padStart(4, '0')}.fit`), encodeFit(ride));
    if ((k + 1) % 100 === 0) process.stdout.write(`  generated ${k + 1}/${rides}\r`);
  }
  writeFileSync(join(dir, 'complete.tmp'), '');
  renameSync(join(dir, 'complete.tmp'), join(dir, 'complete'));
  return { dir, generatedMs: performance.now() - t0 };
}

/**
 * Resident memory (Linux VmRSS now, or VmHWM: the peak so far) of a process and its descendants, the largest of them, MB.
 * (The compiled server does its work in `pid` itself; its children are the short-lived migration process.)
 */
function rssMb(pid: number | undefined, field: 'VmHWM' | 'VmRSS'): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const own = Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean);
    return Math.max(own, ...children.map((child) => rssMb(Number(child), field) ?? 0));
  } catch {
    return undefined;
  }
}

function multipart(files: { name: string; bytes: Uint8Array }[]): FormData {
  const form = new FormData();
  for (const f of files) form.append('file', new Blob([f.bytes]), f.name);
  return form;
}

export interface ImportBenchResult {
  rides: number;
  megabytes: number;
  wallS: number;
  ridesPerS: number;
  bareDecodeS: number;
  ratioToBareDecode: number;
  /** The server's memory before the first upload (after start-up and sign-in), MB. */
  startServerRssMb?: number;
  peakServerRssMb?: number;
  stored: number;
  notStored: number;
  generatedMs?: number;
  /**
   * Where the server's import time went, stage by stage, added up over the files (its
   * IMPORT_STAGE_TIMES_FILE, import-stage-times.ts), costliest first.
   */
  stages: { stage: string; ms: number; count: number }[];
  /** Seconds until every file was done (`wallS` also waits for the rider's batch pass after them). */
  filesDoneS: number;
  /**
   * CPU seconds the server spent from the first upload to the end of the import, by thread (Linux): a figure
   * the machine's other load changes far less than the wall time (the main thread runs HTTP and the
   * embedded database; the analysis threads decode and analyse).
   */
  cpu?: { mainS: number; otherS: number };
}

/**
 * The server's CPU seconds so far, by thread (Linux /proc: utime + stime of each task): its main
 * thread (the task whose id is the process's: HTTP and the embedded database) and the others (the
 * analysis threads, libuv's file-system pool, V8's compiler and garbage collector: all named 'node').
 */
function threadCpuS(pid: number | undefined): ImportBenchResult['cpu'] {
  if (pid === undefined) return undefined;
  try {
    const ticks = 100; // USER_HZ on Linux
    const cpu = { mainS: 0, otherS: 0 };
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      // Fields after the command (in parentheses, which may hold spaces): utime and stime are 14 and 15.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const s = (Number(fields[11]) + Number(fields[12])) / ticks;
      if (tid === String(pid)) cpu.mainS += s;
      else cpu.otherS += s;
    }
    return cpu;
  } catch {
    return undefined;
  }
}

export async function runImportBench(options: ImportBenchOptions): Promise<ImportBenchResult> {
  const corpus = ensureCorpus(options.rides);
  const names = readdirSync(corpus.dir)
    .filter((n) => n.endsWith('.fit'))
    .sort()
    .slice(0, options.rides);

  // Bare decoding of the same files, one after the other in this process: the floor the import is
  // compared with (reading the files from disk is not counted).
  let bareMs = 0;
  let megabytes = 0;
  for (const name of names) {
    const bytes = readFileSync(join(corpus.dir, name));
    megabytes += bytes.length / 1e6;
    const t0 = performance.now();
    decodeActivity(bytes, name);
    bareMs += performance.now() - t0;
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'vatio-bench-import-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const stagesFile = join(dataDir, 'import-stages.json');
  const server = await startServerProcess(
    {
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      IMPORT_STAGE_TIMES_FILE: stagesFile,
      // The public example rider (its ~180 rides generated and imported in the background after
      // start-up) is measured by `npm run bench -- example`; here it would compete with the upload.
      EXAMPLE_RIDER_PREPARE: process.env.EXAMPLE_RIDER_PREPARE ?? 'false',
    },
    port,
    // IMPORT_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the server (and its
    // analysis threads), which NODE_OPTIONS does not allow.
    { compiled: true, nodeArgs: process.env.IMPORT_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [] },
  );
  try {
    const headers = await signInOverHttp(base, dataDir, 'bench@vatio.test');
    const startServerRssMb = rssMb(server.pid, 'VmRSS');
    const batches: string[][] = [];
    for (let i = 0; i < names.length; i += options.filesPerRequest)
      batches.push(names.slice(i, i + options.filesPerRequest));

    const cpuBefore = threadCpuS(server.pid);
    const t0 = performance.now();
    const t0EpochMs = Date.now();
    const importIds: string[] = [];
    let next = 0;
    const uploader = async () => {
      while (next < batches.length) {
        const batch = batches[next++]!;
        const files = batch.map((name) => ({ name, bytes: readFileSync(join(corpus.dir, name)) }));
        const response = await fetch(`${base}/api/activities/upload`, {
          method: 'POST',
          headers,
          body: multipart(files),
        });
        if (response.status !== 202)
          throw new Error(`upload answered ${response.status}: ${await response.text()}`);
        importIds.push(((await response.json()) as { import_id: string }).import_id);
      }
    };
    await Promise.all(Array.from({ length: options.concurrentRequests }, uploader));
    let stored = 0;
    let notStored = 0;
    for (const id of importIds) {
      const progress = await waitForImportOverHttp(base, headers, id, 30 * 60_000);
      stored += progress.counts.done ?? 0;
      notStored += (progress.counts.failed ?? 0) + (progress.counts.duplicate ?? 0);
    }
    const filesDoneS = (performance.now() - t0) / 1000;
    // Stored and analysed means the rider's batch pass too (eFTP, tactics and advanced facts measured
    // again after the last file: import.service.ts afterLastFile), which runs after the files show
    // done: the server writes its stage file when a file's job ends, the pass included, so the wait
    // is for that file to stop changing.
    type StageFile = { stages?: Record<string, { ms: number; count: number }> };
    const read = (): StageFile => {
      try {
        return JSON.parse(readFileSync(stagesFile, 'utf8')) as StageFile;
      } catch {
        return {}; // not written yet
      }
    };
    const finished = (f: StageFile) => f.stages?.[FILES_FINISHED_STAGE]?.count ?? 0;
    let written = read();
    // (A server built before the count, as the one the figure was first taken with: until the files are done.)
    const counts = (f: StageFile) => f.stages !== undefined;
    for (
      let waitedMs = 0;
      (counts(written) || waitedMs < 3000) && finished(written) < names.length && waitedMs < 30 * 60_000;
      waitedMs += 250
    ) {
      await new Promise((r) => setTimeout(r, 250));
      written = read();
    }
    const cpuAfter = threadCpuS(server.pid);
    const cpu =
      cpuBefore && cpuAfter
        ? { mainS: cpuAfter.mainS - cpuBefore.mainS, otherS: cpuAfter.otherS - cpuBefore.otherS }
        : undefined;
    const lastMs = existsSync(stagesFile) ? statSync(stagesFile).mtimeMs : 0;
    const wallS = Math.max(filesDoneS, (lastMs - t0EpochMs) / 1000);
    const stages = Object.entries(written.stages ?? {})
      .map(([stage, total]) => ({ stage, ...total }))
      .sort((a, b) => b.ms - a.ms);
    return {
      rides: names.length,
      megabytes,
      wallS,
      ridesPerS: names.length / wallS,
      bareDecodeS: bareMs / 1000,
      ratioToBareDecode: wallS / (bareMs / 1000),
      startServerRssMb,
      peakServerRssMb: rssMb(server.pid, 'VmHWM'),
      stored,
      notStored,
      generatedMs: corpus.generatedMs,
      stages,
      filesDoneS,
      ...(cpu === undefined ? {} : { cpu }),
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
