import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 12: a screen folder holds what that screen alone uses; what two screens share lives in
// hooks/ or components/ (or lib/, api/). Shared layers never reach back into a screen.
const SRC = import.meta.dirname;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** Each relative import (static, dynamic, re-export) of a file, resolved to a path under src/. */
function relativeImports(file: string, text: string): string[] {
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g)];
  return specifiers.map((match) => relative(SRC, resolve(dirname(file), match[1] ?? '')));
}

/** `screens/<Name>/…` → `Name`; anything else → undefined. */
function screenOf(path: string): string | undefined {
  const parts = path.split(sep);
  return parts[0] === 'screens' ? parts[1] : undefined;
}

function crossings(): { file: string; imports: string }[] {
  const found: { file: string; imports: string }[] = [];
  for (const file of sources(SRC)) {
    const own = relative(SRC, file);
    const ownScreen = screenOf(own);
    for (const target of relativeImports(file, readFileSync(file, 'utf8'))) {
      const targetScreen = screenOf(target);
      if (targetScreen === undefined) continue;
      // The router (src/routes.tsx) is the one place that knows every screen.
      if (own === 'routes.tsx') continue;
      if (ownScreen !== targetScreen) found.push({ file: own, imports: target });
    }
  }
  return found;
}

describe('web layers', () => {
  it('no screen imports from another screen, and no shared layer imports from a screen', () => {
    expect(crossings()).toEqual([]);
  });

  it('sees a crossing when there is one', () => {
    const file = join(SRC, 'screens', 'Profile', 'ProfileScreen.tsx');
    const text = "import { x } from '../Onboarding/ProfileForm';\nconst y = import('../../hooks/useFormat');";
    expect(relativeImports(file, text)).toEqual([
      join('screens', 'Onboarding', 'ProfileForm'),
      join('hooks', 'useFormat'),
    ]);
  });
});
