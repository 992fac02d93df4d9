#!/usr/bin/env node
// `npm start`: installs what is missing, builds the web app and compiles the server when stale,
// then runs the compiled server (migrations on start) with data in DATA_DIR (default ./data).
import { spawn } from 'node:child_process';
import { COMPILED_CLI, ensureDependencies, ensureServerBuild, ensureWebBuild, log, ROOT } from './lib.mjs';

try {
  ensureDependencies();
  ensureWebBuild();
  await ensureServerBuild();
} catch (error) {
  console.error(`\nVatio could not be prepared: ${error.message}\n`);
  process.exit(1);
}
log('starting the server…');
const server = spawn(process.execPath, [COMPILED_CLI, 'serve'], { stdio: 'inherit', cwd: ROOT });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
