import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { encodeFit, generateRide } from '@vatio/formats';
import { unzipSync } from 'fflate';
import { sql } from 'kysely';
import { afterAll, describe, expect, test } from 'vitest';
import { openDatabase, pgliteDirFor } from '../db/database.ts';
import {
  freePort,
  ROOT,
  signInOverHttp,
  startServerProcess,
  waitForImportOverHttp,
} from '../test/processes.ts';
import { seedDataDir } from '../test/test-database.ts';
import { multipartBody } from '../test/upload.ts';
import { EXIT } from './backup-archive.ts';
import { runBackupCommand, runRestoreCommand } from './backup-command.ts';

// Issue 16: `vatio backup` against a real server process on the embedded database, with an import
// in flight; the server stopped, the archive restored into a fresh DATA_DIR and a server started on
// it: every ride, its streams and its original file come back byte for byte.
const work = mkdtempSync(join(tmpdir(), 'vatio-bk-'));
const dirA = join(work, 'a');
const dirB = join(work, 'b');
const archive = join(work, 'vatio.tar');
let server: ChildProcess | undefined;

afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

function rides(seed: number, count: number) {
  return Array.from({ length: count }, (_, i) => ({
    name: `ride-${seed + i}.fit`,
    bytes: encodeFit(
      generateRide({
        seed: seed + i,
        durationS: 1200,
        startTime: new Date(Date.UTC(2026, 4, 1 + seed + i, 7)),
      }),
    ),
  }));
}

async function upload(
  base: string,
  headers: Record<string, string>,
  files: { name: string; bytes: Uint8Array }[],
) {
  const body = multipartBody(files);
  const response = await fetch(`${base}/api/activities/upload`, {
    method: 'POST',
    headers: { ...headers, ...body.headers },
    body: body.payload,
  });
  expect(response.status).toBe(202);
  return ((await response.json()) as { import_id: string }).import_id;
}

/**
 * What the API answers for each ride, as text (read with `headers`), and each ride's original file
 * from the export, which only a signed-in session may take (`sessionHeaders`; never an API key).
 */
async function snapshotOverHttp(
  base: string,
  headers: Record<string, string>,
  sessionHeaders: Record<string, string>,
) {
  const list = (await (await fetch(`${base}/api/activities?limit=100`, { headers })).json()) as {
    activities: { id: string }[];
  };
  const answers = new Map<string, { detail: string; streams: string }>();
  for (const { id } of list.activities) {
    const detail = await (await fetch(`${base}/api/activities/${id}`, { headers })).text();
    const streams = await (await fetch(`${base}/api/activities/${id}/streams`, { headers })).text();
    answers.set(id, { detail, streams });
  }
  const exported = await fetch(`${base}/api/export`, { headers: sessionHeaders });
  expect(exported.status).toBe(200);
  const originals = new Map<string, string>();
  for (const [name, bytes] of Object.entries(unzipSync(new Uint8Array(await exported.arrayBuffer())))) {
    if (!name.startsWith('originals/')) continue;
    const id = list.activities.find((a) => name.includes(a.id))?.id;
    if (id) originals.set(id, createHash('sha256').update(bytes).digest('hex'));
  }
  return { answers, originals };
}

/** The rides' rows in every ride table, read straight from a stopped data directory. */
async function rideRows(dataDir: string, ids: string[]) {
  const database = await openDatabase({ pgliteDir: pgliteDirFor(dataDir) });
  try {
    const rows: Record<string, unknown[]> = {};
    for (const table of ['activities', 'activity_files', 'activity_streams', 'activity_curves', 'laps']) {
      const key = table === 'activities' ? 'id' : 'activity_id';
      const result = await sql<
        Record<string, unknown>
      >`select * from ${sql.table(table)} where ${sql.ref(key)} in (${sql.join(ids)}) order by ${sql.ref(key)}`.execute(
        database.db,
      );
      rows[table] = result.rows;
    }
    return rows;
  } finally {
    await database.close();
  }
}

/** Every file under a folder with its hash: "nothing changed" is this, equal before and after. */
function treeHash(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      const info = statSync(path);
      if (info.isDirectory()) walk(path);
      else if (info.isFile())
        out[relative(dir, path)] = createHash('sha256').update(readFileSync(path)).digest('hex');
    }
  };
  walk(dir);
  return out;
}

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

// The embedded database only: the PostgreSQL run of the server suite skips it (docs/OPERATIONS.md
// gives PostgreSQL's own steps).
describe.skipIf(!!process.env.DATABASE_URL)('vatio backup and restore', () => {
  let rideIds: string[] = [];

  test('a backup taken while the server runs, an upload in flight, restores every ride byte for byte', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // The folder starts from the migrated template (no initdb in a child, issue 27): what is tested is
    // the backup of a running server and its restore into a folder that has none.
    await seedDataDir(dirA);
    server = await startServerProcess({ DATA_DIR: dirA, DATABASE_URL: '' }, port);
    const headers = await signInOverHttp(base, dirA, 'backup@example.org');
    const first = rides(1, 3);
    const firstImport = await upload(base, headers, first);
    expect((await waitForImportOverHttp(base, headers, firstImport, 120_000)).counts).toMatchObject({
      done: 3,
    });
    // A personal API key (read scope): it reads the same rides from the restored server, which also
    // shows the sign-in data came back (a new e-mail code would wait for the resend cooldown the
    // backup restored).
    const created = await fetch(`${base}/api/me/api-keys`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'backup test' }),
    });
    expect(created.status).toBe(201);
    const keyHeaders = { authorization: `Bearer ${((await created.json()) as { secret: string }).secret}` };
    const before = await snapshotOverHttp(base, keyHeaders, headers);
    rideIds = [...before.answers.keys()];
    expect(rideIds).toHaveLength(3);
    expect(new Set(before.originals.values())).toEqual(new Set(first.map((r) => sha(r.bytes))));

    // A client that hangs up half-way through a backup (Ctrl-C) leaves the server serving.
    const quitter = connect(join(dirA, 'admin.sock'));
    quitter.write('{"command":"backup"}\n');
    await new Promise((resolve) => quitter.once('data', resolve));
    quitter.destroy();
    await new Promise((r) => setTimeout(r, 500));
    expect((await fetch(`${base}/api/health`)).status).toBe(200);

    // The backup starts while two more rides are being imported: their upload is answered (files
    // stored, import row and jobs committed) and the jobs are decoding and storing them.
    const later = rides(20, 2);
    const laterImport = await upload(base, headers, later);
    const atBackup = (await (await fetch(`${base}/api/imports/${laterImport}`, { headers })).json()) as {
      counts: Record<string, number>;
    };
    console.log(`import in flight when the backup started: ${JSON.stringify(atBackup.counts)}`);
    const logs: string[] = [];
    const started = Date.now();
    expect(await runBackupCommand([archive], (m) => logs.push(m), { DATA_DIR: dirA })).toBe(0);
    const backupMs = Date.now() - started;
    expect(logs.join('\n')).toMatch(/taken from the running server/);
    await waitForImportOverHttp(base, headers, laterImport, 120_000);
    // What the original server answers for the first rides once it is settled, to compare with the
    // restored one: an import reads `done` when its files are, and its batch pass (the rides' facts
    // measured again, which moves their updated_at) may end a moment later, after the snapshot above.
    const settled = await snapshotOverHttp(base, keyHeaders, headers);
    await stop(server);
    server = undefined;
    console.log(
      `backup of ${rideIds.length}+ rides: ${(statSync(archive).size / 1024 / 1024).toFixed(1)} MB in ${backupMs} ms`,
    );

    const restoreLogs: string[] = [];
    expect(await runRestoreCommand([archive], (m) => restoreLogs.push(m), { DATA_DIR: dirB })).toBe(0);
    expect(restoreLogs.join('\n')).toMatch(/checksums match/);
    expect(readFileSync(join(dirB, 'secret.key'), 'utf8')).toBe(
      readFileSync(join(dirA, 'secret.key'), 'utf8'),
    );

    const portB = await freePort();
    const baseB = `http://127.0.0.1:${portB}`;
    server = await startServerProcess({ DATA_DIR: dirB, DATABASE_URL: '' }, portB);
    const headersB = keyHeaders;
    // The import in flight was in the snapshot with its files, and the restored server finishes it.
    const resumed = await waitForImportOverHttp(baseB, headersB, laterImport, 120_000);
    expect(resumed.counts).toMatchObject({ total: 2, done: 2, failed: 0 });
    // The session's access token is signed with the restored secret key and names a restored session.
    const after = await snapshotOverHttp(baseB, headersB, headers);
    for (const id of rideIds) {
      expect(after.answers.get(id)).toEqual(settled.answers.get(id));
      expect(after.originals.get(id)).toBe(before.originals.get(id));
    }
    // Every ride the restored server has, the two imported after the restore too, has its original.
    const uploaded = new Set([...first, ...later].map((r) => sha(r.bytes)));
    expect(after.answers.size).toBe(5);
    for (const id of after.answers.keys()) expect(uploaded.has(after.originals.get(id)!)).toBe(true);
    await stop(server);
    server = undefined;

    expect(await rideRows(dirB, rideIds)).toEqual(await rideRows(dirA, rideIds));
  }, 400_000);

  test('a damaged archive: a clear error, exit code 4, and the data directory is left as it was', async () => {
    expect(rideIds).toHaveLength(3);
    const damaged = join(work, 'damaged.tar');
    copyFileSync(archive, damaged);
    const bytes = readFileSync(damaged);
    const at = bytes.length - 4096; // inside the last stored file's bytes
    bytes[at] = bytes[at]! ^ 0xff;
    writeFileSync(damaged, bytes);
    const before = treeHash(dirB);

    // The real command line, as an operator runs it (--force: it would replace dirB's data).
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'packages/cli/src/main.ts'), 'restore', damaged, '--force'],
      {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dirB, DATABASE_URL: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(stderr).toMatch(/vatio restore: The archive is damaged: blobs\/.* does not match its checksum/);
    expect(code).toBe(EXIT.damaged);
    expect(treeHash(dirB)).toEqual(before);
  }, 120_000);
});
