import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { ROOT } from './test/processes.ts';

// Without SECRET_KEY the first start generates one into DATA_DIR. Processes sharing DATA_DIR
// (docs/DEPLOYMENT.md) that start together must all end up with the same key, or a token one signed
// is refused by the others.
const dir = mkdtempSync(join(tmpdir(), 'vatio-secret-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

const PROCESSES = 6;
const ROUNDS = 30;

test('processes starting together on one DATA_DIR read one generated key', async () => {
  // Each child loads the configuration module once, then reads the key of every DATA_DIR it is sent.
  const script = join(dir, 'read-key.mjs');
  writeFileSync(
    script,
    `const { loadConfig } = await import(${JSON.stringify(join(ROOT, 'packages/server/src/config.ts'))});
process.on('message', (dataDir) => process.send(loadConfig({ DATA_DIR: dataDir }).secretKey.toString('hex')));
process.send('ready');`,
  );
  const next = (child: ChildProcess) =>
    new Promise<string>((resolve) => child.once('message', (m) => resolve(String(m))));
  for (let i = 0; i < PROCESSES; i++) children.push(fork(script, [], { execArgv: ['--import', 'tsx'] }));
  await Promise.all(children.map(next));
  for (let round = 0; round < ROUNDS; round++) {
    const dataDir = join(dir, `data-${round}`);
    const answers = children.map(next);
    for (const child of children) child.send(dataDir);
    const keys = await Promise.all(answers);
    expect(new Set(keys).size, `round ${round}`).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(readdirSync(dataDir)).toEqual(['secret.key']);
  }
}, 60_000);
