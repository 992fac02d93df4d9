import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { openDatabase } from './database.ts';
import { DatabaseInUseError } from './pglite-lock.ts';
import { pgliteTemplate, seedPgliteDir } from '../test/test-database.ts';

const root = mkdtempSync(join(tmpdir(), 'vatio-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
// The embedded database's lock: nothing here touches PostgreSQL, so the PostgreSQL stage of `npm test`
// (the same files with DATABASE_URL) would only run these again on PGlite (issue 27: 43–81 s of a fork).
const embeddedOnly = Boolean(process.env.DATABASE_URL);

describe.skipIf(embeddedOnly)('one process at a time on an embedded database', () => {
  test('a second open of the same folder is refused with a clear message until the first closes', async () => {
    const dir = join(root, 'a', 'pglite');
    // The folder made from the migrated template: the lock is what is tested, not initdb (issue 27).
    const first = await openDatabase({ pgliteDir: dir, pgliteLoadDataDir: await pgliteTemplate() });
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    const second = openDatabase({ pgliteDir: dir });
    await expect(second).rejects.toBeInstanceOf(DatabaseInUseError);
    await expect(second).rejects.toThrow(/in use by another Vatio process \(pid \d+\)/);
    await first.close();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    const again = await openDatabase({ pgliteDir: dir });
    await again.close();
  }, 60_000);

  test('a lock left by a process that died (killed, crashed) is taken over', async () => {
    const dir = join(root, 'b', 'pglite');
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    await seedPgliteDir(dir);
    writeFileSync(`${dir}.lock`, String(gone));
    const handle = await openDatabase({ pgliteDir: dir });
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    await handle.close();
  }, 60_000);
});

describe.skipIf(embeddedOnly)('a restart right after a crash (issue 28)', () => {
  test('a lock whose holder is dead but not yet reaped (a zombie) is taken over', async () => {
    const dir = join(root, 'c', 'pglite');
    await seedPgliteDir(dir);
    // The background `sleep 0.3` exits after its shell has become `sleep 30`, which never waits for
    // it: a real zombie, as a server killed with -9 is until its parent reaps it.
    const parent = spawn('sh', ['-c', 'sleep 0.3 & echo $!; exec sleep 30'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    try {
      const zombie = Number.parseInt(
        await new Promise<string>((resolve) => parent.stdout.once('data', (d: Buffer) => resolve(String(d)))),
        10,
      );
      const deadline = Date.now() + 5000;
      while (Date.now() < deadline && !/\) Z /.test(readFileSync(`/proc/${zombie}/stat`, 'utf8')))
        await new Promise((r) => setTimeout(r, 20));
      expect(readFileSync(`/proc/${zombie}/stat`, 'utf8')).toMatch(/\) Z /);
      writeFileSync(`${dir}.lock`, String(zombie));
      const handle = await openDatabase({ pgliteDir: dir });
      expect(readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
      await handle.close();
    } finally {
      parent.kill('SIGKILL');
    }
  }, 60_000);
});
