#!/usr/bin/env node
// `npm start`: installs what is missing, builds the web app and compiles the server when stale,
// then runs the compiled server (migrations on start) with data in DATA_DIR (default ./data).
import { pathToFileURL } from 'node:url';
import {
  COMPILED_CLI,
  compiledServerIsCurrent,
  ensureDependencies,
  ensureServerBuild,
  ensureWebBuild,
  log,
} from './lib.mjs';

try {
  ensureDependencies();
  ensureWebBuild();
  if (!compiledServerIsCurrent()) {
    await ensureServerBuild();
    // esbuild keeps its service process (~75 MB) running after a build: stop it, the server does not
    // need it (a dev dependency, present whenever a compile was needed).
    (await import('esbuild')).stop();
  }
} catch (error) {
  console.error(`\nVatio could not be prepared: ${error.message}\n`);
  process.exit(1);
}
log('starting the server…');
// The server runs in this process (issue 27): a child `node vatio.mjs serve` left this one resident
// beside it, ~50 MB of idle memory doing nothing but forwarding signals. The compiled command reads
// its arguments from process.argv and handles SIGINT/SIGTERM itself (packages/server/src/main.ts).
process.argv = [process.argv[0], COMPILED_CLI, 'serve'];
await import(pathToFileURL(COMPILED_CLI).href);
