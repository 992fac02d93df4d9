import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files of the build worth compressing; images such as PNG are already compressed. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|wasm)$/;

/** Below this a compressed twin saves less than its own request overhead. */
const MIN_BYTES = 1024;

/** Only the content-hashed files under assets/: the server gives them a year of immutable caching. */
export function shouldPrecompress(fileName: string): boolean {
  return fileName.startsWith('assets/') && COMPRESSIBLE.test(fileName);
}

export interface CompressedSizes {
  rawBytes: number;
  /** Absent when the file is too small or the encoding would not make it smaller. */
  brBytes?: number;
  gzBytes?: number;
}

/**
 * Writes `<file>.br` (Brotli, quality 11) and `<file>.gz` (gzip, level 9) beside a built file, the
 * most compact settings: the work is done once at build time, not on every request. A variant that
 * is not smaller than the file is not written, so the server sends the file itself.
 */
export async function precompressFile(path: string): Promise<CompressedSizes> {
  const raw = await readFile(path);
  const sizes: CompressedSizes = { rawBytes: raw.length };
  if (raw.length < MIN_BYTES) return sizes;
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gzipAsync(raw, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < raw.length) {
    await writeFile(`${path}.br`, br);
    sizes.brBytes = br.length;
  }
  if (gz.length < raw.length) {
    await writeFile(`${path}.gz`, gz);
    sizes.gzBytes = gz.length;
  }
  return sizes;
}

/** Vite plugin: after the bundle is written, precompress its hashed assets (`vite build` only). */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'vatio-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter(shouldPrecompress);
      await Promise.all(files.map((file) => precompressFile(join(outDir, file))));
    },
  };
}
