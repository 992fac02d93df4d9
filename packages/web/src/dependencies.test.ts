import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every package the web app depends on is imported by its sources: an unused one only adds install
// time and, if it ever slips into a chunk, bytes every visitor downloads (issue 12: no unused packages).
const WEB = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx|css)$/.test(name) ? [path] : [];
  });
}

describe('web dependencies', () => {
  it('are all imported somewhere in src/, build/ or vite.config.ts', () => {
    const manifest = JSON.parse(readFileSync(join(WEB, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    const text = [...sources(join(WEB, 'src')), ...sources(join(WEB, 'build')), join(WEB, 'vite.config.ts')]
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    // Type packages and the tools the build runs by name are used without an import.
    const usedByName = new Set(['@types/react', '@types/react-dom', 'vite', 'tailwindcss']);
    const unused = [...Object.keys(manifest.dependencies), ...Object.keys(manifest.devDependencies)].filter(
      (name) => !usedByName.has(name) && !new RegExp(`['"]${name}(/[^'"]*)?['"]`).test(text),
    );
    expect(unused).toEqual([]);
  });
});
