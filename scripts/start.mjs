#!/usr/bin/env node
// `npm start`: installs what is missing, builds the web app when stale, migrates the database
// and serves API and web app (PORT, default 3000) with data in DATA_DIR (default ./data).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureDependencies, ensureWebBuild, log, ROOT, TSX } from './lib.mjs';

try {
  ensureDependencies();
  ensureWebBuild();
} catch (error) {
  console.error(`\nVatio could not be prepared: ${error.message}\n`);
  process.exit(1);
}
log('starting the server…');
const server = spawn(process.execPath, [TSX, join(ROOT, 'packages/server/src/main.ts')], {
  stdio: 'inherit',
  cwd: ROOT,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
