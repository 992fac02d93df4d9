import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import './strict-csp';

type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };

/** How many times `new Function` ran while `run` did: a parser compiled with eval would count. */
function functionConstructionsDuring(run: () => void): number {
  const probe = globalThis.Function;
  let calls = 0;
  globalThis.Function = new Proxy(probe, {
    construct(target, args) {
      calls++;
      return Reflect.construct(target, args);
    },
  });
  try {
    run();
  } finally {
    globalThis.Function = probe;
  }
  return calls;
}

describe('zod under a strict CSP', () => {
  it('never compiles parsers with new Function (no eval probe for the CSP to report)', () => {
    expect(z.config().jitless).toBe(true);
    const rider = z.object({ name: z.string(), ftp_w: z.number().int().positive() });
    const calls = functionConstructionsDuring(() => {
      expect(rider.parse({ name: 'Ana', ftp_w: 250 })).toEqual({ name: 'Ana', ftp_w: 250 });
    });
    expect(calls).toBe(0);
  });

  // The page's order: strict-csp runs (main.tsx's first import) before any chunk loads Zod. In this
  // worker Zod may already be loaded by an earlier file (isolate: false), so the order is rebuilt
  // here: the global emptied, strict-csp evaluated again, then a fresh evaluation of Zod's core
  // module, which must adopt the setting rather than start its own configuration.
  it('is adopted by a Zod that loads after it', async () => {
    const zodGlobal = globalThis as ZodGlobal;
    const saved = zodGlobal.__zod_globalConfig;
    delete zodGlobal.__zod_globalConfig;
    try {
      // A query makes it a module of its own, evaluated afresh (the plain one already ran above).
      const freshStrictCsp = './strict-csp?order=first';
      await import(/* @vite-ignore */ freshStrictCsp);
      const adopted = (globalThis as ZodGlobal).__zod_globalConfig;
      expect(adopted?.jitless).toBe(true);
      const coreFile = createRequire(import.meta.url)
        .resolve('zod/v4/core')
        .replace(/index\.c?js$/, 'core.js');
      const freshCore = await import(/* @vite-ignore */ `${pathToFileURL(coreFile).href}?fresh`);
      expect(freshCore.globalConfig).toBe(adopted);
      expect(freshCore.globalConfig.jitless).toBe(true);
    } finally {
      zodGlobal.__zod_globalConfig = saved;
    }
  });
});
