#!/usr/bin/env node
// Compiles the server and the `vatio` command to plain JavaScript (esbuild), so production runs no
// TypeScript loader: packages/cli/dist/vatio.mjs (the command, with the server, formats, analysis and
// schemas inside), and the entries of its threads, found beside the bundle by the code that starts
// them: preparation-worker.mjs (ride analysis), migrate-process.mjs (embedded database set-up),
// example-process.mjs (the example rider on an embedded database) and zip-worker.mjs (unpacking
// uploaded archives). npm packages stay external: they are installed with
// `npm ci --omit=dev`. The bundle sits as deep as the sources (packages/<name>/<dir>/), so paths the
// code resolves from its own file (the repository root, package.json) stay the same.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib.mjs';

const SERVER_DIST = join(ROOT, 'packages/cli/dist');

/** Every npm package a workspace depends on: left as imports for Node to resolve at run time. */
function npmDependencies() {
  const names = new Set();
  for (const pkg of ['server', 'formats', 'analysis', 'schemas', 'cli']) {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'packages', pkg, 'package.json'), 'utf8'));
    for (const name of Object.keys(manifest.dependencies ?? {})) {
      if (!name.startsWith('@vatio/')) names.add(name);
    }
  }
  return [...names];
}

export async function buildServer() {
  const { build } = await import('esbuild');
  // A clean folder: chunk names carry hashes, and old chunks must not pile up.
  rmSync(SERVER_DIST, { recursive: true, force: true });
  await build({
    entryPoints: {
      vatio: join(ROOT, 'packages/cli/src/main.ts'),
      'preparation-worker': join(ROOT, 'packages/server/src/modules/imports/preparation-worker.ts'),
      'migrate-process': join(ROOT, 'packages/server/src/db/migrate-process.ts'),
      // The example rider's preparation on an embedded database (example-in-child.ts).
      'example-process': join(ROOT, 'packages/server/src/example-process.ts'),
      // The zip uploads' unpacking thread (imports/zip-unpacker.ts loads ./zip-worker.mjs beside it):
      // without it every zip upload to the compiled server failed with a 500.
      'zip-worker': join(ROOT, 'packages/server/src/modules/imports/zip-worker.ts'),
    },
    outdir: SERVER_DIST,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // Sub-paths of externals (e.g. `pg-boss/…`) are external too.
    external: npmDependencies().flatMap((name) => [name, `${name}/*`]),
    // `vatio analyze` must not load the server: dynamic imports become chunks, kept beside the
    // entries (not in a sub-folder) so that every chunk sits as deep as the sources.
    splitting: true,
    chunkNames: '[name]-[hash]',
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'warning',
    legalComments: 'none',
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildServer();
}
