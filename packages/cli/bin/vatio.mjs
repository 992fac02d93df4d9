#!/usr/bin/env node
// `vatio`: runs the compiled command (packages/cli/dist, built by `npm start` or `npm run build`)
// when it is there and no older than the sources; otherwise the TypeScript sources through tsx, in
// this same process (`vatio worker` killed by a supervisor, SIGKILL included, leaves no child
// running on). A production install (`npm ci --omit=dev`) has no tsx and always runs the build.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { COMPILED_CLI, compiledServerIsCurrent } from '../../../scripts/lib.mjs';

const tsx = await import('tsx/esm/api').catch(() => undefined);
if (existsSync(COMPILED_CLI) && (compiledServerIsCurrent() || !tsx)) {
  await import(pathToFileURL(COMPILED_CLI).href);
} else if (tsx) {
  tsx.register();
  await import('../src/main.ts');
} else {
  console.error('vatio: not built yet; run `npm run build` (or `npm start`) first');
  process.exit(1);
}
