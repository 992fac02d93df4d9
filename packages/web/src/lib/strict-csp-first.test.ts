import { describe, expect, it } from 'vitest';

// The page's order: strict-csp runs (main.tsx's first import) before any chunk loads Zod. Nothing in
// this file imports Zod statically, so it is loaded here for the first time, after the setting.
describe('zod loaded after strict-csp', () => {
  it('adopts jitless, so no parser probes for eval', async () => {
    await import('./strict-csp');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    const probe = globalThis.Function;
    let calls = 0;
    globalThis.Function = new Proxy(probe, {
      construct(target, args) {
        calls++;
        return Reflect.construct(target, args);
      },
    });
    try {
      const rider = z.object({ name: z.string(), ftp_w: z.number().int().positive() });
      expect(rider.parse({ name: 'Ana', ftp_w: 250 })).toEqual({ name: 'Ana', ftp_w: 250 });
    } finally {
      globalThis.Function = probe;
    }
    expect(calls).toBe(0);
  });
});
