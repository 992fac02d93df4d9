import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 27: the web talks to the server only through its API client (src/api/), and that client calls
// each route through the function generated from the route's contract (src/api/generated/, typed by
// @vatio/schemas). A screen or component that calls fetch, opens an XMLHttpRequest or writes an /api/
// path bypasses those types; so does a hand-typed `api<…>(…)` call, or a fetch of a literal path.
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

/** A hand call of the client's api(): only the generated functions make them. */
const HAND_CALL = /\bapi\s*(<|\()/;
/** Inside src/api/: a fetch or an upload of a literal path rather than the generated URL. */
const LITERAL_PATH_CALL = [/\bfetch\(\s*['"`]/, /\.open\([^,]*,\s*['"`]/, /['"`]\/api\//, /`\/api\$\{/];

/** Files (paths relative to src/) that call the server other than through the generated client, with the line. */
export function callsOutsideClient(files: readonly { path: string; text: string }[]): string[] {
  return files.flatMap(({ path, text }) => {
    if (path.startsWith(`test${sep}`)) return [];
    const inApi = path.startsWith(`api${sep}`);
    // The transport itself (api(), the token refresh) and what the generator writes.
    if (path === join('api', 'client.ts') || path.startsWith(join('api', 'generated') + sep)) return [];
    const lines = text.split('\n');
    return lines.flatMap((line, i) => {
      const bypass = inApi
        ? LITERAL_PATH_CALL.some((pattern) => pattern.test(line))
        : BYPASSES.some((pattern) => pattern.test(line));
      const handCall = HAND_CALL.test(line);
      return bypass || handCall ? [`${path}:${i + 1}`] : [];
    });
  });
}

function webSources() {
  return sources(SRC).map((file) => ({ path: relative(SRC, file), text: readFileSync(file, 'utf8') }));
}

describe('web calls to the server', () => {
  it('go through the generated API client only', () => {
    const files = webSources();
    expect(files.length).toBeGreaterThan(100);
    expect(callsOutsideClient(files)).toEqual([]);
  });

  it('a screen that fetches by hand is found', () => {
    const screen = { path: join('screens', 'X', 'X.tsx'), text: "const r = await fetch('/api/export');" };
    const client = { path: join('api', 'x.ts'), text: 'fetch(getExportUrl())' };
    expect(callsOutsideClient([screen, client])).toEqual([`${join('screens', 'X', 'X.tsx')}:1`]);
  });

  it('a hand-typed api<…>(…) call, in a screen or in src/api/, is found', () => {
    const screen = { path: join('screens', 'X', 'X.tsx'), text: "queryFn: () => api<Bike[]>('/bikes')," };
    const wrapper = {
      path: join('api', 'bikes.ts'),
      text: `export const x = (id: string) =>\n  api(\`/bikes/\${id}\`);`,
    };
    const generated = { path: join('api', 'generated', 'bikes.ts'), text: "api<Answer<C>>('/bikes');" };
    expect(callsOutsideClient([screen, wrapper, generated])).toEqual([
      `${join('screens', 'X', 'X.tsx')}:1`,
      `${join('api', 'bikes.ts')}:2`,
    ]);
  });

  it('a literal path fetched or uploaded inside src/api/ is found', () => {
    const download = {
      path: join('api', 'x.ts'),
      text: "fetch('/api/export', init);\nxhr.open('POST', '/api/activities/upload');",
    };
    const built = { path: join('api', 'y.ts'), text: `fetch(\`/api\${path}\`);` };
    expect(callsOutsideClient([download, built])).toEqual([
      `${join('api', 'x.ts')}:1`,
      `${join('api', 'x.ts')}:2`,
      `${join('api', 'y.ts')}:1`,
    ]);
  });
});
