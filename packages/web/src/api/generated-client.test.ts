import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { contractKey, operationId, type RouteContract } from '@vatio/schemas/contracts';
import { describe, expect, it } from 'vitest';
import { GENERATED_DIR, renderClient } from '../../../../scripts/web-client-gen.mjs';

// Issue 27: src/api/generated/ is written by scripts/gen-web-client.mjs from the route contracts
// (@vatio/schemas/contracts). A contract changed without regenerating fails here, as does a hand edit.
const modules = import.meta.glob<Record<string, unknown>>(
  ['../../../schemas/src/contracts/*.ts', '!**/index.ts', '!**/contract.ts', '!**/*.test.ts'],
  { eager: true },
);
const byName = Object.fromEntries(
  Object.entries(modules).map(([path, exports]) => [path.replace(/^.*\/(.+)\.ts$/, '$1'), exports]),
);
const routes = Object.values(byName).flatMap((exports) =>
  Object.entries(exports)
    .filter(([name, value]) => name.endsWith('Contracts') && Array.isArray(value))
    .flatMap(([, list]) => list as RouteContract[]),
);
const onDisk = () =>
  new Map(
    readdirSync(GENERATED_DIR, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.ts'))
      .map((name) => [name.split(sep).join('/'), readFileSync(join(GENERATED_DIR, name), 'utf8')]),
  );

describe('the generated web API client', () => {
  it('is what the generator writes from the contracts today (run `node scripts/gen-web-client.mjs`)', () => {
    const expected = renderClient(byName, operationId);
    expect(expected.size).toBeGreaterThan(15);
    const actual = onDisk();
    expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [name, text] of expected) expect(actual.get(name), name).toBe(text);
  });

  it('has one function per route, named as its OpenAPI operationId', () => {
    const exported = [...onDisk()]
      .filter(([name]) => name !== 'route.ts')
      .flatMap(([, text]) => [...text.matchAll(/^export const (\w+) =/gm)].map((m) => m[1]));
    const expected = routes.map((c) => operationId(c));
    expect(routes.length).toBeGreaterThan(100);
    for (const c of routes) {
      const name = operationId(c);
      expect(exported.includes(name) || exported.includes(`${name}Url`), contractKey(c.method, c.path)).toBe(
        true,
      );
    }
    expect(exported.length).toBe(expected.length);
  });

  it('imports the contracts and zod as types only (no zod in the web bundle)', () => {
    for (const [name, text] of onDisk()) {
      const imports = [...text.matchAll(/^import (type )?\{[^}]*\} from '([^']+)';/gm)];
      for (const [, typeOnly, from] of imports) {
        if (from === '@vatio/schemas/contracts' || from === 'zod')
          expect(typeOnly, `${name}: ${from}`).toBe('type ');
      }
      expect(text, name).not.toMatch(/from '@vatio\/schemas'/);
    }
  });
});
