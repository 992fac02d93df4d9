import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressFile, shouldPrecompress } from './precompress.ts';

const dir = mkdtempSync(join(tmpdir(), 'vatio-precompress-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('precompressed build assets', () => {
  it('compresses the hashed text assets only (not index.html, sw.js, maps or images)', () => {
    expect(shouldPrecompress('assets/index-Ab12Cd.js')).toBe(true);
    expect(shouldPrecompress('assets/index-Ab12Cd.css')).toBe(true);
    expect(shouldPrecompress('index.html')).toBe(false);
    expect(shouldPrecompress('sw.js')).toBe(false);
    expect(shouldPrecompress('assets/index-Ab12Cd.js.map')).toBe(false);
    expect(shouldPrecompress('assets/photo-Ab12Cd.png')).toBe(false);
  });

  it('writes .br and .gz twins that decompress to the same bytes, and smaller', async () => {
    const path = join(dir, 'app.js');
    const source = 'export const zones = [55, 75, 90, 105, 120, 150];\n'.repeat(2000);
    writeFileSync(path, source);
    const sizes = await precompressFile(path);
    expect(brotliDecompressSync(readFileSync(`${path}.br`)).toString()).toBe(source);
    expect(gunzipSync(readFileSync(`${path}.gz`)).toString()).toBe(source);
    expect(sizes.rawBytes).toBe(source.length);
    expect(sizes.brBytes).toBeLessThan(sizes.gzBytes ?? 0);
    expect(sizes.gzBytes).toBeLessThan(source.length / 10);
  });

  it('leaves a tiny file alone', async () => {
    const path = join(dir, 'tiny.js');
    writeFileSync(path, 'x');
    expect(await precompressFile(path)).toEqual({ rawBytes: 1 });
    expect(() => readFileSync(`${path}.br`)).toThrow();
  });
});
