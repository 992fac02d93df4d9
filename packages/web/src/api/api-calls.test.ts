import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 27: the web talks to the server only through its API client (src/api/), whose answers are
// typed by the server's contracts (@vatio/schemas). A screen or component that calls fetch, opens
// an XMLHttpRequest or writes an /api/ path bypasses those types.
const SRC = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

// A link to a page the server serves (href="/api/docs") is a navigation, not a call.
const BYPASSES = [/\bfetch\(/, /\bXMLHttpRequest\b/, /(?<!href=)['"`]\/api\//];

/** Files outside src/api/ (and the test helpers) that call the server by hand, with the line. */
export function callsOutsideClient(files: readonly { path: string; text: string }[]): string[] {
  return files.flatMap(({ path, text }) => {
    if (path.startsWith(`api${sep}`) || path.startsWith(`test${sep}`)) return [];
    return text
      .split('\n')
      .map((line, i) => ({ line, at: `${path}:${i + 1}` }))
      .filter(({ line }) => BYPASSES.some((pattern) => pattern.test(line)))
      .map(({ at }) => at);
  });
}

describe('web calls to the server', () => {
  it('go through the API client only', () => {
    const files = sources(SRC).map((file) => ({
      path: relative(SRC, file),
      text: readFileSync(file, 'utf8'),
    }));
    expect(files.length).toBeGreaterThan(100);
    expect(callsOutsideClient(files)).toEqual([]);
  });

  it('a screen that fetches by hand is found', () => {
    const screen = { path: join('screens', 'X', 'X.tsx'), text: "const r = await fetch('/api/export');" };
    const client = { path: join('api', 'x.ts'), text: "fetch('/api/export')" };
    expect(callsOutsideClient([screen, client])).toEqual([`${join('screens', 'X', 'X.tsx')}:1`]);
  });
});
