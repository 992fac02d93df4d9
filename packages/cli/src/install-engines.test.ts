import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './test-support/fixtures.ts';

// semver is what npm itself judges `engines` with (EBADENGINE); fastify depends on it.
const semver = createRequire(join(REPO_ROOT, 'package.json'))('semver') as {
  minVersion(range: string): { version: string } | null;
  satisfies(version: string, range: string): boolean;
};

interface LockEntry {
  version?: string;
  engines?: { node?: string } | string[];
}

describe('installing on the declared engine', () => {
  it('no locked package needs a newer Node than package.json declares (npm ci prints no EBADENGINE)', () => {
    const root = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
      engines: { node: string };
    };
    const oldest = semver.minVersion(root.engines.node)?.version;
    expect(oldest).toBe('20.19.0');
    const lock = JSON.parse(readFileSync(join(REPO_ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, LockEntry>;
    };
    const refused = Object.entries(lock.packages)
      .filter(([path, entry]) => {
        const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return path !== '' && range !== undefined && !semver.satisfies(oldest ?? '', range);
      })
      .map(([path, entry]) => `${path}@${entry.version} needs node ${JSON.stringify(entry.engines)}`);
    expect(refused).toEqual([]);
  });
});
