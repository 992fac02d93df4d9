// A throwaway PostgreSQL cluster for the server suite: Debian's package, installed when missing
// (as root), listening on 127.0.0.1 only, removed afterwards. Recipe: shared/research/stack-notes.md.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { log } from './lib.mjs';

const isRoot = process.getuid?.() === 0;

function pgBinDir() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(base, versions[0], 'bin') : undefined;
}

function sh(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout ?? ''}${result.stderr ?? ''}`);
  }
  return result.stdout;
}

export function aptInstall(packages) {
  log(`installing ${packages.join(', ')} from Debian's packages…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  sh('apt-get', ['update', '-qq'], { env });
  sh('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { env });
}

/** A free TCP port on loopback. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts the cluster; returns its admin URL and a stop function, or a reason it cannot run here. */
export async function startThrowawayPostgres() {
  let bin = pgBinDir();
  if (!bin) {
    if (!isRoot)
      return {
        unavailable:
          'PostgreSQL is not installed and this user cannot install it (run as root, or apt-get install postgresql)',
      };
    aptInstall(['postgresql']);
    bin = pgBinDir();
    if (!bin) return { unavailable: 'PostgreSQL installed but initdb was not found' };
  }
  const dir = `/tmp/vatio-pgtest-${process.pid}`;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // initdb refuses to run as root: run the server as the postgres user that the package created.
  const asPostgres = (cmd, args) =>
    isRoot ? sh('runuser', ['-u', 'postgres', '--', cmd, ...args]) : sh(cmd, args);
  if (isRoot) sh('chown', ['postgres:postgres', dir]);
  const port = await freePort();
  asPostgres(join(bin, 'initdb'), [
    '-D',
    join(dir, 'data'),
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
  ]);
  asPostgres(join(bin, 'pg_ctl'), [
    '-D',
    join(dir, 'data'),
    '-l',
    join(dir, 'server.log'),
    '-w',
    '-t',
    '60',
    '-o',
    // A cluster that is thrown away needs no durability: no fsync, no wait for the WAL at commit, no
    // whole pages in the WAL after a checkpoint (less to write for every test file's database copy).
    `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100`,
    'start',
  ]);
  log(`PostgreSQL started on 127.0.0.1:${port}`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        asPostgres(join(bin, 'pg_ctl'), ['-D', join(dir, 'data'), '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

export function ensureChromium() {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(path)) return { path };
  if (!isRoot)
    return { unavailable: `Chromium not found at ${path} (apt-get install chromium, or set CHROMIUM_PATH)` };
  aptInstall(['chromium']);
  return existsSync(path)
    ? { path }
    : { unavailable: 'chromium was installed but not found at /usr/bin/chromium' };
}
