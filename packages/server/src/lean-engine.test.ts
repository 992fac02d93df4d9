import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// A fresh process each (V8 flags are process-wide): a hot WebAssembly function is watched for up to
// 3 s with V8's own test intrinsics, with a small tiering budget so that the optimizing tier would
// take it within milliseconds. Without leanEngine() it does (which proves the probe can see it).
const folder = mkdtempSync(join(tmpdir(), 'vatio-lean-engine-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const PROBE = `
import { setFlagsFromString } from 'node:v8';
import { leanEngine } from ${JSON.stringify(pathToFileURL(join(import.meta.dirname, 'lean-engine.ts')).href)};
if (process.argv[2] === 'lean') leanEngine();
setFlagsFromString('--allow-natives-syntax');
setFlagsFromString('--wasm-tiering-budget=1000');
const optimized = new Function('f', 'return %IsTurboFanFunction(f)');
// (module (func (export "f") (param i32) (result i32) local.get 0 i32.const 1 i32.add))
const bytes = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 6, 1, 96, 1, 127, 1, 127, 3, 2, 1, 0,
  7, 5, 1, 1, 102, 0, 0, 10, 9, 1, 7, 0, 32, 0, 65, 1, 106, 11]);
const f = (await WebAssembly.instantiate(bytes)).instance.exports.f;
let x = 0;
const start = Date.now();
while (Date.now() - start < 3000 && !optimized(f)) {
  for (let i = 0; i < 100000; i++) x = f(x);
  await new Promise((resolve) => setTimeout(resolve, 10));
}
console.log(JSON.stringify({ optimized: optimized(f), calls: x }));
`;

function probe(mode: 'lean' | 'default'): { optimized: boolean; calls: number } {
  const file = join(folder, 'probe.mjs');
  writeFileSync(file, PROBE);
  const out = execFileSync(process.execPath, ['--import', 'tsx', file, mode], { encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').at(-1)!);
}

describe('leanEngine', () => {
  it("keeps WebAssembly (PGlite's) off the optimizing tier, whose compile memory stays resident", () => {
    expect(probe('default').optimized).toBe(true);
    const lean = probe('lean');
    expect(lean.optimized).toBe(false);
    // Still ran for the whole 3 s: hot enough that the optimizing tier would have taken it.
    expect(lean.calls).toBeGreaterThan(100_000);
  }, 30_000);
});
