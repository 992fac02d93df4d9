// Type-checks every workspace with its own tsconfig (each has its own lib and types).
import { spawnSync } from 'node:child_process';

const projects = [
  'packages/analysis',
  'packages/schemas',
  'packages/formats',
  'packages/server',
  'packages/cli',
  'packages/web',
  'packages/web/tsconfig.test.json',
  'e2e',
  'fuzz',
  'bench',
];
let failed = false;
for (const project of projects) {
  const result = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', project], {
    stdio: 'inherit',
  });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
