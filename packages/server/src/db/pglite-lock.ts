import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

/** The embedded database is already open in another process. */
export class DatabaseInUseError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is in use by another Vatio process (pid ${pid}). ` +
        'Stop it first (the server, `vatio demo` or `vatio migrate`), or point DATA_DIR elsewhere.',
    );
    this.name = 'DatabaseInUseError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return !isZombie(pid);
}

/**
 * Issue 28: a server killed with -9 and restarted at once found its old pid still answering
 * kill(pid, 0): dead, but not yet reaped by its parent (state Z in /proc/<pid>/stat, or X while
 * being reaped). Such a process runs no code and holds no database: it does not block a restart.
 * Where /proc is not there (not Linux), the pid counts as alive, as before.
 */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The state follows the command name, which is in parentheses and may itself hold ") ".
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state === 'Z' || state === 'X';
  } catch {
    return false;
  }
}

/**
 * Takes `<dir>.lock` for this process, or throws DatabaseInUseError. PGlite lets two processes open
 * one data directory, and each then works on its own copy in memory and writes it back over the
 * other's: one process at a time is what keeps the data whole (and what lets the write epoch vouch
 * for "nothing changed", db/write-epoch.ts). A lock left by a process that died (a SIGKILL, a crash)
 * names a pid that no longer runs (or is a zombie) and is taken over. Returns the release.
 */
export function lockPgliteDir(dir: string): () => void {
  const path = `${dir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    let fd: number;
    try {
      fd = openSync(path, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(path, 'utf8'), 10);
      if (Number.isInteger(holder) && holder > 0 && isAlive(holder))
        throw new DatabaseInUseError(dir, holder);
      rmSync(path, { force: true }); // left by a process that is gone
      continue;
    }
    writeSync(fd, String(process.pid));
    closeSync(fd);
    const release = () => {
      process.off('exit', release);
      try {
        if (readFileSync(path, 'utf8') === String(process.pid)) rmSync(path, { force: true });
      } catch {
        // Already gone.
      }
    };
    process.on('exit', release);
    return release;
  }
  throw new Error(`Could not take the lock ${path}.`);
}
